import { FerryError } from '../../common/FerryError.ts'

const BPS = 10_000n

/**
 * What DeBridgeGate charges a native-value message to one destination, read from the gate
 * itself (readMessagingFee). Fees in native wei of the sending chain.
 */
export type GateNativeFees = {
  /** `globalFixedNativeFee()`: the fallback when the destination has no fixed fee of its own. */
  globalFixedNativeFeeWei: bigint
  /** `globalTransferFeeBps()`: the fallback when the destination has no transfer fee. */
  globalTransferFeeBps: number
  /** `getChainToConfig(chainIdTo).fixedNativeFee`; 0 means "use the global one". */
  chainFixedNativeFeeWei: bigint
  /** `getChainToConfig(chainIdTo).transferFeeBps`; 0 means "use the global one". */
  chainTransferFeeBps: number
  /** `feeDiscount(sender).discountFixBps`, the sender being DlnDestination. */
  discountFixBps: number
  /** `feeDiscount(sender).discountTransferBps`. */
  discountTransferBps: number
}

/** How the gate splits one message's value (all in wei). */
export type GateFeeSplit = {
  /** The fixed fee after the discount. */
  fixedFeeWei: bigint
  /** The transfer fee on what is left after the fixed fee, after its discount. */
  transferFeeWei: bigint
  /** The execution fee the keeper gets: the one asked for, capped to what is left. */
  executionFeeWei: bigint
}

function applyDiscount(amount: bigint, discountBps: number): bigint {
  return amount - (amount * BigInt(discountBps)) / BPS
}

/**
 * The gate's fixed fee for one destination, in native wei: the destination's own fee when
 * non-zero, else the global one, after the sender's `discountFixBps`. Pure.
 */
export function gateFixedFeeWei(fees: GateNativeFees): bigint {
  const fixed =
    fees.chainFixedNativeFeeWei === 0n ? fees.globalFixedNativeFeeWei : fees.chainFixedNativeFeeWei
  return applyDiscount(fixed, fees.discountFixBps)
}

/**
 * The split DeBridgeGate makes of a native message of `valueWei` asking for `executionFeeWei`
 * (DeBridgeGate.sol `_send`, native branch, then `send`; docs/dln.md §3.5): fixed fee =
 * the destination's `fixedNativeFee` if non-zero else `globalFixedNativeFee`, minus
 * `discountFixBps`; transfer fee = (destination bps if non-zero else global bps) of the value
 * left after the fixed fee, minus `discountTransferBps`; the execution fee is capped to what
 * remains. Undefined when the value does not cover the fees: the gate reverts
 * `TransferAmountNotCoverFees()`. Pure. (The gate also floors the keeper's fee to 8 decimals.)
 */
export function gateFeeSplit(
  fees: GateNativeFees,
  valueWei: bigint,
  executionFeeWei: bigint,
): GateFeeSplit | undefined {
  const fixedFeeWei = gateFixedFeeWei(fees)
  if (valueWei < fixedFeeWei) return undefined
  const bps = BigInt(
    fees.chainTransferFeeBps === 0 ? fees.globalTransferFeeBps : fees.chainTransferFeeBps,
  )
  const transferFeeWei = applyDiscount(
    (bps * (valueWei - fixedFeeWei)) / BPS,
    fees.discountTransferBps,
  )
  if (valueWei < fixedFeeWei + transferFeeWei) return undefined
  const left = valueWei - fixedFeeWei - transferFeeWei
  return {
    fixedFeeWei,
    transferFeeWei,
    executionFeeWei: executionFeeWei > left ? left : executionFeeWei,
  }
}

/**
 * The least value a message through DeBridgeGate must carry so that the gate takes its fees
 * (see {@link gateFeeSplit}) and the keeper still gets all of `executionFeeWei`: what the
 * service's cancel-tx puts in `value` (docs/dln.md §3.5). Pure. Throws a FerryError when no value
 * can (a transfer fee of 100 % or more with an execution fee).
 */
export function gateSendValueWei(fees: GateNativeFees, executionFeeWei: bigint): bigint {
  const covers = (v: bigint): boolean =>
    gateFeeSplit(fees, v, executionFeeWei)?.executionFeeWei === executionFeeWei
  // What the keeper keeps only grows with the value (each extra wei costs at most one wei of
  // transfer fee), so: double until it covers, then bisect down to the least value that does.
  let lo = 0n
  let hi = gateFixedFeeWei(fees) + executionFeeWei
  for (let i = 0; !covers(hi); i++) {
    if (i > 64) {
      throw new FerryError('the gate takes all of a message value as transfer fee', {
        metaMessages: ['fix: cancel with executionFeeWei 0'],
      })
    }
    lo = hi + 1n
    hi *= 2n
  }
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    if (covers(mid)) hi = mid
    else lo = mid + 1n
  }
  return hi
}
