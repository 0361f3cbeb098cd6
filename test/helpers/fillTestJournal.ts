import type { ManualClock } from '../../src/common/clock.ts'
import type { RouteRequest } from '../../src/common/strategy/marketTypes.ts'
import type { SignedAttemptParams } from '../../src/store/sqlite/createSendRecords.ts'
import type { Journal } from '../../src/store/sqlite/openJournal.ts'
import { buildQuote, OWNER_EVM, usdc } from '../unit/strategies/buildStrategyFixture.ts'

/** The EVM wallet of the attempts {@link fillTestJournal} writes. */
export const FILL_FROM = '0x00000000000000000000000000000000000000Aa'

const SWAP: RouteRequest = {
  kind: 'swap',
  requestId: 'swap:1',
  routeId: 'r-swap',
  amountIn: 1_000_000n,
  recipient: OWNER_EVM,
  chainId: 42161,
  tokenIn: '0xa',
  tokenOut: '0xb',
}

function evmAttempt(intentId: string | undefined, nonce: number, attempt = 0): SignedAttemptParams {
  const tag = `${nonce.toString(16).padStart(2, '0')}${attempt.toString(16).padStart(2, '0')}`
  return {
    ...(intentId === undefined ? {} : { intentId }),
    chainId: 42161,
    family: 'evm',
    kind: intentId === undefined ? 'fence' : 'order',
    from: FILL_FROM,
    nonce,
    attempt,
    rawTx: `0x02f8${tag}`,
    hash: `0x${tag.padStart(64, 'e')}`,
    ...(intentId === undefined ? {} : { orderId: `0x${nonce.toString(16).padStart(64, '0')}` }),
    maxFeePerGas: 30_000_000_000n + BigInt(attempt),
    maxPriorityFeePerGas: 1_000_000_000n,
  } as SignedAttemptParams
}

/**
 * Writes a journal through its own writers, as runs would have: intents in every kind of state
 * (two in the same ms, whose ids sort against their journal order), their quotes, approvals,
 * EVM attempts with a fee bump, a Solana attempt, a fence without intent, orders with a fill,
 * a patch and hook steps, observations (dry runs among them, and `observations` more of kind
 * note), postponements, and market ticks and quotes pruned so that the highest ids ever given
 * are above the highest left. JSON holds unicode, bigints past 2^64 and fractional USD.
 */
export function fillTestJournal(journal: Journal, clock: ManualClock, observations = 0): void {
  const intent = (id: string, route: string, notionalUsd: number): void => {
    journal.recordIntent({
      id,
      strategy: 'rebalance',
      route,
      params: { id, note: 'ünïcode → ✓ "quoted"', amount: 2n ** 70n + 1n },
      notionalUsd,
    })
  }
  intent('done', 'r1', 100.25)
  journal.recordQuote({
    intentId: 'done',
    endpoint: 'create-tx',
    request: { a: 1 },
    response: { b: 2n ** 65n },
  })
  journal.setIntentState('done', 'completed')
  clock.advanceMs(1_000)
  intent('z-first', 'r1', 0.1 + 0.2)
  intent('a-second', 'r2', 1e-7)
  const signed = evmAttempt('z-first', 4)
  journal.recordSignedAttempt(signed)
  journal.recordSignedAttempt(evmAttempt('z-first', 4, 1))
  journal.setIntentState('z-first', 'signed')
  clock.advanceMs(500)
  intent('created', 'r2', 3_000)
  const approval = journal.recordApproval({
    intentId: 'created',
    chainId: 42161,
    owner: FILL_FROM,
    token: '0xtoken',
    spender: '0xforwarder',
    amount: 10n ** 24n,
    txHash: '0xapprove',
  })
  journal.setApprovalState(approval.id, 'confirmed')
  const created = evmAttempt('created', 5)
  journal.recordSignedAttempt(created)
  journal.setAttemptState(created.hash, 'confirmed')
  journal.recordOrder({
    orderId: created.orderId!,
    intentId: 'created',
    srcChainId: 42161,
    dstChainId: 8453,
  })
  journal.setOrderState(created.orderId!, 'Created', created.hash)
  journal.recordOrderPatch(created.orderId!, 12_345n)
  journal.recordHookStep(created.orderId!, '1', 'Executed', '0xhook1')
  journal.recordHookStep(created.orderId!, '0', 'Pending')
  journal.setIntentState('created', 'created')
  clock.advanceMs(250)
  intent('filled', 'r1', 42)
  const filled = evmAttempt('filled', 6)
  journal.recordSignedAttempt(filled)
  journal.recordOrder({
    orderId: filled.orderId!,
    intentId: 'filled',
    srcChainId: 42161,
    dstChainId: 8453,
  })
  journal.setOrderState(filled.orderId!, 'Fulfilled', '0xfill')
  journal.recordOrderFill(filled.orderId!, 999_999n)
  journal.setIntentState('filled', 'fulfilled')
  intent('sol', 'r-sol', 7.5)
  journal.recordSignedAttempt({
    intentId: 'sol',
    chainId: 7565164,
    family: 'solana',
    kind: 'order',
    from: 'So1anaFeePayer1111111111111111111111111111',
    attempt: 0,
    rawTx: '0x01ff',
    hash: '5igSig',
    blockhash: 'Bh1',
    lastValidBlockHeight: 1_000,
  })
  journal.setIntentState('sol', 'broadcast')
  intent('failed', 'r2', 11)
  journal.setIntentState('failed', 'failed', 'verificationRefused: the target is not allow-listed')
  journal.recordSignedAttempt(evmAttempt(undefined, 9))
  const t0 = clock.nowMs()
  journal.recordObservation(
    'usdc',
    {
      kind: 'dryRun',
      intentId: 'd1',
      route: 'r1',
      amountIn: 1_000_000n,
      notionalUsd: 10,
      reason: 'x',
    },
    t0,
  )
  journal.recordObservation('usdc', { kind: 'decision', intentId: 'x', big: 2n ** 80n }, t0 + 1)
  for (let i = 0; i < observations; i++) {
    journal.recordObservation('usdc', { kind: 'note', i, text: `note ${i} ✓` }, t0 + 2 + i)
  }
  journal.recordPostponement({
    strategy: 'usdc',
    requestId: 'b',
    route: 'r1',
    reason: 'inFlightBudgetFull',
    detail: 'd',
    untilMs: t0 + 60_000,
  })
  journal.recordPostponement({
    strategy: 'usdc',
    requestId: 'a',
    route: 'r2',
    reason: 'cooldown',
    detail: 'e',
    untilMs: t0 + 30_000,
  })
  // The last tick written is the oldest: pruning it leaves the ids ever given above those left.
  for (const tickMs of [t0 + 2_000, t0 + 1_000, t0 - 5_000]) {
    journal.recordTick({
      tickMs,
      strategies: ['usdc'],
      balances: [usdc(42161, 5n + BigInt(tickMs))],
    })
    journal.recordMarketQuotes('usdc', tickMs, [
      buildQuote(SWAP, 999_000n, { quotedAtMs: tickMs + 5, costBps: Number.NaN }),
    ])
  }
  journal.pruneMarket(t0 - 1_000)
}
