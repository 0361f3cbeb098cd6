/** Shared fixtures of the value-flow judge tests: an honest 1000 USDC order and its plan. */
import type { Address, Hex } from 'viem'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import type { EvmValueFlow } from '../../../src/verify/evmValueFlow.ts'
import {
  EVM_NATIVE,
  type EvmValueFlowExpectation,
} from '../../../src/verify/evmValueFlowExpectation.ts'
import { judgeEvmValueFlow } from '../../../src/verify/judgeEvmValueFlow.ts'
import { fixedPriceSource } from '../../../src/verify/prices/fixedPriceSource.ts'

export const wallet = '0x1111111111111111111111111111111111111111' as Address
export const dlnSource = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66' as Address
export const forwarder = '0x663DC15D3C1aC63ff12E45Ab68FeA3F0a883C251' as Address
export const attacker = '0x000000000000000000000000000000000000a77a' as Address
export const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
export const weth = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1' as Address
export const junk = '0x00000000000000000000000000000000000000aa' as Address
export const FEE = 1_000_000_000_000_000n // 0.001 ETH
export const IN = 1_000_000_000n // 1000 USDC
export const GIVE = 999_600_000n // after the 4 bps transfer fee

export const E18 = 10n ** 18n
export const prices = await fixedPriceSource([
  { chainId: 42161, token: usdc, price: { usdE18: E18, decimals: 6, source: 'peg 1' } },
  { chainId: 42161, token: weth, price: { usdE18: 3000n * E18, decimals: 18, source: 'peg' } },
  { chainId: 42161, token: EVM_NATIVE, price: { usdE18: 3000n * E18, decimals: 18, source: 'p' } },
]).snapshot([])

export const order: DlnOrder = {
  makerOrderNonce: 7n,
  makerSrc: wallet.toLowerCase() as Hex,
  giveChainId: 42161n,
  giveTokenAddress: usdc,
  giveAmount: GIVE,
  takeChainId: 8453n,
  takeTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  takeAmount: 990_000_000n,
  receiverDst: wallet.toLowerCase() as Hex,
  givePatchAuthoritySrc: wallet.toLowerCase() as Hex,
  orderAuthorityAddressDst: wallet.toLowerCase() as Hex,
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: wallet.toLowerCase() as Hex,
  externalCall: '0x',
}
export const orderId = computeOrderId(order)

export const ok = { status: 'success' as const, gasUsed: 100_000n, returnData: '0x' as Hex }

/** The honest direct order: 1000 USDC and the fee leave, one CreatedOrder giving 999.6 USDC. */
export function honestOrder(): EvmValueFlow {
  return {
    method: 'eth_simulateV1',
    calls: [ok],
    transfers: [{ callIndex: 0, token: usdc, from: wallet, to: dlnSource, amount: IN }],
    approvals: [],
    native: [{ callIndex: 0, from: wallet, to: dlnSource, amountWei: FEE }],
    createdOrders: [{ callIndex: 0, orderId, order }],
  }
}

export function orderPlan(over: Partial<EvmValueFlowExpectation> = {}): EvmValueFlowExpectation {
  return {
    wallet,
    chainId: 42161,
    kind: 'order',
    outflow: { token: usdc, amount: IN },
    nativeFeeWei: FEE,
    order: { dlnSource, orderId, order },
    maxCostBps: 100,
    prices,
    labels: { [usdc]: 'USDC', [weth]: 'WETH' },
    ...over,
  }
}

export const rules = (flow: EvmValueFlow, plan: EvmValueFlowExpectation) =>
  judgeEvmValueFlow(flow, plan).map((v) => v.rule)
