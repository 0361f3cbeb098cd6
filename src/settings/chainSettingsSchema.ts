import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/**
 * One entry of `chains` (keyed by the service chain id): how ferry reaches the chain and the fee
 * caps it holds every transaction to. Unset caps fall back to the chain registry's defaults.
 */
export const chainSettingsSchema = z
  .strictObject({
    /**
     * RPC endpoints in order of preference; later ones are fallbacks (docs/safety.md §2). `embedded` = the
     * devnet's RPC, filled in at run time (demo only, refused with `mode: live`).
     */
    rpcUrls: z
      .array(z.union([z.literal('embedded'), configFields.httpUrl]))
      .min(1, { error: withFix('has no RPC URL', 'list at least one URL, e.g. [https://…]') }),
    /**
     * Where ferry sends its signed transactions, apart from the read RPCs: a private-transaction
     * RPC (EVM) or a staked send endpoint (Solana), so a pre-swap never waits in the public mempool
     * to be sandwiched. Reads never go there. Default: the first of rpcUrls.
     */
    sendUrl: configFields.httpUrl.optional(),
    /**
     * How many of rpcUrls must give the same answer to a read that decides money (balances,
     * allowances, nonces, fee data, logs, receipts); any two that differ refuse the read with an
     * alert. Default: a majority (1 of 1, 2 of 2, 2 of 3). EVM chains; on Solana, the lookup-table
     * reads of an order (its other reads use the first URL).
     */
    rpcQuorum: z.number().int().min(1).optional(),
    /** Blocks (slots on Solana) before an order counts as created. Default: the registry's depth. */
    confirmations: z.number().int().min(1).max(1024).optional(),
    /** EVM: highest maxFeePerGas ferry signs, in gwei. A higher network fee postpones sends. */
    maxFeePerGasGwei: z.number().positive().optional(),
    /** EVM: highest priority fee (tip) ferry signs, in gwei. */
    maxPriorityFeePerGasGwei: z.number().nonnegative().optional(),
    /** EVM: highest gas limit of one transaction; a larger estimate is refused (P-1.x bounds). */
    gasLimitCap: z.number().int().positive().optional(),
    /**
     * EVM: how an order's ERC-20 input is authorised when no allowance fits (docs/safety.md §10).
     * `permit` (default): an EIP-2612 permit for exactly the input to the verified spender,
     * valid minutes, where the token takes permits (checked on chain), else an exact approve.
     * `approve`: always an exact approve transaction.
     */
    approvals: z
      .enum(['permit', 'approve'], {
        error: withFix('must be permit or approve', 'write approvals: permit (or approve)'),
      })
      .optional(),
    /** Value-flow checks of the transactions ferry signs on this chain (safety P-8.1, P-8.10). */
    verify: z
      .strictObject({
        /**
         * `on` (default): simulate every transaction before signing; with `mode: live` ferry
         * refuses to start when the RPC can simulate neither with eth_simulateV1 nor with
         * debug_traceCall. `off`: sign without simulating (decoded-field checks still hold), with a
         * warning on every signature, the `ferry_value_flow_simulation_off` metric and a report line.
         */
        simulation: z
          .enum(['on', 'off'], {
            error: withFix('must be on or off', 'write simulation: on (or off to skip simulation)'),
          })
          .default('on'),
      })
      .prefault({}),
  })
  .superRefine((chain, ctx) => {
    if (chain.rpcQuorum !== undefined && chain.rpcQuorum > chain.rpcUrls.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rpcQuorum'],
        message: withFix(
          `is ${chain.rpcQuorum} but only ${chain.rpcUrls.length} RPC URL(s) are listed`,
          'list more rpcUrls, or lower rpcQuorum',
        ),
      })
    }
  })
export type ChainSettings = z.infer<typeof chainSettingsSchema>
