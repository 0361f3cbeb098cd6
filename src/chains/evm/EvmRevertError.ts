import { BaseError, decodeErrorResult, type Hex } from 'viem'
import { FerryError } from '../../common/FerryError.ts'
import { evmRevertAbi } from './evmRevertAbi.ts'
import { ROLES_STATUS, rolesAbi } from './safe/rolesAbi.ts'

/** The DLN contracts' errors and the Roles modifier's (docs/safety.md "Treasury accounts"). */
const REVERT_ABI = [...evmRevertAbi, ...rolesAbi.filter((f) => f.type === 'error')]

/**
 * A transaction or simulation that reverted, with the contract's error decoded by name
 * (`WrongFixedFee`, `IncorrectOrderStatus`, …; `Error(string)` as `Error`, unknown data as
 * `Unknown`). Never retried (safety P-3 table: revert in simulation).
 */
export class EvmRevertError extends FerryError {
  override name = 'EvmRevertError'
  /** The decoded error name, e.g. `WrongFixedFee`. */
  readonly errorName: string
  readonly args: readonly unknown[]
  readonly data: Hex | undefined

  constructor(stage: string, errorName: string, args: readonly unknown[], data: Hex | undefined) {
    super(`${stage} reverted: ${errorName}`, {
      metaMessages: [
        `error: ${errorName}(${args.map((a) => String(a)).join(', ')})`,
        ...(data ? [`data: ${data}`] : []),
      ],
    })
    this.errorName = errorName
    this.args = args
    this.data = data
  }
}

/** Finds the revert data inside a viem error chain, if any. */
export function findRevertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  let found: Hex | undefined
  error.walk((e) => {
    const data = (e as { data?: unknown }).data
    if (typeof data === 'string' && data.startsWith('0x')) found = data as Hex
    else if (
      data &&
      typeof data === 'object' &&
      typeof (data as { data?: unknown }).data === 'string'
    ) {
      found = (data as { data: Hex }).data
    }
    return false
  })
  return found
}

/**
 * Decodes revert data (or the revert inside a viem error) into an {@link EvmRevertError}.
 * Returns undefined when `error` carries no revert data (a network fault, not a revert).
 */
export function toEvmRevertError(stage: string, error: unknown): EvmRevertError | undefined {
  const data = typeof error === 'string' ? (error as Hex) : findRevertData(error)
  if (data === undefined) {
    const text = error instanceof Error ? error.message : ''
    return /revert/i.test(text) ? new EvmRevertError(stage, 'Unknown', [], undefined) : undefined
  }
  try {
    const decoded = decodeErrorResult({ abi: REVERT_ABI, data })
    const args = decoded.args ?? []
    // A Roles modifier's refusal (roles mode) names its Status: ConditionViolation(FunctionNotAllowed, …).
    if (decoded.errorName === 'ConditionViolation') {
      const status = ROLES_STATUS[Number(args[0])] ?? String(args[0])
      return new EvmRevertError(stage, `ConditionViolation(${status})`, args, data)
    }
    return new EvmRevertError(stage, decoded.errorName, args, data)
  } catch {
    return new EvmRevertError(stage, 'Unknown', [], data)
  }
}
