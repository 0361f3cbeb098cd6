import { describe, expect, test } from 'vitest'
import type { RouteRequest } from '../../../src/common/strategy/marketTypes.ts'
import { buildQuote, OWNER_EVM, usdc } from '../strategies/buildStrategyFixture.ts'
import { tmpJournal } from './tmpJournal.ts'

const request: RouteRequest = {
  kind: 'swap',
  requestId: 'swap:1',
  routeId: 'route',
  amountIn: 1_000_000n,
  recipient: OWNER_EVM,
  chainId: 42161,
  tokenIn: '0xa',
  tokenOut: '0xb',
}

describe('the journal’s market records (ticks and every quote fetched)', () => {
  test('default: marketBetween returns ticks and quotes in [since, until), bigints and NaN as written', () => {
    const { journal } = tmpJournal()
    for (const tickMs of [1_000, 2_000, 3_000]) {
      journal.recordTick({ tickMs, strategies: ['s'], balances: [usdc(42161, 5n)] })
      journal.recordMarketQuotes('s', tickMs, [
        buildQuote(request, 999_000n, { quotedAtMs: tickMs + 5, costBps: Number.NaN }),
      ])
    }
    const { ticks, quotes } = journal.marketBetween(2_000, 3_000)
    expect(ticks.map((t) => t.tickMs)).toEqual([2_000])
    expect(ticks[0]!.balances[0]!.amount).toBe(5n)
    expect(quotes).toHaveLength(1)
    expect(quotes[0]).toMatchObject({
      strategy: 's',
      tickMs: 2_000,
      endpoint: 'chain/transaction',
      quotedMs: 2_005,
    })
    expect(quotes[0]!.response).toMatchObject({ amountOut: 999_000n, costBps: null })
  })

  test('behavior: pruneMarket drops what is older than the cut, never a quote tied to an intent', () => {
    const { journal } = tmpJournal()
    journal.recordTick({ tickMs: 1_000, strategies: ['s'], balances: [] })
    journal.recordMarketQuotes('s', 1_000, [buildQuote(request, 1n)])
    journal.recordIntent({ id: 'i', strategy: 's', route: 'route', params: {}, notionalUsd: 1 })
    journal.recordQuote({ intentId: 'i', endpoint: 'chain/transaction', request, response: {} })
    expect(journal.pruneMarket(2_000)).toBe(2)
    expect(journal.marketBetween()).toEqual({ ticks: [], quotes: [] })
    expect(journal.quotesOf('i')).toHaveLength(1)
  })
})
