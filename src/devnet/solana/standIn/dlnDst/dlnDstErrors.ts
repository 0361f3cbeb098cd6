import { anchorError } from '../anchorError.ts'
import type { StandInError } from '../StandInProgram.ts'

/**
 * Errors of dln_dst's IDL (deBridge's SDK `dln-client` 8.3.6 `idl/dst`, 6000 + index) and
 * Anchor's own framework codes, as the stand-in raises them (docs/dln.md §4.12). Which code the
 * real program raises for a given check is not published; the stand-in names the closest one.
 */
const CODES = {
  WrongChainId: 6002,
  WrongOrderId: 6004,
  WrongPrepareSendNextIxDiscriminator: 6005,
  WrongPrepareSendNextIxProgramId: 6006,
  WrongAuthorizedSrcContract: 6014,
  NotAllowedCancelBeneficiary: 6019,
  WrongBeneficiarySize: 6001,
  WrongSigner: 6031,
  InstructionDidNotDeserialize: 102,
  ConstraintSeeds: 2006,
  ConstraintAddress: 2012,
  AccountNotEnoughKeys: 3005,
  AccountNotSigner: 3010,
  AccountOwnedByWrongProgram: 3007,
  AccountNotInitialized: 3012,
} as const

/** One stand-in failure, worded like Anchor's log line. */
export function dlnDstError(
  code: keyof typeof CODES,
  account: string,
  detail: string,
): StandInError {
  return anchorError(code, CODES[code], account, detail)
}
