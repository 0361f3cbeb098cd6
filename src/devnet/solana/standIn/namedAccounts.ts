import { anchorError } from './anchorError.ts'
import type { StandInInstruction } from './StandInProgram.ts'

type Meta = StandInInstruction['accounts'][number]

/**
 * The instruction's accounts by their IDL names (docs/dln.md §4.10), in order, as both DLN
 * stand-ins read them.
 * @throws StandInError `AccountNotEnoughKeys` (Anchor's 3005) when fewer accounts are given than
 *   named.
 */
export function namedAccounts<N extends string>(
  ix: StandInInstruction,
  names: readonly N[],
): Record<N, Meta> {
  if (ix.accounts.length < names.length) {
    throw anchorError(
      'AccountNotEnoughKeys',
      3005,
      names[ix.accounts.length]!,
      `${ix.accounts.length} accounts given, ${names.length} named`,
    )
  }
  return Object.fromEntries(names.map((n, i) => [n, ix.accounts[i]!])) as Record<N, Meta>
}
