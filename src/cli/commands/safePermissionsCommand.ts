import { dirname } from 'node:path'
import type { Command } from 'commander'
import type { GlobalOptions } from '../cliContext.ts'
import { formatRolesPermissions, safeBatchOf } from '../format/formatRolesPermissions.ts'
import { instanceTokensOf } from '../run/instanceTokensOf.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import { applyRolesPermissions } from '../safe/applyRolesPermissions.ts'
import { planRolesPermissions } from '../safe/planRolesPermissions.ts'
import { loadConfigOrFail } from './configCheckCommand.ts'

/**
 * Runs `ferry safe permissions <file>` (docs/safety.md "Treasury accounts", roles mode): prints
 * the Roles v2 permission set the config needs per EVM chain, in words and as the modifier calls
 * (`--json`: one Safe Transaction Builder batch per chain). Sends nothing, except with `--apply`
 * on the devnet, where the devnet owner key sends the calls through the Safe.
 */
export async function safePermissionsCommand(
  file: string,
  opts: { apply?: boolean },
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const { config } = loadConfigOrFail(file)
  const strategies = await loadStrategies(config, dirname(file))
  const plans = await planRolesPermissions(
    config,
    config.strategies.map(instanceTokensOf(strategies)),
  )
  const applied = opts.apply
    ? await applyRolesPermissions(plans, (id) => config.chains[String(id)]!.rpcUrls[0]!)
    : undefined
  if (options.json) {
    const now = Date.now()
    const out = { batches: plans.map((p) => safeBatchOf(p, now)), ...(applied ? { applied } : {}) }
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
    return
  }
  process.stdout.write(formatRolesPermissions(plans))
  for (const a of applied ?? []) {
    process.stdout.write(`applied on chain ${a.chainId}: ${a.txs.length} Safe transactions\n`)
  }
}
