import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { type Hex, keccak256, parseGwei } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEvmRpc } from '../../../src/chains/evm/createEvmRpc.ts'
import { createEvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../../../src/chains/evm/createEvmSigner.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'

const user = devnetEvmAccount('user')
let anvil: AnvilChain
let dir: string

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 42161 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-batch-send-'))
}, 30_000)

afterAll(async () => {
  await anvil?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** What another connection to the journal held when a raw transaction reached the proxy. */
type AtBroadcast = { hash: Hex; attempt: string | undefined; intents: string[] }

/**
 * A JSON-RPC proxy in front of anvil that, when `eth_sendRawTransaction` arrives and before it
 * forwards it, reads the journal through its own read-only connection: what was committed at the
 * moment the bytes reached an RPC.
 */
async function startJournalCheckingProxy(
  target: string,
  journalPath: string,
): Promise<{ url: string; seen: AtBroadcast[]; close(): Promise<void> }> {
  const seen: AtBroadcast[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const parsed = JSON.parse(body.toString()) as
        | { method: string; params?: unknown[] }
        | { method: string; params?: unknown[] }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        if (call.method !== 'eth_sendRawTransaction') continue
        const hash = keccak256(call.params![0] as Hex)
        const db = new Database(journalPath, { readonly: true, fileMustExist: true })
        try {
          const row = db
            .prepare<[string], { state: string }>('SELECT state FROM attempts WHERE hash = ?')
            .get(hash)
          const intents = db
            .prepare<[], { id: string }>('SELECT id FROM intents ORDER BY id')
            .all()
            .map((r) => r.id)
          seen.push({ hash, attempt: row?.state, intents })
        } finally {
          db.close()
        }
      }
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': 'application/json' })
          res.end(await upstream.text())
        })
        .catch(() => {
          res.writeHead(502)
          res.end()
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('batched journal writes and a real send', () => {
  test('behavior: inside a batch, the grouped intent and the signed bytes are committed before the node sees the bytes', async () => {
    const path = join(dir, 'journal.sqlite')
    const journal = openJournal(path)
    const proxy = await startJournalCheckingProxy(anvil.rpcUrl, path)
    const sender = createEvmSender({
      chainId: 42161,
      signer: createEvmSigner({ privateKey: user.privateKey }, user.address),
      rpc: createEvmRpc(proxy.url),
      journal: createEvmSendJournal(toJournalStore(journal), { intentId: 'sent' }),
      feePolicy: { maxFeePerGasCapWei: parseGwei('200') },
      confirmations: 1,
      pollIntervalMs: 20,
    })
    try {
      const result = await journal.withinBatch(async () => {
        // Grouped writes of the tick, not yet committed when the send starts.
        journal.recordIntent({ id: 'sent', strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
        journal.recordObservation('s', { before: 'send' })
        const sent = await sender.send({
          kind: 'approve',
          to: user.address,
          data: '0x',
          value: 0n,
          gasLimit: 100_000n,
          intentId: 'sent',
        })
        // Written after the send: grouped again, committed when the scope ends.
        journal.recordIntent({ id: 'later', strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
        return sent
      })
      expect(proxy.seen).toHaveLength(1)
      const [atBroadcast] = proxy.seen
      expect(atBroadcast).toEqual({ hash: result.hash, attempt: 'signed', intents: ['sent'] })
      // The batch's end committed what followed: the outcome marks and the later intent.
      expect(journal.getAttempt(result.hash)?.state).toBe('confirmed')
      const other = new Database(path, { readonly: true })
      try {
        expect(other.prepare('SELECT id FROM intents ORDER BY id').all()).toEqual([
          { id: 'later' },
          { id: 'sent' },
        ])
      } finally {
        other.close()
      }
    } finally {
      sender.close()
      await proxy.close()
      journal.close()
    }
  }, 60_000)
})
