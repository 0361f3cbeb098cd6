// Renders docs/configuration.md from the config schema: the JSON Schema `ferry config schema`
// prints (keys, types, defaults, bounds) and the JSDoc on each key in the zod sources (what it
// means). Generated, never edited by hand: `npm run docs:config` writes it, and a unit test fails
// when the checked-in file is not what this renders.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { configJsonSchema } from '../src/settings/configJsonSchema.ts'
import { strategyParamsJsonSchemas } from '../src/settings/strategyParamsJsonSchemas.ts'
import { builtInStrategies } from '../strategies/builtInStrategies.ts'

type Schema = { [keyword: string]: unknown }

/** The config file of each top-level section, whose JSDoc describes its keys. */
const SECTION_FILES: Record<string, string> = {
  service: 'src/settings/serviceSettingsSchema.ts',
  chains: 'src/settings/chainSettingsSchema.ts',
  wallets: 'src/settings/walletSettingsSchema.ts',
  risk: 'src/settings/riskSettingsSchema.ts',
  strategies: 'src/settings/strategyInstanceSchema.ts',
  tracking: 'src/settings/trackingSettingsSchema.ts',
  observe: 'src/settings/observeSettingsSchema.ts',
  prices: 'src/settings/priceSettingsSchema.ts',
  recording: 'src/settings/recordingSettingsSchema.ts',
  journal: 'src/settings/journalSettingsSchema.ts',
  cluster: 'src/settings/clusterSettingsSchema.ts',
}

/** One object literal of the zod sources: its keys and the JSDoc of each. */
type ObjectDoc = { keys: ReadonlySet<string>; docs: ReadonlyMap<string, string> }

