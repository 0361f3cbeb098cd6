import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { CHAINS, SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import { decodeSolanaOrderTx } from '../../chains/solana/decodeSolanaOrderTx.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { checkSolanaInstructions } from '../../verify/checkSolanaInstructions.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'
import { solanaPriorityFeeLamports } from '../../verify/solanaPriorityFeeLamports.ts'
import {
  checkSolanaOrderTx,
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  type SolanaOrderTxOptions,
} from '../../verify/verifySolanaOrderTx.ts'
import {
  type InspectCheck,
  type InspectReport,
  textFields,
  toInspectCheck,
} from './inspectReport.ts'

/** Inputs of {@link inspectSolanaTx}. */
export type InspectSolanaTxParams = SolanaOrderTxOptions & {
  /** 0x-hex of the serialized VersionedTransaction (create-tx `tx.data`). */
  txData: Hex
  intent?: OrderIntent
  /** The orderId the service announced; without it, the orderId check is skipped. */
  announcedOrderId?: string
}

/**
 * Decodes a Solana order transaction (the simulator's layout, see buildSolanaOrderTx) and
 * reports every field, the orderId its memo's order hashes to, and the verifier's checks: all
 * of checkSolanaOrderTx against an intent or, without one, the program allow-list, the single
 * signer and the priority-fee cap (P-1.7, P-2.17) with the fee payer as our wallet.
 * Lookup tables are not resolved offline: a transaction that uses one is refused, naming it.
 * @throws VerificationError when the bytes are not a decodable Solana transaction.
 */
export function inspectSolanaTx(p: InspectSolanaTxParams): InspectReport {
  let decoded: ReturnType<typeof decodeSolanaOrderTx>
  try {
    decoded = decodeSolanaOrderTx(p.txData)
  } catch (error) {
    throw new VerificationError(
      '--solana-tx',
      'a serialized Solana order transaction',
      `${p.txData.slice(0, 18)}…`,
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const payload = decoded.payload
  const orderId = payload ? computeOrderId(payload.order) : undefined
  const notes: string[] = []
  let checks: InspectCheck[]
  let priorityFee: bigint
  if (p.intent) {
    const result = checkSolanaOrderTx({
      ...p,
      intent: p.intent,
      announcedOrderId: p.announcedOrderId ?? orderId ?? '',
    })
    checks = result.checks.map(toInspectCheck)
    priorityFee = result.priorityFeeLamports
  } else {
    notes.push('no --intent: only the checks that need none were run (our wallet = fee payer)')
    const { scan, problems } = checkSolanaInstructions(decoded.instructions, {
      wallet: decoded.feePayer,
      orderProgramId: p.orderProgramId ?? SOLANA_PROGRAMS.dlnSource,
      // Without an intent, the transaction's own give transfer names the mint.
      giveMint: decoded.give?.kind === 'spl' ? decoded.give.mint : undefined,
    })
    const signers = decoded.tx.message.header.numRequiredSignatures
    priorityFee = solanaPriorityFeeLamports(scan).lamports
    const cap = p.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS
    checks = [
      signers === 1
        ? { field: 'tx.signers', ok: true }
        : { field: 'tx.signers', ok: false, expected: '1', actual: String(signers) },
      ...(problems.length === 0
        ? [{ field: 'instructions', ok: true }]
        : problems.map((x) => ({ ...x, ok: false }))),
      priorityFee <= cap
        ? { field: 'computeBudget.priorityFee', ok: true }
        : {
            field: 'computeBudget.priorityFee',
            ok: false,
            expected: `<= ${cap} lamports`,
            actual: `${priorityFee} lamports`,
            reason: 'exceeds the cap',
          },
    ]
    if (p.announcedOrderId !== undefined) {
      const same = p.announcedOrderId.toLowerCase() === orderId?.toLowerCase()
      checks.push(
        same
          ? { field: 'orderId', ok: true }
          : { field: 'orderId', ok: false, expected: orderId, actual: p.announcedOrderId },
      )
    }
  }
  if (p.announcedOrderId === undefined) {
    checks = checks.filter((k) => k.field !== 'orderId')
    notes.push('no announced orderId (--order-id or the intent file): not compared')
  }
  const message = decoded.tx.message
  const sections: InspectReport['sections'] = {
    tx: textFields({
      feePayer: decoded.feePayer,
      signers: message.header.numRequiredSignatures,
      recentBlockhash: message.recentBlockhash,
      addressTableLookups: message.addressTableLookups.length,
      programs: decoded.instructions.map((i) => i.programId).join(', '),
    }),
    computeBudget: textFields({
      unitLimit: decoded.computeUnitLimit ?? '(not set)',
      unitPriceMicroLamports: decoded.computeUnitPriceMicroLamports ?? '(not set)',
      priorityFeeLamports: priorityFee,
    }),
  }
  if (decoded.give) sections.give = textFields(decoded.give)
  decoded.lamportTransfers.forEach((t, i) => {
    sections[`lamportTransfer[${i}]`] = textFields(t)
  })
  if (payload) {
    sections.order = textFields(payload.order)
    sections.memo = textFields({
      makerSrcBase58: encodeBase58(Buffer.from(payload.order.makerSrc.slice(2), 'hex')),
      creationGiveAmount: payload.creationGiveAmount,
      affiliateFee: payload.affiliateFee,
      referralCode: payload.referralCode,
      metadata: payload.metadata,
    })
  } else notes.push('no order memo: no order, no orderId')
  return {
    chainId: SOLANA_CHAIN_ID,
    chainName: CHAINS[SOLANA_CHAIN_ID].name,
    entry: 'Solana order memo (dln-order:v1)',
    maker: decoded.feePayer,
    makerSource: 'feePayer',
    notes,
    sections,
    orderId,
    checks,
    ok: checks.every((k) => k.ok),
  }
}
