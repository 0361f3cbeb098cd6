import { anchorDiscriminator } from './anchorDiscriminator.ts'

/** Jupiter v6 instructions ferry accepts as a pre-swap, with where their named accounts sit. */
const ROUTES = {
  route: { disc: anchorDiscriminator('route'), authority: 1, source: 2, destination: 3 },
  sharedAccountsRoute: {
    disc: anchorDiscriminator('shared_accounts_route'),
    authority: 2,
    source: 3,
    destination: 6,
  },
} as const

/** A Jupiter v6 swap: who signs for it, from and to which token accounts, how much. */
export type JupiterRoute = {
  name: keyof typeof ROUTES
  userTransferAuthority: string
  sourceTokenAccount: string
  destinationTokenAccount: string
  /** A separate receiver of the output, or undefined (Jupiter's program id stands for None). */
  destinationOverride: string | undefined
  inAmount: bigint
  quotedOutAmount: bigint
  slippageBps: number
}

/**
 * Reads a Jupiter v6 `route` or `sharedAccountsRoute` (docs/dln.md §4.10). The route plan in the
 * middle is variable, so the amounts are read from the fixed tail: inAmount u64, quotedOutAmount
 * u64, slippageBps u16, platformFeeBps u8. Undefined for any other discriminator or for data too
 * short for the tail.
 */
export function decodeJupiterRoute(
  programId: string,
  accounts: readonly string[],
  data: Uint8Array,
): JupiterRoute | undefined {
  const b = Buffer.from(data)
  const found = Object.entries(ROUTES).find(([, r]) => r.disc.equals(b.subarray(0, 8)))
  if (!found || b.length < 8 + 4 + 19) return undefined
  const [name, at] = found as [keyof typeof ROUTES, (typeof ROUTES)[keyof typeof ROUTES]]
  const tail = b.length - 19
  // route's optional destination_token_account (index 4) pays the output elsewhere when set.
  const override = name === 'route' ? accounts[4] : programId
  return {
    name,
    userTransferAuthority: accounts[at.authority] ?? '',
    sourceTokenAccount: accounts[at.source] ?? '',
    destinationTokenAccount: accounts[at.destination] ?? '',
    destinationOverride: override === programId ? undefined : override,
    inAmount: b.readBigUInt64LE(tail),
    quotedOutAmount: b.readBigUInt64LE(tail + 8),
    slippageBps: b.readUInt16LE(tail + 16),
  }
}
