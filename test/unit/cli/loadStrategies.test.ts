import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { checkStrategyShape } from '../../../src/cli/run/checkStrategyShape.ts'
import { loadStrategies } from '../../../src/cli/run/loadStrategies.ts'
import { pickModuleLoader } from '../../../src/cli/run/pickModuleLoader.ts'
import { StrategyModuleError } from '../../../src/cli/run/StrategyModuleError.ts'
import type { Logger } from '../../../src/common/Logger.ts'
import type { MarketSnapshot } from '../../../src/common/strategy/marketTypes.ts'
import { checkStrategyParams } from '../../../src/settings/checkStrategyParams.ts'
import { strategyParamsSchemas } from '../../../src/settings/strategyParamsSchemas.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'

const FIXTURES = fileURLToPath(new URL('../../fixtures/plugins/', import.meta.url))

/** A config whose strategies are `modules`, one instance each (ids p0, p1, …). */
function configOf(...modules: string[]) {
  return {
    strategies: modules.map((module, i) => ({
      id: `p${i}`,
      module,
      enabled: true,
      schedule: { intervalMs: 1000, jitterMs: 0 },
      params: { minAmount: '1' },
    })),
  }
}

/** The StrategyModuleError loading `module` throws. */
async function errorOf(module: string, logger?: Logger): Promise<StrategyModuleError> {
  const error = await loadStrategies(configOf(module), FIXTURES, logger ? { logger } : {}).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(StrategyModuleError)
  return error as StrategyModuleError
}

const fixOf = (error: StrategyModuleError) => error.metaMessages[0]

describe('loadStrategies', () => {
  test('default: built-ins, and each module once by its key however many instances use it', async () => {
    const config = configOf('./jsonSchemaPlugin.mjs', './zodPlugin.mjs', './jsonSchemaPlugin.mjs')
    const strategies = await loadStrategies(config, FIXTURES)
    expect(Object.keys(strategies)).toEqual([
      ...Object.keys(builtInStrategies),
      'module:./jsonSchemaPlugin.mjs',
      'module:./zodPlugin.mjs',
    ])
    expect(strategies['module:./jsonSchemaPlugin.mjs']?.name).toBe('fixture-json')
    // Methods run on the module's own object (`this`), with the params its schema made.
    const zod = strategies['module:./zodPlugin.mjs']!
    const params = zod.paramsSchema.parse({ minAmount: '5' }) as never
    expect(zod.plan({} as MarketSnapshot, params)).toEqual(['from this'])
    expect(checkStrategyParams(config, strategyParamsSchemas(strategies))).toEqual([])
  })

  test('behavior: an absolute path, a CommonJS module and a TypeScript module (through tsx) load', async () => {
    const cjs = `${FIXTURES}commonJsPlugin.cjs`
    const strategies = await loadStrategies(configOf(cjs), '/nowhere')
    expect(strategies[`module:${cjs}`]?.name).toBe('fixture-cjs')
    const ts = await loadStrategies(configOf('./typeScriptPlugin.ts'), FIXTURES)
    expect(ts['module:./typeScriptPlugin.ts']?.name).toBe('fixture-ts')
  })

  test('behavior: plugin params are checked at start like a built-in’s, naming id, field and fix', async () => {
    const config = configOf('./jsonSchemaPlugin.mjs', './zodPlugin.mjs')
    const bad = {
      strategies: config.strategies.map((s) => ({ ...s, params: { minAmount: '1.5' } })),
    }
    const strategies = await loadStrategies(config, FIXTURES)
    expect(checkStrategyParams(bad, strategyParamsSchemas(strategies))).toEqual([
      {
        path: 'strategies[0].params.minAmount',
        problem: 'must match pattern "^[0-9]+$" (strategy p0, ./jsonSchemaPlugin.mjs)',
        fix: `see paramsJsonSchema in ${FIXTURES}jsonSchemaPlugin.mjs`,
      },
      {
        path: 'strategies[1].params.minAmount',
        problem: 'is not an integer (strategy p1, ./zodPlugin.mjs)',
        fix: 'write base units, e.g. "1000000"',
      },
    ])
    // Their JSON Schemas, for `ferry config schema`: as written, or converted from zod.
    expect(strategies['module:./jsonSchemaPlugin.mjs']?.paramsJsonSchema).toMatchObject({
      required: ['minAmount'],
    })
    expect(strategies['module:./zodPlugin.mjs']?.paramsJsonSchema).toMatchObject({
      properties: { minAmount: { type: 'string' } },
    })
  })

  test('behavior: a missing file names the file and where relative paths start', async () => {
    const error = await errorOf('./nope.mjs')
    expect(error.shortMessage).toBe(`${FIXTURES}nope.mjs: cannot find this strategy module`)
    expect(fixOf(error)).toContain("relative path starts from the config file's folder")
  })

  test('behavior: no strategy export, or only a default one, says to export strategy', async () => {
    expect((await errorOf('./noExport.mjs')).shortMessage).toBe(
      `${FIXTURES}noExport.mjs: does not export strategy`,
    )
    const byDefault = await errorOf('./defaultExport.mjs')
    expect(byDefault.shortMessage).toContain(
      'has a default export; ferry reads the named export strategy',
    )
    expect(fixOf(byDefault)).toContain('export const strategy = {')
  })

  test('behavior: a strategy that does not fit the contract lists every member at fault', async () => {
    const error = await errorOf('./notAStrategy.mjs')
    expect(error.shortMessage).toBe(
      `${FIXTURES}notAStrategy.mjs: its strategy does not fit the contract: plan is a string, not a function; decide is missing, not a function; paramsSchema has no safeParse function: is it a zod schema?`,
    )
  })

  test('behavior: a module that throws on import gives its first line; the stack goes to debug', async () => {
    const debug: object[] = []
    const logger = { debug: (o: object) => debug.push(o), info() {}, warn() {}, error() {} }
    const error = await errorOf('./throwsOnImport.mjs', logger)
    expect(error.shortMessage).toBe(
      `${FIXTURES}throwsOnImport.mjs: fails to import: FIXTURE_SETTING is not set`,
    )
    expect(fixOf(error)).toBe('fix: fix the module (--log-level debug prints the stack)')
    expect(JSON.stringify(debug)).toContain('throwsOnImport.mjs')
  })

  test('behavior: a plugin named like a built-in is refused, never shadowing it', async () => {
    const error = await errorOf('./namedRebalance.mjs')
    expect(error.shortMessage).toContain('named "rebalance", the name of a built-in strategy')
  })

  test('behavior: a paramsJsonSchema that does not compile is refused naming the keyword', async () => {
    const error = await errorOf('./badJsonSchema.mjs')
    expect(error.shortMessage).toMatch(/paramsJsonSchema is not a valid JSON Schema: .*requried/)
  })
})

