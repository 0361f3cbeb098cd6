import { NATIVE_MINT } from '@solana/spl-token'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import type { NamedAccounts } from '../chains/solana/decodeDlnSolanaInstruction.ts'
import type { DlnCreateOrder } from '../chains/solana/dlnSrcCreateOrder.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import type { OrderIntent } from './orderIntent.ts'

/** How a check records its verdicts (see checkDlnSolanaOrderTx). */
export type SolanaCheckRecorders = {
  fail: (field: string, expected: unknown, actual: unknown, reason?: string) => void
  check: (field: string, ok: boolean, expected: unknown, actual: unknown, why?: string) => void
  /** Records a take below ferry's minimum: the market moved (economics, not integrity). */
  moved: (field: string, expected: string, actual: bigint) => void
  amountIn: bigint | undefined
}

/**
 * Holds a dln_src `createOrder(WithNonce)` against the intent field by field (P-7.x; docs/dln.md
 * §4.10): the maker is our wallet and signs; the give mint is the intent's input (wSOL for native
 * SOL) unless a pre-swap feeds it (`preSwapMint`); the take chain (internal id), token, least
 * amount and receiver; both authorities; the cancel beneficiary ours or unset; the allowedTaker
 * policy; the hook only if asked for; the affiliate fee only as configured; the referral code;
 * and, with createOrderWithNonce, the nonce ferry planned when it planned one. The give amount
 * itself is held against the give movement by the caller and by the simulated value flow.
 */
export function checkDlnCreateOrder(
  create: DlnCreateOrder,
  accounts: NamedAccounts,
  intent: OrderIntent,
  opts: { preSwapMint?: string; expectedNonce?: bigint },
  { fail, check, moved }: SolanaCheckRecorders,
): void {
  const a = create.orderArgs
  const dst = intent.dstChainId
  const lower = (h: string): string => h.toLowerCase()
  const eqDst = (field: string, want: string, got: string | undefined): void => {
    const w = lower(toAddressBytes(want, dst))
    check(field, got !== undefined && lower(got) === w, w, got ?? '(none)')
  }
  check(
    'dln.maker',
    accounts.maker === intent.sender,
    intent.sender,
    accounts.maker,
    'is not our wallet',
  )
  const inMint = intent.tokenIn === SOLANA_NATIVE_TOKEN ? NATIVE_MINT.toBase58() : intent.tokenIn
  const giveMint = opts.preSwapMint ?? inMint
  check('dln.tokenMint', accounts.tokenMint === giveMint, giveMint, accounts.tokenMint)
  check(
    'dln.take.chainId',
    a.take.chainId === BigInt(dst),
    dst,
    a.take.chainId,
    'is not the internal id',
  )
  eqDst('dln.take.tokenAddress', intent.tokenOut, a.take.tokenAddress)
  if (a.take.amount >= intent.minTakeAmount) check('dln.take.amount', true, '', '')
  else moved('dln.take.amount', `>= ${intent.minTakeAmount}`, a.take.amount)
  eqDst('dln.receiverDst', intent.receiver, a.receiverDst)
  eqDst('dln.orderAuthorityAddressDst', intent.dstAuthority, a.orderAuthorityAddressDst)
  const patch = a.givePatchAuthoritySrc.toBase58()
  check('dln.givePatchAuthoritySrc', patch === intent.srcAuthority, intent.srcAuthority, patch)
  const beneficiary = a.allowedCancelBeneficiarySrc?.toBase58()
  check(
    'dln.allowedCancelBeneficiarySrc',
    beneficiary === undefined || beneficiary === intent.cancelBeneficiary,
    `${intent.cancelBeneficiary} or none`,
    beneficiary ?? '(none)',
    'is not ours',
  )
  const policy = intent.allowedTaker ?? 'any'
  const taker = a.allowedTakerDst
  if (policy === 'empty') check('dln.allowedTakerDst', taker === undefined, '(none)', taker)
  else if (policy !== 'any') {
    const ok = policy.map((t) => lower(toAddressBytes(t, dst)))
    check(
      'dln.allowedTakerDst',
      taker === undefined || ok.includes(lower(taker)),
      ok.join(' | '),
      taker,
    )
  }
  const hook = a.externalCall ?? '0x'
  check(
    'dln.externalCall',
    lower(hook) === lower(intent.externalCall ?? '0x'),
    intent.externalCall ?? '(none)',
    hook,
    'is not the hook asked for',
  )
  const fee = create.affiliateFee
  if (!intent.affiliate)
    check(
      'dln.affiliateFee',
      fee === undefined,
      '(none configured)',
      fee ? `${fee.beneficiary.toBase58()} ${fee.amount}` : '',
      'was injected',
    )
  else if (!fee) fail('dln.affiliateFee', 'the configured affiliate fee', '(none)')
  else {
    const who = fee.beneficiary.toBase58()
    check(
      'dln.affiliateFee.beneficiary',
      who === intent.affiliate.recipient,
      intent.affiliate.recipient,
      who,
    )
    check(
      'dln.affiliateFee.amount',
      fee.amount === intent.affiliate.amount,
      intent.affiliate.amount,
      fee.amount,
    )
  }
  const referral = intent.referralCode ?? 0
  check(
    'dln.referralCode',
    (create.referralCode ?? 0) === referral,
    referral,
    create.referralCode ?? 0,
  )
  if (create.nonce !== undefined && opts.expectedNonce !== undefined) {
    check(
      'dln.nonce',
      create.nonce === opts.expectedNonce,
      opts.expectedNonce,
      create.nonce,
      'is not the nonce ferry planned',
    )
  }
}
