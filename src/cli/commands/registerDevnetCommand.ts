import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry devnet` (flags, help); its action, devnetCommand.ts, loads when it runs. */
export function registerDevnetCommand(program: Command): void {
  program
    .command('devnet')
    .description('run the local chains, the simulator and a solver on loopback (public test keys)')
    .option('--chains <ids>', 'EVM chain ids, comma-separated', '42161,8453')
    .option('--no-solana', 'do not start the Solana devnet')
    .option('--seed <n>', 'seed of the simulated market', parseIntegerOption, 1)
    .option('--sim-port <port>', 'port of the simulator; 0 picks a free one', parseIntegerOption, 0)
    .option(
      '--fill-delay-ms <ms>',
      'how long the solver waits before filling',
      parseIntegerOption,
      500,
    )
    .action(lazyAction(async () => (await import('./devnetCommand.ts')).devnetCommand))
}
