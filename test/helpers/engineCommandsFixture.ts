import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createManualClock } from '../../src/common/clock.ts'
import { openJournal } from '../../src/store/sqlite/openJournal.ts'

/** Route keys in the strategies' format (`src:token->dst:token`). */
export const ARB_BASE =
  '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831->8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const SOL_ARB =
  '7565164:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v->42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const ORDER_ID = `0x${'0d'.repeat(32)}` as const
export const ATTEMPT_HASH = `0x${'e1'.repeat(32)}`

/** A tmp dir with `ferry.yaml` (limits, a route override, kill switch `stop.kill`). */
export type EngineCommandsFixture = { dir: string; configPath: string; journalPath: string }

/**
 * Writes a config and fills `ferry.journal.sqlite` next to it through the store's API: `i-live`
 * (in flight on ARB_BASE, 250 USD, with a quote, an approval, a signed attempt, an order and a hook
 * step), `i-done` (completed on ARB_BASE, 100 USD), `i-fail` (failed on SOL_ARB, 40 USD) and
 * `i-old` (two days old, 5 000 USD, out of the daily window).
 */
export function createEngineCommandsFixture(): EngineCommandsFixture {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-engine-cli-'))
  const configPath = join(dir, 'ferry.yaml')
  writeFileSync(
    configPath,
    [
      'risk:',
      '  maxNotionalUsdPerDay: 1000',
      '  maxInFlightUsd: 300',
      '  killSwitchFile: stop.kill',
      '  routes:',
      '    - srcChainId: 42161',
      '      dstChainId: 8453',
      '      maxNotionalUsdPerDay: 400',
      '',
    ].join('\n'),
  )
  const journalPath = join(dir, 'ferry.journal.sqlite')
  const old = openJournal(journalPath, { clock: createManualClock(Date.now() - 2 * 86_400_000) })
  old.recordIntent({
    id: 'i-old',
    strategy: 'sweep-sol',
    route: SOL_ARB,
    params: {},
    notionalUsd: 5_000,
  })
  old.setIntentState('i-old', 'completed')
  old.close()
  const journal = openJournal(journalPath)
  journal.recordIntent({
    id: 'i-done',
    strategy: 'usdc-arb-base',
    route: ARB_BASE,
    params: {},
    notionalUsd: 100,
  })
  journal.setIntentState('i-done', 'completed')
  journal.recordIntent({
    id: 'i-fail',
    strategy: 'sweep-sol',
    route: SOL_ARB,
    params: {},
    notionalUsd: 40,
  })
  journal.setIntentState('i-fail', 'failed', 'quote expired')
  journal.recordIntent({
    id: 'i-live',
    strategy: 'usdc-arb-base',
    route: ARB_BASE,
    params: { amountIn: 250_000_000n },
    notionalUsd: 250,
  })
  journal.recordQuote({
    intentId: 'i-live',
    endpoint: 'create-tx',
    request: { a: 1 },
    response: { b: 2 },
  })
  journal.recordApproval({
    intentId: 'i-live',
    chainId: 42161,
    owner: '0x00000000000000000000000000000000000000Aa',
    token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    spender: '0xeF4fB24aD0916217251F553c0596F8Edc630EB66',
    amount: 250_000_000n,
    txHash: `0x${'a1'.repeat(32)}`,
    state: 'confirmed',
  })
  journal.recordSignedAttempt({
    intentId: 'i-live',
    chainId: 42161,
    family: 'evm',
    kind: 'order',
    from: '0x00000000000000000000000000000000000000Aa',
    nonce: 7,
    attempt: 0,
    rawTx: '0x02f8aa',
    hash: ATTEMPT_HASH,
    orderId: ORDER_ID,
    maxFeePerGas: 30_000_000_000n,
  })
  journal.setAttemptState(ATTEMPT_HASH, 'broadcast')
  journal.setIntentState('i-live', 'created')
  journal.recordOrder({
    orderId: ORDER_ID,
    intentId: 'i-live',
    srcChainId: 42161,
    dstChainId: 8453,
    state: 'Created',
    createTxHash: ATTEMPT_HASH,
  })
  journal.recordHookStep(ORDER_ID, 'deposit', 'Pending')
  journal.close()
  return { dir, configPath, journalPath }
}
