import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import type { SwapTxParams } from '../../../src/api/requests/buildSwapTxQuery.ts'
import { externalCallProcessSchema } from '../../../src/api/schemas/externalCallProcess.ts'
import {
  referralLeaderboardSchema,
  walletLeaderboardSchema,
} from '../../../src/api/schemas/leaderboard.ts'
import type { SimListenOptions } from '../../../src/sim/server/createSimServer.ts'
import { startSim } from '../../../src/sim/startSim.ts'
import { ADDR, bindTestSim, startTestSim, type TestSim, toQueryStrings } from './startTestSim.ts'

const ORDER_ID = `0x${'ab'.repeat(32)}`
const TX_ADDRESSES = {
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
}
const BASE: CreateTxParams = {
  srcChainId: 42161,
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: ADDR.baseUsdc,
  dstChainTokenOutAmount: 'auto',
}

/** create-tx option combinations; `tx` says whether a transaction must come back (rule 1). */
const CREATE_TX_CASES: { name: string; params: CreateTxParams; tx: boolean }[] = [
  { name: 'quote only, market order', params: BASE, tx: false },
  {
    name: 'quote only, one authority missing',
    params: {
      ...BASE,
      dstChainTokenOutRecipient: ADDR.maker,
      srcChainOrderAuthorityAddress: ADDR.maker,
    },
    tx: false,
  },
  { name: 'ERC-20 input with tx', params: { ...BASE, ...TX_ADDRESSES }, tx: true },
  {
    name: 'native input, prepend opex, ptp, limit order',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      srcChainTokenIn: ADDR.native,
      srcChainTokenInAmount: 10n ** 18n,
      dstChainTokenOutAmount: 990_000_000n,
      prependOperatingExpenses: true,
      ptp: true,
    },
    tx: true,
  },
  {
    name: 'affiliate fee, referral, taker reward, metadata, aggressive priority',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      affiliateFeePercent: 0.1,
      affiliateFeeRecipient: ADDR.other,
      referralCode: 31805,
      additionalTakerRewardBps: 5,
      metadata: 'ferry-test',
      srcChainPriorityLevel: 'aggressive',
      allowedTaker: ADDR.other,
      srcAllowedCancelBeneficiary: ADDR.maker,
    },
    tx: true,
  },
  {
    name: 'netHook evm_transaction_call',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      netHook: {
        type: 'evm_transaction_call',
        data: { to: ADDR.other, calldata: '0xdeadbeef', gas: 100_000 },
      },
    },
    tx: true,
  },
  {
    name: 'netHook evm_hook_data_v1',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      netHook: {
        type: 'evm_hook_data_v1',
        data: {
          fallbackAddress: ADDR.maker,
          target: ADDR.other,
          reward: '0',
          isNonAtomic: false,
          isSuccessRequired: true,
          targetPayload: '0x1234',
        },
      },
    },
    tx: true,
  },
  {
    name: 'deprecated externalCall evm_1 and otc',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      externalCall: { version: 'evm_1', fields: { to: ADDR.other, data: '0x12', gas: 50_000 } },
      otc: true,
    },
    tx: true,
  },
  {
    name: 'Solana destination with a Solana hook',
    params: {
      ...BASE,
      dstChainId: 7565164,
      dstChainTokenOut: ADDR.solUsdc,
      dstChainTokenOutRecipient: ADDR.solWallet,
      dstChainOrderAuthorityAddress: ADDR.solWallet,
      srcChainOrderAuthorityAddress: ADDR.maker,
      skipSolanaRecipientValidation: true,
      netHook: { type: 'solana_serialized_instructions', data: { instructions: '0x0102' } },
    },
    tx: true,
  },
  {
    name: 'enableEstimate with senderAddress and a permit',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      enableEstimate: true,
      senderAddress: ADDR.maker,
      srcChainTokenInSenderPermit: '0xabcd',
    },
    tx: true,
  },
  {
    name: 'default intermediary token (canonical USDC)',
    params: {
      ...BASE,
      srcChainTokenIn: ADDR.arbWeth,
      srcChainTokenInAmount: 10n ** 17n,
      srcIntermediaryTokenAddress: ADDR.arbUsdc,
    },
    tx: false,
  },
  {
    name: 'custom intermediary token fully configured',
    params: {
      ...BASE,
      ...TX_ADDRESSES,
      srcIntermediaryTokenAddress: ADDR.arbWeth,
      dstIntermediaryTokenAddress: ADDR.baseUsdc,
      dstIntermediaryTokenSpenderAddress: ADDR.other,
      intermediaryTokenUSDPrice: 3000.5,
    },
    tx: true,
  },
]

const SWAP_BASE: SwapTxParams = {
  chainId: 42161,
  tokenIn: ADDR.arbUsdc,
  tokenInAmount: 5_000_000n,
  tokenOut: ADDR.arbWeth,
  tokenOutRecipient: ADDR.maker,
}

