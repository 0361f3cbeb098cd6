// A ferry-like process on the shared journal for pgDrop.test.ts: it opens the journal as a
// cluster run does, joins the cluster, and walks through its phases, one per line on stdin,
// reporting each on stdout in JSON lines. The parent drops the server under it at each phase.
import { createInterface } from 'node:readline'
import { createClusterMember } from '../../../src/engine/cluster/createClusterMember.ts'
import { groupWallets } from '../../../src/engine/cluster/groupWallets.ts'
import { openPgJournal } from '../../../src/store/pg/openPgJournal.ts'

const url = process.argv[2]!
const report = (line: object): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
const next = async (): Promise<void> => {
  await lines.next()
}
/** Retries a journal call until the server is back (a pool replaces its dropped connections). */
async function untilWritten(id: string): Promise<void> {
  for (;;) {
    try {
      await store.recordIntent({ id, strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
      return
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

const store = await openPgJournal(url, { leaseTtlMs: 2_000 })
const member = createClusterMember({
  store,
  id: 'child',
  host: 'test',
  pid: process.pid,
  leaseTtlMs: 2_000,
  groups: groupWallets([{ id: 's1', wallets: [{ chainId: 1, address: '0x01' }] }]),
})
await member.start()
report({ phase: 'idle' })
await next()
await untilWritten('after-idle')
// A grouped write's transaction is open on its connection when the server goes.
const batch = store
  .withinBatch(async () => {
    await store.recordIntent({
      id: 'in-batch',
      strategy: 's',
      route: 'r',
      params: {},
      notionalUsd: 1,
    })
    report({ phase: 'inBatch' })
    await next()
  })
  .then(
    () => 'committed',
    (error: unknown) => `lost: ${(error as Error).message.split('\n')[0]}`,
  )
report({ batch: await batch })
await untilWritten('after-batch')
// The member's heartbeat and lease turns run on their timers when the server goes.
report({ phase: 'turning' })
await next()
await untilWritten('after-turning')
await member.turn().catch(() => {})
report({ phase: 'closing', runs: member.runs('s1') })
// The server goes while the process leaves the cluster and closes its pools.
await next()
await member.stop()
await store.close().catch((error: unknown) => report({ closeError: (error as Error).message }))
report({ phase: 'closed' })
process.exit(0)
