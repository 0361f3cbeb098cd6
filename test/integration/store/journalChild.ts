// A second ferry-like process for the store's multi-process tests. Run with
// `node --import tsx journalChild.ts '<json command>'`; it reports on stdout in JSON lines.
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { SenderLockHeldError } from '../../../src/store/sqlite/SenderLockHeldError.ts'

type ChildCommand =
  | { action: 'attempts'; db: string; count: number }
  | { action: 'hold'; db: string; chainId: number; address: string }
  | { action: 'try'; db: string; chainId: number; address: string }
  | { action: 'batch'; db: string }

const command = JSON.parse(process.argv[2]!) as ChildCommand
const journal = openJournal(command.db)

function report(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

if (command.action === 'attempts') {
  journal.recordIntent({
    id: 'intent-crash',
    strategy: 'sweep',
    route: '7565164->42161:USDC',
    params: { amountIn: 10n ** 30n },
    notionalUsd: 12.5,
  })
  for (let i = 0; i < command.count; i++) {
    journal.recordSignedAttempt({
      intentId: 'intent-crash',
      chainId: 42161,
      family: 'evm',
      kind: 'order',
      from: '0x00000000000000000000000000000000000000aa',
      nonce: i,
      attempt: 0,
      rawTx: `0x02f8${i.toString(16).padStart(4, '0')}`,
      hash: `0x${i.toString(16).padStart(64, '0')}`,
      maxFeePerGas: 2n ** 70n + BigInt(i),
    })
  }
  // The moment the write-ahead call returns, the process dies as hard as it can: no exit
  // handlers, no close, no checkpoint. Whatever the parent finds was durable on return.
  process.kill(process.pid, 'SIGKILL')
} else if (command.action === 'batch') {
  await journal.withinBatch(async () => {
    // Grouped: an intent that never got to sign, and one about to.
    for (const id of ['intent-unsent', 'intent-sent']) {
      journal.recordIntent({ id, strategy: 'sweep', route: 'r', params: {}, notionalUsd: 5 })
      journal.recordQuote({ intentId: id, endpoint: 'create-tx', request: {}, response: {} })
    }
    // The write-ahead insert commits the group, then itself: both are durable from here on.
    journal.recordSignedAttempt({
      intentId: 'intent-sent',
      chainId: 42161,
      family: 'evm',
      kind: 'order',
      from: '0x00000000000000000000000000000000000000aa',
      nonce: 7,
      attempt: 0,
      rawTx: '0x02f8aa',
      hash: `0x${'77'.repeat(32)}`,
    })
    // What follows the send is grouped again, and the crash takes it.
    journal.setAttemptState(`0x${'77'.repeat(32)}`, 'broadcast')
    journal.setIntentState('intent-sent', 'broadcast')
    journal.recordIntent({
      id: 'intent-late',
      strategy: 'sweep',
      route: 'r',
      params: {},
      notionalUsd: 5,
    })
    journal.recordQuote({
      intentId: 'intent-late',
      endpoint: 'create-tx',
      request: {},
      response: {},
    })
    journal.recordObservation('sweep', { note: 'late' })
    journal.recordTick({ tickMs: 1, strategies: ['sweep'], balances: [] })
    // Killed inside the batch, before its end commits: no exit handlers, no close.
    process.kill(process.pid, 'SIGKILL')
  })
} else if (command.action === 'hold') {
  journal.acquireSenderLock(command.chainId, command.address, `child-${process.pid}`, 60_000)
  report({ locked: true, pid: process.pid })
  // Stay alive until killed; stdin keeps the event loop busy without a timer.
  process.stdin.resume()
} else {
  try {
    journal.acquireSenderLock(command.chainId, command.address, `child-${process.pid}`, 60_000)
    report({ ok: true, pid: process.pid })
  } catch (error) {
    if (!(error instanceof SenderLockHeldError)) throw error
    report({ ok: false, name: error.name, message: error.message, holderPid: error.holder.pid })
  }
  journal.close()
}