/** Every object literal of `file` that has keys, with the JSDoc of its keys. */
function readDocs(root: string, file: string): ObjectDoc[] {
  const text = readFileSync(join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const objects: ObjectDoc[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = new Set<string>()
      const docs = new Map<string, string>()
      for (const property of node.properties) {
        if (!property.name) continue
        const name = property.name.getText(source).replace(/^['"]|['"]$/g, '')
        keys.add(name)
        const comment = ts
          .getJSDocCommentsAndTags(property)
          .filter(ts.isJSDoc)
          .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
          .join(' ')
        if (comment) docs.set(name, comment.replace(/\s+/g, ' ').trim())
      }
      if (keys.size > 0) objects.push({ keys, docs })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return objects
}

/**
 * The object literal of the sources that describes a JSON Schema object with `keys`: the one
 * sharing the most keys with it (relative to both sizes), earlier candidates first on a tie.
 */
function matchObject(
  candidates: readonly ObjectDoc[],
  keys: readonly string[],
): ObjectDoc | undefined {
  let best: ObjectDoc | undefined
  let bestScore = 0
  for (const candidate of candidates) {
    const shared = keys.filter((key) => candidate.keys.has(key)).length
    const score = shared / (keys.length + candidate.keys.size - shared)
    if (score > bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return bestScore >= 0.5 ? best : undefined
}

function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' or ')
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (union) return union.map(typeOf).join(' or ')
  if (schema.type === 'array') return `list of ${typeOf((schema.items as Schema) ?? {})}`
  if (schema.type === 'object' && schema.additionalProperties && !schema.properties)
    return `map of ${typeOf(schema.additionalProperties as Schema)}`
  if (typeof schema.type === 'string') return schema.type
  return 'any'
}

function boundsOf(schema: Schema): string {
  const parts: string[] = []
  const add = (keyword: string, label: string): void => {
    const value = schema[keyword]
    if (
      value !== undefined &&
      value !== Number.MAX_SAFE_INTEGER &&
      value !== -Number.MAX_SAFE_INTEGER
    )
      parts.push(`${label} ${value}`)
  }
  add('minimum', '≥')
  add('exclusiveMinimum', '>')
  add('maximum', '≤')
  add('exclusiveMaximum', '<')
  add('minItems', 'items ≥')
  add('minLength', 'length ≥')
  if (typeof schema.pattern === 'string') parts.push(`pattern \`${schema.pattern}\``)
  if (typeof schema.format === 'string') parts.push(schema.format)
  return parts.join(', ')
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

type Row = {
  path: string
  type: string
  required: boolean
  fallback: string
  bounds: string
  doc: string
}

/** One row per key under `schema`, depth first, each key's doc from the object literal it matches. */
function collectRows(
  schema: Schema,
  path: string,
  doc: string,
  required: boolean,
  candidates: readonly ObjectDoc[],
  rows: Row[],
): void {
  if (path !== '') {
    rows.push({
      path,
      type: typeOf(schema),
      required,
      fallback: schema.default === undefined ? '' : `\`${JSON.stringify(schema.default)}\``,
      bounds: boundsOf(schema),
      doc,
    })
  }
  const objects = [schema, ...(((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? [])]
  for (const object of objects) {
    const properties = Object.entries(
      (object.properties as Record<string, Schema> | undefined) ?? {},
    )
    const source = matchObject(
      candidates,
      properties.map(([key]) => key),
    )
    const requiredKeys = (object.required as string[] | undefined) ?? []
    for (const [key, child] of properties) {
      if (key === '$schema' || key === 'params') continue
      const childPath = path === '' ? key : `${path}.${key}`
      const childDoc = source?.docs.get(key) ?? ''
      collectRows(child, childPath, childDoc, requiredKeys.includes(key), candidates, rows)
    }
    if (object.type === 'array' && object.items)
      collectRows(object.items as Schema, `${path}[]`, doc, false, candidates, rows)
    if (object.type === 'object' && object.additionalProperties && !object.properties) {
      const values = object.additionalProperties as Schema
      if (values.properties) collectRows(values, `${path}.<key>`, doc, false, candidates, rows)
    }
  }
}

function table(rows: readonly Row[]): string {
  const seen = new Set<string>()
  const lines = ['| key | type | default | bounds | what it does |', '|---|---|---|---|---|']
  for (const row of rows) {
    // The array or record row itself repeats its parent's; its keys follow.
    if (/(\[\]|<key>)$/.test(row.path) || seen.has(row.path)) continue
    seen.add(row.path)
    const name = row.required ? `\`${row.path}\` (required)` : `\`${row.path}\``
    lines.push(
      `| ${name} | ${cell(row.type)} | ${cell(row.fallback)} | ${cell(row.bounds)} | ${cell(row.doc)} |`,
    )
  }
  return lines.join('\n')
}

/**
 * The text of docs/configuration.md, from the sources under `root` (the repository): one table
 * per top-level section, then one per built-in strategy's params.
 */
export function renderConfigDocs(root: string): string {
  const strategyParams = strategyParamsJsonSchemas(builtInStrategies)
  const schema = configJsonSchema() as Schema
  const properties = schema.properties as Record<string, Schema>
  const topDocs = matchObject(
    readDocs(root, 'src/settings/ferryConfigSchema.ts'),
    Object.keys(properties),
  )
  const topDoc = (key: string): string => topDocs?.docs.get(key) ?? ''
  const settingsDocs = readdirSync(join(root, 'src/settings'))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => readDocs(root, `src/settings/${file}`))
  const out: string[] = [
    '# Configuration reference',
    '',
    '<!-- Generated by `npm run docs:config` from the config schema (src/settings); do not edit.',
    '     A unit test (test/unit/build/configDocs.test.ts) fails when this file is not current. -->',
    '',
    'A ferry config is one YAML file (see `config/demo.yaml` and `config/*.example.yaml`). Every',
    'object is strict: a key not listed here is an error naming its path. `\u0024{VAR}` and',
    '`\u0024{VAR:-default}` take values from the environment or a `.env` beside the file. Check a file',
    'with `ferry config check <file>` (every check `ferry run` makes at start, exit 2 with the key',
    'and the fix), and get the JSON Schema for editor completion with `ferry config schema`.',
    '',
    '## Top level',
    '',
    '| key | type | default | what it does |',
    '|---|---|---|---|',
  ]
  for (const [key, child] of Object.entries(properties)) {
    const fallback = child.default === undefined ? '' : `\`${JSON.stringify(child.default)}\``
    out.push(`| \`${key}\` | ${cell(typeOf(child))} | ${cell(fallback)} | ${cell(topDoc(key))} |`)
  }
  for (const [section, file] of Object.entries(SECTION_FILES)) {
    const rows: Row[] = []
    const candidates = [...readDocs(root, file), ...settingsDocs]
    collectRows(properties[section] ?? {}, section, topDoc(section), false, candidates, rows)
    out.push('', `## \`${section}\``, '', topDoc(section), '', table(rows.slice(1)))
  }
  out.push(
    '',
    '## Strategy params',
    '',
    "`strategies[].params` is checked against the strategy's own schema; for the built-ins:",
  )
  const strategyFiles = readdirSync(join(root, 'strategies')).filter((file) => file.endsWith('.ts'))
  const strategyDocs = strategyFiles.flatMap((file) => readDocs(root, `strategies/${file}`))
  for (const [name, params] of Object.entries(strategyParams)) {
    if (name.startsWith('module:')) continue
    const own = strategyFiles.includes(`${name}.ts`) ? readDocs(root, `strategies/${name}.ts`) : []
    const rows: Row[] = []
    const candidates = [...own, ...strategyDocs, ...settingsDocs]
    collectRows(params as Schema, 'params', '', true, candidates, rows)
    out.push('', `### \`name: ${name}\``, '', table(rows.slice(1)))
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n')}\n`
}
