import { z } from 'zod'
import { addressObjectSchema } from './addressObject.ts'
import { bytesValueSchema } from './bytesValue.ts'
import { intSchema } from './primitives.ts'

/** Chain event metadata of one external-call step (docs/service.md §2.3). */
export const eventMetadataSchema = z.looseObject({
  transactionHash: bytesValueSchema,
  blockNumber: intSchema,
  blockHash: bytesValueSchema,
  blockTimeStamp: intSchema,
  initiator: addressObjectSchema,
})

/**
 * Step status. The spec shows only `Executed` (docs/service.md §3); other values are not documented, so any
 * string is accepted and only `Executed` counts as done (docs/dln.md §3.4).
 */
export const stepStatusSchema = z.string()

/** The status that marks a step as done (docs/service.md §3). */
export const EXECUTED_STATUS = 'Executed'

/** One external-call step (docs/service.md §2.3). */
export const externalCallStepSchema = z.looseObject({
  stepNumber: intSchema,
  eventMetadata: eventMetadataSchema,
  extcallBeneficiaries: z.array(addressObjectSchema),
  status: stepStatusSchema,
})

/** External-call process of an order (docs/service.md §2.3), the answer of docs/service.md §4.1. */
export const externalCallProcessSchema = z.looseObject({
  totalInstructionsCount: intSchema,
  steps: z.array(externalCallStepSchema),
})
export type ExternalCallStep = z.infer<typeof externalCallStepSchema>
export type ExternalCallProcess = z.infer<typeof externalCallProcessSchema>
