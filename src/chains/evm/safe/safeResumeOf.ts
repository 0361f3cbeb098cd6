import type { Hex } from 'viem'

/** What a restart may do with the journaled bytes of a Safe account's attempt. */
export type SafeResume = { rebroadcast: true } | { rebroadcast: false; detail: string }

/**
 * Decides, from the journaled Safe transaction and the Safe's nonce now, whether a restart may
 * send the journaled bytes again (docs/safety.md "Treasury accounts"). The key's pre-validated
 * signature binds no Safe nonce, so bytes sent after another Safe transaction took the journaled
 * nonce would run as a different Safe transaction, over a Safe whose state ferry never judged:
 * they are abandoned, never rebroadcast. Bytes already mined are settled by their receipt
 * before this matters; the key's nonce stays journaled (open), so the nonce manager fences it at
 * the key's next send when the node lacks the bytes (P-2.8).
 * @param journaled the Safe nonce and hash journaled before the signature
 * @param safeNonceNow the Safe's `nonce()` at `latest`
 */
export function safeResumeOf(
  journaled: { safeNonce: bigint; safeTxHash: Hex },
  safeNonceNow: bigint,
): SafeResume {
  if (safeNonceNow <= journaled.safeNonce) return { rebroadcast: true }
  return {
    rebroadcast: false,
    detail:
      `abandoned: Safe nonce ${journaled.safeNonce} of ${journaled.safeTxHash} went to another ` +
      `Safe transaction (the Safe is at ${safeNonceNow}); its bytes are not sent again`,
  }
}
