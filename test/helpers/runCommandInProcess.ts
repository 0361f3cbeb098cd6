import { Command, CommanderError } from 'commander'
import { vi } from 'vitest'
import { UsageError } from '../../src/common/UsageError.ts'

/** What one in-process command run printed, and its exit code as runCli would map it. */
export type InProcessRun = { code: number; stdout: string; stderr: string }

/**
 * Runs `ferry <args>` in-process with only the commands `register` adds, the globals of main.ts
 * that they read (`--config`, `--json`) and runCli's exit codes: 0 ok, 2 for commander errors and
 * {@link UsageError}s (its message on stderr), anything else is rethrown.
 */
export async function runCommandInProcess(
  register: (program: Command) => void,
  args: string[],
): Promise<InProcessRun> {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  const program = new Command('ferry').option('--config <file>').option('--json').exitOverride()
  register(program)
  for (const c of program.commands) c.exitOverride()
  let code = 0
  try {
    await program.parseAsync(args, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) code = error.exitCode === 0 ? 0 : 2
    else if (error instanceof UsageError) {
      // As runCli prints it: the short message, then its fix.
      const fix = error.metaMessages.find((m) => m.startsWith('fix: '))
      stderr += `ferry: ${error.shortMessage}${fix ? ` (${fix})` : ''}\n`
      code = 2
    } else {
      vi.restoreAllMocks()
      throw error
    }
  } finally {
    vi.restoreAllMocks()
  }
  return { code, stdout, stderr }
}
