import { type Address, encodeFunctionData, type Hex } from 'viem'
import type { ChainId } from '../../../src/api/schemas/chainId.ts'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import type { Devnet } from '../../../src/devnet/startDevnet.ts'
import { decodeOrderCalldata } from '../../../src/verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../../src/verify/deriveOrder.ts'
import { chainsOf, testApi } from './executorHarness.ts'

/** The service's create-tx answer, as the tamper proxy lets a test rewrite it. */
export type Answer = {
  tx: { to: string; data: Hex; value: string; gasLimit?: number }
  orderId: string
}

/**
 * An attack world's order: `amount` of the wallet's USDC on Arbitrum to USDC on Base. The wallet
 * is ferry's key or, in a Safe account, the Safe.
 */
export type AttackOrder = { devnet: Devnet; wallet: Address; usdc: Address; amount: bigint }

/** The simulator's honest answer for an {@link AttackOrder}: the wallet is sender and every authority. */
export async function honestOrderAnswer(o: AttackOrder): Promise<Answer> {
  const [arb, base] = chainsOf(o.devnet)
  const { quote } = await testApi(o.devnet.sim.baseUrl).createOrderTx({
    srcChainId: arb.chainId as ChainId,
    srcChainTokenIn: o.usdc,
    srcChainTokenInAmount: o.amount,
    dstChainId: base.chainId as ChainId,
    dstChainTokenOut: base.contracts.tokens.USDC.address,
    dstChainTokenOutRecipient: o.wallet,
    senderAddress: o.wallet,
    srcChainOrderAuthorityAddress: o.wallet,
    dstChainOrderAuthorityAddress: o.wallet,
    srcAllowedCancelBeneficiary: o.wallet,
  })
  return structuredClone(quote) as unknown as Answer
}

/**
 * Rewrites an honest direct order into the forwarder's strictlySwapAndCall with the attacker's
 * pre-swap (`router`, `swapCalldata`), keeping every field check satisfied: input token and
 * amount, refund recipient (the wallet), receiver (DlnSource), give token == swap output !=
 * input, giveAmount == expectedAmountOut > 0, and a matching orderId.
 */
export function wrapOrderInForwarder(
  o: Pick<AttackOrder, 'wallet' | 'usdc'> & { arb: DevnetEvmChain; transferFeeBps: bigint },
  swap: { router: Address; swapCalldata: Hex; tokenOut: Address; expectedAmountOut: bigint },
): (a: Answer) => void {
  return (a) => {
    const honest = decodeOrderCalldata(a.tx.data)
    if (honest.swap) throw new Error('expected a direct order to wrap')
    const creation = {
      ...honest.creation,
      giveTokenAddress: swap.tokenOut,
      giveAmount: swap.expectedAmountOut,
    }
    const inner = encodeFunctionData({
      abi: dlnSourceAbi,
      functionName: 'createSaltedOrder',
      args: [
        creation,
        honest.salt!,
        honest.affiliateFee,
        honest.referralCode,
        '0x',
        honest.metadata,
      ],
    })
    a.tx.to = EVM_CONTRACTS.forwarder
    a.tx.data = encodeFunctionData({
      abi: crosschainForwarderAbi,
      functionName: 'strictlySwapAndCall',
      args: [
        o.usdc,
        honest.creation.giveAmount,
        '0x',
        swap.router,
        swap.swapCalldata,
        swap.tokenOut,
        swap.expectedAmountOut,
        o.wallet,
        EVM_CONTRACTS.dlnSource as Address,
        inner,
      ],
    })
    if (a.tx.gasLimit !== undefined) a.tx.gasLimit = 1_500_000
    a.orderId = computeOrderId(
      deriveOrder(decodeOrderCalldata(a.tx.data), {
        sender: o.wallet.toLowerCase() as Hex,
        srcChainId: o.arb.chainId as ChainId,
        transferFeeBps: o.transferFeeBps,
      }),
    )
  }
}
