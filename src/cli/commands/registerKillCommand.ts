import { Argument, type Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/** Registers `ferry kill` (flags, help); its action, killCommand.ts, loads when it runs. */
export function registerKillCommand(program: Command): void {
  program
    .command('kill')
    // --config and --json are the program's: listed here too, as this command reads them.
    .configureHelp({ showGlobalOptions: true })
    .description('engage (on) or release (off) the kill switch: no new intents while on')
    .addArgument(new Argument('<state>', 'on or off').choices(['on', 'off']))
    .option('--reason <text>', 'why, written into the kill-switch file (on only)', 'manual stop')
    .action(lazyAction(async () => (await import('./killCommand.ts')).killCommand))
}
