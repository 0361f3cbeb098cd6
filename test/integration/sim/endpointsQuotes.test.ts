import { describe, expect, test } from 'vitest'
import type { CreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import type { SwapTxParams } from '../../../src/api/requests/buildSwapTxQuery.ts'
import { BASE, SIMULATORS, sim, useEndpointsSim } from './endpointsWorld.ts'
import { ADDR, toQueryStrings } from './startTestSim.ts'

const TX_ADDRESSES = {
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
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

describe.each(SIMULATORS)('simulator endpoints with $name, parsed by the client', ({ start }) => {
  useEndpointsSim(start)

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
})
