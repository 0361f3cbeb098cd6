import type { PublicKey } from '@solana/web3.js'
import { type Hex, size } from 'viem'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { authorizedSrcContractAddress } from '../chains/solana/buildDlnCancelTx.ts'
import {
  claimCancelCalldata,
  debridgeSendingAccounts,
} from '../chains/solana/debridgeSendingAccounts.ts'
import type { DecodedDlnInstruction } from '../chains/solana/decodeDlnSolanaInstruction.ts'
import { encodeDlnCancelOrder, toDlnSolanaOrder } from '../chains/solana/dlnDstCancel.ts'
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
  /** Most execution fee. Default twice Solana's flat DLN fee (`fixedFeeFallback`). */
  maxFeeLamports?: bigint
  /** Cap on unit price × unit limit. Default 10_000_000 (P-2.17). */
  maxPriorityFeeLamports?: bigint
  lookupTables?: ReadonlyMap<string, readonly PublicKey[]>
}

/** What a verified Solana cancel will do. Lamports. */
export type VerifiedSolanaCancel = {
  /** What the cancel pays deBridge: its flat fee plus the execution fee. */
  feeLamports: bigint
  /** The most rent it pays: the take state `cancelOrder` creates (docs/dln.md §4.10). */
  rentLamports: bigint
  priorityFeeLamports: bigint
  /** Who the source chain refunds, 0x hex. */
  beneficiary: Hex
}

/**
 * Holds the service's cancel of an order into Solana to the real dln_dst cancel (docs/safety.md
 * §7; docs/dln.md §3.5, §4.10) and to us (P-7.1, P-7.2): our key
 * is the order's destination authority, the fee payer, the only signer, the canceler and the
 * sender of the message; the transaction carries only compute budget, one `cancelOrder` whose
 * order is exactly the journaled one (its id recomputes to `orderId`) and one `sendOrderCancel`
 * of that id refunding our source address (the order's allowed beneficiary when it has one), at
 * the take-state and authorized-source PDAs dln_dst derives; the execution fee and the priority
 * fee are under their caps. Returns what may leave our wallet, for the simulation to hold it to:
 * deBridge's flat fee plus the execution fee, and the take state's documented rent. Pure.
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
  if (names.join() !== 'dln_dst.cancelOrder,dln_dst.sendOrderCancel') {
    throw new VerificationError('tx.instructions', 'cancelOrder, sendOrderCancel', names.join(', '))
  }
  const [cancel, send] = scan.dln as unknown as [
    Extract<DecodedDlnInstruction, { name: 'cancelOrder' }>,
    Extract<DecodedDlnInstruction, { name: 'sendOrderCancel' }>,
  ]
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
  same(
    'sendOrderCancel.sending.sendFrom',
    p.ourDstKey,
    send.accounts['sending.sendFrom'],
    'is not our key',
  )
  // The rest of deBridge's sending group is derived as its SDK derives it, for this message: the
  // bridge, the staking wallet and the gate program decide where the fee goes and whether the
  // refund message is sent at all. `feeBeneficiary` is deBridge's state's, which the gate itself
  // holds it to on chain (docs/dln.md §4.10); it is the one account ferry takes as given.
  const sending = debridgeSendingAccounts({
    sendFrom: p.ourDstKey,
    chainIdTo: order.giveChainId,
    externalCall: claimCancelCalldata(orderId, send.args.cancelBeneficiary),
    feeBeneficiary: send.accounts['sending.feeBeneficiary'] ?? '',
  })
  for (const [name, key] of Object.entries(sending)) {
    same(`sendOrderCancel.sending.${name}`, key, send.accounts[`sending.${name}`])
  }
  const maxFee = p.maxFeeLamports ?? 2n * (CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n)
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
    feeLamports: (CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n) + send.args.executionFee,
    rentLamports: TAKE_ORDER_STATE_RENT_LAMPORTS,
    priorityFeeLamports: priority,
    beneficiary: send.args.cancelBeneficiary,
  }
}
