import type { StandInInstruction } from '../StandInProgram.ts'
import { dlnDstError } from './dlnDstErrors.ts'

type Meta = StandInInstruction['accounts'][number]

/**
 * The instruction's accounts by their IDL names (docs/dln.md §4.10), in order.
 * @throws StandInError `AccountNotEnoughKeys` when fewer accounts are given than named.
 */
export function namedAccounts<N extends string>(
  ix: StandInInstruction,
  names: readonly N[],
): Record<N, Meta> {
  if (ix.accounts.length < names.length) {
    throw dlnDstError(
      'AccountNotEnoughKeys',
      names[ix.accounts.length]!,
      `${ix.accounts.length} accounts given, ${names.length} named`,
    )
  }
  return Object.fromEntries(names.map((n, i) => [n, ix.accounts[i]!])) as Record<N, Meta>
}
