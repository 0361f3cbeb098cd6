import { describe, expect, test } from 'vitest'
import { planReconciliation } from '../../../src/execute/planReconciliation.ts'
import type {
  AttemptRecord,
  AttemptState,
  IntentReconciliation,
  OrderRecord,
  OrderState,
} from '../../../src/store/contract/journalTypes.ts'

const route = (hook: boolean) => ({
  kind: 'crossChain',
  requestId: 'r',
  routeId: '42161->8453',
  srcChainId: 42161,
  srcToken: '0xa',
  dstChainId: 8453,
  dstToken: '0xb',
  amountIn: 1n,
  recipient: '0xc',
  ...(hook ? { hook: { type: 'evm_transaction_call', data: {} } } : {}),
})

function rec(
  parts: Partial<Pick<IntentReconciliation, 'attempts' | 'orders'>> & { hook?: boolean } = {},
): IntentReconciliation {
  return {
    intent: {
      id: 'i',
      strategy: 's',
      route: '42161->8453',
      params: { route: route(parts.hook ?? false) },
      notionalUsd: 1,
      state: 'signed',
      reason: undefined,
      createdMs: 0,
      updatedMs: 0,
    },
    attempts: parts.attempts ?? [],
    approvals: [],
    orders: parts.orders ?? [],
    hookSteps: [],
  }
}

function attempt(
  kind: AttemptRecord['kind'],
  nonce: number,
  state: AttemptState,
  n = 0,
): AttemptRecord {
  return {
    id: nonce * 10 + n,
    intentId: 'i',
    chainId: 42161,
    family: 'evm',
    kind,
    from: '0xf',
    nonce,
    safeTx: undefined,
    attempt: n,
    rawTx: '0x00',
    hash: `0x${kind}${nonce}${n}`,
    orderId: kind === 'order' ? '0x0d' : undefined,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
    blockhash: undefined,
    lastValidBlockHeight: undefined,
    state,
    error: undefined,
    includedAt: undefined,
    createdMs: 0,
    updatedMs: 0,
  }
}

const order = (state: OrderState): OrderRecord => ({
  orderId: '0x0d',
  intentId: 'i',
  srcChainId: 42161,
  dstChainId: 8453,
  state,
  createTxHash: '0xc',
  lastTxHash: undefined,
  filledAmount: undefined,
  patches: 0,
  takeSubtrahend: undefined,
  createdMs: 0,
  updatedMs: 0,
})

describe('planReconciliation', () => {
  test('default: nothing signed: the intent is abandoned with no approvals to revoke', () => {
    expect(planReconciliation(rec())).toMatchObject({ kind: 'abandon', approvals: [] })
  })

  test('behavior: only an approval was signed: abandoned, and the approval is handed over to settle and revoke', () => {
    const approve = attempt('approve', 3, 'broadcast')
    expect(planReconciliation(rec({ attempts: [approve] }))).toEqual({
      kind: 'abandon',
      approvals: [approve],
      detail: expect.stringContaining('nothing was sent'),
    })
  })

  test('behavior: a signed order transaction is resumed from its journaled bytes, never abandoned', () => {
    const approve = attempt('approve', 3, 'confirmed')
    const signed = attempt('order', 4, 'signed')
    expect(planReconciliation(rec({ attempts: [approve, signed] }))).toEqual({
      kind: 'resume',
      family: 'evm',
      chainId: 42161,
      sendKind: 'order',
      attempts: [signed],
    })
  })

  test('behavior: every signature of the nonce is resumed, replacements included; an older consumed nonce is not', () => {
    const consumed = attempt('order', 4, 'dropped')
    const first = attempt('order', 5, 'replaced', 0)
    const bumped = attempt('order', 5, 'broadcast', 1)
    const plan = planReconciliation(rec({ attempts: [consumed, first, bumped] }))
    expect(plan).toMatchObject({ kind: 'resume', attempts: [first, bumped] })
  })

  test('behavior: an order on chain is tracked, with the hook the intent asked for', () => {
    expect(
      planReconciliation(
        rec({
          attempts: [attempt('order', 4, 'confirmed')],
          orders: [order('Created')],
          hook: true,
        }),
      ),
    ).toEqual({ kind: 'track', order: order('Created'), hasHook: true })
    expect(planReconciliation(rec({ orders: [order('Fulfilled')] }))).toMatchObject({
      kind: 'track',
      hasHook: false,
    })
  })

  test('behavior: attempts that all reverted or dropped finish the intent as failed', () => {
    expect(planReconciliation(rec({ attempts: [attempt('order', 4, 'failed')] }))).toEqual({
      kind: 'finish',
      state: 'failed',
      detail: 'its transaction reverted',
    })
    expect(planReconciliation(rec({ attempts: [attempt('swap', 4, 'dropped')] }))).toMatchObject({
      kind: 'finish',
      state: 'failed',
    })
  })

  test('behavior: a cancelled order has its refund followed; a claimed refund finishes as cancelled', () => {
    for (const state of ['OrderCancelled', 'SentOrderCancel'] as const) {
      expect(planReconciliation(rec({ orders: [order(state)] }))).toMatchObject({
        kind: 'refund',
        order: { state },
      })
    }
    expect(planReconciliation(rec({ orders: [order('ClaimedOrderCancel')] }))).toMatchObject({
      kind: 'finish',
      state: 'cancelled',
    })
  })

  test('behavior: a swap attempt is resumed as a swap', () => {
    expect(planReconciliation(rec({ attempts: [attempt('swap', 7, 'broadcast')] }))).toMatchObject({
      kind: 'resume',
      sendKind: 'swap',
    })
  })
})
