import { z } from 'zod'
import type { JsonSchemaObject } from '../common/strategy/strategyContract.ts'

/**
 * The JSON Schema of each strategy's params by its key (strategyKey), for configJsonSchema: the
 * strategy's own `paramsJsonSchema` (a plugin's), else its zod `paramsSchema` converted (input
 * side, defaults optional).
 */
export function strategyParamsJsonSchemas(
  strategies: Readonly<
    Record<string, { paramsSchema: z.ZodType; paramsJsonSchema?: JsonSchemaObject | undefined }>
  >,
): Record<string, JsonSchemaObject> {
  return Object.fromEntries(
    Object.entries(strategies).map(([key, s]) => [
      key,
      s.paramsJsonSchema ??
        (z.toJSONSchema(s.paramsSchema, {
          io: 'input',
          unrepresentable: 'any',
        }) as JsonSchemaObject),
    ]),
  )
}
