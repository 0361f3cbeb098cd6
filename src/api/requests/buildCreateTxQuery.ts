import { z } from 'zod'
import { problemWithFix, RequestValidationError } from '../RequestValidationError.ts'
import { chainIdSchema } from '../schemas/chainId.ts'
import { externalCallSchema, netHookSchema } from '../schemas/hooks.ts'
import { checkAddress, hexParamSchema } from './addressRules.ts'
import {
  affiliateFeePercentSchema,
  baseUnitsParamSchema,
  checkAffiliatePair,
  priorityLevelSchema,
  referralCodeSchema,
  toQuery,
} from './commonParams.ts'
import { isDefaultIntermediaryToken } from './defaultIntermediaryTokens.ts'

const address = z.string({ error: problemWithFix('must be an address string', 'give the address') })
const flag = z.boolean({ error: problemWithFix('must be true or false', 'give a boolean') })

/**
 * Parameters of create-tx (docs/service.md §4.4), as ferry's callers write them: chain ids as numbers,
 * amounts as bigint (or integer strings), hooks as typed objects. Field names are the spec's.
 */
export const createTxParamsSchema = z
  .strictObject({
    srcChainId: chainIdSchema,
    srcChainTokenIn: address,
    srcChainTokenInAmount: baseUnitsParamSchema,
    dstChainId: chainIdSchema,
    dstChainTokenOut: address,
    /** A fixed integer makes a limit order; `auto` (the usual choice) a market order (docs/dln.md §1.1). */
    dstChainTokenOutAmount: z.union([z.literal('auto'), baseUnitsParamSchema]).optional(),
    additionalTakerRewardBps: z
      .number()
      .int({ error: problemWithFix('must be an integer', 'give whole basis points') })
      .min(0, { error: problemWithFix('must not be negative', 'give whole basis points >= 0') })
      .optional(),
    srcIntermediaryTokenAddress: address.optional(),
    dstIntermediaryTokenAddress: address.optional(),
    dstIntermediaryTokenSpenderAddress: address.optional(),
    intermediaryTokenUSDPrice: z
      .number()
      .positive({
        error: problemWithFix('must be a positive USD price', 'give the spot price in USD'),
      })
      .optional(),
    dstChainTokenOutRecipient: address.optional(),
    senderAddress: address.optional(),
    /**
     * Who gets the pre-swap surplus back (the forwarder's `_srcTokenRefundRecipient`, docs/dln.md
     * §1.1): ferry sends its own sending wallet and checks the built tx refunds to it.
     */
    srcChainRefundAddress: address.optional(),
    srcChainOrderAuthorityAddress: address.optional(),
    srcAllowedCancelBeneficiary: address.optional(),
    referralCode: referralCodeSchema.optional(),
    affiliateFeePercent: affiliateFeePercentSchema.optional(),
    affiliateFeeRecipient: address.optional(),
    srcChainTokenInSenderPermit: hexParamSchema.optional(),
    dstChainOrderAuthorityAddress: address.optional(),
    enableEstimate: flag.optional(),
    allowedTaker: address.optional(),
    /** Deprecated (docs/service.md §9 rule 3); prefer netHook. */
    externalCall: externalCallSchema.optional(),
    netHook: netHookSchema.optional(),
    prependOperatingExpenses: flag.optional(),
    metadata: z.string().optional(),
    /** Deprecated old name of ptp (docs/service.md §9 rule 3); sent as ptp. */
    otc: flag.optional(),
    ptp: flag.optional(),
    skipSolanaRecipientValidation: flag.optional(),
    srcChainPriorityLevel: priorityLevelSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.srcChainId === p.dstChainId) {
      ctx.addIssue({
        code: 'custom',
        path: ['dstChainId'],
        message: problemWithFix(
          `equals srcChainId (${p.srcChainId}) (docs/service.md §4.4 rule 2)`,
          'pick another destination chain, or use the single-chain swap (chain/transaction) for same-chain swaps',
        ),
      })
    }
    const src = p.srcChainId
    const dst = p.dstChainId
    checkAddress(ctx, 'srcChainTokenIn', p.srcChainTokenIn, src, 'source')
    checkAddress(ctx, 'dstChainTokenOut', p.dstChainTokenOut, dst, 'destination')
    checkAddress(ctx, 'srcIntermediaryTokenAddress', p.srcIntermediaryTokenAddress, src, 'source')
    checkAddress(
      ctx,
      'dstIntermediaryTokenAddress',
      p.dstIntermediaryTokenAddress,
      dst,
      'destination',
    )
    checkAddress(
      ctx,
      'dstIntermediaryTokenSpenderAddress',
      p.dstIntermediaryTokenSpenderAddress,
      dst,
      'destination',
    )
    checkAddress(ctx, 'dstChainTokenOutRecipient', p.dstChainTokenOutRecipient, dst, 'destination')
    checkAddress(ctx, 'senderAddress', p.senderAddress, src, 'source')
    checkAddress(ctx, 'srcChainRefundAddress', p.srcChainRefundAddress, src, 'source')
    checkAddress(
      ctx,
      'srcChainOrderAuthorityAddress',
      p.srcChainOrderAuthorityAddress,
      src,
      'source',
    )
    checkAddress(ctx, 'srcAllowedCancelBeneficiary', p.srcAllowedCancelBeneficiary, src, 'source')
    checkAddress(ctx, 'affiliateFeeRecipient', p.affiliateFeeRecipient, src, 'source')
    checkAddress(
      ctx,
      'dstChainOrderAuthorityAddress',
      p.dstChainOrderAuthorityAddress,
      dst,
      'destination',
    )
    checkAddress(ctx, 'allowedTaker', p.allowedTaker, dst, 'destination')
    checkAffiliatePair(ctx, p.affiliateFeePercent, p.affiliateFeeRecipient)
    checkIntermediaryRule(ctx, p)
    if (p.enableEstimate && p.senderAddress === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['senderAddress'],
        message: problemWithFix(
          'is required when enableEstimate is true (docs/service.md §4.4)',
          'set senderAddress to the address that will send the transaction',
        ),
      })
    }
    if (p.otc !== undefined && p.ptp !== undefined && p.otc !== p.ptp) {
      ctx.addIssue({
        code: 'custom',
        path: ['otc'],
        message: problemWithFix('contradicts ptp', 'drop otc (deprecated) and keep ptp'),
      })
    }
    if (p.netHook && p.externalCall) {
      ctx.addIssue({
        code: 'custom',
        path: ['externalCall'],
        message: problemWithFix(
          'is set together with netHook',
          'attach one hook only: keep netHook',
        ),
      })
    }
    const hookFamily =
      p.netHook?.type.startsWith('solana') ?? p.externalCall?.version === 'solana_1'
    if ((p.netHook || p.externalCall) && hookFamily !== (dst === 7565164)) {
      ctx.addIssue({
        code: 'custom',
        path: [p.netHook ? 'netHook' : 'externalCall'],
        message: problemWithFix(
          `is a ${hookFamily ? 'Solana' : 'EVM'} hook but the destination chain ${dst} is not`,
          'use solana_serialized_instructions for Solana destinations and an evm_* hook otherwise',
        ),
      })
    }
  })

