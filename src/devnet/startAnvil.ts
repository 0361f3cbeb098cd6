import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { FerryError } from '../common/FerryError.ts'
import { packageFile } from '../common/packageFile.ts'
import { localUrlOf } from './localUrlOf.ts'

/** A running local EVM chain. */
export type AnvilChain = {
  /** EIP-155 chain id the node reports (equal to the real chain's, e.g. 42161). */
  chainId: number
  /** URL of the RPC from this machine: loopback when anvil listens on a wildcard address. */
  rpcUrl: string
  /** pid of the anvil process itself (not its supervisor). */
  anvilPid: number
  /** Stops anvil and waits until it has exited. Safe to call twice. */
  stop(): Promise<void>
}

/** Options of {@link startAnvil}. */
export type StartAnvilOptions = {
  chainId: number
  /**
   * Interface anvil binds. Default 127.0.0.1; 0.0.0.0 exposes the chain (and its public test
   * keys' funds) to every network this machine is on.
   */
  host?: string
  /** RPC port. Default 0: the OS picks a free one. */
  port?: number
  /** Seconds between blocks; default: a block per transaction (automine). */
  blockTimeSeconds?: number
  /** Time allowed for anvil to start listening, in ms. Default 15 000. */
  startTimeoutMs?: number
}

const SUPERVISOR = packageFile('src', 'devnet', 'anvilSupervisor.mjs')

/** Path of the anvil binary shipped inside `@foundry-rs/anvil`'s platform package. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platform = process.platform === 'win32' ? 'win32' : process.platform
  const pkg = `@foundry-rs/anvil-${platform}-${arch}`
  try {
    const require = createRequire(import.meta.url)
    return join(
      dirname(require.resolve(`${pkg}/package.json`)),
      'bin',
      process.platform === 'win32' ? 'anvil.exe' : 'anvil',
    )
  } catch {
    throw new FerryError(`anvil is not installed for ${process.platform}/${process.arch}`, {
      metaMessages: [
        `package: ${pkg}`,
        'fix: run npm ci (the binary ships inside @foundry-rs/anvil)',
      ],
    })
  }
}

/**
 * Starts anvil with the given chain id (by default on a free loopback port), under a supervisor that stops it
 * when this process exits for any reason. Resolves once anvil listens.
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilChain> {
  const { host = '127.0.0.1', port = 0 } = options
  // Port 0 lets the OS pick a free port; anvil prints it on its "Listening on" line.
  const args = ['--host', host, '--port', String(port), '--chain-id', String(options.chainId)]
  if (options.blockTimeSeconds) args.push('--block-time', String(options.blockTimeSeconds))
  const child = spawn(process.execPath, [SUPERVISOR, anvilBinaryPath(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const listening = await waitForListening(child, options.startTimeoutMs ?? 15_000)
  let stopped = false
  return {
    chainId: options.chainId,
    rpcUrl: localUrlOf(host, listening.port),
    anvilPid: listening.anvilPid,
    async stop() {
      if (!stopped) {
        stopped = true
        child.stdin?.end()
      }
      await exited
    },
  }
}

function waitForListening(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ port: number; anvilPid: number }> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new FerryError('anvil did not start in time', { details: output.slice(-500) }))
    }, timeoutMs)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8')
      // `Listening on 127.0.0.1:40853`, or `[::]:40853` for an IPv6 address.
      const match = /Listening on (?:\[[0-9a-fA-F:.]*\]|[0-9.]+):(\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        // Keep draining so anvil never blocks on a full pipe.
        child.stdout?.resume()
        resolve({ port: Number(match[1]), anvilPid: findAnvilPid(child) })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.resume()
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(
        new FerryError(`anvil exited before listening (code ${code})`, {
          details: output.slice(-500),
        }),
      )
    })
  })
}

function findAnvilPid(supervisor: ChildProcess): number {
  // The supervisor's only child is anvil; /proc gives it without another round trip.
  try {
    const children = readFileSync(
      `/proc/${supervisor.pid}/task/${supervisor.pid}/children`,
      'utf8',
    ).trim()
    return Number(children.split(/\s+/)[0])
  } catch {
    return -1
  }
}
