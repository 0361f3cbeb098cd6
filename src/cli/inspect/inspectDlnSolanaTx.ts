import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import { dlnOrderOfCreate } from '../../chains/solana/dlnOrderOfCreate.ts'
import { DLN_CREATE_ORDER_ACCOUNTS } from '../../chains/solana/dlnSrcCreateOrder.ts'
import {
  accountRefText,
  type ResolvedSolanaTx,
  resolveSolanaMessage,
  type SolanaResolveProblem,
} from '../../chains/solana/resolveSolanaMessage.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { checkDlnCreateAccounts } from '../../verify/checkDlnCreateAccounts.ts'
import { checkDlnCreateOrder } from '../../verify/checkDlnCreateOrder.ts'
import { checkDlnSolanaInstructions } from '../../verify/checkDlnSolanaInstructions.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'
import { QuoteMovedError } from '../../verify/QuoteMovedError.ts'
import { solanaPriorityFeeLamports } from '../../verify/solanaPriorityFeeLamports.ts'
import { type InspectCheck, type InspectReport, textFields } from './inspectReport.ts'

/** Inputs of {@link inspectDlnSolanaTx}. */
export type InspectDlnSolanaTxParams = {
  txData: Hex
  /** Tables read through `--rpc`; without them, keys loaded from tables stay unresolved. */
  lookupTables?: ReadonlyMap<string, readonly PublicKey[]>
  intent?: OrderIntent
  announcedOrderId?: string
  /** dln_src's percent fee, in bps (default 4). */
  transferFeeBps: bigint
  maxPriorityFeeLamports: bigint
}

/** The report, and what could not be resolved (a non-empty list is exit 2 with `--rpc`'s fix). */
export type DlnSolanaInspection = { report: InspectReport; unresolved: SolanaResolveProblem[] }

/**
 * Inspects a real Solana order or cancel transaction (dln_src / dln_dst by IDL, docs/dln.md
 * §4.10): names every instruction and every lookup table, decodes what it can without the tables
 * (program ids are static keys), and runs the program allow-list, the priority-fee cap and, with
 * an intent, every order field. Pure: the caller reads the tables.
 * @throws VerificationError when the bytes are no Solana transaction.
 */
