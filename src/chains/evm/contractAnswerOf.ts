import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  type Hex,
  RpcRequestError,
} from 'viem'

/**
 * What a failed contract read says about the contract: it reverted (`data` its revert data,
 * `0x` when it gave none), or it answered but not as the ABI says (`badReturn`: no data, or too
 * little to decode).
 */
export type ContractAnswer = { kind: 'revert'; data: Hex } | { kind: 'badReturn' }

const REVERTED = /revert/i

/**
 * Tells a contract's answer from the RPC's failure in a viem read error: a revert, or return data
 * the ABI cannot decode, is the contract's (an address that is not what the config says it is);
 * anything else is undefined: the RPC did not answer (refused, timed out, HTTP 429 or 5xx, a
 * JSON-RPC error that is no revert such as -32603 "internal error", a quorum not met). Only what is
 * positively a contract's answer is the config's fault; the rest is a failure. Pure.
 */
export function contractAnswerOf(error: unknown): ContractAnswer | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk(
    (e) => e instanceof ContractFunctionRevertedError,
  ) as ContractFunctionRevertedError | null
  // viem turns a -32603 without data into a revert too: only data or a revert message count.
  if (reverted && ((reverted.raw && reverted.raw !== '0x') || REVERTED.test(reverted.reason ?? '')))
    return { kind: 'revert', data: reverted.raw ?? '0x' }
  // A node answering -32000 "execution reverted" (geth, for a revert without data).
  const bare = error.walk(
    (e) =>
      e instanceof ExecutionRevertedError ||
      (e instanceof RpcRequestError && REVERTED.test(e.details)),
  )
  if (bare) return { kind: 'revert', data: '0x' }
  const bad = error.walk(
    (e) =>
      e instanceof ContractFunctionZeroDataError ||
      e instanceof AbiDecodingZeroDataError ||
      e instanceof AbiDecodingDataSizeTooSmallError,
  )
  return bad ? { kind: 'badReturn' } : undefined
}