const SWAP_CASES: { name: string; params: SwapTxParams }[] = [
  { name: 'defaults (slippage auto)', params: SWAP_BASE },
  { name: 'explicit slippage auto', params: { ...SWAP_BASE, slippage: 'auto' } },
  { name: 'numeric slippage', params: { ...SWAP_BASE, slippage: 0.5 } },
  {
    name: 'affiliate, referral, sender, aggressive',
    params: {
      ...SWAP_BASE,
      affiliateFeePercent: 1,
      affiliateFeeRecipient: ADDR.other,
      referralCode: 4850,
      senderAddress: ADDR.maker,
      srcChainPriorityLevel: 'aggressive',
    },
  },
  {
    name: 'Solana swap',
    params: {
      chainId: 7565164,
      tokenIn: ADDR.solUsdc,
      tokenInAmount: 1_000_000n,
      tokenOut: '11111111111111111111111111111111',
      tokenOutRecipient: ADDR.solWallet,
    },
  },
]

/** The same table runs against the HTTP layer with quote doubles and against the real builders. */
const SIMULATORS: { name: string; start: (listen: SimListenOptions) => Promise<TestSim> }[] = [
  { name: 'quote doubles', start: (listen) => startTestSim({}, listen) },
  {
    name: 'real builders (startSim)',
    start: async (listen) => bindTestSim(await startSim(listen)),
  },
]

describe.each(SIMULATORS)('simulator endpoints with $name, parsed by the client', ({ start }) => {
  let sim: TestSim
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

  test('default: base and stats on two ports', () => {
    expect(sim.server.baseUrl).not.toBe(sim.server.statsUrl)
    expect(sim.server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test.each(CREATE_TX_CASES)('create-tx: $name', async ({ params, tx }) => {
    const result = await sim.client.createOrderTx(params)
    expect(result.kind).toBe(tx ? 'tx' : 'quote')
    if (result.kind === 'tx') {
      expect(result.quote.tx.data).toMatch(/^0x/)
      expect(result.quote.orderId).toMatch(/^0x[0-9a-f]{64}$/)
    }
    const raw = await sim.get('/v1.0/net/order/create-tx', toQueryStrings(params))
    expect(raw.status).toBe(200)
    expect((raw.json as { tx?: unknown }).tx !== undefined).toBe(tx)
  })

  test.each(SWAP_CASES)('chain/transaction: $name', async ({ params }) => {
    const quote = await sim.client.getSwapTransaction(params)
    expect(quote.comparedAggregators.length).toBeGreaterThanOrEqual(4)
    expect(BigInt(quote.tokenOut.minAmount)).toBeLessThanOrEqual(BigInt(quote.tokenOut.amount))
  })

  test('externalCallProcess: a recorded order', async () => {
    const process = await sim.client.getExternalCallProcess(ORDER_ID)
    expect(externalCallProcessSchema.parse(process).totalInstructionsCount).toBe(2)
    expect(process.steps).toHaveLength(1)
  })

  test.each([
    { name: 'page', body: { skip: 0, take: 10 } },
    { name: 'page with hex search', body: { skip: 5, take: 3, walletAddress: ADDR.maker } },
    { name: 'page with null search', body: { skip: 0, take: 1, walletAddress: null } },
  ])('usersLeaderboard: $name', async ({ body }) => {
    const board = await sim.client.getWalletLeaderboard(body)
    expect(walletLeaderboardSchema.parse(board).users).toHaveLength(body.take)
  })

  test.each([
    { name: 'page', body: { skip: 0, take: 10 } },
    { name: 'page with search', body: { skip: 0, take: 100, referralCode: 31805 } },
  ])('referralProgramLeaderboard: $name', async ({ body }) => {
    const board = await sim.client.getReferralLeaderboard(body)
    expect(referralLeaderboardSchema.parse(board).users?.length).toBeGreaterThan(0)
  })

  test('behavior: leaderboards accept application/json as well', async () => {
    const raw = await sim.post(
      '/api/Users/usersLeaderboard',
      { skip: 0, take: 2 },
      'application/json',
    )
    expect(raw.status).toBe(200)
    expect(walletLeaderboardSchema.parse(raw.json).users).toHaveLength(2)
  })

  test('behavior: another media type is refused with 415', async () => {
    const raw = await sim.post('/api/Users/usersLeaderboard', { skip: 0, take: 2 }, 'text/plain')
    expect(raw.status).toBe(415)
  })

  test('behavior: the access token parameter is accepted and ignored', async () => {
    const raw = await sim.get('/v1.0/net/order/create-tx', {
      ...toQueryStrings(BASE),
      accesstoken: 'secret',
    })
    expect(raw.status).toBe(200)
  })

  test('behavior: /health answers on both ports', async () => {
    for (const base of [sim.server.baseUrl, sim.server.statsUrl]) {
      const response = await fetch(`${base}/health`)
      expect(await response.json()).toEqual({ status: 'ok' })
    }
  })

  test('behavior: each port serves only its own paths', async () => {
    const stats = await fetch(`${sim.server.statsUrl}/v1.0/net/order/create-tx`)
    expect(stats.status).toBe(404)
    await stats.body?.cancel()
    const base = await fetch(`${sim.server.baseUrl}/api/Orders/${ORDER_ID}/externalCallProcess`)
    expect(base.status).toBe(404)
    await base.body?.cancel()
  })
})

describe('simulator on one port', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
  })
  afterAll(() => sim.server.close())

  test('default: base and stats share the port', async () => {
    expect(sim.server.statsUrl).toBe(sim.server.baseUrl)
    const board = await sim.client.getWalletLeaderboard({ skip: 0, take: 1 })
    expect(board.totalCount).toBeGreaterThan(0)
    const quote = await sim.client.createOrderTx(BASE)
    expect(quote.kind).toBe('quote')
  })
})
