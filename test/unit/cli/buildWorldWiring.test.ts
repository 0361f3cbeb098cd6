import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { encodeBase58 } from '../../../src/chains/base58.ts'
import { buildWorldWiring } from '../../../src/cli/run/buildWorldWiring.ts'
import { loadStrategies } from '../../../src/cli/run/loadStrategies.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

const EVM_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solana = Keypair.generate()
const dir = mkdtempSync(join(tmpdir(), 'ferry-wiring-'))
const configPath = join(dir, 'ferry.yaml')

function config(wallets: string, chains = '') {
  const result = parseFerryConfig(
    `mode: live
service: { apiUrl: "http://127.0.0.1:1" }
chains:
  42161:
    rpcUrls: ["http://127.0.0.1:2", "http://127.0.0.1:3"]
    maxFeePerGasGwei: 0.5
    maxPriorityFeePerGasGwei: 0.01
    gasLimitCap: 1500000
  7565164: { rpcUrls: ["http://127.0.0.1:4"] }
${chains}wallets:
${wallets}`,
    {},
  )
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.config
}

const EVM_WALLET = `  evm: { privateKeyEnv: EVM_KEY, address: "${EVM_ADDRESS}" }\n`
const solanaEnvWallet = (address = solana.publicKey.toBase58()) =>
  `  solana: { secretKeyEnv: SOL_KEY, address: "${address}" }\n`

describe('buildWorldWiring', () => {
  test('default: a dry run needs the wallets’ addresses only, never their keys', () => {
    const wiring = buildWorldWiring({
      config: config(EVM_WALLET + solanaEnvWallet()),
      env: {},
      configPath,
      devnet: undefined,
      sending: false,
    })
    expect(wiring.evmWallet).toEqual({ address: EVM_ADDRESS, key: undefined })
    expect(wiring.solanaWallet).toEqual({
      address: solana.publicKey.toBase58(),
      secretKey: undefined,
    })
    expect(wiring.sending).toBe(false)
  })

  test('behavior: chain settings become RPC fallbacks, the registry confirmation depth when unset, and fee and gas caps in base units', () => {
    const wiring = buildWorldWiring({
      config: config(EVM_WALLET),
      env: {},
      configPath,
      devnet: undefined,
      sending: false,
    })
    expect(wiring.evm).toEqual([
      {
        chainId: 42161,
        rpcUrls: ['http://127.0.0.1:2', 'http://127.0.0.1:3'],
        // Unset in the config: the registry's depth for Arbitrum.
        confirmations: 15,
        maxFeePerGasWei: 500_000_000n,
        maxPriorityFeePerGasWei: 10_000_000n,
        gasLimitCap: 1_500_000n,
        simulation: 'on',
        approvals: 'permit',
      },
    ])
    expect(wiring.solana).toMatchObject({ rpcUrl: 'http://127.0.0.1:4' })
  })

  test('behavior: Solana lookup-table reads take every read URL under rpcQuorum (P-2.12)', () => {
    const base = config(EVM_WALLET)
    const solanaChain = {
      ...base.chains['7565164']!,
      rpcUrls: ['http://127.0.0.1:4', 'http://127.0.0.1:5', 'http://127.0.0.1:6'],
      rpcQuorum: 3,
    }
    const wiring = buildWorldWiring({
      config: { ...base, chains: { ...base.chains, '7565164': solanaChain } },
      env: {},
      configPath,
      devnet: undefined,
      sending: false,
    })
    expect(wiring.solana).toMatchObject({
      rpcUrl: 'http://127.0.0.1:4',
      readUrls: ['http://127.0.0.1:4', 'http://127.0.0.1:5', 'http://127.0.0.1:6'],
      rpcQuorum: 3,
    })
  })

  test('behavior: a sending run reads both keys; an unset key env var is a usage error naming it', () => {
    const env = { EVM_KEY, SOL_KEY: encodeBase58(solana.secretKey) }
    const wiring = buildWorldWiring({
      config: config(EVM_WALLET + solanaEnvWallet()),
      env,
      configPath,
      devnet: undefined,
      sending: true,
    })
    expect(wiring.evmWallet?.key).toEqual({ privateKey: EVM_KEY })
    expect(wiring.solanaWallet?.secretKey).toEqual(solana.secretKey)
    const missing = () =>
      buildWorldWiring({
        config: config(EVM_WALLET + solanaEnvWallet()),
        env: { EVM_KEY },
        configPath,
        devnet: undefined,
        sending: true,
      })
    expect(missing).toThrow(UsageError)
    expect(missing).toThrow('SOL_KEY')
  })

  test('behavior: a Solana key that derives to another address is refused before anything starts', () => {
    const other = Keypair.generate().publicKey.toBase58()
    expect(() =>
      buildWorldWiring({
        config: config(solanaEnvWallet(other)),
        env: { SOL_KEY: encodeBase58(solana.secretKey) },
        configPath,
        devnet: undefined,
        sending: true,
      }),
    ).toThrow(`the key derives to ${solana.publicKey.toBase58()}`)
  })

  test('behavior: a keypair file others can read is refused (P-5.4); mode 0600 is accepted', () => {
    const path = join(dir, 'id.json')
    writeFileSync(path, JSON.stringify([...solana.secretKey]))
    chmodSync(path, 0o644)
    const wallets = `  solana: { keypairPath: id.json, address: "${solana.publicKey.toBase58()}" }\n`
    const build = () =>
      buildWorldWiring({
        config: config(wallets),
        env: {},
        configPath,
        devnet: undefined,
        sending: true,
      })
    expect(build).toThrow('chmod 600')
    chmodSync(path, 0o600)
    expect(build().solanaWallet?.secretKey).toEqual(solana.secretKey)
  })

  test('behavior: the tokens a plugin names in tokens(params) are watched, whatever its params look like', async () => {
    // The fixture's params hold no { chainId, token } object; its tokens() gives USDC on 42161.
    const module = join(process.cwd(), 'test/fixtures/plugins/jsonSchemaPlugin.mjs')
    const parsed = parseFerryConfig(
      `strategies:\n  - { module: ${module}, id: mine, schedule: { intervalMs: 5000 }, params: { minAmount: "1" } }\n`,
      {},
    )
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
    const params = { config: parsed.config, env: {}, configPath, devnet: undefined, sending: false }
    expect(buildWorldWiring(params).watched).toEqual([])
    const strategies = await loadStrategies(parsed.config, dir)
    expect(buildWorldWiring({ ...params, strategies }).watched).toEqual([
      { chainId: 42161, token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831' },
    ])
  })
})
