import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runAutoCancelScenario } from '../../helpers/runAutoCancelScenario.ts'

let devnet: Devnet
let dir: string
const skipped: { orderId: Hex; reason: string; marginBps: number }[] = []
const filled: Hex[] = []

beforeAll(async () => {
  // A service that promises 1 % more than the give is worth: every take it quotes costs a solver
  // money. The solver is the honest, rational one (no misbehaviour knob).
  devnet = await startDevnet({ solana: false, quoteConfig: { takerMarginBps: -100 } })
  devnet.solver!.events.on('skipped', (e) => skipped.push(e))
  devnet.solver!.events.on('filled', (e) => filled.push(e.orderId))
  dir = mkdtempSync(join(tmpdir(), 'ferry-unprofitable-'))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a rational devnet solver', () => {
  test('leaves an order whose take is worth more than its give unfilled; ferry follows it to its deadline, cancels it and gets the refund', async () => {
    const { events, orderId } = await runAutoCancelScenario(devnet, dir, 'unprofitable')
    // The solver saw the order, valued it at the market's prices and refused to lose money.
    expect(skipped).toEqual([
      { orderId, reason: 'unprofitable', marginBps: expect.closeTo(-100, 0) },
    ])
    expect(filled).toEqual([])
    expect(events.find((e) => e.type === 'filled')).toBeUndefined()
  })
})
