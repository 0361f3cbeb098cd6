import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/**
 * Registers `ferry config check <file>` and `ferry config schema [file]` (flags, help); their
 * actions, configCheckCommand.ts and configSchemaCommand.ts, load when they run.
 */
export function registerConfigCommand(program: Command): void {
  const config = program.command('config').description('check config files, print their schema')
  config
    .command('check')
    .description('validate a config file (YAML, env vars and .env, strategy params)')
    .argument('<file>', 'the YAML config file')
    .option(
      '--online',
      'also probe what run will use: the service API, each RPC (its chain id), every price feed, the PostgreSQL journal and each alert host, saying what works',
    )
    .action(lazyAction(async () => (await import('./configCheckCommand.ts')).configCheckCommand))
  config
    .command('schema')
    .description('print the JSON Schema of config files (save as ferry.schema.json)')
    .argument('[file]', "a config whose strategy modules' params to include as well")
    .action(lazyAction(async () => (await import('./configSchemaCommand.ts')).configSchemaCommand))
}