describe('pickModuleLoader', () => {
  test('default: JavaScript through import(), TypeScript through tsx when it resolves', () => {
    for (const f of ['/a/s.js', 's.mjs', 's.cjs'])
      expect(pickModuleLoader(f, false).kind).toBe('import')
    for (const f of ['/a/s.ts', 's.mts', 's.cts'])
      expect(pickModuleLoader(f, true).kind).toBe('tsx')
  })

  test('behavior: TypeScript without tsx is refused with the two ways out', () => {
    expect(pickModuleLoader('/a/s.ts', false)).toEqual({
      kind: 'none',
      problem: 'is TypeScript, and no TypeScript loader (tsx) is installed',
      fix: 'compile it to .js and name the .js in module:, or install tsx (npm install tsx)',
    })
  })

  test('behavior: through loadStrategies, a .ts module without tsx exits with that fix', async () => {
    const error = await loadStrategies(configOf('./typeScriptPlugin.ts'), FIXTURES, {
      tsxAvailable: false,
    }).catch((e: StrategyModuleError) => e)
    expect((error as StrategyModuleError).metaMessages[0]).toContain('install tsx')
  })
})

describe('checkStrategyShape', () => {
  test('behavior: non-objects, empty names and both params schemas are named', () => {
    expect(checkStrategyShape(null)).toEqual(['strategy is null, not an object'])
    expect(checkStrategyShape(() => {})).toEqual(['strategy is function, not an object'])
    const both = {
      name: '',
      paramsSchema: { safeParse: () => ({}) },
      paramsJsonSchema: {},
      plan() {},
      decide() {},
      tokens() {},
    }
    expect(checkStrategyShape(both)).toEqual([
      'name is empty, not a non-empty string',
      'paramsSchema and paramsJsonSchema are both set: keep one',
    ])
  })
})
