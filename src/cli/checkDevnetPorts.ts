import { UsageError } from '../common/UsageError.ts'

/**
 * Checks `ferry devnet`'s fixed ports before anything starts: `--evm-ports` needs one port per
 * `--chains` entry (in order), and no fixed port may serve two things (0, a free port, may repeat).
 * Throws a UsageError naming the flag and the fix; returns quietly otherwise. Pure.
 */
export function checkDevnetPorts(
  chainIds: readonly number[],
  evmPorts: readonly number[] | undefined,
  simPort: number,
): void {
  if (evmPorts === undefined) return
  if (evmPorts.length !== chainIds.length) {
    const example = chainIds.map((_, i) => 8545 + i).join(',')
    throw new UsageError(
      '--evm-ports',
      `${evmPorts.length} port(s) for ${chainIds.length} chain(s) (--chains ${chainIds.join(',')})`,
      `give one port per --chains entry, in the same order, e.g. --evm-ports ${example}`,
    )
  }
  const seen = new Set<number>(simPort === 0 ? [] : [simPort])
  for (const port of evmPorts) {
    if (port !== 0 && seen.has(port))
      throw new UsageError(
        '--evm-ports',
        port === simPort ? `port ${port} is also --sim-port` : `port ${port} is given twice`,
        'give every chain and the simulator a port of its own',
      )
    seen.add(port)
  }
}
