// Solana's per-transaction ceiling: what a price is multiplied by when no limit is set.
const MAX_COMPUTE_UNITS = 1_400_000n

/**
 * The most a transaction's priority fee can cost, in lamports: ceil(unit price in µ-lamports ×
 * unit limit / 1e6). Without a SetComputeUnitLimit the runtime's ceiling of 1.4 M units is
 * assumed, so an unset limit cannot slip a high price under the cap (P-2.17).
 */
export function solanaPriorityFeeLamports(budget: {
  computeUnitLimit: number | undefined
  computeUnitPriceMicroLamports: bigint | undefined
}): { lamports: bigint; limit: bigint; price: bigint } {
  const limit =
    budget.computeUnitLimit === undefined ? MAX_COMPUTE_UNITS : BigInt(budget.computeUnitLimit)
  const price = budget.computeUnitPriceMicroLamports ?? 0n
  return { lamports: (limit * price + 999_999n) / 1_000_000n, limit, price }
}
