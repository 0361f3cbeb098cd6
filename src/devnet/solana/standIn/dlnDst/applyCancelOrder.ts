import { PublicKey } from '@solana/web3.js'
import { bytesToHex, size } from 'viem'
import { SOLANA_CHAIN_ID } from '../../../../api/schemas/chainId.ts'
import { computeOrderId } from '../../../../chains/orderId/computeOrderId.ts'
import { authorizedSrcContractAddress } from '../../../../chains/solana/buildDlnCancelTx.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  decodeDlnCancelOrderArgs,
} from '../../../../chains/solana/dlnDstCancel.ts'
import {
  encodeTakeOrderState,
  TAKE_ORDER_STATE_RENT_LAMPORTS,
  TAKE_ORDER_STATE_SPACE,
  takeOrderStatePda,
} from '../../../../chains/solana/takeOrderStateLayout.ts'
import { namedAccounts } from '../namedAccounts.ts'
import { type StandInContext, StandInError, type StandInInstruction } from '../StandInProgram.ts'
import { dlnDstError } from './dlnDstErrors.ts'
import { moveLamports } from './moveLamports.ts'

/**
 * dln_dst `cancelOrder(unvalidatedOrder, orderId)` on the devnet (docs/dln.md §4.12): the order's
 * id recomputes to `orderId`, the take chain is Solana, `canceler` signs and is the order's
 * `orderAuthorityAddressDst`, `takeOrderState` is the order's PDA and does not exist yet,
 * `authorizedSrcContract` is the give chain's PDA; then `takeOrderState` is created, owned by
 * dln_dst, its rent paid by the canceler, with status `Cancelled {canceler,
 * allowedCancelBeneficiarySrc}`.
 * @throws StandInError naming the check that failed; nothing is written then.
 */
export function applyCancelOrder(ctx: StandInContext, ix: StandInInstruction): void {
  const a = namedAccounts(ix, DLN_CANCEL_ORDER_ACCOUNTS)
  let args: ReturnType<typeof decodeDlnCancelOrderArgs>
  try {
    args = decodeDlnCancelOrderArgs(ix.data.subarray(8))
  } catch (error) {
    throw dlnDstError('InstructionDidNotDeserialize', 'instruction', (error as Error).message)
  }
  const o = args.unvalidatedOrder
  const idOfOrder = computeOrderId(
    {
      makerOrderNonce: o.makerOrderNonce,
      makerSrc: o.makerSrc,
      giveChainId: o.give.chainId,
      giveTokenAddress: o.give.tokenAddress,
      giveAmount: o.give.amount,
      takeChainId: o.take.chainId,
      takeTokenAddress: o.take.tokenAddress,
      takeAmount: o.take.amount,
      receiverDst: o.receiverDst,
      givePatchAuthoritySrc: o.givePatchAuthoritySrc,
      orderAuthorityAddressDst: o.orderAuthorityAddressDst,
      allowedTakerDst: o.allowedTakerDst ?? '0x',
      allowedCancelBeneficiarySrc: o.allowedCancelBeneficiarySrc ?? '0x',
      externalCall: o.externalCallShortcut ?? '0x',
    },
    { externalCallIsHash: o.externalCallShortcut !== undefined },
  )
  if (idOfOrder !== args.orderId.toLowerCase()) {
    throw dlnDstError(
      'WrongOrderId',
      'instruction',
      `order hashes to ${idOfOrder}, not ${args.orderId}`,
    )
  }
  if (o.take.chainId !== BigInt(SOLANA_CHAIN_ID)) {
    throw dlnDstError('WrongChainId', 'instruction', `take chain ${o.take.chainId} is not Solana`)
  }
  if (!a.canceler.isSigner) throw dlnDstError('AccountNotSigner', 'canceler', 'not a signer')
  if (
    size(o.orderAuthorityAddressDst) !== 32 ||
    bytesToHex(new PublicKey(a.canceler.pubkey).toBytes()) !==
      o.orderAuthorityAddressDst.toLowerCase()
  ) {
    throw dlnDstError('WrongSigner', 'canceler', 'is not the order authority on the destination')
  }
  const { address, bump } = takeOrderStatePda(ix.programId, args.orderId)
  if (a.takeOrderState.pubkey !== address.toBase58()) {
    throw dlnDstError('ConstraintSeeds', 'takeOrderState', `expected ${address.toBase58()}`)
  }
  const srcContract = authorizedSrcContractAddress(ix.programId, o.give.chainId).toBase58()
  if (a.authorizedSrcContract.pubkey !== srcContract) {
    throw dlnDstError('ConstraintSeeds', 'authorizedSrcContract', `expected ${srcContract}`)
  }
  const existing = ctx.get(address.toBase58())
  if (existing && existing.lamports > 0) {
    // Anchor's `init` asks the System program to create it, which refuses an account in use.
    throw new StandInError(
      `Allocate: account ${address.toBase58()} already in use (the order is filled or cancelled)`,
    )
  }
  moveLamports(
    ctx,
    a.canceler.pubkey,
    address.toBase58(),
    TAKE_ORDER_STATE_RENT_LAMPORTS,
    ix.programId,
  )
  const state = encodeTakeOrderState({
    status: 'Cancelled',
    unlockAuthority: new PublicKey(a.canceler.pubkey),
    orderId: args.orderId,
    sourceChainId: Number(o.give.chainId),
    bump,
    allowedCancelBeneficiarySrc:
      o.allowedCancelBeneficiarySrc === undefined
        ? undefined
        : Buffer.from(o.allowedCancelBeneficiarySrc.slice(2), 'hex'),
  })
  const data = new Uint8Array(TAKE_ORDER_STATE_SPACE)
  data.set(state)
  const created = ctx.get(address.toBase58())!
  ctx.set(address.toBase58(), { ...created, data, owner: new PublicKey(ix.programId) })
  ctx.log('Instruction: CancelOrder')
}
