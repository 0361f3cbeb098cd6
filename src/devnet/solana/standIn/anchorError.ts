import { StandInError } from './StandInProgram.ts'

/**
 * A stand-in failure worded like the log line of an Anchor program's error (docs/dln.md §4.12):
 * the account it is about when there is one, the code's name and number, and a message.
 */
export function anchorError(
  code: string,
  number: number,
  account?: string,
  detail?: string,
): StandInError {
  const about = account ? `caused by account: ${account}. ` : 'occurred. '
  const message = detail ? ` Error Message: ${detail}.` : ''
  return new StandInError(
    `AnchorError ${about}Error Code: ${code}. Error Number: ${number}.${message}`,
  )
}
