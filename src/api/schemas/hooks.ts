import { z } from 'zod'
import { EVM_ADDRESS_RE, HEX_RE, INTEGER_STRING_RE } from './primitives.ts'

const evmAddress = z.string().regex(EVM_ADDRESS_RE, { error: 'must be an EVM address' })
const hex = z.string().regex(HEX_RE, { error: 'must be 0x-prefixed hex' })

/** netHook `solana_serialized_instructions` (docs/service.md §4.4): Solana destination only. */
export const solanaHookSchema = z.strictObject({
  type: z.literal('solana_serialized_instructions'),
  data: z.strictObject({ instructions: hex }),
})

/** netHook `evm_transaction_call` (docs/service.md §4.4): the universal hook of an EVM destination. */
export const evmTransactionCallHookSchema = z.strictObject({
  type: z.literal('evm_transaction_call'),
  data: z.strictObject({
    to: evmAddress,
    calldata: hex,
    gas: z.number().int().nonnegative(),
  }),
})

/** netHook `evm_hook_data_v1` (docs/service.md §4.4): the arbitrary hook of an EVM destination. */
export const evmHookDataV1Schema = z.strictObject({
  type: z.literal('evm_hook_data_v1'),
  data: z.strictObject({
    fallbackAddress: evmAddress,
    target: evmAddress,
    reward: z.string().regex(INTEGER_STRING_RE, { error: 'must be an integer amount string' }),
    isNonAtomic: z.boolean(),
    isSuccessRequired: z.boolean(),
    targetPayload: hex,
  }),
})

/** The netHook object, before it is stringified into the query (docs/service.md §4.4). */
export const netHookSchema = z.discriminatedUnion('type', [
  solanaHookSchema,
  evmTransactionCallHookSchema,
  evmHookDataV1Schema,
])

/** The deprecated externalCall object (docs/service.md §4.4, §9 rule 3). */
export const externalCallSchema = z.discriminatedUnion('version', [
  z.strictObject({ version: z.literal('solana_1'), fields: z.strictObject({ calldata: hex }) }),
  z.strictObject({
    version: z.literal('evm_1'),
    fields: z.strictObject({
      to: evmAddress,
      data: hex,
      gas: z.number().int().nonnegative().optional(),
    }),
  }),
])

export type NetHook = z.infer<typeof netHookSchema>
export type ExternalCall = z.infer<typeof externalCallSchema>
