import { afterEach, describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { type StartedSim, startSim } from '../../../src/sim/startSim.ts'
import { ADDR, bindTestSim } from './startTestSim.ts'

const started: StartedSim[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()))
})

const WETH_TO_USDC = {
  srcChainId: 42161,
  srcChainTokenIn: ADDR.arbWeth,
  srcChainTokenInAmount: 10n ** 18n,
  dstChainId: 8453,
  dstChainTokenOut: ADDR.baseUsdc,
  dstChainTokenOutAmount: 'auto',
} as const

describe('startSim (real builders)', () => {
  test('default: prices stand still without a walk, whatever the clock does', async () => {
    const clock = createManualClock(1_767_225_600_000)
    const server = await startSim({ clock })
    started.push(server)
    const sim = bindTestSim(server)
    const before = await sim.client.createOrderTx(WETH_TO_USDC)
    clock.advanceMs(60_000)
    const after = await sim.client.createOrderTx(WETH_TO_USDC)
    expect(after.quote.estimation.dstChainTokenOut.amount).toBe(
      before.quote.estimation.dstChainTokenOut.amount,
    )
  })

  test('behavior: with a walk, prices move with the clock, not with the request count', async () => {
    const clock = createManualClock(1_767_225_600_000)
    const server = await startSim({ clock, seed: 4, market: { walkStepBps: { ETH: 100 } } })
    started.push(server)
    const sim = bindTestSim(server)
    const first = await sim.client.createOrderTx(WETH_TO_USDC)
    const sameTime = await sim.client.createOrderTx(WETH_TO_USDC)
    expect(sameTime.quote.estimation.dstChainTokenOut.amount).toBe(
      first.quote.estimation.dstChainTokenOut.amount,
    )
    clock.advanceMs(5_000)
    const later = await sim.client.createOrderTx(WETH_TO_USDC)
    expect(later.quote.estimation.dstChainTokenOut.amount).not.toBe(
      first.quote.estimation.dstChainTokenOut.amount,
    )
  })

  test('behavior: demo orders are readable through externalCallProcess', async () => {
    const server = await startSim({ demoOrders: 2 })
    started.push(server)
    const sim = bindTestSim(server)
    expect(server.demoOrderIds).toHaveLength(2)
    const process = await sim.client.getExternalCallProcess(server.demoOrderIds[0]!)
    expect(process.totalInstructionsCount).toBe(2)
    expect(process.steps.map((s) => s.status)).toEqual(['Executed', 'Executed'])
  })
})
