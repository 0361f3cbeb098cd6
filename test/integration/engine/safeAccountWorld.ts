/**
 * The world of the treasury Safe tests (safeAccount.test.ts): one devnet (Arbitrum and Base, no
 * Solana) with a treasury Safe, a temp folder for configs and journals, and a live ferry run.
 * Bindings are live: read them inside tests.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import type { FailPointName } from '../../../src/execute/failPoints.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

export const user = devnetEvmAccount('user')
export const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
export const SAFE_KILL_POINTS: FailPointName[] = [
  'afterApprovalSent',
  'afterSign',
  'afterBroadcast',
]
export let devnet: Devnet
export let dir: string
export let safe: Address

/** Starts the file's devnet with its Safe and a temp folder; stops and removes both afterwards. */
export function useSafeAccountWorld(): void {
  beforeAll(async () => {
    devnet = await startDevnet({
      evmChainIds: [42161, 8453],
      solana: false,
      safe: true,
      fillDelayMs: 50,
    })
    safe = devnet.treasurySafe!
    dir = mkdtempSync(join(tmpdir(), 'ferry-safe-'))
  }, 60_000)

  afterAll(async () => {
    await devnet?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
}

export const chain = (id: number) => devnet.evm.find((c) => c.chainId === id)!
export const usdcOf = (who: Address) =>
  chain(42161).client.readContract({
    address: USDC_ARB,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  })

export const liveRun = (name: string, extra: Parameters<typeof writeDevnetLiveConfig>[2]) => {
  const config = join(dir, `${name}.yaml`)
  writeDevnetLiveConfig(devnet, config, extra)
  return runFerry(
    ['run', config, '--live', '--once', '--json', '--journal', join(dir, `${name}.sqlite`)],
    { [DEVNET_KEY_ENV]: user.privateKey },
    90_000,
  )
}
