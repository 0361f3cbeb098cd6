import { describe, expect, test } from 'vitest'
import { RequestValidationError } from '../../../src/api/RequestValidationError.ts'
import {
  buildCreateTxQuery,
  type CreateTxParams,
} from '../../../src/api/requests/buildCreateTxQuery.ts'

const user = '0x1111111111111111111111111111111111111111'
const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const weth = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
const base: CreateTxParams = {
  srcChainId: 42161,
  srcChainTokenIn: usdcArb,
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: usdcBase,
  dstChainTokenOutAmount: 'auto',
}
const buildable: CreateTxParams = {
  ...base,
  dstChainTokenOutRecipient: user,
  srcChainOrderAuthorityAddress: user,
  dstChainOrderAuthorityAddress: user,
}

function rejection(params: unknown): RequestValidationError {
  try {
    buildCreateTxQuery(params as CreateTxParams)
  } catch (error) {
    if (error instanceof RequestValidationError) return error
    throw error
  }
  throw new Error('expected a RequestValidationError')
}

describe('buildCreateTxQuery', () => {
  test('default: a quote-only request becomes the query of docs/service.md §4.4', () => {
    const { kind, query, warnings } = buildCreateTxQuery(base)
    expect(kind).toBe('quote')
    expect(query).toEqual({
      srcChainId: '42161',
      srcChainTokenIn: usdcArb,
      srcChainTokenInAmount: '100000000',
      dstChainId: '8453',
      dstChainTokenOut: usdcBase,
      dstChainTokenOutAmount: 'auto',
    })
    expect(warnings).toEqual([])
  })

  test('behavior: the three rule-1 addresses make it buildable; any one missing makes it a quote', () => {
    expect(buildCreateTxQuery(buildable).kind).toBe('tx')
    for (const key of [
      'dstChainTokenOutRecipient',
      'srcChainOrderAuthorityAddress',
      'dstChainOrderAuthorityAddress',
    ] as const) {
      const { [key]: _dropped, ...rest } = buildable
      expect(buildCreateTxQuery(rest).kind).toBe('quote')
    }
  })

  test('behavior: booleans are sent as true/false, hooks as stringified JSON, otc as ptp with a warning', () => {
    const hook = {
      type: 'evm_transaction_call' as const,
      data: { to: user, calldata: '0xdeadbeef', gas: 100000 },
    }
    const { query, warnings } = buildCreateTxQuery({
      ...buildable,
      enableEstimate: true,
      senderAddress: user,
      prependOperatingExpenses: false,
      otc: true,
      netHook: hook,
    })
    expect(query.enableEstimate).toBe('true')
    expect(query.prependOperatingExpenses).toBe('false')
    expect(query.ptp).toBe('true')
    expect(query.otc).toBeUndefined()
    expect(JSON.parse(query.netHook!)).toEqual(hook)
    expect(warnings).toEqual([expect.stringContaining('otc is deprecated')])
  })

  test('behavior: externalCall is accepted with a deprecation warning', () => {
    const { query, warnings } = buildCreateTxQuery({
      ...buildable,
      externalCall: { version: 'evm_1', fields: { to: user, data: '0x01' } },
    })
    expect(JSON.parse(query.externalCall!)).toEqual({
      version: 'evm_1',
      fields: { to: user, data: '0x01' },
    })
    expect(warnings).toEqual([expect.stringContaining('externalCall is deprecated')])
  })

  const violations: [string, Record<string, unknown>, string][] = [
    ['unknown source chain', { srcChainId: 250 }, 'srcChainId'],
    ['unknown destination chain', { dstChainId: 99 }, 'dstChainId'],
    ['same chain on both sides', { dstChainId: 42161, dstChainTokenOut: usdcArb }, 'dstChainId'],
    ['a decimal amount', { srcChainTokenInAmount: '1.5' }, 'srcChainTokenInAmount'],
    ['a zero amount', { srcChainTokenInAmount: 0n }, 'srcChainTokenInAmount'],
    ['a float amount', { srcChainTokenInAmount: 1.5 }, 'srcChainTokenInAmount'],
    ['a bad out amount', { dstChainTokenOutAmount: 'max' }, 'dstChainTokenOutAmount'],
    [
      'affiliate fee above 10',
      { affiliateFeePercent: 10.5, affiliateFeeRecipient: user },
      'affiliateFeePercent',
    ],
    [
      'negative affiliate fee',
      { affiliateFeePercent: -1, affiliateFeeRecipient: user },
      'affiliateFeePercent',
    ],
    ['affiliate fee without recipient', { affiliateFeePercent: 0.1 }, 'affiliateFeeRecipient'],
    ['affiliate recipient without fee', { affiliateFeeRecipient: user }, 'affiliateFeePercent'],
    [
      'arbitrary intermediary alone',
      { srcIntermediaryTokenAddress: weth },
      'dstIntermediaryTokenAddress',
    ],
    [
      'dst intermediary without spender',
      {
        srcIntermediaryTokenAddress: weth,
        dstIntermediaryTokenAddress: usdcBase,
        intermediaryTokenUSDPrice: 3000,
      },
      'dstIntermediaryTokenSpenderAddress',
    ],
    [
      'dst intermediary without src',
      { dstIntermediaryTokenAddress: usdcBase },
      'srcIntermediaryTokenAddress',
    ],
    ['enableEstimate without sender', { enableEstimate: true }, 'senderAddress'],
    ['a bad priority level', { srcChainPriorityLevel: 'urgent' }, 'srcChainPriorityLevel'],
    ['a non-boolean flag', { ptp: 'yes' }, 'ptp'],
    [
      'a malformed EVM address',
      { dstChainTokenOutRecipient: '0x1234' },
      'dstChainTokenOutRecipient',
    ],
    [
      'an EVM address for Solana',
      { dstChainId: 7565164, dstChainTokenOut: usdcBase },
      'dstChainTokenOut',
    ],
    [
      'a hook of the wrong shape',
      { netHook: { type: 'evm_transaction_call', data: { to: user } } },
      'netHook.data.calldata',
    ],
    [
      'a Solana hook to an EVM chain',
      { netHook: { type: 'solana_serialized_instructions', data: { instructions: '0x00' } } },
      'netHook',
    ],
    ['a negative taker reward', { additionalTakerRewardBps: -1 }, 'additionalTakerRewardBps'],
    ['a fractional referral code', { referralCode: 1.5 }, 'referralCode'],
    [
      'a permit that is not hex',
      { srcChainTokenInSenderPermit: 'permit' },
      'srcChainTokenInSenderPermit',
    ],
    ['an unknown parameter', { dlnHook: '{}' }, ''],
  ]

  test.each(violations)(
    'behavior: rejects %s, naming the parameter and the fix',
    (_name, patch, field) => {
      const error = rejection({ ...base, ...patch })
      if (field) expect(error.field).toBe(field)
      expect(error.metaMessages.some((m) => m.startsWith('fix: '))).toBe(true)
    },
  )

  test('behavior: default intermediary tokens (USDC, native) need nothing else', () => {
    expect(() =>
      buildCreateTxQuery({ ...base, srcIntermediaryTokenAddress: usdcArb }),
    ).not.toThrow()
    expect(() =>
      buildCreateTxQuery({
        ...base,
        srcIntermediaryTokenAddress: '0x0000000000000000000000000000000000000000',
      }),
    ).not.toThrow()
    expect(() =>
      buildCreateTxQuery({
        ...base,
        srcIntermediaryTokenAddress: weth,
        dstIntermediaryTokenAddress: usdcBase,
        intermediaryTokenUSDPrice: 3000,
        dstIntermediaryTokenSpenderAddress: user,
      }),
    ).not.toThrow()
  })

  test('behavior: lists every problem, not only the first', () => {
    const error = rejection({ ...base, srcChainId: 250, affiliateFeePercent: 11 })
    expect(error.problems.length).toBeGreaterThanOrEqual(2)
  })
})
