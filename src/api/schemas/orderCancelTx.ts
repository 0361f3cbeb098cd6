import { z } from 'zod'
import { HEX_RE, intSchema } from './primitives.ts'

/**
 * The destination-chain transaction that cancels an order (docs/dln.md §3.5). For an order into
 * Solana it is `data` alone, 0x-hex of an unsigned serialized VersionedTransaction as create-tx
 * answers carry (docs/dln.md §1.4); an EVM cancel adds `to` and `value`. `chainId`, `from` (the
 * order's destination authority) and `cancelBeneficiary` (who the source refunds) are
 * informative: ferry reads all of it from the transaction itself. Leniency: other fields pass.
 */
export const orderCancelTxFieldsSchema = z.looseObject({
  data: z.string().regex(HEX_RE),
  to: z.string().optional(),
  value: z.string().optional(),
  chainId: intSchema.optional(),
  from: z.string().optional(),
  cancelBeneficiary: z.string().optional(),
})

/**
 * The answer of GET `/v1.0/dln/order/{id}/cancel-tx` (docs/service.md §10): deBridge's own docs show
 * the transaction wrapped as `{ tx: { data, to, value, chainId } }`, an integrator's client reads
 * the same fields flat (docs/dln.md §3.5). Both parse, to the flat fields; the wrapped form is
 * tried first, so a wrapped answer's `tx` is what counts; a wrapped answer with a different
 * top-level `data` beside it is refused.
 */
export const orderCancelTxSchema = z.union([
  z
    .looseObject({ tx: orderCancelTxFieldsSchema })
    // An answer that carries a second, different `data` beside `tx` contradicts itself.
    .refine((answer) => !('data' in answer) || answer.data === answer.tx.data, {
      path: ['data'],
      error: 'differs from tx.data: the answer carries two transactions',
    })
    .transform((answer) => answer.tx),
  orderCancelTxFieldsSchema.refine((answer) => !('tx' in answer), {
    path: ['tx'],
    error: 'is not a transaction while data is set at the top level',
  }),
])

/** A parsed cancel-tx answer, always flat. */
export type OrderCancelTx = z.output<typeof orderCancelTxFieldsSchema>
