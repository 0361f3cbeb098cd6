import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { createEvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { readOrderFill } from '../../../src/chains/evm/readOrderFill.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { type EventRecorder, recordEvents } from '../../helpers/recordEvents.ts'
import {
  chainsOf,
  devnetValueFlow,
  orderIntent,
  rpcCall,
  testApi,
  testSender,
} from './executorHarness.ts'

let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let sender: ReturnType<typeof createEvmSender>
let solverEvents: EventRecorder

beforeAll(async () => {
  // Fills come 2 s after an order is seen: long enough to read the order while it is open.
  devnet = await startDevnet({ solana: false, fillDelayMs: 2_000 })
  ;[arb, base] = chainsOf(devnet)
  solverEvents = recordEvents(devnet.solver!.events, ['filled'])
  ;({ sender } = testSender(arb))
}, 60_000)
afterAll(async () => {
  sender?.close()
  await devnet?.stop()
})

describe('readOrderFill', () => {
  test('behavior: open until the solver fills, then filled with the fill tx and the take amount; past the search window the fill is still seen, without its event', async () => {
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(
        arb,
        base,
        arb.contracts.tokens.USDC.address,
        50_000_000n,
        base.contracts.tokens.USDC.address,
      ),
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    const params = {
      dlnDestination: base.contracts.dlnDestination as Address,
      orderId: result.orderId,
    }
    expect(await readOrderFill(base.client, params)).toEqual({ kind: 'open' })

    const filled = await solverEvents.waitFor<{ orderId: Hex; txHash: Hex }>(
      'filled',
      (e) => e.orderId === result.orderId,
    )
    const state = await readOrderFill(base.client, params)
    expect(state).toMatchObject({
      kind: 'filled',
      txHash: filled.txHash,
      amountOut: result.created.order.takeAmount,
    })

    // Twenty empty blocks later a window of 2 × 5 blocks no longer reaches the fill: the state
    // still says filled (from takeOrders), and the event's details are honestly missing.
    await rpcCall(base.rpcUrl, 'anvil_mine', ['0x14'])
    expect(
      await readOrderFill(base.client, { ...params, maxRangeBlocks: 5n, maxRanges: 2 }),
    ).toEqual({ kind: 'filled', txHash: undefined, amountOut: undefined, blockNumber: undefined })
  }, 60_000)
})
