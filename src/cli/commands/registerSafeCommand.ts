import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/** Registers `ferry safe permissions <file>` (flags, help); its action loads when it runs. */
export function registerSafeCommand(program: Command): void {
  const safe = program.command('safe').description('treasury Safe accounts (roles mode)')
  safe
    .command('permissions')
    // --json is the program's: listed here too, as this command reads it.
    .configureHelp({ showGlobalOptions: true })
    .description(
      'print the exact Roles v2 permission set a roles-mode config needs, with the modifier calls that set it (--json: Safe Transaction Builder batches)',
    )
    .argument('<file>', 'the YAML config file (wallets.evm.account in roles mode)')
    .option(
      '--apply',
      'devnet only: send the calls as Safe transactions of the devnet owner key (loopback RPCs only)',
    )
    .action(
      lazyAction(async () => (await import('./safePermissionsCommand.ts')).safePermissionsCommand),
    )
}
