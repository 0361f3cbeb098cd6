import { PublicKey } from '@solana/web3.js'
import { bytesToHex, type Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import type { DlnCreateOrder } from './dlnSrcCreateOrder.ts'

const keyHex = (k: PublicKey | string): Hex => bytesToHex(new PublicKey(k).toBytes())

/**
 * The order a dln_src create instruction makes (docs/dln.md §4.10): the maker and give mint are
 * its `maker` and `tokenMint` accounts, the give chain Solana, the give amount
 * giveOriginalAmount less the percent fee (`percentFeeBps` of it) and the affiliate amount, and
 * the makerOrderNonce its `nonce` argument. Undefined for `createOrder`, whose nonce lives in
 * the maker's nonceMaster account.
 */
export function dlnOrderOfCreate(
  create: DlnCreateOrder,
  accounts: { maker: string; tokenMint: string },
  percentFeeBps: bigint,
): DlnOrder | undefined {
  if (create.nonce === undefined) return undefined
  const a = create.orderArgs
  const give = a.giveOriginalAmount
  return {
    makerOrderNonce: create.nonce,
    makerSrc: keyHex(accounts.maker),
    giveChainId: BigInt(SOLANA_CHAIN_ID),
    giveTokenAddress: keyHex(accounts.tokenMint),
    giveAmount: give - (give * percentFeeBps) / 10_000n - (create.affiliateFee?.amount ?? 0n),
    takeChainId: a.take.chainId,
    takeTokenAddress: a.take.tokenAddress,
    takeAmount: a.take.amount,
    receiverDst: a.receiverDst,
    givePatchAuthoritySrc: keyHex(a.givePatchAuthoritySrc),
    orderAuthorityAddressDst: a.orderAuthorityAddressDst,
    allowedTakerDst: a.allowedTakerDst ?? '0x',
    allowedCancelBeneficiarySrc: a.allowedCancelBeneficiarySrc
      ? keyHex(a.allowedCancelBeneficiarySrc)
      : '0x',
    externalCall: a.externalCall ?? '0x',
  }
}
