import { UsageError } from '../common/UsageError.ts'
import type { GlobalOptions } from './cliContext.ts'

/** The `--config <file>` a command cannot do without; a {@link UsageError} naming it otherwise. */
export function requireConfigPath(options: GlobalOptions, command: string, why: string): string {
  if (options.config === undefined || options.config.trim() === '') {
    throw new UsageError(
      '--config',
      `ferry ${command} needs the config file (${why})`,
      `pass --config <file>, e.g. ferry ${command} --config config/demo.yaml`,
    )
  }
  return options.config
}
