import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

type Event = { type: string; [key: string]: unknown }
const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
let devnet: Devnet
let dir: string

beforeAll(async () => {
  // Nothing is ever filled: the order stays in flight until ferry is stopped.
  devnet = await startDevnet({ solana: false, solver: { neverFill: true } })
  dir = mkdtempSync(join(tmpdir(), 'ferry-stop-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

describe('ferry run stops gracefully', () => {
  test('behavior: SIGTERM while an order awaits its fill: exit 0 at once, the order stays in flight in the journal for the next start', async () => {
    const config = writeDevnetLiveConfig(devnet, join(dir, 'stop.yaml'), {
      killSwitchFile: 'stop.kill',
      tracking: '  deadlineMs: 600000\n  pollIntervalMs: 200\n',
    })
    const journalPath = join(dir, 'stop.sqlite')
    const child = spawn(
      process.execPath,
      [BIN, 'run', config, '--live', '--once', '--json', '--journal', journalPath],
      {
        env: { ...process.env, [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const events: Event[] = []
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    const created = new Promise<Event>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const e = JSON.parse(line) as Event
        events.push(e)
        if (e.type === 'created') resolve(e)
      })
      child.once('exit', () => reject(new Error('ferry exited before creating an order')))
    })
    const order = await created
    child.kill('SIGTERM')
    // The deadline is 10 min away: only the stop can end this run now.
    expect(await exited).toBe(0)
    expect(events.at(-1)).toMatchObject({ type: 'unsettled', intentId: order.intentId })
    expect(events.some((e) => e.type === 'terminal')).toBe(false)

    const journal = openJournal(journalPath)
    try {
      const [pending] = journal.pendingReconciliations()
      expect(pending?.intent).toMatchObject({ id: order.intentId, state: 'created' })
      expect(pending?.orders.map((o) => [o.orderId, o.state])).toEqual([[order.orderId, 'Created']])
    } finally {
      journal.close()
    }
  }, 60_000)
})
