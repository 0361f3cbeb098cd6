import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  WILDSENT_DLN_CREATE_ORDER_WITH_NONCE as signed,
  TKHQ_DLN_CREATE_ORDER_WITH_NONCE as vector,
} from '../../fixtures/solana/goldenVectors.ts'
import { goldenVectorTables } from '../../fixtures/solana/goldenVectorTables.ts'
import type { FerryRun } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import type { FixtureServer } from '../../helpers/startFixtureServer.ts'
import { startLookupTableRpc } from '../../helpers/startLookupTableRpc.ts'

// `ferry inspect --solana-tx` on the golden create-order (docs/dln.md §4.11): exit 2 naming the
// unread tables without --rpc; with --rpc, the tables come from one getMultipleAccounts.

const runInspect = (args: string[]): Promise<FerryRun> =>
  runFerryInProcess(['inspect', '--solana-tx', vector.txData, ...args])

let full: FixtureServer
let partial: FixtureServer
beforeAll(async () => {
  full = await startLookupTableRpc(goldenVectorTables())
  partial = await startLookupTableRpc(goldenVectorTables().slice(1))
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

  test('a real create-order without lookup tables: no --rpc needed, exit 0 with its on-chain orderId', async () => {
    const run = await runFerryInProcess(['inspect', '--solana-tx', signed.txData])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('entry: dln_src createOrderWithNonce')
    expect(run.stdout).toContain('giveOriginalAmount           101355323')
    expect(run.stdout).toContain(signed.orderId)
  })
})
