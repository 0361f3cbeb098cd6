import { z } from 'zod'
import { HEX_RE, intSchema } from './primitives.ts'

/**
 * The answer of GET `/v1.0/dln/order/{id}/cancel-tx` (docs/dln.md §3.5): the destination-chain
 * transaction that cancels the order. For an order into Solana it is `data` alone, 0x-hex of an
 * unsigned serialized VersionedTransaction as create-tx answers carry (docs/dln.md §1.4); an EVM
 * cancel adds `to` and `value`. `chainId`, `from` (the order's destination authority) and
 * `cancelBeneficiary` (who the source refunds) are informative: ferry reads all of it from the
 * transaction itself. Leniency: other fields pass through.
 */
export const orderCancelTxSchema = z.looseObject({
  data: z.string().regex(HEX_RE),
  to: z.string().optional(),
  value: z.string().optional(),
  chainId: intSchema.optional(),
  from: z.string().optional(),
  cancelBeneficiary: z.string().optional(),
})

/** A parsed cancel-tx answer. */
export type OrderCancelTx = z.output<typeof orderCancelTxSchema>
