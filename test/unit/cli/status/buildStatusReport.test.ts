import { describe, expect, test } from 'vitest'
import { buildStatusReport } from '../../../../src/cli/status/buildStatusReport.ts'
import { riskSettingsSchema } from '../../../../src/settings/riskSettingsSchema.ts'
import type { IntentRecord } from '../../../../src/store/contract/journalTypes.ts'

const ROUTE = '42161:0xa->8453:0xb'
const OTHER = '1:0xc->10:0xd'
const inFlight: IntentRecord = {
  id: 'i-1',
  strategy: 'rebal',
  route: OTHER,
  params: {},
  notionalUsd: 70,
  state: 'created',
  reason: undefined,
  createdMs: 1,
  updatedMs: 2,
}

function report(routes: object[], strategyIds: string[]) {
  return buildStatusReport({
    journalPath: '/j.sqlite',
    status: {
      dayStartMs: 0,
      inFlight: [inFlight],
      inFlightUsd: 70,
      todayByRoute: [{ route: ROUTE, notionalUsd: 100, intents: 1 }],
      todayUsd: 100,
    },
    last24h: [
      { route: ROUTE, notionalUsd: 150, intents: 2 },
      { route: OTHER, notionalUsd: 70, intents: 1 },
    ],
    risk: riskSettingsSchema.parse({ maxNotionalUsdPerDay: 1_000, routes }),
    strategyIds,
    killSwitch: { path: '/k', engaged: false, note: undefined },
  })
}

describe('buildStatusReport', () => {
  test('default: global figures, and every route of the window or in flight, largest first', () => {
    const r = report([], ['rebal'])
    expect(r.daily).toEqual({ dayStartMs: 0, todayUsd: 100, last24hUsd: 220, maxUsd: 1_000 })
    expect(r.inFlight).toMatchObject({ count: 1, usd: 70, maxUsd: 5_000 })
    expect(r.routes.map((x) => [x.route, x.last24hUsd, x.todayUsd, x.inFlightUsd])).toEqual([
      [ROUTE, 150, 100, 0],
      [OTHER, 70, 0, 70],
    ])
  })

  test('behavior: route overrides by chain apply; one naming a strategy shows the lowest limit', () => {
    const byChain = report([{ srcChainId: 42161, maxNotionalUsdPerDay: 400 }], ['a', 'b'])
    expect(byChain.routes.find((x) => x.route === ROUTE)?.maxNotionalUsdPerDay).toBe(400)
    expect(byChain.routes.find((x) => x.route === OTHER)?.maxNotionalUsdPerDay).toBe(1_000)
    const byStrategy = report([{ strategy: 'b', maxNotionalUsdPerDay: 300 }], ['a', 'b'])
    expect(byStrategy.routes.every((x) => x.maxNotionalUsdPerDay === 300)).toBe(true)
    const unmatched = report([{ strategy: 'z', maxNotionalUsdPerDay: 300 }], ['a'])
    expect(unmatched.routes.every((x) => x.maxNotionalUsdPerDay === 1_000)).toBe(true)
  })
})
