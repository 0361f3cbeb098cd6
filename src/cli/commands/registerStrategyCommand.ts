import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/**
 * Registers `ferry strategy new <name> [--dir <dir>]` (flags, help); its action,
 * strategyNewCommand.ts, loads when it runs.
 */
export function registerStrategyCommand(program: Command): void {
  const strategy = program.command('strategy').description('strategies of your own')
  strategy
    .command('new')
    .description('write a template strategy module and its test')
    .argument('<name>', 'the strategy name, e.g. topUp: writes <name>.mjs and <name>.test.mjs')
    .option('--dir <dir>', 'the folder to write them in (made if missing)', '.')
    .action(lazyAction(async () => (await import('./strategyNewCommand.ts')).strategyNewCommand))
}
