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
import { takeOrderStateAddress } from '../chains/solana/takeOrderStateLayout.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkDlnSolanaInstructions } from './checkDlnSolanaInstructions.ts'
import { checkSolanaDstAuthority } from './checkSolanaDstAuthority.ts'
import { solanaPriorityFeeLamports } from './solanaPriorityFeeLamports.ts'
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './verifySolanaOrderTx.ts'

/** Inputs of {@link verifyDlnSolanaCancelTx}, as verifySolanaCancelTx takes them. Lamports. */
export type VerifyDlnSolanaCancelTxParams = {
  txData: Hex
  orderId: Hex
  /** The order as created on the source chain. */
  order: DlnOrder
  /** Our Solana key (base58): the order's destination authority. */
  ourDstKey: string
  /** Our source-chain address: the only beneficiary ferry accepts. */
  ourSrcAddress: string
  dlnDestination: string
  /** Most execution fee. Default twice Solana's flat DLN fee. */
  maxFeeLamports?: bigint
  maxPriorityFeeLamports?: bigint
  lookupTables?: ReadonlyMap<string, readonly PublicKey[]>
}

/** What a verified real-format cancel does. */
export type VerifiedDlnSolanaCancel = {
  executionFeeLamports: bigint
  priorityFeeLamports: bigint
  /** Who the source chain refunds, 0x hex. */
  beneficiary: Hex
}

/**
 * Holds a real dln_dst cancel (docs/dln.md §4.10) to the order and to us (P-7.1, P-7.2): our key
 * is the order's destination authority, the fee payer, the only signer, the canceler and the
 * sender of the message; the transaction carries only compute budget, one `cancelOrder` whose
 * order is exactly the journaled one (its id recomputes to `orderId`) and one `sendOrderCancel`
 * of that id refunding our source address (the order's allowed beneficiary when it has one), at
 * the take-state and authorized-source PDAs dln_dst derives; the execution fee and the priority
 * fee are under their caps. Pure; the simulated value flow decides what leaves the wallet.
 * @throws VerificationError naming the first field that differs.
 */
export function verifyDlnSolanaCancelTx(p: VerifyDlnSolanaCancelTxParams): VerifiedDlnSolanaCancel {
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
    executionFeeLamports: send.args.executionFee,
    priorityFeeLamports: priority,
    beneficiary: send.args.cancelBeneficiary,
  }
}
