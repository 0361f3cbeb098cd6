import { ComputeBudgetProgram, type PublicKey } from '@solana/web3.js'
import { type Hex, size } from 'viem'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { buildSolanaCancelTx } from '../chains/solana/buildSolanaCancelTx.ts'
import {
  type DecodedSolanaCancelTx,
  decodeSolanaCancelTx,
} from '../chains/solana/decodeSolanaCancelTx.ts'
import { cancelFeeAccount } from '../chains/solana/solanaCancelLayout.ts'
import { solanaTxCallsProgram } from '../chains/solana/solanaTxCallsProgram.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkSolanaDstAuthority } from './checkSolanaDstAuthority.ts'
import { solanaPriorityFeeLamports } from './solanaPriorityFeeLamports.ts'
import { verifyDlnSolanaCancelTx } from './verifyDlnSolanaCancelTx.ts'
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
  /** Most messaging fee. Default twice Solana's flat DLN fee (`fixedFeeFallback`). */
  maxFeeLamports?: bigint
  /** Cap on unit price × unit limit. Default 10_000_000 (P-2.17). */
  maxPriorityFeeLamports?: bigint
  lookupTables?: ReadonlyMap<string, PublicKey[]>
}

/** What a verified Solana cancel will do. */
export type VerifiedSolanaCancel = {
  /** The memo-model decode; undefined for a real dln_dst cancel (docs/dln.md §4.10). */
  decoded?: DecodedSolanaCancelTx
  /** The messaging fee it pays to the cancel fee account. */
  feeLamports: bigint
  priorityFeeLamports: bigint
  /** Who the source chain refunds, 0x hex. */
  beneficiary: Hex
}

const COMPUTE_BUDGET = ComputeBudgetProgram.programId.toBase58()

/**
 * Holds the service's Solana cancel to the one ferry would build itself (docs/safety.md §7,
 * P-7.1, P-7.2; docs/dln.md §3.5): the order goes to Solana and its destination authority is our
 * key; the transaction is unsigned, paid and signed by our key alone; it carries exactly one
 * cancel memo, of this orderId, refunding our source address; the only lamports it moves are
 * one messaging fee from us to DlnDestination's cancel fee account, under the cap; the priority
 * fee is under its cap; and, compute budget aside, its instructions equal buildSolanaCancelTx's
 * with that fee, so no other instruction (a second transfer, a token instruction, an unknown
 * program) can ride along. Pure.
 * @throws VerificationError naming the first field that differs; nothing is signed then.
 */
export function verifySolanaCancelTx(p: VerifySolanaCancelTxParams): VerifiedSolanaCancel {
  const { order } = p
  if (Number(order.takeChainId) !== SOLANA_CHAIN_ID) {
    throw new VerificationError('order.takeChainId', SOLANA_CHAIN_ID, order.takeChainId)
  }
  checkSolanaDstAuthority(order, p.ourDstKey)
  if (solanaTxCallsProgram(p.txData, p.dlnDestination)) {
    // The real format: cancelOrder + sendOrderCancel. The messaging fee is deBridge's flat fee,
    // which the program takes from the canceler, plus the execution fee.
    const real = verifyDlnSolanaCancelTx(p)
    const flatFee = CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n
    return {
      feeLamports: flatFee + real.executionFeeLamports,
      priorityFeeLamports: real.priorityFeeLamports,
      beneficiary: real.beneficiary,
    }
  }
  let decoded: DecodedSolanaCancelTx
  try {
    decoded = decodeSolanaCancelTx(p.txData, p.lookupTables)
  } catch (error) {
    throw new VerificationError('tx.data', 'a Solana transaction', (error as Error).message)
  }
  const tx = decoded.tx
  if (tx.signatures.some((s) => s.some((b) => b !== 0))) {
    throw new VerificationError('tx.signatures', 'unsigned', 'pre-signed')
  }
  if (decoded.feePayer !== p.ourDstKey) {
    throw new VerificationError('tx.feePayer', p.ourDstKey, decoded.feePayer)
  }
  if (tx.message.header.numRequiredSignatures !== 1) {
    throw new VerificationError(
      'tx.signers',
      1,
      tx.message.header.numRequiredSignatures,
      'must be our key alone',
    )
  }
  if (decoded.cancels.length !== 1) {
    throw new VerificationError('tx.cancelMemo', '1 cancel memo', `${decoded.cancels.length}`)
  }
  const cancel = decoded.cancels[0]!
  if (cancel.orderId !== p.orderId.toLowerCase()) {
    throw new VerificationError('cancel.orderId', p.orderId.toLowerCase(), cancel.orderId)
  }
  const ourSrc = p.ourSrcAddress.toLowerCase() as Hex
  if (cancel.beneficiary !== ourSrc) {
    throw new VerificationError(
      'cancel.beneficiary',
      ourSrc,
      cancel.beneficiary,
      'is not our source address',
    )
  }
  if (size(order.allowedCancelBeneficiarySrc) > 0) {
    const allowed = order.allowedCancelBeneficiarySrc.toLowerCase()
    if (allowed !== ourSrc) {
      throw new VerificationError('order.allowedCancelBeneficiarySrc', ourSrc, allowed)
    }
  }
  const feeAccount = cancelFeeAccount(p.dlnDestination).toBase58()
  const [transfer, ...more] = decoded.lamportTransfers
  if (!transfer || more.length > 0 || transfer.from !== p.ourDstKey || transfer.to !== feeAccount) {
    throw new VerificationError(
      'tx.lamportTransfers',
      [{ from: p.ourDstKey, to: feeAccount }],
      decoded.lamportTransfers,
      'must be one messaging fee to the cancel fee account',
    )
  }
  const maxFee = p.maxFeeLamports ?? 2n * (CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n)
  if (transfer.lamports > maxFee) {
    throw new VerificationError('cancel.feeLamports', `<= ${maxFee}`, transfer.lamports)
  }
  const priority = solanaPriorityFeeLamports(decoded)
  const maxPriority = p.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS
  if (priority.lamports > maxPriority) {
    throw new VerificationError('computeBudget.priorityFee', `<= ${maxPriority}`, priority.lamports)
  }
  const expected = decodeSolanaCancelTx(
    buildSolanaCancelTx({
      authority: p.ourDstKey,
      orderId: cancel.orderId,
      beneficiary: ourSrc,
      feeLamports: transfer.lamports,
      dlnDestination: p.dlnDestination,
    }).data,
  )
  const shape = (d: DecodedSolanaCancelTx): string[] =>
    d.instructions
      .filter((ix) => ix.programId !== COMPUTE_BUDGET)
      .map(
        (ix) => `${ix.programId}(${ix.accounts.join(',')}):${Buffer.from(ix.data).toString('hex')}`,
      )
  const want = shape(expected)
  const got = shape(decoded)
  if (want.length !== got.length || want.some((w, i) => w !== got[i])) {
    throw new VerificationError(
      'tx.instructions',
      want,
      got,
      'differ from the cancel ferry builds itself',
    )
  }
  return {
    decoded,
    feeLamports: transfer.lamports,
    priorityFeeLamports: priority.lamports,
    beneficiary: cancel.beneficiary,
  }
}
