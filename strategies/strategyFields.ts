import { z } from 'zod'

const fix = (problem: string, remedy: string): string => `${problem} — fix: ${remedy}`

/** Param field schemas shared by the built-in strategies, with the fix in each message. */
export const strategyFields = {
  chainId: z
    .number({ error: fix('must be a chain id', 'use the service chain id, e.g. 42161') })
    .int({ error: fix('must be a chain id', 'use the service chain id, e.g. 42161') })
    .positive({ error: fix('must be a chain id', 'use the service chain id, e.g. 42161') }),
  token: z.string().min(1, { error: fix('is empty', 'write the token address') }),
  address: z.string().regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, {
    error: fix('is not an address', 'write an EVM 0x address or a Solana base58 key'),
  }),
  /** Base units as a decimal string, parsed to bigint. */
  baseUnits: z
    .string({ error: fix('must be a quoted integer', 'write base units, e.g. "1000000"') })
    .regex(/^(0|[1-9][0-9]*)$/, {
      error: fix('must be an integer in base units', 'write e.g. "1000000" for 1 USDC'),
    })
    .refine((s) => BigInt(s) <= 2n ** 256n - 1n, {
      error: fix('is above 2^256 - 1, the largest token amount', 'write the amount in base units'),
    })
    .transform((s) => BigInt(s)),
  bps: z
    .number({ error: fix('must be basis points', 'write whole bps, e.g. 30') })
    .int({ error: fix('must be whole basis points', 'round to an integer') })
    .min(0, { error: fix('must not be negative', 'write 0..10000') })
    .max(10_000, { error: fix('is above 10000 bps (100%)', 'write 0..10000') }),
  /** Signed bps (a profit threshold may be negative in experiments). */
  signedBps: z
    .number({ error: fix('must be basis points', 'write whole bps, e.g. 10') })
    .int({ error: fix('must be whole basis points', 'round to an integer') })
    .min(-10_000, { error: fix('is below -10000 bps', 'write -10000..10000') })
    .max(10_000, { error: fix('is above 10000 bps', 'write -10000..10000') }),
  /**
   * A destination hook as data (docs/service.md §4.4 netHook). Checked in full against the api's netHook
   * schema by the engine before any request (safety P-7.6).
   */
  hook: z.strictObject({
    type: z.enum(['evm_transaction_call', 'evm_hook_data_v1', 'solana_serialized_instructions']),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
}
