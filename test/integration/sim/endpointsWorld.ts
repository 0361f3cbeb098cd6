/**
 * The shared world of the simulator endpoint tests: each simulator of SIMULATORS started for the
 * enclosing describe, with one order and its hook step recorded in its stats.
 */
import { afterAll, beforeAll } from 'vitest'
import type { CreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import type { SimListenOptions } from '../../../src/sim/server/createSimServer.ts'
import { startSim } from '../../../src/sim/startSim.ts'
import { ADDR, bindTestSim, startTestSim, type TestSim } from './startTestSim.ts'

export const ORDER_ID = `0x${'ab'.repeat(32)}`
export const BASE: CreateTxParams = {
  srcChainId: 42161,
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: ADDR.baseUsdc,
  dstChainTokenOutAmount: 'auto',
}

/** The same table runs against the HTTP layer with quote doubles and against the real builders. */
export const SIMULATORS: { name: string; start: (listen: SimListenOptions) => Promise<TestSim> }[] =
  [
    { name: 'quote doubles', start: (listen) => startTestSim({}, listen) },
    {
      name: 'real builders (startSim)',
      start: async (listen) => bindTestSim(await startSim(listen)),
    },
  ]

export type Simulator = (typeof SIMULATORS)[number]

export let sim: TestSim

/** Starts the simulator with `start` before the enclosing describe and closes it after. */
export function useEndpointsSim(start: Simulator['start']): void {
  beforeAll(async () => {
    sim = await start({ statsPort: 0 })
    sim.server.stats.recordOrder({
      orderId: ORDER_ID,
      maker: ADDR.maker,
      volumeUsd: 100,
      feesUsd: 1,
      executed: true,
      hookInstructionsCount: 2,
    })
    sim.server.stats.recordHookStep({
      orderId: ORDER_ID,
      stepNumber: 1,
      status: 'Executed',
      transactionHash: `0x${'01'.repeat(32)}`,
      blockHash: `0x${'02'.repeat(32)}`,
      blockNumber: 123,
      blockTimeStampS: 1_767_225_600,
      initiator: ADDR.other,
      beneficiaries: [ADDR.maker, ADDR.solWallet],
    })
  })
  afterAll(() => sim.server.close())
}
