import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SimHookStepRecord } from '../../../src/sim/stats/statsObserver.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const ORDER_ID = `0x${'c0ffee'.repeat(10)}abcd`
const BARE_ORDER = `0x${'1'.repeat(64)}`
const step = (stepNumber: number, status: SimHookStepRecord['status']): SimHookStepRecord => ({
  orderId: ORDER_ID,
  stepNumber,
  status,
  transactionHash: `0x${stepNumber.toString(16).padStart(2, '0').repeat(32)}`,
  blockHash: `0x${'fe'.repeat(32)}`,
  blockNumber: 1000 + stepNumber,
  blockTimeStampS: 1_767_225_600 + stepNumber,
  initiator: ADDR.other,
  beneficiaries: [ADDR.maker, ADDR.solWallet],
})

describe('externalCallProcess', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
    const stats = sim.server.stats
    stats.recordOrder({
      orderId: ORDER_ID,
      maker: ADDR.maker,
      volumeUsd: 10,
      feesUsd: 0.1,
      executed: true,
      hookInstructionsCount: 3,
    })
    stats.recordOrder({
      orderId: BARE_ORDER,
      maker: ADDR.maker,
      volumeUsd: 1,
      feesUsd: 0,
      executed: false,
    })
    // Recorded out of order; step 2 first pending, then failed.
    stats.recordHookStep(step(3, 'Pending'))
    stats.recordHookStep(step(2, 'Pending'))
    stats.recordHookStep(step(1, 'Executed'))
    stats.recordHookStep(step(2, 'Failed'))
  })
  afterAll(() => sim.server.close())

  test('default: steps in order with their statuses', async () => {
    const process = await sim.client.getExternalCallProcess(ORDER_ID)
    expect(process.totalInstructionsCount).toBe(3)
    expect(process.steps.map((s) => [s.stepNumber, s.status])).toEqual([
      [1, 'Executed'],
      [2, 'Failed'],
      [3, 'Pending'],
    ])
  })

  test('behavior: event metadata encodes hashes and addresses three ways (docs/service.md §2.1, §2.2)', async () => {
    const [first] = (await sim.client.getExternalCallProcess(ORDER_ID)).steps
    const meta = first!.eventMetadata
    const hashBytes = Buffer.from('01'.repeat(32), 'hex')
    expect(meta.transactionHash).toEqual({
      bytesValue: hashBytes.toString('base64'),
      bytesArrayValue: JSON.stringify([...hashBytes]),
      stringValue: `0x${'01'.repeat(32)}`,
    })
    expect(meta.blockHash.stringValue).toBe(`0x${'fe'.repeat(32)}`)
    expect(meta.blockNumber).toBe(1001)
    expect(meta.blockTimeStamp).toBe(1_767_225_601)
    expect(meta.initiator).toEqual({
      Base64Value: Buffer.from(ADDR.other.slice(2), 'hex').toString('base64'),
      bytesArrayValue: JSON.stringify([...Buffer.from(ADDR.other.slice(2), 'hex')]),
      stringValue: ADDR.other,
    })
    expect(first!.extcallBeneficiaries.map((b) => b.stringValue)).toEqual([
      ADDR.maker,
      ADDR.solWallet,
    ])
    expect(Buffer.from(first!.extcallBeneficiaries[1]!.Base64Value, 'base64')).toHaveLength(32)
  })

  test('behavior: the orderId matches in any hex case', async () => {
    const upper = `0x${ORDER_ID.slice(2).toUpperCase()}`
    expect((await sim.client.getExternalCallProcess(upper)).steps).toHaveLength(3)
  })

  test('behavior: a recorded order without steps has an empty list', async () => {
    expect(await sim.client.getExternalCallProcess(BARE_ORDER)).toEqual({
      totalInstructionsCount: 0,
      steps: [],
    })
  })

  test('behavior: a step recorded again replaces the earlier one', async () => {
    sim.server.stats.recordHookStep(step(3, 'Executed'))
    const process = await sim.client.getExternalCallProcess(ORDER_ID)
    expect(process.steps.map((s) => s.status)).toEqual(['Executed', 'Failed', 'Executed'])
  })
})
