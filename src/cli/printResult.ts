import type { GlobalOptions } from './cliContext.ts'

/**
 * Writes the result: validated JSON with `--json`, the human summary otherwise. Both to stdout.
 * Its own file, apart from `createCliContext`, so a command that reads only the journal or the
 * config (`ferry status`, `ferry history`) does not load the service client, its schemas and the
 * logger to print.
 */
export function printResult(options: GlobalOptions, json: unknown, summary: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${summary()}\n`)
}
