import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { UsageError } from '../../common/UsageError.ts'
import { strategyModuleTemplate } from './strategyModuleTemplate.ts'
import { strategyTestTemplate } from './strategyTestTemplate.ts'

/** Inputs of {@link writeStrategyTemplate}. */
export type WriteStrategyTemplateParams = {
  /** The strategy's name: a letter, then letters, digits, `-` or `_` (at most 63). */
  name: string
  /** The folder to write in, made if missing. */
  dir: string
  /** Names a new strategy may not take (the built-ins'). */
  reservedNames: readonly string[]
}

/**
 * Writes `<dir>/<name>.mjs` (a commented template strategy module) and `<dir>/<name>.test.mjs`
 * (its test, run with `node --test`). Writes nothing if either exists. Returns both paths.
 * @throws UsageError (exit 2) for a name that is not valid or is reserved, or a file that exists.
 */
export function writeStrategyTemplate(params: WriteStrategyTemplateParams): {
  module: string
  test: string
} {
  const { name, dir } = params
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,62}$/.test(name))
    throw new UsageError(
      'NAME',
      `"${name}" is not a strategy name`,
      'start with a letter, then letters, digits, - or _, e.g. topUp',
    )
  if (params.reservedNames.includes(name))
    throw new UsageError(
      'NAME',
      `"${name}" is the name of a built-in strategy`,
      `pick a name of your own (to run the built-in, write name: ${name} in a config)`,
    )
  const module = join(dir, `${name}.mjs`)
  const test = join(dir, `${name}.test.mjs`)
  for (const file of [module, test])
    if (existsSync(file))
      throw new UsageError(
        file,
        'exists already; ferry strategy new never overwrites a file',
        'pick another name or --dir, or move the file away',
      )
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new UsageError(
      '--dir',
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `${dir} is a file (or lies under one), not a folder`
        : `cannot make the folder ${dir} (${code ?? 'unknown error'})`,
      'give --dir a folder, or a path where one can be made',
    )
  }
  // `wx`: should a file appear meanwhile, fail rather than overwrite it.
  writeFileSync(module, strategyModuleTemplate(name), { flag: 'wx' })
  writeFileSync(test, strategyTestTemplate(name), { flag: 'wx' })
  return { module, test }
}