function checkIntermediaryRule(
  ctx: z.RefinementCtx,
  p: z.output<typeof createTxParamsSchema>,
): void {
  const need = (path: string, why: string): void => {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: problemWithFix(
        `is required ${why} (docs/service.md §4.4 rule 3)`,
        'set srcIntermediaryTokenAddress, dstIntermediaryTokenAddress, intermediaryTokenUSDPrice and dstIntermediaryTokenSpenderAddress together',
      ),
    })
  }
  const arbitrarySrc =
    p.srcIntermediaryTokenAddress !== undefined &&
    !isDefaultIntermediaryToken(p.srcChainId, p.srcIntermediaryTokenAddress)
  const why = arbitrarySrc
    ? 'for an arbitrary source intermediary token'
    : 'when dstIntermediaryTokenAddress is set'
  if (arbitrarySrc || p.dstIntermediaryTokenAddress !== undefined) {
    if (p.srcIntermediaryTokenAddress === undefined) need('srcIntermediaryTokenAddress', why)
    if (p.dstIntermediaryTokenAddress === undefined) need('dstIntermediaryTokenAddress', why)
    if (p.intermediaryTokenUSDPrice === undefined) need('intermediaryTokenUSDPrice', why)
    if (p.dstIntermediaryTokenSpenderAddress === undefined)
      need('dstIntermediaryTokenSpenderAddress', why)
  }
}

/** What callers of create-tx write: see {@link createTxParamsSchema}. */
export type CreateTxParams = z.input<typeof createTxParamsSchema>

/** The three addresses without which only a quote comes back (docs/service.md §4.4 rule 1). */
export const BUILD_ADDRESS_PARAMS = [
  'dstChainTokenOutRecipient',
  'srcChainOrderAuthorityAddress',
  'dstChainOrderAuthorityAddress',
] as const

/** create-tx parameters that ask for a transaction: the three addresses of rule 1 are set. */
export type BuildableCreateTxParams = CreateTxParams & {
  [K in (typeof BUILD_ADDRESS_PARAMS)[number]]-?: string
}

/** A validated create-tx request, ready for the transport. */
export type CreateTxQuery = {
  /** `quote` when one of the three rule-1 addresses is missing: the answer has no tx. */
  kind: 'quote' | 'tx'
  query: Record<string, string>
  /** Deprecation notes (otc, externalCall) for the logger. */
  warnings: string[]
}

/**
 * Validates create-tx parameters against docs/service.md §4.4 (every rule, before any network call) and
 * turns them into the query. Booleans go as `true`/`false`, hooks as stringified JSON, `otc` as
 * `ptp`. Throws {@link RequestValidationError} naming the parameter and the fix.
 * @see docs/service.md §4.4
 */
export function buildCreateTxQuery(params: CreateTxParams): CreateTxQuery {
  const parsed = createTxParamsSchema.safeParse(params)
  if (!parsed.success) throw new RequestValidationError('create-tx', parsed.error.issues)
  const p = parsed.data
  const warnings: string[] = []
  if (p.otc !== undefined) warnings.push('otc is deprecated (docs/service.md §9): sent as ptp')
  if (p.externalCall !== undefined)
    warnings.push('externalCall is deprecated (docs/service.md §9): prefer netHook')
  const kind = BUILD_ADDRESS_PARAMS.every((k) => p[k] !== undefined) ? 'tx' : 'quote'
  const { otc, externalCall, netHook, ...rest } = p
  const query = toQuery({
    ...rest,
    ptp: p.ptp ?? otc,
    externalCall: externalCall && JSON.stringify(externalCall),
    netHook: netHook && JSON.stringify(netHook),
  })
  return { kind, query, warnings }
}
