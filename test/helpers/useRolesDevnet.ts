import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import type { DevnetRolesTreasury } from '../../src/devnet/installDevnetRoles.ts'
import { type Devnet, startDevnet } from '../../src/devnet/startDevnet.ts'
import { type DevnetLiveConfigOptions, writeDevnetLiveConfig } from './writeDevnetLiveConfig.ts'

/** The roles-mode devnet of a test file, filled in by its beforeAll. */
export type RolesDevnet = {
  devnet: Devnet
  /** A scratch folder for configs and journals, removed after the file. */
  dir: string
  /** The roles treasury: Safe, modifier, role key (the same on both chains). */
  roles: DevnetRolesTreasury
  chain(id: number): Devnet['evm'][number]
  /** `wallets.evm.account` in roles mode, with the devnet's modifier and role unless overridden. */
  rolesAccount(over?: { modifier?: Address; roleKey?: Hex }): string
  /** A live config at `<dir>/<name>.yaml` (the USDC rebalance with the hook) in roles mode. */
  writeConfig(name: string, options?: Partial<DevnetLiveConfigOptions>): string
}

/**
 * Starts a devnet of Arbitrum and Base with the roles-mode treasury (`roles: true`,
 * docs/safety.md "Treasury accounts") for the calling test file, and stops it after.
 */
export function useRolesDevnet(): RolesDevnet {
  const world = {
    chain: (id: number) => world.devnet.evm.find((c) => c.chainId === id)!,
    rolesAccount: (over: { modifier?: Address; roleKey?: Hex } = {}) => {
      const { safe, modifier, roleKey } = world.roles
      return `{ safe: "${safe}", execution: roles, roles: { modifier: "${over.modifier ?? modifier}", roleKey: "${over.roleKey ?? roleKey}" } }`
    },
    writeConfig: (name: string, options: Partial<DevnetLiveConfigOptions> = {}) =>
      writeDevnetLiveConfig(world.devnet, join(world.dir, `${name}.yaml`), {
        killSwitchFile: `${name}.kill`,
        hook: true,
        tracking: '  pollIntervalMs: 200\n',
        account: world.rolesAccount(),
        ...options,
      }),
  } as RolesDevnet
  beforeAll(async () => {
    world.devnet = await startDevnet({
      evmChainIds: [42161, 8453],
      solana: false,
      roles: true,
      fillDelayMs: 50,
    })
    world.roles = world.devnet.treasuryRoles!
    world.dir = mkdtempSync(join(tmpdir(), 'ferry-roles-'))
  }, 60_000)
  afterAll(async () => {
    await world.devnet?.stop()
    if (world.dir) rmSync(world.dir, { recursive: true, force: true })
  })
  return world
}
