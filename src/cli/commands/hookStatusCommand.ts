import type { Command } from 'commander'
import { createCliContext } from '../cliContext.ts'
import { formatExternalCallProcess } from '../format/formatExternalCallProcess.ts'
import { printResult } from '../printResult.ts'

/** Runs `ferry hook-status <orderId>`: the steps of an order's hook (docs/service.md §4.1). */
export async function hookStatusCommand(
  orderId: string,
  _opts: unknown,
  cmd: Command,
): Promise<void> {
  const ctx = createCliContext(cmd)
  const process = await ctx.client.getExternalCallProcess(orderId)
  printResult(ctx.options, process, () => formatExternalCallProcess(orderId, process))
}
