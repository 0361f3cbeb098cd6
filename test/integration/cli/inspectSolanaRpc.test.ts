import type { AddressLookupTableAccount } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TKHQ_DLN_CREATE_ORDER_WITH_NONCE as vector } from '../../fixtures/solana/goldenVectors.ts'
import { goldenVectorTables } from '../../fixtures/solana/goldenVectorTables.ts'
import type { FerryRun } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'

// `ferry inspect --solana-tx` on the golden create-order (docs/dln.md §4.11): exit 2 naming the
// unread tables without --rpc; with --rpc, the tables come from one getMultipleAccounts.

const runInspect = (args: string[]): Promise<FerryRun> =>
  runFerryInProcess(['inspect', '--solana-tx', vector.txData, ...args])

/** A lookup table account's data: 56-byte meta (type 1, never deactivated), then the keys. */
function tableData(t: AddressLookupTableAccount): string {
  const meta = Buffer.alloc(56)
  meta.writeUInt32LE(1, 0)
  meta.writeBigUInt64LE(2n ** 64n - 1n, 4)
  return Buffer.concat([meta, ...t.state.addresses.map((a) => a.toBuffer())]).toString('base64')
}

function tableRpc(tables: AddressLookupTableAccount[]): Promise<FixtureServer> {
  const byKey = new Map(tables.map((t) => [t.key.toBase58(), t]))
  return startFixtureServer((req) => {
    const call = JSON.parse(req.body) as { id: number; method: string; params: [string[]] }
    const value = call.params[0].map((k) => {
      const t = byKey.get(k)
      return t
        ? {
            data: [tableData(t), 'base64'],
            executable: false,
            lamports: 1_000_000,
            owner: 'AddressLookupTab1e1111111111111111111111111',
            rentEpoch: 0,
            space: 56 + 32 * t.state.addresses.length,
          }
        : null
    })
    return { body: { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value } } }
  })
}

let full: FixtureServer
let partial: FixtureServer
beforeAll(async () => {
  full = await tableRpc(goldenVectorTables())
  partial = await tableRpc(goldenVectorTables().slice(1))
})
afterAll(async () => {
  await full.close()
  await partial.close()
})

describe('ferry inspect --solana-tx on a real create-order', () => {
  test('without --rpc: names createOrderWithNonce, the order and both tables, exit 2 with the fix', async () => {
    const run = await runInspect([])
    expect(run.code).toBe(2)
    expect(run.stdout).toContain('entry: dln_src createOrderWithNonce')
    expect(run.stdout).toContain('giveOriginalAmount           21567102')
    for (const t of vector.lookupTables) expect(run.stdout).toContain(`${t}  UNRESOLVED`)
    expect(run.stderr).toContain('--rpc')
    expect(run.stderr).toContain(vector.lookupTables[0])
    expect(run.stderr).toContain('fix: give --rpc <url>')
  })

  test('with --rpc: reads both tables in one round trip and every check passes', async () => {
    const before = full.requests.length
    const run = await runInspect(['--rpc', full.url, '--json'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(full.requests.length - before).toBe(1)
    const report = JSON.parse(run.stdout) as { ok: boolean; orderId: string }
    expect(report.ok).toBe(true)
    expect(report.orderId).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('a table the RPC does not have: exit 2 naming it', async () => {
    const run = await runInspect(['--rpc', partial.url])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`lookup table ${vector.lookupTables[0]}: does not exist on`)
  })
})
