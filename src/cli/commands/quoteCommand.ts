import type { Command } from 'commander'
import type { CreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import { createCliContext } from '../cliContext.ts'
import { formatOrderQuote } from '../format/formatOrderQuote.ts'
import { printResult } from '../printResult.ts'
import { QUOTE_FLAGS } from './quoteFlags.ts'

/** Runs `ferry quote`: a cross-chain quote (and tx when the three addresses are given). */
export async function quoteCommand(_opts: unknown, cmd: Command): Promise<void> {
  const ctx = createCliContext(cmd)
  const opts = cmd.opts<Record<string, unknown>>()
  const params: Record<string, unknown> = {}
  for (const [flag, param] of QUOTE_FLAGS) {
    const key = optionKey(flag)
    if (opts[key] !== undefined) params[param] = opts[key]
  }
  const result = await ctx.client.createOrderTx(params as CreateTxParams, { logger: ctx.logger })
  printResult(ctx.options, result, () => formatOrderQuote(result))
}

/** Commander's attribute name of a flag: `--src-chain <id>` → `srcChain`. */
function optionKey(flag: string): string {
  const name = flag.split(' ')[0]!.replace(/^--/, '')
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
}