export function inspectDlnSolanaTx(p: InspectDlnSolanaTxParams): DlnSolanaInspection {
  let resolved: ResolvedSolanaTx
  try {
    resolved = resolveSolanaMessage(p.txData, p.lookupTables)
  } catch (error) {
    throw new VerificationError(
      '--solana-tx',
      'a serialized Solana transaction',
      `${p.txData.slice(0, 18)}…`,
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const wallet = resolved.feePayer
  const { scan, problems } = checkDlnSolanaInstructions(resolved.instructions, { wallet })
  const checks: InspectCheck[] = []
  const check = (field: string, ok: boolean, expected: unknown, actual: unknown, why?: string) =>
    checks.push(
      ok
        ? { field, ok }
        : { field, ok, expected: String(expected), actual: String(actual), reason: why },
    )
  const signers = resolved.tx.message.header.numRequiredSignatures
  check('tx.signers', signers === 1, 1, signers, 'must be our key alone')
  const unresolvedAt = new Set(
    resolved.instructions.flatMap((ix, i) =>
      ix.accounts.some((a) => typeof a !== 'string') ? [`instructions[${i}]`] : [],
    ),
  )
  const hidden = (field: string): boolean => unresolvedAt.has(field.replace(/[.\s].*$/, ''))
  for (const x of problems.filter((q) => !hidden(q.field))) checks.push({ ...x, ok: false })
  for (const at of unresolvedAt) {
    check(`${at}.accounts`, false, 'resolved keys', 'keys in unread lookup tables', 'need --rpc')
  }
  if (problems.length === 0 && unresolvedAt.size === 0)
    checks.push({ field: 'instructions', ok: true })
  const priority = solanaPriorityFeeLamports(scan).lamports
  check(
    'computeBudget.priorityFee',
    priority <= p.maxPriorityFeeLamports,
    `<= ${p.maxPriorityFeeLamports} lamports`,
    `${priority} lamports`,
    'exceeds the cap',
  )
  const sections: InspectReport['sections'] = {
    tx: textFields({
      feePayer: wallet,
      signers,
      recentBlockhash: resolved.tx.message.recentBlockhash,
      instructions: scan.names.join(', '),
    }),
  }
  sections.lookupTables = Object.fromEntries(
    resolved.tables.map((t) => [
      t.table,
      `${t.size === undefined ? 'UNRESOLVED' : `${t.size} addresses`}; writable [${t.writableIndexes}] readonly [${t.readonlyIndexes}]`,
    ]),
  )
  scan.jupiter.forEach((j, i) => {
    sections[`jupiter[${i}]`] = textFields({
      ...j,
      destinationOverride: j.destinationOverride ?? '(none)',
    })
  })
  const create = scan.dln.find((d) => d.name === 'createOrder' || d.name === 'createOrderWithNonce')
  let orderId: string | undefined
  const notes: string[] = []
  if (create && (create.name === 'createOrder' || create.name === 'createOrderWithNonce')) {
    const ix = resolved.instructions[create.index]!
    sections.orderArgs = textFields({
      ...create.args.orderArgs,
      givePatchAuthoritySrc: create.args.orderArgs.givePatchAuthoritySrc.toBase58(),
      allowedCancelBeneficiarySrc:
        create.args.orderArgs.allowedCancelBeneficiarySrc?.toBase58() ?? '(none)',
      take: `${create.args.orderArgs.take.amount} of ${create.args.orderArgs.take.tokenAddress} on chain ${create.args.orderArgs.take.chainId}`,
      affiliateFee: create.args.affiliateFee
        ? `${create.args.affiliateFee.amount} to ${create.args.affiliateFee.beneficiary.toBase58()}`
        : '(none)',
      referralCode: create.args.referralCode ?? '(none)',
      nonce: create.args.nonce ?? '(nonceMaster)',
      metadata: create.args.metadata ?? '(none)',
    })
    sections.orderAccounts = Object.fromEntries(
      DLN_CREATE_ORDER_ACCOUNTS.map((n, i) => [n, accountRefText(ix.accounts[i] ?? '(missing)')]),
    )
    const { maker, tokenMint } = create.accounts
    const order =
      maker && tokenMint
        ? dlnOrderOfCreate(create.args, { maker, tokenMint }, p.transferFeeBps)
        : undefined
    orderId = order ? computeOrderId(order) : undefined
    if (maker && tokenMint) {
      checkDlnCreateAccounts(
        {
          program: ix.programId,
          accounts: create.accounts,
          takeChainId: create.args.orderArgs.take.chainId,
          orderId: orderId as Hex | undefined,
          jupiter: scan.jupiter,
        },
        check,
      )
    }
    if (!order)
      notes.push(
        'no orderId: the maker or mint is unresolved, or createOrder reads its nonce on chain',
      )
    if (p.intent) {
      const maxIn = p.intent.amountIn + (p.intent.maxPrependedOpex ?? 0n)
      for (const [i, j] of scan.jupiter.entries()) {
        const ok = j.inAmount >= p.intent.amountIn && j.inAmount <= maxIn
        check(`jupiter[${i}].inAmount`, ok, `${p.intent.amountIn}..${maxIn}`, j.inAmount)
      }
      checkDlnCreateOrder(
        create.args,
        create.accounts,
        p.intent,
        { preSwapMint: scan.jupiter.length > 0 ? tokenMint : undefined },
        {
          fail: (field, expected, actual) => check(field, false, expected, actual),
          check,
          moved: (field, expected, actual) =>
            checks.push({ ...toMoved(new QuoteMovedError(field, expected, actual)), field }),
          amountIn: undefined,
        },
      )
    }
  } else {
    // A cancel: each dln_dst instruction's arguments and named accounts, flattened to text.
    for (const d of scan.dln) {
      sections[d.name] = { ...flatText(d.args as Record<string, unknown>), ...d.accounts }
      if (d.name === 'cancelOrder') orderId = d.args.orderId
    }
  }
  if (p.announcedOrderId !== undefined && orderId !== undefined) {
    check('orderId', orderId === p.announcedOrderId.toLowerCase(), orderId, p.announcedOrderId)
  }
  if (!p.intent)
    notes.push('no --intent: only the checks that need none were run (our wallet = fee payer)')
  return {
    report: {
      chainId: SOLANA_CHAIN_ID,
      chainName: CHAINS[SOLANA_CHAIN_ID].name,
      entry:
        scan.dln
          .map((d) => (d.name.startsWith('create') ? `dln_src ${d.name}` : `dln_dst ${d.name}`))
          .join(' + ') || 'no DLN instruction',
      maker: wallet,
      makerSource: 'feePayer',
      notes,
      sections,
      orderId,
      checks,
      ok: checks.every((k) => k.ok),
    },
    unresolved: resolved.problems,
  }
}

function toMoved(e: QuoteMovedError): InspectCheck {
  return { field: '', ok: false, reason: e.shortMessage }
}

/** Nested arguments as `a.b` → text (bigints in decimal, bytes as hex, absent as `(none)`). */
function flatText(v: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(v).flatMap(([k, x]) =>
      x !== null && typeof x === 'object' && !('toBase58' in x)
        ? Object.entries(flatText(x as Record<string, unknown>, `${prefix}${k}.`))
        : [[`${prefix}${k}`, x === undefined ? '(none)' : String(x)]],
    ),
  )
}
