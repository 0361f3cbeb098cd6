import type { Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import type { DecodedOrderCall } from './decodeOrderCalldata.ts'

/**
 * The Order that DlnSource will store and emit for a decoded call, derived as the contract does
 * (docs/dln.md §4.2): maker = the transaction's sender (tx.origin, also behind the forwarder),
 * giveChainId = the service's chain id (the contracts use the chain's subscription id, which the
 * service's internal ids mirror: equal to block.chainid on the classic chains), giveAmount = creation amount − percent fee − affiliate amount,
 * nonce = the salt (or the maker's masterNonce for createOrder).
 * @param transferFeeBps `globalTransferFeeBps()` of the chain (4 by default on the real chains).
 */
export function deriveOrder(
  call: DecodedOrderCall,
  params: { sender: Hex; srcChainId: ChainId; transferFeeBps: bigint; masterNonce?: bigint },
): DlnOrder {
  const c = call.creation
  const nonce = call.salt ?? params.masterNonce
  if (nonce === undefined) throw new TypeError('createOrder needs the maker nonce (masterNonce)')
  const affiliateAmount =
    call.affiliateFee.length === 2 + 52 * 2 ? BigInt(`0x${call.affiliateFee.slice(42)}`) : 0n
  const percentFee = (c.giveAmount * params.transferFeeBps) / 10_000n
  return {
    makerOrderNonce: nonce,
    makerSrc: params.sender.toLowerCase() as Hex,
    giveChainId: BigInt(params.srcChainId),
    giveTokenAddress: c.giveTokenAddress.toLowerCase() as Hex,
    giveAmount: c.giveAmount - percentFee - affiliateAmount,
    takeChainId: c.takeChainId,
    takeTokenAddress: c.takeTokenAddress,
    takeAmount: c.takeAmount,
    receiverDst: c.receiverDst,
    givePatchAuthoritySrc: c.givePatchAuthoritySrc.toLowerCase() as Hex,
    orderAuthorityAddressDst: c.orderAuthorityAddressDst,
    allowedTakerDst: c.allowedTakerDst,
    allowedCancelBeneficiarySrc: c.allowedCancelBeneficiarySrc,
    externalCall: c.externalCall,
  }
}
