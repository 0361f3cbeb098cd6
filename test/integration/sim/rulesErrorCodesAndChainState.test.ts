import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { serviceErrorBodySchema } from '../../../src/api/schemas/serviceErrorBody.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { ChainStateReader } from '../../../src/sim/chainState/chainStateReader.ts'
import { DOUBLE_FIX_FEE } from '../../helpers/simQuoteDoubles.ts'
import { CREATE_TX, CUSTOM_INTERMEDIARY, expectError, omit, Q, TX } from './rulesFixtures.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

describe('simulator rules over HTTP', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
  })
  afterAll(() => sim.server.close())

  test('§2.1 the real errorCodes of docs/dln.md §2.2', async () => {
    const same = await sim.get(CREATE_TX, {
      ...Q,
      dstChainId: '42161',
      dstChainTokenOut: ADDR.arbWeth,
    })
    expect(serviceErrorBodySchema.parse(same.json).errorCode).toBe(25)
    const invalid = await sim.get(CREATE_TX, omit(Q, 'srcChainTokenIn'))
    expect(serviceErrorBodySchema.parse(invalid.json).errorCode).toBe(2)
  })

  test('§4.1 unknown orderId -> 404 UNKNOWN_ORDER', async () => {
    const raw = await sim.get(`/api/Orders/0x${'0'.repeat(64)}/externalCallProcess`)
    expectError(raw, 404, 'UNKNOWN_ORDER')
    expect(serviceErrorBodySchema.parse(raw.json).errorCode).toBe(15)
  })

  test.each([
    ['dstChainTokenOutRecipient'],
    ['srcChainOrderAuthorityAddress'],
    ['dstChainOrderAuthorityAddress'],
  ])('§4.4 rule 1 / §7 rule 1: without %s only a quote comes back', async (missing) => {
    const raw = await sim.get(CREATE_TX, { ...Q, ...omit(TX, missing) })
    expect(raw.status).toBe(200)
    expect(raw.json).not.toHaveProperty('tx')
    const full = await sim.get(CREATE_TX, { ...Q, ...TX })
    expect(full.json).toHaveProperty('tx')
  })

  test('§4.4 a default intermediary token (canonical USDC) needs nothing else', async () => {
    const raw = await sim.get(CREATE_TX, {
      ...Q,
      srcChainTokenIn: ADDR.arbWeth,
      srcIntermediaryTokenAddress: ADDR.arbUsdc,
    })
    expect(raw.status).toBe(200)
  })
})

/** A chain-state reader whose answers the test sets; unset entries are 0. */
function scriptedChainState(): ChainStateReader & {
  balances: Map<string, bigint>
  allowances: Map<string, bigint>
} {
  const balances = new Map<string, bigint>()
  const allowances = new Map<string, bigint>()
  return {
    balances,
    allowances,
    getBalance: async (chainId, token, owner) =>
      balances.get(`${chainId}:${token.toLowerCase()}:${owner.toLowerCase()}`) ?? 0n,
    getAllowance: async (chainId, token, owner, spender) =>
      allowances.get(
        `${chainId}:${token.toLowerCase()}:${owner.toLowerCase()}:${spender.toLowerCase()}`,
      ) ?? 0n,
    getDecimals: async () => 6,
  }
}

describe('simulator chain-state rules over HTTP (§7 rule 2, §8)', () => {
  let sim: TestSim
  const chain = scriptedChainState()
  const amount = 100_000_000n
  const fundSender = (): void => {
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, DOUBLE_FIX_FEE)
    chain.balances.set(`42161:${ADDR.arbUsdc}:${ADDR.maker}`, amount)
    chain.allowances.set(
      `42161:${ADDR.arbUsdc}:${ADDR.maker}:${EVM_CONTRACTS.dlnSource.toLowerCase()}`,
      amount,
    )
  }
  const estimate = { ...Q, ...TX, enableEstimate: 'true', senderAddress: ADDR.maker }
  beforeAll(async () => {
    sim = await startTestSim({ chainState: chain })
  })
  afterAll(() => sim.server.close())

  test('default: a funded and approved sender gets a tx with gasLimit', async () => {
    fundSender()
    const raw = await sim.get(CREATE_TX, estimate)
    expect(raw.status).toBe(200)
    expect((raw.json as { tx: { gasLimit?: number } }).tx.gasLimit).toBeGreaterThan(0)
  })

  test('§7 rule 2: missing allowance -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.allowances.clear()
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'allowance' } })
  })

  test('§7 rule 2: a permit replaces the allowance', async () => {
    fundSender()
    chain.allowances.clear()
    const raw = await sim.get(CREATE_TX, { ...estimate, srcChainTokenInSenderPermit: '0x01' })
    expect(raw.status).toBe(200)
  })

  test('§4.4 enableEstimate: token balance below the amount -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.balances.set(`42161:${ADDR.arbUsdc}:${ADDR.maker}`, amount - 1n)
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'balance' } })
  })

  test('§4.4 enableEstimate: native balance below the fixFee -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, DOUBLE_FIX_FEE - 1n)
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'nativeBalance' } })
  })

  test('§4.4 enableEstimate: native input needs amount plus fixFee in native balance', async () => {
    const native = { ...estimate, srcChainTokenIn: ADDR.native }
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, amount + DOUBLE_FIX_FEE - 1n)
    const short = await sim.get(CREATE_TX, native)
    expectError(short, 400, 'ESTIMATION_FAILED')
    expect(short.json).toMatchObject({ errorPayload: { check: 'nativeBalance' } })
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, amount + DOUBLE_FIX_FEE)
    chain.allowances.clear()
    // Native input needs no allowance.
    expect((await sim.get(CREATE_TX, native)).status).toBe(200)
  })

  test('§8 intermediary spender below 100 USD -> INTERMEDIARY_TOKEN_NOT_FUNDED', async () => {
    // 99.999999 USDC at 1 USD, 6 decimals: one base unit short of the limit.
    chain.balances.set(`8453:${ADDR.baseUsdc}:${ADDR.other}`, 99_999_999n)
    const raw = await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })
    expectError(raw, 400, 'INTERMEDIARY_TOKEN_NOT_FUNDED')
  })

  test('§4.4 intermediary spender without approvals -> INTERMEDIARY_TOKEN_APPROVALS_MISSING', async () => {
    chain.balances.set(`8453:${ADDR.baseUsdc}:${ADDR.other}`, 100_000_000n)
    chain.allowances.set(
      `8453:${ADDR.baseUsdc}:${ADDR.other}:${EVM_CONTRACTS.dlnDestination.toLowerCase()}`,
      100_000_000n,
    )
    const raw = await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })
    expectError(raw, 400, 'INTERMEDIARY_TOKEN_APPROVALS_MISSING')
    chain.allowances.set(
      `8453:${ADDR.baseUsdc}:${ADDR.other}:${EVM_CONTRACTS.forwarder.toLowerCase()}`,
      100_000_000n,
    )
    expect((await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })).status).toBe(200)
  })
})
