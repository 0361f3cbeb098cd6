import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll } from 'vitest'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../src/devnet/startDevnet.ts'
import { type FerryEvent, type SpawnedFerry, spawnFerry } from './spawnFerry.ts'
import { startTestPostgres, type TestPostgres } from './startTestPostgres.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from './writeDevnetLiveConfig.ts'

/** A live rebalance config for a cluster on `journalUrl`: every limit that would end a chaos run opened. */
export function writeClusterConfig(
  devnet: Devnet,
  leaseTtlMs: number,
): { path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-cluster-'))
  const path = writeDevnetLiveConfig(devnet, join(dir, 'cluster.yaml'), {
    killSwitchFile: join(dir, 'cluster.kill'),
    targets: { arbitrum: '900000000000', base: '1100000000000' },
    extraRisk:
      '  maxNotionalUsdPerDay: 10000000\n  maxInFlightUsd: 10000000\n  cooldownMsAfterFailure: 0\n' +
      '  autoKill: { afterConsecutiveFailures: 0 }\n',
    tracking: '  deadlineMs: 30000\n  pollIntervalMs: 200\n',
  })
  appendFileSync(path, `cluster:\n  leaseTtlMs: ${leaseTtlMs}\n`)
  return { path, dir }
}

/** One `ferry run --live --json` of a cluster, with its name for messages. */
export type ClusterInstance = SpawnedFerry & { name: string }

/** Starts `ferry run <config> --live --json` as `name`, on the shared journal at `journalUrl`. */
export function startClusterInstance(
  name: string,
  configPath: string,
  journalUrl: string,
  env: Record<string, string> = {},
  lifetimeMs = 240_000,
): ClusterInstance {
  const ferry = spawnFerry(['run', configPath, '--live', '--json'], lifetimeMs, {
    [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey,
    FERRY_JOURNAL_URL: journalUrl,
    ...env,
  })
  return Object.assign(ferry, { name })
}

/** The instance's lease events, in order. */
export function leaseEvents(instance: ClusterInstance): FerryEvent[] {
  return instance.events.filter((e) => e.type === 'lease')
}

/** Whether the instance holds a lease now, by its own events (the last change was an acquire). */
export function holdsLease(instance: ClusterInstance): boolean {
  return leaseEvents(instance).at(-1)?.change === 'acquired'
}

/**
 * Resolves with `check()`'s value once it is defined, looking every 50 ms (the condition spans
 * several processes' output, so no one process's event can wake the wait); rejects after
 * `timeoutMs`, naming `what`.
 */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined,
  timeoutMs: number,
): Promise<T> {
  const endMs = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > endMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(50)
  }
}

/** The process state letter of `pid` from /proc (`T`: stopped), or undefined once it is gone. */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
  } catch {
    return undefined
  }
}

/** The pieces a cluster test runs on: one devnet (EVM only) and one PostgreSQL. */
export type ClusterWorld = { readonly devnet: Devnet; readonly pg: TestPostgres }

/**
 * Starts a devnet (EVM chains, a 50 ms fill delay) and an embedded PostgreSQL before the file's
 * tests and stops both after them. The fields are set once `beforeAll` has run.
 */
export function useClusterWorld(): ClusterWorld {
  const world = {} as { devnet: Devnet; pg: TestPostgres }
  beforeAll(async () => {
    ;[world.devnet, world.pg] = await Promise.all([
      startDevnet({ solana: false, fillDelayMs: 50 }),
      startTestPostgres(),
    ])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([world.devnet?.stop(), world.pg?.stop()])
  })
  return world
}
