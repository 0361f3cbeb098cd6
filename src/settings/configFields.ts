import { z } from 'zod'
import { withFix } from './withFix.ts'

/**
 * Field schemas shared by the config sections, each with a message naming its fix. Kept in one
 * place so every section words the same mistake the same way.
 */
/** The largest token amount a chain holds (uint256). */
const MAX_UINT256 = 2n ** 256n - 1n

export const configFields = {
  /** A non-negative USD figure, at most 1e12 (a trillion dollars: more is a typo, e.g. 1e308). */
  usd: z
    .number({ error: withFix('must be a USD amount', 'write a plain number such as 1000') })
    .nonnegative({ error: withFix('must not be negative', 'write 0 or more') })
    .max(1e12, {
      error: withFix('is above 1e12 USD', 'write the cap in plain dollars, e.g. 250000'),
    }),
  /** Whole basis points, 0..10 000. */
  bps: z
    .number({ error: withFix('must be basis points', 'write whole bps, e.g. 50 for 0.5%') })
    .int({ error: withFix('must be whole basis points', 'round to an integer, e.g. 50') })
    .min(0, { error: withFix('must not be negative', 'write 0..10000') })
    .max(10_000, { error: withFix('is above 10000 bps (100%)', 'write 0..10000') }),
  /** A non-negative duration in ms. */
  ms: z
    .number({ error: withFix('must be milliseconds', 'write an integer such as 30000') })
    .int({ error: withFix('must be whole milliseconds', 'write an integer such as 30000') })
    .nonnegative({ error: withFix('must not be negative', 'write 0 or more') }),
  /** A chain id of the service written as a YAML key or number (docs/service.md §4.4), e.g. 42161. */
  chainIdKey: z.string().regex(/^[1-9][0-9]{0,9}$/, {
    error: withFix('is not a chain id', 'use the service chain id, e.g. 42161 or 7565164'),
  }),
  chainId: z
    .number({ error: withFix('must be a chain id', 'use the service chain id, e.g. 42161') })
    .int({ error: withFix('must be a chain id', 'use the service chain id, e.g. 42161') })
    .positive({ error: withFix('must be a chain id', 'use the service chain id, e.g. 42161') }),
  /** An amount in base units as a decimal string, e.g. `"2000000000000000"` (0.002 ETH). */
  baseUnits: z
    .string({ error: withFix('must be a quoted integer string', 'write base units in quotes') })
    .regex(/^(0|[1-9][0-9]*)$/, {
      error: withFix('must be an integer in base units', 'write e.g. "1000000" for 1 USDC'),
    })
    .refine((s) => BigInt(s) <= MAX_UINT256, {
      error: withFix(
        'is above 2^256 - 1, the largest token amount',
        'write the amount in base units',
      ),
    }),
  /** The name of an environment variable (not its value). */
  envName: z
    .string({ error: withFix('must be an env var name', 'write the NAME, e.g. FERRY_EVM_KEY') })
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
      error: withFix('is not an env var name', 'write the NAME of the variable, not its value'),
    }),
  httpUrl: z.url({
    protocol: /^(https?|wss?)$/,
    error: withFix('must be an http(s) or ws(s) URL', 'write e.g. https://rpc.example.org'),
  }),
  evmAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, {
    error: withFix('is not an EVM address', 'write 0x and 40 hex digits'),
  }),
  solanaAddress: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, {
    error: withFix('is not a Solana address', 'write the base58 public key'),
  }),
  /** An address of any family: EVM hex or base58. */
  address: z.string().regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, {
    error: withFix('is not an address', 'write an EVM 0x address or a Solana base58 key'),
  }),
}
