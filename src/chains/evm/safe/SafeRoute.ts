import type { Address, Hex } from 'viem'

/**
 * Roles mode (docs/safety.md "Treasury accounts"): the key is a member of `roleKey` on a Zodiac
 * Roles modifier v2 enabled on the Safe, and sends `execTransactionWithRole` to the modifier.
 */
export type RolesRoute = { modifier: Address; roleKey: Hex }

/**
 * How a sender's calls reach the chain when its wallet is a Safe: ferry's key, the `executor`,
 * sends `Safe.execTransaction` (owner mode) or, with `roles`, the modifier's
 * `execTransactionWithRole` (roles mode), and pays the gas; the Safe holds the funds and makes
 * the call (docs/safety.md "Treasury accounts").
 */
export type SafeRoute = { safe: Address; executor: Address; roles?: RolesRoute | undefined }

/** Gas the outer execTransaction adds to the inner call's limit (signature check, nonce, events). */
export const SAFE_EXEC_OVERHEAD_GAS = 100_000n

/**
 * Gas the Roles modifier adds on top of the Safe's module call: membership, the scoped
 * conditions over the calldata (a createSaltedOrder's tuple is the largest), the Safe's
 * execTransactionFromModule.
 */
export const ROLES_EXEC_OVERHEAD_GAS = 250_000n
