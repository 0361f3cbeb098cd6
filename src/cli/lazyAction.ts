/**
 * A commander action that imports the command's module only when the command runs. The
 * registrations (name, flags, help) import commander alone, so `ferry --help`, a usage error or
 * one command never load the others' dependencies (viem, web3.js, the devnet, the simulator).
 *
 * @example .action(lazyAction(async () => (await import('./statusCommand.ts')).statusCommand))
 */
export function lazyAction<Args extends unknown[]>(
  load: () => Promise<(...args: Args) => void | Promise<void>>,
): (...args: Args) => Promise<void> {
  return async (...args) => {
    const action = await load()
    await action(...args)
  }
}
