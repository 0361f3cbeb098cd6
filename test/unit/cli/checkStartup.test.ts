import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { checkStartup } from '../../../src/cli/run/checkStartup.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-check-startup-'))
const REBALANCE = rebalanceYaml({
  chains: [
    { chainId: 42161, token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', targetAmount: '1000' },
    {
      chainId: 7565164,
      token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      targetAmount: '1000',
    },
  ],
  maxMoveAmount: undefined,
  minMoveAmount: undefined,
})

/** The start-up problems of `yaml` (written to a file, as run and check read it), as path: problem. */
async function problemsOf(yaml: string, sending = false, env: Record<string, string> = {}) {
  const configPath = join(dir, `${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(configPath, yaml)
  const parsed = parseFerryConfig(yaml, env)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  const problems = await checkStartup({
    config: parsed.config,
    env,
    configPath,
    strategies: builtInStrategies,
    sending,
  })
  return problems.map((p) => `${p.path}: ${p.problem}`)
}

describe('checkStartup', () => {
  test('default: a file that names its chains and wallets has no problem', async () => {
    const yaml = `chains:
  42161: { rpcUrls: ["https://arb.example"] }
  7565164: { rpcUrls: ["https://sol.example"] }
wallets:
  evm: { address: "0x1111111111111111111111111111111111111111", privateKeyEnv: EVM_KEY }
  solana: { address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", secretKeyEnv: SOL_KEY }
${REBALANCE}`
    expect(await problemsOf(yaml)).toEqual([])
  })

  test('behavior: empty, or no strategy: each named', async () => {
    expect(await problemsOf('\n# only a comment\n')).toEqual(['(file): the file is empty'])
    expect(await problemsOf('mode: dry-run\n')).toEqual(['strategies: no strategy to run'])
  })

  test('behavior: an unknown chain, a strategy chain without RPC, a kind without wallet: all at once', async () => {
    const yaml = `chains:
  4242: { rpcUrls: ["https://x.example"] }
  42161: { rpcUrls: ["https://arb.example"] }
${REBALANCE}`
    expect(await problemsOf(yaml)).toEqual([
      'chains.4242: ferry does not know chain 4242',
      'strategies[0]: "usdc" acts on chain 7565164, which is not in chains',
      'wallets.evm: "usdc" acts on chain 42161, but no EVM wallet is configured',
    ])
  })

  test('behavior: the embedded world needs no wallet; a sending run needs its keys, a dry one not', async () => {
    const embedded = `service: { apiUrl: embedded }
chains:
  42161: { rpcUrls: [embedded] }
  7565164: { rpcUrls: [embedded] }
${REBALANCE}`
    expect(await problemsOf(embedded)).toEqual([])
    const withWallets = `chains:
  42161: { rpcUrls: ["https://arb.example"] }
  7565164: { rpcUrls: ["https://sol.example"] }
wallets:
  evm: { address: "0x1111111111111111111111111111111111111111", privateKeyEnv: EVM_KEY }
${REBALANCE.replace(/7565164/g, '8453').replace('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')}`
    expect(await problemsOf(withWallets, false)).toEqual([
      'strategies[0]: "usdc" acts on chain 8453, which is not in chains',
    ])
    expect(await problemsOf(withWallets, true)).toContain(
      'wallets.evm: EVM_KEY: the env var named by wallets.evm.privateKeyEnv is not set',
    )
    expect(await problemsOf(withWallets, true, { EVM_KEY: `0x${'11'.repeat(32)}` })).not.toContain(
      'wallets.evm: EVM_KEY: the env var named by wallets.evm.privateKeyEnv is not set',
    )
  })
})
