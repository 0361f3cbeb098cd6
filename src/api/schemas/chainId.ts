import { z } from 'zod'

/**
 * The 24 chain ids the service accepts (docs/service.md §4.4), as numbers. They are the service's internal
 * ids, not the chains' native ids (docs/dln.md §5): Solana is 7565164, Gnosis 100000002, and so on.
 */
export const CHAIN_IDS = [
  1, 10, 56, 137, 8453, 42161, 43114, 59144, 7565164, 100000001, 100000002, 100000008, 100000009,
  100000013, 100000014, 100000017, 100000020, 100000021, 100000022, 100000023, 100000025, 100000026,
  100000027, 100000028,
] as const

/** One of {@link CHAIN_IDS}. */
export type ChainId = (typeof CHAIN_IDS)[number]

/** Internal id of Solana (docs/service.md §4.4, docs/dln.md §5). */
export const SOLANA_CHAIN_ID = 7565164 as const satisfies ChainId
/** Internal id of TRON, whose addresses are base58 `T…` strings (docs/dln.md §5). */
export const TRON_CHAIN_ID = 100000026 as const satisfies ChainId

/**
 * A chain id of the spec, given as a number or a decimal string (it travels as a string in the
 * query, docs/service.md §4.4). Unknown ids are rejected with the list of allowed ones.
 */
export const chainIdSchema = z.coerce
  .number({ error: 'must be a chain id — fix: use one of the 24 ids of docs/service.md §4.4' })
  .refine((n): n is ChainId => (CHAIN_IDS as readonly number[]).includes(n), {
    error: (issue) =>
      `${String(issue.input)} is not a supported chain id — fix: use one of ${CHAIN_IDS.join(', ')}`,
  })
  .transform((n) => n as ChainId)

/** Whether the chain's addresses are EVM hex (`evm`), Solana base58 (`solana`) or TRON (`tron`). */
export function addressFamilyOf(chainId: ChainId): 'evm' | 'solana' | 'tron' {
  if (chainId === SOLANA_CHAIN_ID) return 'solana'
  if (chainId === TRON_CHAIN_ID) return 'tron'
  return 'evm'
}
