import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runAutoCancelScenario } from '../../helpers/runAutoCancelScenario.ts'

let devnet: Devnet
let dir: string

beforeAll(async () => {
  // The solver never fills: the one order of the run stays Created past its deadline.
  devnet = await startDevnet({ solana: false, solver: { neverFill: true } })
  dir = mkdtempSync(join(tmpdir(), 'ferry-autocancel-'))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('tracking.autoCancel in ferry run', () => {
  test('default: an order unfilled at the deadline is cancelled and refunded; the intent ends cancelled', async () => {
    const { events, attempts } = await runAutoCancelScenario(devnet, dir, 'auto')
    expect(String(events.at(-1)!.detail)).toContain('not filled before the tracking deadline')
    // A permit authorises the input (docs/safety.md §10): no approve transaction.
    expect(attempts).toEqual(['order@42161', 'cancel@8453'])
  })
})
