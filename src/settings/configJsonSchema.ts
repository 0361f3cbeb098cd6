import { z } from 'zod'
import { ferryConfigSchema } from './ferryConfigSchema.ts'

/** Inputs of {@link configJsonSchema}. */
export type ConfigJsonSchemaParams = {
  /**
   * The params schema of each strategy by name. With them, `strategies[].params` completes per
   * strategy (an `if name = … then params: …` per entry); without, params are free-form.
   */
  strategyParams?: Readonly<Record<string, z.ZodType>>
}

/**
 * The JSON Schema (draft 2020-12) of a ferry config file, for editor completion: save it as
 * `ferry.schema.json` and point YAML files at it with `$schema` or a modeline. Describes the
 * input side (defaults are optional keys).
 */
export function configJsonSchema(params: ConfigJsonSchemaParams = {}): Record<string, unknown> {
  const schema = z.toJSONSchema(ferryConfigSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>
  const entries = Object.entries(params.strategyParams ?? {})
  if (entries.length === 0) return schema
  const strategies = (schema.properties as Record<string, Record<string, unknown>> | undefined)
    ?.strategies
  const item = strategies?.items as Record<string, unknown> | undefined
  if (item) {
    item.allOf = entries.map(([name, paramsSchema]) => ({
      if: { properties: { name: { const: name } }, required: ['name'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's if/then keyword.
      then: {
        properties: {
          params: z.toJSONSchema(paramsSchema, { io: 'input', unrepresentable: 'any' }),
        },
      },
    }))
    const names = entries.map(([name]) => name)
    const props = item.properties as Record<string, Record<string, unknown>> | undefined
    if (props?.name) props.name = { ...props.name, enum: names }
  }
  return schema
}
