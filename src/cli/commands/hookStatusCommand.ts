import type { Command } from 'commander'
import { createCliContext, printResult } from '../cliContext.ts'
import { formatExternalCallProcess } from '../format/formatExternalCallProcess.ts'

/** Registers `ferry hook-status <orderId>`: the steps of an order's hook (docs/service.md §4.1). */
export function registerHookStatusCommand(program: Command): void {
  program
    .command('hook-status')
    .description('show the external-call (hook) steps of an order (docs/service.md §4.1)')
    .argument('<orderId>', 'the order id, 0x and 64 hex digits')
    .action(async (orderId: string, _opts, cmd: Command) => {
      const ctx = createCliContext(cmd)
      const process = await ctx.client.getExternalCallProcess(orderId)
      printResult(ctx.options, process, () => formatExternalCallProcess(orderId, process))
    })
}
