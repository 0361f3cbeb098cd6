/**
 * The world of the bad-input run tests (badInputRunInProcess and badInputRunBinary): a tmp folder
 * for their configs and journals (removed after the file), the fixture servers a test starts
 * (closed after each test), and a config for real networks that wants to move.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'

export let dir: string
export const servers: FixtureServer[] = []

/** Makes the tmp folder for the file (removed after it) and closes the servers after each test. */
export function useBadInputRunWorld(): void {
  dir = mkdtempSync(join(tmpdir(), 'ferry-bad-input-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
  })
}

export const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
/** anvil's first account: the configured wallet. */
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** anvil's second account's key: a valid key of someone else. */
export const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

let files = 0
/** Writes a config file in the test's folder and returns its path. */
function writeConfig(text: string): string {
  const path = join(dir, `config-${++files}.yaml`)
  writeFileSync(path, text)
  return path
}

/** A URL where nothing listens: a fixture server's port, closed again. */
export async function closedUrl(): Promise<string> {
  const server = await startFixtureServer(() => ({}))
  await server.close()
  return server.url
}

const STRATEGY = rebalanceYaml({
  chains: [
    { chainId: 42161, token: USDC_ARB, targetAmount: '1000000000' },
    { chainId: 8453, token: USDC_BASE, targetAmount: '5000000000' },
  ],
  maxCostBps: 500,
  minMoveAmount: '1000000',
  maxMoveAmount: undefined,
})

/** A config for real networks at `apiUrl` and `rpcUrl` (both chains), one rebalance that wants to move. */
export function runConfig(o: {
  apiUrl: string
  rpcUrl: string
  live?: boolean
  strategies?: string
}) {
  return writeConfig(`mode: ${o.live ? 'live' : 'dry-run'}
service:
  apiUrl: ${o.apiUrl}
  statsUrl: ${o.apiUrl}
chains:
  42161: { rpcUrls: ["${o.rpcUrl}"], confirmations: 1 }
  8453: { rpcUrls: ["${o.rpcUrl}"], confirmations: 1 }
wallets:
  evm: { privateKeyEnv: FERRY_TEST_KEY, address: "${ADDRESS}" }
risk:
  killSwitchFile: ${join(dir, 'stop.kill')}
prices:
  - { chainId: 42161, token: "${USDC_ARB}", usd: 1 }
  - { chainId: 8453, token: "${USDC_BASE}", usd: 1 }
  - { chainId: 42161, token: "0x0000000000000000000000000000000000000000", usd: 3000 }
  - { chainId: 8453, token: "0x0000000000000000000000000000000000000000", usd: 3000 }
${o.strategies ?? STRATEGY}`)
}

export const journalArg = (): string[] => ['--journal', join(dir, `journal-${++files}.sqlite`)]
