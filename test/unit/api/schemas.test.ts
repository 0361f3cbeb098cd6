import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { externalCallProcessSchema } from '../../../src/api/schemas/externalCallProcess.ts'
import {
  referralLeaderboardSchema,
  walletLeaderboardSchema,
} from '../../../src/api/schemas/leaderboard.ts'
import { orderQuoteSchema, orderTxResponseSchema } from '../../../src/api/schemas/orderQuote.ts'
import { swapQuoteSchema } from '../../../src/api/schemas/swapQuote.ts'
import {
  externalCallProcessExample,
  referralLeaderboardExample,
  swapQuoteExample,
  walletLeaderboardExample,
} from '../../fixtures/api/responses.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'
import { schemaMutations } from '../../helpers/schemaMutations.ts'

const cases: [string, z.ZodType, unknown][] = [
  [
    'create-tx answer (§2.6, real example of docs/dln.md §1.3)',
    orderTxResponseSchema,
    createTxJsonExample,
  ],
  ['single-chain swap answer (§2.9)', swapQuoteSchema, swapQuoteExample],
  ['external-call process (§2.3)', externalCallProcessSchema, externalCallProcessExample],
  ['wallet leaderboard (§2.4, §4.2)', walletLeaderboardSchema, walletLeaderboardExample],
  ['referral leaderboard (§2.5, §4.3)', referralLeaderboardSchema, referralLeaderboardExample],
]

describe('response schemas', () => {
  test.each(cases)('default: accepts %s', (_name, schema, doc) => {
    expect(schema.safeParse(doc).success).toBe(true)
  })

  test.each(cases)(
    'behavior: %s rejects every wrong-typed or missing field, naming its path',
    (_name, schema, doc) => {
      const mutations = schemaMutations(schema, doc)
      expect(mutations.length).toBeGreaterThan(10)
      for (const m of mutations) {
        const result = schema.safeParse(m.doc)
        expect(result.success, `${m.kind} ${m.path.join('.')} was accepted`).toBe(false)
        const paths = result.error!.issues.map((i) => i.path.join('.'))
        // A union reports at the union's path; every other field reports at its own.
        expect(
          paths.some((p) => m.path.join('.').startsWith(p) && p !== '') ||
            paths.includes(m.path.join('.')),
        ).toBe(true)
      }
    },
  )

  test('behavior: keeps unknown fields the service adds', () => {
    const parsed = orderQuoteSchema.parse({
      ...createTxJsonExample,
      protocolFeeApproximateUsdValue: 0.13,
    })
    expect(parsed.protocolFeeApproximateUsdValue).toBe(0.13)
  })

  test('behavior: a quote-only answer (no tx, no orderId) parses as a quote but not as a tx answer', () => {
    const { tx: _tx, orderId: _id, ...quoteOnly } = createTxJsonExample
    expect(orderQuoteSchema.safeParse(quoteOnly).success).toBe(true)
    const asTx = orderTxResponseSchema.safeParse(quoteOnly)
    expect(asTx.success).toBe(false)
    expect(asTx.error!.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['tx', 'orderId']),
    )
  })

  test('behavior: the real answer lacks withoutAdditionalTakerRewardsAmount and still parses', () => {
    expect(
      'withoutAdditionalTakerRewardsAmount' in createTxJsonExample.estimation.dstChainTokenOut,
    ).toBe(false)
    expect(orderTxResponseSchema.safeParse(createTxJsonExample).success).toBe(true)
  })

  test('behavior: an amount that is not an integer string is rejected at its path', () => {
    // The golden vector is read-only (as const): the clone is typed as the one field it changes.
    const bad: { estimation: { dstChainTokenOut: { amount: string } } } =
      structuredClone(createTxJsonExample)
    bad.estimation.dstChainTokenOut.amount = '1.5e21'
    const result = orderQuoteSchema.safeParse(bad)
    expect(result.error?.issues[0]?.path.join('.')).toBe('estimation.dstChainTokenOut.amount')
  })

  test('behavior: usdPriceImpact is accepted as a number (real service) or an object (spec)', () => {
    expect(
      orderQuoteSchema.safeParse({ ...createTxJsonExample, usdPriceImpact: -0.25 }).success,
    ).toBe(true)
    expect(
      orderQuoteSchema.safeParse({ ...createTxJsonExample, usdPriceImpact: { value: 1 } }).success,
    ).toBe(true)
    expect(
      orderQuoteSchema.safeParse({ ...createTxJsonExample, usdPriceImpact: 'high' }).success,
    ).toBe(false)
  })

  test('behavior: Base64Value keeps its capital B', () => {
    const step = structuredClone(externalCallProcessExample)
    const initiator = step.steps[0]!.eventMetadata.initiator as Record<string, string>
    initiator.base64Value = initiator.Base64Value!
    delete initiator.Base64Value
    expect(externalCallProcessSchema.safeParse(step).error?.issues[0]?.path.join('.')).toBe(
      'steps.0.eventMetadata.initiator.Base64Value',
    )
  })
})
