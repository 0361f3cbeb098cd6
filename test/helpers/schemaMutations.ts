import type { z } from 'zod'

/** One way to break a valid document: a field with the wrong type, or a required field removed. */
export type Mutation = { path: (string | number)[]; kind: 'wrong type' | 'missing'; doc: unknown }

type AnySchema = z.ZodType & { def: { type: string; innerType?: AnySchema; element?: AnySchema } }

function unwrap(schema: AnySchema): AnySchema {
  let s = schema
  while (['optional', 'nullable', 'default'].includes(s.def.type) && s.def.innerType)
    s = s.def.innerType
  return s
}

function wrongValueFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345
  if (typeof value === 'number') return 'not a number'
  if (typeof value === 'boolean') return 'yes'
  return 'not an object'
}

function setAt(doc: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (remove) delete node[last]
  else node[last] = value
  return copy
}

/**
 * Every single-field mutation of `doc` that `schema` must reject: each present field set to a
 * value of another type, and each required field removed. Walks the schema and the document
 * together, so the list grows by itself when a schema gains a field.
 */
export function schemaMutations(schema: z.ZodType, doc: unknown): Mutation[] {
  const out: Mutation[] = []
  const walk = (s: AnySchema, value: unknown, path: (string | number)[]): void => {
    const inner = unwrap(s)
    if (
      inner.def.type === 'object' &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      const shape = (inner as unknown as { shape: Record<string, AnySchema> }).shape
      for (const [key, fieldSchema] of Object.entries(shape)) {
        if (!(key in value)) continue
        const fieldValue = (value as Record<string, unknown>)[key]
        const fieldPath = [...path, key]
        out.push({
          path: fieldPath,
          kind: 'wrong type',
          doc: setAt(doc, fieldPath, wrongValueFor(fieldValue)),
        })
        if (!fieldSchema.safeParse(undefined).success) {
          out.push({
            path: fieldPath,
            kind: 'missing',
            doc: setAt(doc, fieldPath, undefined, true),
          })
        }
        walk(fieldSchema, fieldValue, fieldPath)
      }
    } else if (
      inner.def.type === 'array' &&
      Array.isArray(value) &&
      value.length > 0 &&
      inner.def.element
    ) {
      walk(inner.def.element, value[0], [...path, 0])
    }
  }
  walk(schema as AnySchema, doc, [])
  return out
}
