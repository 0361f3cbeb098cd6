import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { PublicKey, SYSVAR_INSTRUCTIONS_PUBKEY, SystemProgram } from '@solana/web3.js'
import { type Hex, size } from 'viem'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { authorizedDstNativeSenderAddress } from '../chains/solana/authorizedDstNativeSender.ts'
import { authorizedSrcContractAddress } from '../chains/solana/buildDlnCancelTx.ts'
import type { DebridgeSendFee } from '../chains/solana/debridgeSendFeeOf.ts'
import {
  claimCancelCalldata,
  debridgeDiscountInfoAddress,
  debridgeSendingAccounts,
  debridgeSendRentLamports,
} from '../chains/solana/debridgeSendingAccounts.ts'
import { debridgeSendFeeLamports } from '../chains/solana/debridgeSettingsAccounts.ts'
import type { DecodedDlnInstruction } from '../chains/solana/decodeDlnSolanaInstruction.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  encodeDlnCancelOrder,
  toDlnSolanaOrder,
} from '../chains/solana/dlnDstCancel.ts'
import { resolveSolanaMessage } from '../chains/solana/resolveSolanaMessage.ts'
import {
  TAKE_ORDER_STATE_RENT_LAMPORTS,
  takeOrderStateAddress,
} from '../chains/solana/takeOrderStateLayout.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkDlnSolanaInstructions } from './checkDlnSolanaInstructions.ts'
import { checkSolanaDstAuthority } from './checkSolanaDstAuthority.ts'
import { solanaPriorityFeeLamports } from './solanaPriorityFeeLamports.ts'
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './verifySolanaOrderTx.ts'

/** Inputs of {@link verifySolanaCancelTx}. Lamports for fees. */
export type VerifySolanaCancelTxParams = {
  /** The service's cancel: 0x-hex of a serialized VersionedTransaction. */
  txData: Hex
  /** The journaled orderId. */
  orderId: Hex
  /** The order as created on the source chain (read from its receipt, not from memory). */
  order: DlnOrder
  /** Our Solana key (base58): must be the order's destination authority (P-7.1). */
  ourDstKey: string
  /** Our source-chain address: the only beneficiary ferry accepts (P-7.2). */
  ourSrcAddress: string
  /** The DlnDestination program (the real one, or the wiring's `takeProgramId`). */
  dlnDestination: string
  /**
   * deBridge's fee for a send to the order's give chain and its fee beneficiary, read from its
   * settings accounts under the RPC quorum (debridgeSendFeeOf; docs/dln.md §4.10).
   */
  debridgeFee: DebridgeSendFee
  /** Most execution fee, in lamports. Default twice deBridge's fixed fee. */
  maxFeeLamports?: bigint
  /** Cap on unit price × unit limit. Default 10_000_000 (P-2.17). */
  maxPriorityFeeLamports?: bigint
  lookupTables?: ReadonlyMap<string, readonly PublicKey[]>
}

/** What a verified Solana cancel will do. Lamports. */
export type VerifiedSolanaCancel = {
  /**
   * What the cancel pays deBridge: its fixed fee plus the execution fee grossed up by its transfer
   * fee (the amount the send carries).
   */
  feeLamports: bigint
  /** How much of the fixed fee a discount of dln_dst's sender may waive: all of it, or 0. */
  feeWaivableLamports: bigint
  /**
   * The most rent it pays (docs/dln.md §4.10): the take state `cancelOrder` creates and deBridge's
   * external-call storage and meta, which the send creates with what `prepareSend` took from us.
   */
  rentLamports: bigint
  priorityFeeLamports: bigint
  /** Who the source chain refunds, 0x hex. */
  beneficiary: Hex
}

/**
 * Holds the service's cancel of an order into Solana to the real dln_dst cancel (docs/safety.md
 * §7; docs/dln.md §3.5, §4.10) and to us (P-7.1, P-7.2): our key
 * is the order's destination authority, the fee payer, the only signer, the canceler and the
 * payer of `prepareSend`; the transaction carries only compute budget, one `cancelOrder` whose
 * order is exactly the journaled one (its id recomputes to `orderId`), one `prepareSend` and one
 * `sendOrderCancel` of that id refunding our source address (the order's allowed beneficiary when
 * it has one), every account at the address dln_dst and deBridge derive, the message sent from
 * dln_dst's shared sender; the execution fee and the priority fee are under their caps. Returns
 * what may leave our wallet, for the simulation to hold it to: deBridge's fee as its accounts say
 * (`debridgeFee`), and the documented rent of the accounts the cancel creates. Pure.
 * @throws VerificationError naming the first field that differs; nothing is signed then.
 */
