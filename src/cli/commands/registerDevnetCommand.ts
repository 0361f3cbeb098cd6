import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption, parseListenHostOption, parsePortListOption } from '../optionParsers.ts'

/** Registers `ferry devnet` (flags, help); its action, devnetCommand.ts, loads when it runs. */
export function registerDevnetCommand(program: Command): void {
  program
    .command('devnet')
    .description('run the local chains, the simulator and a solver on loopback (public test keys)')
    .option('--chains <ids>', 'EVM chain ids, comma-separated', '42161,8453')
    .option('--no-solana', 'do not start the Solana devnet')
    .option(
      '--safe',
      'also deploy a funded treasury Safe (1.4.1, threshold 1) owned by the demo key',
    )
    .option(
      '--roles',
      'also deploy a funded treasury Safe owned by the deployer key with a Roles modifier v2 whose role the demo key holds (roles mode; set its permissions with ferry safe permissions --apply)',
    )
    .option('--seed <n>', 'seed of the simulated market', parseIntegerOption, 1)
    .option('--sim-port <port>', 'port of the simulator; 0 picks a free one', parseIntegerOption, 0)
    .option(
      '--host <address>',
      'interface of the simulator and every anvil; 0.0.0.0 exposes chains funded for PUBLIC TEST KEYS to the network (a container network only)',
      parseListenHostOption,
      '127.0.0.1',
    )
    .option(
      '--evm-ports <ports>',
      'RPC port of each chain, one per --chains entry in order, e.g. 8545,8546 (default: free ports)',
      parsePortListOption,
    )
    .option(
      '--fill-delay-ms <ms>',
      'how long the solver waits before filling',
      parseIntegerOption,
      500,
    )
    .action(lazyAction(async () => (await import('./devnetCommand.ts')).devnetCommand))
}
