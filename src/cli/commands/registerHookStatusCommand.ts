import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/** Registers `ferry hook-status` (flags, help); its action, hookStatusCommand.ts, loads when it runs. */
export function registerHookStatusCommand(program: Command): void {
  program
    .command('hook-status')
    .description('show the external-call (hook) steps of an order (docs/service.md §4.1)')
    .argument('<orderId>', 'the order id, 0x and 64 hex digits')
    .action(lazyAction(async () => (await import('./hookStatusCommand.ts')).hookStatusCommand))
}
