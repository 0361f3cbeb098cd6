import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, devnetPricesYaml } from '../../helpers/writeDevnetLiveConfig.ts'

const user = devnetEvmAccount('user')
const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const WETH = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1' as Address
let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-swap-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

describe('ferry run executes single-chain swaps', () => {
  test('behavior: an arbitrage swap that clears its threshold is verified, sent and completed on chain', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const config = join(dir, 'swap.yaml')
    // minEdgeBps -10 000 clears for any quote: the test is about execution, not the edge.
    writeFileSync(
      config,
      `mode: live
service: { apiUrl: ${devnet.sim.baseUrl}, statsUrl: ${devnet.sim.statsUrl} }
chains:
  42161: { rpcUrls: [${arb.rpcUrl}], rpcQuorum: 1, confirmations: 1 }
wallets:
  evm: { privateKeyEnv: ${DEVNET_KEY_ENV}, address: "${user.address}" }
risk: { maxNotionalUsdPerOrder: 5000, maxCostBps: 500, maxPriceImpactBps: 500, killSwitchFile: swap.kill }
tracking: { pollIntervalMs: 200 }
${devnetPricesYaml([42161])}strategies:
  - name: arbitrage
    id: arb-live
    schedule: { intervalMs: 1000 }
    params:
      paper: false
      swapPairs:
        - { chainId: 42161, tokenIn: "${USDC}", tokenOut: "${WETH}", amountIn: "1000000000" }
      minEdgeBps: -10000
`,
    )
    const balance = (token: Address) =>
      arb.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      })
    const [usdcBefore, wethBefore] = [await balance(USDC), await balance(WETH)]
    const journalPath = join(dir, 'swap.sqlite')
    const run = await runFerry(
      ['run', config, '--live', '--once', '--json', '--journal', journalPath],
      { [DEVNET_KEY_ENV]: user.privateKey },
      60_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const terminal = events.find((e) => e.type === 'terminal')
    expect(terminal?.state).toBe('completed')
    expect(terminal).not.toHaveProperty('orderId')
    const sent = events.find((e) => e.type === 'sent')
    expect(terminal?.detail).toBe(`swap ${sent?.hash}`)
    // The chain agrees: exactly the input left, and at least the verified minimum arrived.
    const intent = events.find((e) => e.type === 'intent')!
    expect(await balance(USDC)).toBe(usdcBefore - 1_000_000_000n)
    expect((await balance(WETH)) - wethBefore).toBeGreaterThanOrEqual(
      BigInt(intent.minAmountOut as string),
    )
    const journal = openJournal(journalPath)
    try {
      const [history] = journal.history()
      expect(history?.intent.state).toBe('completed')
      // The journal holds the chain's verdict, not just the broadcast.
      expect(
        history?.attempts.filter((a) => a.kind === 'swap').map((a) => [a.hash, a.state]),
      ).toEqual([[sent?.hash, 'confirmed']])
    } finally {
      journal.close()
    }
  }, 90_000)
})
