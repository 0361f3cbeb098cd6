import { spawn } from 'node:child_process'
import { FerryError } from '../../common/FerryError.ts'
import { packageFile } from '../../common/packageFile.ts'

/** The devnet's Solana, running in a child process behind its JSON-RPC endpoint. */
export type SolanaDevnetProcess = {
  rpcUrl: string
  pid: number
  /** Stops the child and waits for it. Safe to call twice. */
  stop(): Promise<void>
}

// From the sources (vitest, tsx) the child's TypeScript runs through tsx; from dist/ (bin/ferry.js,
// the image) its compiled entry runs on node alone (scripts/build.mjs builds it there).
const CHILD_ARGS = import.meta.url.endsWith('.ts')
  ? ['--import', 'tsx', packageFile('src', 'devnet', 'solana', 'solanaDevnetMain.ts')]
  : [packageFile('dist', 'src', 'devnet', 'solana', 'solanaDevnetMain.js')]

/**
 * Starts the in-process Solana (litesvm) in a child process and resolves with its RPC URL. The
 * child dies with this process, SIGKILL included: it watches its stdin, which only we hold.
 */
export async function startSolanaDevnet(
  options: { startTimeoutMs?: number } = {},
): Promise<SolanaDevnetProcess> {
  const child = spawn(process.execPath, CHILD_ARGS, {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(
        new FerryError('the Solana devnet did not start in time', { details: output.slice(-500) }),
      )
    }, options.startTimeoutMs ?? 20_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(
        new FerryError(`the Solana devnet exited before listening (code ${code})`, {
          details: output.slice(-500),
        }),
      )
    })
  })
  let stopped = false
  child.once('exit', (code, signal) => {
    if (!stopped)
      process.stderr.write(
        `solana devnet exited unexpectedly: ${code ?? signal}\n${tail.join('')}\n`,
      )
  })
  const tail: string[] = []
  child.stderr.on('data', (chunk: Buffer) => {
    tail.push(chunk.toString('utf8'))
    if (tail.length > 20) tail.shift()
  })
  return {
    rpcUrl,
    pid: child.pid ?? -1,
    async stop() {
      if (!stopped) {
        stopped = true
        child.stdin.end()
      }
      await exited
    },
  }
}
