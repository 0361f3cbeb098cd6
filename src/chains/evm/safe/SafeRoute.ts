import type { Address } from 'viem'

/**
 * How a sender's calls reach the chain when its wallet is a Safe (owner mode): ferry's key, the
 * `executor`, sends `Safe.execTransaction` and pays the gas; the Safe holds the funds and makes
 * the call (docs/safety.md "Treasury accounts").
 */
export type SafeRoute = { safe: Address; executor: Address }

/** Gas the outer execTransaction adds to the inner call's limit (signature check, nonce, events). */
export const SAFE_EXEC_OVERHEAD_GAS = 100_000n
