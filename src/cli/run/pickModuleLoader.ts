/** How a strategy module is imported: see {@link pickModuleLoader}. */
export type ModuleLoaderChoice =
  | { kind: 'import' }
  | { kind: 'tsx' }
  | { kind: 'none'; problem: string; fix: string }

/**
 * How to import a strategy module, from its file name: JavaScript (`.js`, `.mjs`, `.cjs`) with
 * Node's own `import()`; TypeScript (`.ts`, `.mts`, `.cts`) through tsx's API when tsx can be
 * resolved (`tsxAvailable`), else not at all, with the fix. Pure.
 */
export function pickModuleLoader(file: string, tsxAvailable: boolean): ModuleLoaderChoice {
  if (/\.[cm]?js$/.test(file)) return { kind: 'import' }
  if (/\.[cm]?ts$/.test(file)) {
    if (tsxAvailable) return { kind: 'tsx' }
    return {
      kind: 'none',
      problem: 'is TypeScript, and no TypeScript loader (tsx) is installed',
      fix: 'compile it to .js and name the .js in module:, or install tsx (npm install tsx)',
    }
  }
  return {
    kind: 'none',
    problem: 'is neither JavaScript nor TypeScript',
    fix: 'name a .js, .mjs, .cjs, .ts, .mts or .cts file in module:',
  }
}
