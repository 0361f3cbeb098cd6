import { describe, expect, test } from 'vitest'
import type { TokenBalance } from '../../../src/common/strategy/marketTypes.ts'
import { addDelta, type BalanceDeltas, debitsOf } from '../../../src/replay/intentBalanceDeltas.ts'
import { simulatedBalances } from '../../../src/replay/simulatedBalances.ts'
import { buildIntent, NATIVE } from '../engine/risk/buildRiskFixture.ts'

// docs/safety.md "Treasury accounts": in a Safe account the Safe sends the give and the fixed
// fee, its key pays the gas; a replay debits each where the live run would.
const SAFE = '0x1111111111111111111111111111111111111111'
const KEY = '0x2222222222222222222222222222222222222222'
const ETH = 10n ** 18n
const native = (gasPayer?: bigint): TokenBalance => ({
  chainId: 42161,
  token: NATIVE,
  symbol: 'ETH',
  decimals: 18,
  isNative: true,
  owner: SAFE,
  amount: 10n * ETH,
  priceUsd: 3_000,
  ...(gasPayer === undefined ? {} : { gasPayer: { address: KEY, amount: gasPayer } }),
})
const FIX_FEE = 1_000_000_000_000_000n
const GAS = 100_000_000_000_000n

/** The deltas of one intent giving `give` wei of native with the fixed fee and gas above. */
function deltasOf(give: bigint, split = true): BalanceDeltas {
  const base = buildIntent({ nativeCost: FIX_FEE + GAS, ...(split ? { nativeGasCost: GAS } : {}) })
  const route = { ...base.route, srcToken: NATIVE, amountIn: give }
  const deltas: BalanceDeltas = new Map()
  const intent = { ...base, route, quote: { ...base.quote, amountIn: give } }
  for (const d of debitsOf(intent)) addDelta(deltas, d.key, d.amount)
  return deltas
}

describe('simulatedBalances', () => {
  test('behavior: in a Safe account the give and the fixed fee leave the Safe, the gas the key', () => {
    const [b] = simulatedBalances([native(5n * ETH)], new Map(), deltasOf(ETH))
    expect(b!.amount).toBe(10n * ETH - ETH - FIX_FEE)
    expect(b!.gasPayer).toEqual({ address: KEY, amount: 5n * ETH - GAS })
  })

  test('default: a wallet that pays its own gas is debited all of it', () => {
    const [b] = simulatedBalances([native()], new Map(), deltasOf(ETH))
    expect(b!.amount).toBe(10n * ETH - ETH - FIX_FEE - GAS)
    expect(b!.gasPayer).toBeUndefined()
  })

  test('behavior: a quote without its gas part debits all of its native cost from the key', () => {
    const [b] = simulatedBalances([native(5n * ETH)], new Map(), deltasOf(ETH, false))
    expect(b!.amount).toBe(9n * ETH)
    expect(b!.gasPayer!.amount).toBe(5n * ETH - FIX_FEE - GAS)
  })

  test('behavior: later ticks start from the first recorded amounts, the key too', () => {
    const start = new Map<string, bigint>()
    simulatedBalances([native(5n * ETH)], start, new Map())
    const later = { ...native(7n * ETH), amount: 20n * ETH }
    const [b] = simulatedBalances([later], start, deltasOf(ETH))
    expect(b!.amount).toBe(10n * ETH - ETH - FIX_FEE)
    expect(b!.gasPayer!.amount).toBe(5n * ETH - GAS)
  })
})
