import { vi } from 'vitest'
import { runCli } from '../../src/cli/runCli.ts'
import type { FerryRun } from './runFerry.ts'

// stdout, stderr and the environment are process-wide: calls run one at a time, in call order.
let queue: Promise<unknown> = Promise.resolve()

/**
 * Runs `ferry <args>` in this process through the binary's own `runCli` (every command, the
 * globals, the exit codes and error printing), with the FERRY_* environment replaced by `env`
 * for the call. Same shape as runFerry, without a process start: for commands whose exit code
 * and output do not depend on being a separate process.
 */
export function runFerryInProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<FerryRun> {
  const run = queue.then(() => runNow(args, env))
  queue = run.catch(() => undefined)
  return run
}

async function runNow(args: string[], env: Record<string, string>): Promise<FerryRun> {
  let stdout = ''
  let stderr = ''
  const saved = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k.startsWith('FERRY_')),
  )
  for (const k of Object.keys(saved)) delete process.env[k]
  Object.assign(process.env, env)
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  try {
    const code = await runCli(args)
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
    for (const k of Object.keys(env)) delete process.env[k]
    Object.assign(process.env, saved)
  }
}