export function verifySolanaCancelTx(p: VerifySolanaCancelTxParams): VerifiedSolanaCancel {
  const { order } = p
  if (Number(order.takeChainId) !== SOLANA_CHAIN_ID) {
    throw new VerificationError('order.takeChainId', SOLANA_CHAIN_ID, order.takeChainId)
  }
  checkSolanaDstAuthority(order, p.ourDstKey)
  let resolved: ReturnType<typeof resolveSolanaMessage>
  try {
    resolved = resolveSolanaMessage(p.txData, p.lookupTables)
  } catch (error) {
    throw new VerificationError('tx.data', 'a Solana transaction', (error as Error).message)
  }
  const [unresolved] = resolved.problems
  if (unresolved) throw new VerificationError(unresolved.subject, 'resolved', unresolved.detail)
  const { tx } = resolved
  if (tx.signatures.some((s) => s.some((b) => b !== 0))) {
    throw new VerificationError('tx.signatures', 'unsigned', 'pre-signed')
  }
  if (resolved.feePayer !== p.ourDstKey) {
    throw new VerificationError('tx.feePayer', p.ourDstKey, resolved.feePayer)
  }
  if (tx.message.header.numRequiredSignatures !== 1) {
    throw new VerificationError('tx.signers', 1, tx.message.header.numRequiredSignatures)
  }
  const programs = { dlnSource: '', dlnDestination: p.dlnDestination }
  const { scan, problems } = checkDlnSolanaInstructions(resolved.instructions, {
    wallet: p.ourDstKey,
    programs,
  })
  const [problem] = problems
  if (problem)
    throw new VerificationError(problem.field, problem.expected, problem.actual, problem.reason)
  const names = scan.names.filter((n) => !n.startsWith('ComputeBudget.'))
  // prepareSend funds dln_dst's sender for the send right after it (docs/dln.md §4.10).
  if (names.join() !== 'dln_dst.cancelOrder,dln_dst.prepareSend,dln_dst.sendOrderCancel') {
    throw new VerificationError(
      'tx.instructions',
      'cancelOrder, prepareSend, sendOrderCancel',
      names.join(', '),
    )
  }
  type At<N> = Extract<DecodedDlnInstruction, { name: N }> & { index: number }
  const [cancel, prepare, send] = scan.dln as unknown as [
    At<'cancelOrder'>,
    At<'prepareSend'>,
    At<'sendOrderCancel'>,
  ]
  // dln_dst reads the instruction right after prepareSend; anything between fails on chain.
  if (send.index !== prepare.index + 1) {
    throw new VerificationError(
      'tx.instructions',
      'prepareSend right before sendOrderCancel',
      `instructions[${prepare.index}], then instructions[${send.index}]`,
    )
  }
  const counts = [
    [cancel, DLN_CANCEL_ORDER_ACCOUNTS.length],
    [prepare, DLN_PREPARE_SEND_ACCOUNTS.length],
    [send, DLN_SEND_ORDER_CANCEL_ACCOUNTS.length],
  ] as const
  for (const [ix, named] of counts) {
    const given = resolved.instructions[ix.index]!.accounts.length
    if (given !== named) throw new VerificationError(`${ix.name}.accounts`, named, given)
  }
  const orderId = p.orderId.toLowerCase() as Hex
  const idOfOrder = computeOrderId(order)
  if (idOfOrder !== orderId)
    throw new VerificationError('orderId', idOfOrder, orderId, 'is not the order’s id')
  const same = (field: string, want: unknown, got: unknown, why?: string): void => {
    if (String(want).toLowerCase() !== String(got).toLowerCase()) {
      throw new VerificationError(field, want, got, why)
    }
  }
  const want = encodeDlnCancelOrder({ unvalidatedOrder: toDlnSolanaOrder(order), orderId })
  const got = encodeDlnCancelOrder(cancel.args)
  same(
    'cancelOrder.unvalidatedOrder',
    want.toString('hex'),
    got.toString('hex'),
    'is not the journaled order',
  )
  same('sendOrderCancel.orderId', orderId, send.args.orderId)
  const ourSrc = p.ourSrcAddress.toLowerCase()
  same(
    'sendOrderCancel.cancelBeneficiary',
    ourSrc,
    send.args.cancelBeneficiary,
    'is not our source address',
  )
  if (size(order.allowedCancelBeneficiarySrc) > 0) {
    same('order.allowedCancelBeneficiarySrc', ourSrc, order.allowedCancelBeneficiarySrc)
  }
  const takeState = takeOrderStateAddress(p.dlnDestination, orderId).toBase58()
  const srcContract = authorizedSrcContractAddress(p.dlnDestination, order.giveChainId).toBase58()
  for (const ix of [cancel, send]) {
    same(`${ix.name}.takeOrderState`, takeState, ix.accounts.takeOrderState)
    same(`${ix.name}.authorizedSrcContract`, srcContract, ix.accounts.authorizedSrcContract)
    same(`${ix.name}.canceler`, p.ourDstKey, ix.accounts.canceler, 'is not our key')
  }
  same('cancelOrder.systemProgram', SystemProgram.programId, cancel.accounts.systemProgram)
  const sender = authorizedDstNativeSenderAddress(p.dlnDestination).toBase58()
  same(
    'sendOrderCancel.sending.sendFrom',
    sender,
    send.accounts['sending.sendFrom'],
    'is not dln_dst’s shared sender',
  )
  // The rest of deBridge's sending group is derived as its SDK derives it, for this message: the
  // bridge, the staking wallet and the gate program decide where the fee goes and whether the
  // refund message is sent at all. `feeBeneficiary` is the one deBridge's state names, as read.
  const call = claimCancelCalldata(orderId, send.args.cancelBeneficiary)
  const sending = debridgeSendingAccounts({
    sendFrom: sender,
    chainIdTo: order.giveChainId,
    externalCall: call,
    feeBeneficiary: p.debridgeFee.feeBeneficiary,
  })
  // deBridge's SDK names the sender's discount account when it has one (docs/dln.md §4.10).
  const discounted = send.accounts['sending.discount'] === debridgeDiscountInfoAddress(sender)
  for (const [name, key] of Object.entries(sending)) {
    if (name === 'discount' && discounted) continue
    same(`sendOrderCancel.sending.${name}`, key, send.accounts[`sending.${name}`])
  }
  // Every account of prepareSend is derivable: we pay (its payer wallet is our own wSOL account)
  // into the same sender the send spends from.
  const prepareWant: Record<string, string> = {
    takeOrderState: takeState,
    sendFrom: sender,
    sendFromWallet: sending.sendFromWallet!,
    payer: p.ourDstKey,
    payerWallet: getAssociatedTokenAddressSync(
      NATIVE_MINT,
      new PublicKey(p.ourDstKey),
      true,
    ).toBase58(),
    chainSupportInfo: sending.chainSupportInfo!,
    debridgeState: sending.state!,
    systemProgram: sending.systemProgram!,
    splTokenProgram: sending.splTokenProgram!,
    instructions: SYSVAR_INSTRUCTIONS_PUBKEY.toBase58(),
  }
  for (const [name, key] of Object.entries(prepareWant)) {
    same(`prepareSend.${name}`, key, prepare.accounts[name])
  }
  const { fixedFeeLamports } = p.debridgeFee
  const maxFee = p.maxFeeLamports ?? 2n * fixedFeeLamports
  if (send.args.executionFee > maxFee) {
    throw new VerificationError(
      'sendOrderCancel.executionFee',
      `<= ${maxFee}`,
      send.args.executionFee,
    )
  }
  const priority = solanaPriorityFeeLamports(scan).lamports
  const maxPriority = p.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS
  if (priority > maxPriority) {
    throw new VerificationError('computeBudget.priorityFee', `<= ${maxPriority}`, priority)
  }
  return {
    feeLamports: debridgeSendFeeLamports(p.debridgeFee, send.args.executionFee),
    feeWaivableLamports: discounted ? fixedFeeLamports : 0n,
    rentLamports: TAKE_ORDER_STATE_RENT_LAMPORTS + debridgeSendRentLamports(size(call)),
    priorityFeeLamports: priority,
    beneficiary: send.args.cancelBeneficiary,
  }
}
