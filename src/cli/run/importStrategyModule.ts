import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Logger } from '../../common/Logger.ts'
import type { StrategyPlugin } from '../../common/strategy/strategyContract.ts'
import { checkStrategyShape } from './checkStrategyShape.ts'
import { pickModuleLoader } from './pickModuleLoader.ts'
import { StrategyModuleError } from './StrategyModuleError.ts'

/** Options of {@link importStrategyModule}. */
export type ImportStrategyModuleOptions = {
  /** Gets the stack of a module that throws while importing, at debug level. */
  logger: Logger
  /** Whether TypeScript modules can be loaded. Default: whether tsx resolves from ferry. */
  tsxAvailable?: boolean
}

/**
 * How long a strategy module may take to import (its top-level code and awaits), ms: 15 000, or
 * `FERRY_STRATEGY_IMPORT_TIMEOUT_MS`. A module whose import never settles (a top-level await on
 * the network, a stuck promise) stops ferry with its file named instead of waiting forever.
 */
export const STRATEGY_IMPORT_TIMEOUT_MS = 15_000

type TsxImport = (specifier: string, parentUrl: string) => Promise<Record<string, unknown>>
let tsxImport: Promise<TsxImport> | undefined

/**
 * Imports a user's strategy module (an absolute path) and returns its `strategy` export, checked
 * against the plugin contract (checkStrategyShape). ferry reads the named export `strategy` only
 * (a CommonJS module's `exports.strategy` counts), never a default export. TypeScript goes
 * through tsx's API, since ferry's own CLI need not run under tsx.
 * @throws StrategyModuleError naming the file and the fix: not found, no loader for it, throws
 *   while importing (the first line of its error; the stack at debug level), no `strategy`
 *   export, or one that does not fit.
 */
export async function importStrategyModule(
  file: string,
  options: ImportStrategyModuleOptions,
): Promise<StrategyPlugin<unknown>> {
  if (!existsSync(file))
    throw new StrategyModuleError(
      file,
      'cannot find this strategy module',
      "check module: in the config (a relative path starts from the config file's folder)",
    )
  const loader = pickModuleLoader(file, options.tsxAvailable ?? isTsxResolvable())
  if (loader.kind === 'none') throw new StrategyModuleError(file, loader.problem, loader.fix)
  let mod: Record<string, unknown>
  try {
    const url = pathToFileURL(file).href
    const importing = loader.kind === 'tsx' ? (await loadTsx())(url, import.meta.url) : import(url)
    mod = await withinImportTime(importing as Promise<Record<string, unknown>>, file)
  } catch (error) {
    if (error instanceof StrategyModuleError) throw error
    const text = error instanceof Error ? error.message : String(error)
    options.logger.debug(
      { file, stack: error instanceof Error ? error.stack : text },
      'strategy module failed to import',
    )
    throw new StrategyModuleError(
      file,
      `fails to import: ${text.split('\n')[0]}`,
      'fix the module (--log-level debug prints the stack)',
      { cause: error },
    )
  }
  const fromCommonJs = (mod.default as Record<string, unknown> | undefined)?.strategy
  const strategy = mod.strategy ?? (/\.c[jt]s$/.test(file) ? fromCommonJs : undefined)
  if (strategy === undefined)
    throw new StrategyModuleError(
      file,
      mod.default === undefined
        ? 'does not export strategy'
        : 'has a default export; ferry reads the named export strategy',
      'export const strategy = { name, paramsJsonSchema or paramsSchema, plan, decide, tokens } (ferry strategy new writes a template)',
    )
  const problems = checkStrategyShape(strategy)
  if (problems.length > 0)
    throw new StrategyModuleError(
      file,
      `its strategy does not fit the contract: ${problems.join('; ')}`,
      'give it name, plan, decide, tokens and one params schema (strategies/README.md)',
    )
  return strategy as StrategyPlugin<unknown>
}

/** `importing`, or a StrategyModuleError once the import time is up. */
async function withinImportTime<T>(importing: Promise<T>, file: string): Promise<T> {
  const fromEnv = Number(process.env.FERRY_STRATEGY_IMPORT_TIMEOUT_MS)
  const limitMs = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : STRATEGY_IMPORT_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  const timeUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StrategyModuleError(
            file,
            `did not finish importing within ${limitMs} ms (its top-level code never settles)`,
            'make the module import without waiting on the network or a promise that never ends; do such work in plan()',
          ),
        ),
      limitMs,
    )
  })
  try {
    return await Promise.race([importing, timeUp])
  } finally {
    clearTimeout(timer)
  }
}

/** tsx's namespaced import, registered once: TypeScript for these imports only. */
function loadTsx(): Promise<TsxImport> {
  tsxImport ??= import('tsx/esm/api').then((api) => {
    const scoped = api.register({ namespace: 'ferry-strategies' })
    return (specifier: string, parentUrl: string) => scoped.import(specifier, parentUrl)
  })
  return tsxImport
}

function isTsxResolvable(): boolean {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api')
    return true
  } catch {
    return false
  }
}
