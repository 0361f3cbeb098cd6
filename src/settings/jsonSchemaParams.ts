import type { ErrorObject, ValidateFunction } from 'ajv'
import { Ajv } from 'ajv'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { z } from 'zod'
import type { JsonSchemaObject } from '../common/strategy/strategyContract.ts'
import { withFix } from './withFix.ts'

// Unknown keywords (a misspelt `requried`) are errors; `format` is not checked (no formats
// package), which the strategies README says.
const OPTIONS = {
  allErrors: true,
  useDefaults: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  validateFormats: false,
} as const

/**
 * A strategy's params schema from a JSON Schema (draft 2020-12 by default; 2019-09 or draft-07
 * when its `$schema` says so), validated by ajv: a zod schema whose output is a copy of the
 * params with the schema's defaults filled in, and whose issues name the key and a fix, so
 * checkStrategyParams and the engine treat it as any other params schema. `where` (the module's
 * path) goes into the fixes.
 * @throws Error when the JSON Schema itself does not compile (its message says why).
 */
export function jsonSchemaParams(jsonSchema: JsonSchemaObject, where: string): z.ZodType {
  const validate = compile(jsonSchema)
  return z.unknown().transform((input, ctx) => {
    // The config is frozen, and defaults are written into what is validated.
    const params = structuredClone(input)
    if (validate(params)) return params
    for (const error of validate.errors ?? [])
      ctx.addIssue({ code: 'custom', ...issueOf(error, where) })
    return z.NEVER
  })
}

function compile(jsonSchema: JsonSchemaObject): ValidateFunction {
  const dialect = typeof jsonSchema.$schema === 'string' ? jsonSchema.$schema : undefined
  const ajv =
    dialect === undefined || dialect.includes('2020-12')
      ? new Ajv2020(OPTIONS)
      : dialect.includes('2019-09')
        ? new Ajv2019(OPTIONS)
        : dialect.includes('draft-07')
          ? new Ajv(OPTIONS)
          : undefined
  if (ajv === undefined)
    throw new Error(
      `its $schema ${dialect} is not one ferry reads: write draft 2020-12 (or 2019-09, draft-07)`,
    )
  return ajv.compile(jsonSchema)
}

/** An ajv error as a key path inside the params and a ` — fix: ` message. */
function issueOf(error: ErrorObject, where: string): { path: PropertyKey[]; message: string } {
  const path: PropertyKey[] = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s))
  const p = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return {
        path: [...path, String(p.missingProperty)],
        message: withFix('is missing', 'add this key (it is required)'),
      }
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return {
        path: [...path, String(p.additionalProperty ?? p.unevaluatedProperty)],
        message: withFix('is not a known key', 'check its spelling or remove it'),
      }
    case 'type':
      return { path, message: withFix(`${error.message}`, `write a ${String(p.type)}`) }
    case 'enum':
      return {
        path,
        message: withFix(
          `is not one of the allowed values`,
          `use one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        ),
      }
    default:
      return {
        path,
        message: withFix(`${error.message}`, `see paramsJsonSchema in ${where}`),
      }
  }
}
