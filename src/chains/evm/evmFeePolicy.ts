import { FerryError } from '../../common/FerryError.ts'

/** EIP-1559 fee fields of one transaction, in wei per gas. */
export type EvmFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** `srcChainPriorityLevel` of the request (docs/service.md §4.4), mapped here to the fee policy. */
export type EvmPriorityLevel = 'normal' | 'aggressive'

/** Fee settings of one chain. Every cap is a hard ceiling no transaction of ferry exceeds. */
export type EvmFeePolicy = {
  /** Cap of maxFeePerGas in wei. Required: there is no safe universal default. */
  maxFeePerGasCapWei: bigint
  /** Cap of maxPriorityFeePerGas in wei. Default: maxFeePerGasCapWei. */
  maxPriorityFeePerGasCapWei?: bigint
  /** Least tip in wei, for nodes whose fee history shows 0. Default 1 000 000 (0.001 gwei). */
  minPriorityFeeWei?: bigint
}

/** Reward percentile read from eth_feeHistory per level: the median, or the 90th. */
export const PRIORITY_PERCENTILE: Record<EvmPriorityLevel, number> = { normal: 50, aggressive: 90 }

/** Least replacement bump in basis points: 12.5 %, a margin over geth's 10 % rule (P-2.9). */
export const REPLACEMENT_BUMP_BPS = 1250n

/** Thrown when the chain's going fees do not fit under the configured caps. */
export class FeeCapError extends FerryError {
  override name = 'FeeCapError'
}

/**
 * The fees of a new transaction: tip = the fee history's percentile for the level (at least the
 * floor), maxFee = 2 × next base fee + tip (normal) or 3 × (aggressive), each clamped to its cap.
 * Throws {@link FeeCapError} when the cap is below the next base fee plus the floor tip, since
 * such a transaction could not be included. Pure.
 * @param nextBaseFeeWei base fee of the next block (eth_feeHistory's last baseFeePerGas)
 * @param rewardWei the level's percentile tip of the latest block
 */
export function resolveEvmFees(
  nextBaseFeeWei: bigint,
  rewardWei: bigint,
  level: EvmPriorityLevel,
  policy: EvmFeePolicy,
): EvmFees {
  const maxCap = policy.maxFeePerGasCapWei
  const tipCap = policy.maxPriorityFeePerGasCapWei ?? maxCap
  const floor = policy.minPriorityFeeWei ?? 1_000_000n
  const tip = min(rewardWei > floor ? rewardWei : floor, tipCap)
  if (nextBaseFeeWei + tip > maxCap) {
    throw new FeeCapError('EVM fees above the configured cap', {
      metaMessages: [
        `next base fee: ${nextBaseFeeWei} wei`,
        `tip: ${tip} wei`,
        `maxFeePerGas cap: ${maxCap} wei`,
      ],
    })
  }
  const multiplier = level === 'aggressive' ? 3n : 2n
  return { maxFeePerGas: min(nextBaseFeeWei * multiplier + tip, maxCap), maxPriorityFeePerGas: tip }
}

/**
 * The fees of a replacement: both fields raised by at least {@link REPLACEMENT_BUMP_BPS}
 * (rounded up), never above the caps. Returns undefined when the caps leave no room for a valid
 * bump, so the caller keeps waiting instead of sending an underpriced replacement. Pure.
 */
export function bumpEvmFees(previous: EvmFees, policy: EvmFeePolicy): EvmFees | undefined {
  const up = (v: bigint): bigint => (v * (10_000n + REPLACEMENT_BUMP_BPS) + 9_999n) / 10_000n + 1n
  const next = {
    maxFeePerGas: up(previous.maxFeePerGas),
    maxPriorityFeePerGas: up(previous.maxPriorityFeePerGas),
  }
  const tipCap = policy.maxPriorityFeePerGasCapWei ?? policy.maxFeePerGasCapWei
  if (next.maxFeePerGas > policy.maxFeePerGasCapWei || next.maxPriorityFeePerGas > tipCap) {
    return undefined
  }
  return next
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
