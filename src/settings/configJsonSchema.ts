import { z } from 'zod'
import type { JsonSchemaObject } from '../common/strategy/strategyContract.ts'
import { ferryConfigSchema } from './ferryConfigSchema.ts'
import { MODULE_KEY_PREFIX } from './strategyKey.ts'

/** Inputs of {@link configJsonSchema}. */
export type ConfigJsonSchemaParams = {
  /**
   * The JSON Schema of each strategy's params by strategyKey (strategyParamsJsonSchemas): a
   * built-in's name, or `module:` and a module's path as the config writes it. With them,
   * `strategies[].params` completes per strategy (an `if name = …` or `if module = …`, then
   * params: … per entry); without, params are free-form.
   */
  strategyParams?: Readonly<Record<string, JsonSchemaObject>>
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
  const strategies = (schema.properties as Record<string, Record<string, unknown>> | undefined)
    ?.strategies
  const item = strategies?.items as Record<string, unknown> | undefined
  if (!item) return schema
  // Exactly one of name and module (the schema's refinement, which JSON Schema cannot read).
  item.oneOf = [{ required: ['name'] }, { required: ['module'] }]
  const entries = Object.entries(params.strategyParams ?? {})
  if (entries.length === 0) return schema
  item.allOf = entries.map(([key, paramsSchema]) => {
    const isModule = key.startsWith(MODULE_KEY_PREFIX)
    const field = isModule ? 'module' : 'name'
    const value = isModule ? key.slice(MODULE_KEY_PREFIX.length) : key
    return {
      if: { properties: { [field]: { const: value } }, required: [field] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's if/then keyword.
      then: { properties: { params: embeddable(key, paramsSchema) } },
    }
  })
  const names = entries.map(([key]) => key).filter((key) => !key.startsWith(MODULE_KEY_PREFIX))
  const props = item.properties as Record<string, Record<string, unknown>> | undefined
  if (props?.name && names.length > 0) props.name = { ...props.name, enum: names }
  return schema
}

/**
 * A params schema as a subschema of the config's: without `$schema` (only a document's root may
 * say it), and with its own `$id` when it refers inside itself, so its `#/$defs/…` resolve in it
 * rather than in the config schema.
 */
function embeddable(key: string, paramsSchema: JsonSchemaObject): JsonSchemaObject {
  const { $schema: _, ...rest } = paramsSchema
  const refersInside = JSON.stringify(rest).includes('"$ref":"#')
  return refersInside && rest.$id === undefined
    ? { $id: `urn:ferry:strategy-params:${encodeURIComponent(key)}`, ...rest }
    : rest
}
