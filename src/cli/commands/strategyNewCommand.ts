import { isAbsolute, relative, resolve, sep } from 'node:path'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { writeStrategyTemplate } from '../strategyTemplate/writeStrategyTemplate.ts'

/**
 * Runs `ferry strategy new <name> [--dir <dir>]`: writes a template strategy module of the
 * user's own (`<name>.mjs`, plain JavaScript with JSDoc types, no build step) and its test
 * (`<name>.test.mjs`, run with `node --test`), never overwriting a file (exit 2 instead), then
 * says how to run it.
 */
export function strategyNewCommand(name: string, options: { dir: string }): void {
  const written = writeStrategyTemplate({
    name,
    dir: options.dir,
    reservedNames: Object.keys(builtInStrategies),
  })
  process.stdout.write(
    [
      `wrote ${written.module}       the strategy: edit plan and decide`,
      `wrote ${written.test}  its test: node --test ${written.test}`,
      '',
      "Run it from a config (module: is relative to the config file's folder; this line is for a config in the current folder):",
      '  strategies:',
      `    - module: ${moduleLine(written.module)}`,
      `      id: ${name.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`,
      '      schedule: { intervalMs: 60000 }',
      '      params: { … }   # see the top of the module',
      'then: ferry config check <config>, and ferry run <config> (dry-run unless mode: live).',
      '',
    ].join('\n'),
  )
}

/** The module's path as a config in the current folder names it: ./strategies/topUp.mjs. */
function moduleLine(file: string): string {
  if (isAbsolute(file)) return file
  const path = relative(process.cwd(), resolve(file)).split(sep).join('/')
  return path.startsWith('../') ? path : `./${path}`
}
