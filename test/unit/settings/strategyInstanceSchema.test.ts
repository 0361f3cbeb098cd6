import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { checkStrategyParams } from '../../../src/settings/checkStrategyParams.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { strategyKey } from '../../../src/settings/strategyKey.ts'

/** A config with one strategies[] entry made of `lines` (each indented under the entry). */
function withEntry(lines: string): string {
  return `strategies:\n  - id: mine\n    schedule: { intervalMs: 1000 }\n${lines}`
}

function parse(text: string) {
  return parseFerryConfig(text, {})
}

describe('strategies[]: a built-in by name or a module of your own', () => {
  test('default: `name` or `module`, each alone, parses', () => {
    const byName = parse(withEntry('    name: rebalance\n'))
    const byModule = parse(withEntry('    module: ./strategies/mine.js\n'))
    expect(byName.ok && byName.config.strategies[0]).toMatchObject({ name: 'rebalance' })
    expect(byModule.ok && byModule.config.strategies[0]).toMatchObject({
      module: './strategies/mine.js',
    })
    for (const ext of ['.mjs', '.cjs', '.ts', '.mts', '.cts'])
      expect(parse(withEntry(`    module: /abs/mine${ext}\n`)).ok, ext).toBe(true)
  })

  test('behavior: both is an error on module naming the fix', () => {
    const result = parse(withEntry('    name: rebalance\n    module: ./mine.js\n'))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems).toEqual([
      {
        path: 'strategies[0].module',
        problem: 'is set together with name',
        fix: 'keep one: name for a built-in strategy, module for a strategy file of your own',
      },
    ])
  })

  test('behavior: neither is an error on name naming both ways out', () => {
    const result = parse(withEntry('    params: {}\n'))
    expect(!result.ok && result.problems).toEqual([
      {
        path: 'strategies[0].name',
        problem: 'is missing, and so is module: an entry runs one strategy',
        fix: 'add name: <a built-in, e.g. rebalance>, or module: ./path/to/yourStrategy.js',
      },
    ])
  })

  test('behavior: a module without a loadable extension is an error with an example', () => {
    const result = parse(withEntry('    module: ./strategies/mine\n'))
    expect(!result.ok && result.problems[0]).toMatchObject({
      path: 'strategies[0].module',
      problem: expect.stringContaining('does not name a .js, .mjs, .cjs, .ts, .mts, .cts file'),
      fix: 'write the file name with its extension, e.g. ./strategies/myStrategy.js',
    })
  })
})

describe('strategyKey', () => {
  test('default: a built-in by its name, a module by its path as written', () => {
    expect(strategyKey({ name: 'sweep' })).toBe('sweep')
    expect(strategyKey({ module: './a.js' })).toBe('module:./a.js')
  })
})

describe('checkStrategyParams with a plugin', () => {
  const config = parse(
    `${withEntry('    module: ./mine.js\n    params: { minAmount: "x" }\n')}  - { id: other, name: nope, schedule: { intervalMs: 1000 } }\n`,
  )
  if (!config.ok) throw new Error(JSON.stringify(config.problems))

  test('behavior: a plugin is checked by its module key; its problems name the id, module, field and fix', () => {
    const schemas = {
      rebalance: z.object({}),
      'module:./mine.js': z.strictObject({
        minAmount: z.string().regex(/^\d+$/, 'is not an integer — fix: write base units'),
      }),
    }
    expect(checkStrategyParams(config.config, schemas)).toEqual([
      {
        path: 'strategies[0].params.minAmount',
        problem: 'is not an integer (strategy mine, ./mine.js)',
        fix: 'write base units',
      },
      {
        path: 'strategies[1].name',
        problem: '"nope" is not a built-in strategy',
        fix: 'use one of rebalance, or module: ./path/to/yourStrategy.js for your own',
      },
    ])
  })

  test('behavior: a module that was not loaded is a problem, never skipped', () => {
    expect(checkStrategyParams(config.config, { rebalance: z.object({}) })[0]).toMatchObject({
      path: 'strategies[0].module',
      problem: '"./mine.js" was not loaded',
    })
  })
})
