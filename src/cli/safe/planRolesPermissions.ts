import { createRequire } from 'node:module'
import type { Address, Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import type { TokenRef } from '../../common/strategy/strategyContract.ts'
import { UsageError } from '../../common/UsageError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { type RolesRule, rolesPermissionSet } from './rolesPermissionSet.ts'

const require = createRequire(import.meta.url)
const SOLANA = 7565164

/** The permission set of one chain's modifier, in words and as the modifier calls that set it. */
export type RolesChainPlan = {
  chainId: number
  safe: Address
  modifier: Address
  roleKey: Hex
  rules: RolesRule[]
  /** Calldata for the modifier, to be sent by its owner (the Safe), in order. */
  calls: Hex[]
}

/**
 * The exact Roles v2 permission set a roles-mode config needs, per configured EVM chain
 * (docs/safety.md "Treasury accounts", roles mode): the gives and takes of its strategies
 * (`tokensOf`), the chain's DLN contracts, the Safe and the account's receivers, through
 * {@link rolesPermissionSet}; zodiac-roles-sdk's processPermissions and applyTargets turn it into
 * the modifier calls (scopeTarget, scopeFunction with the flattened conditions, allowFunction).
 * The calls grant; they revoke nothing set before. @throws UsageError (exit 2) when the account
 * is not in roles mode or a chain has no allow-list.
 */
export async function planRolesPermissions(
  config: DeepReadonly<FerryConfig>,
  tokensOf: readonly ({ gives: readonly TokenRef[]; takes: readonly TokenRef[] } | undefined)[],
): Promise<RolesChainPlan[]> {
  const account = config.wallets.evm?.account
  if (typeof account !== 'object' || !account.roles) {
    throw new UsageError(
      'wallets.evm.account',
      'is not a Safe in roles mode',
      'set wallets.evm.account: { safe, execution: roles, roles: { modifier, roleKey } }',
    )
  }
  const safe = account.safe as Address
  const { modifier, roleKey } = account.roles as { modifier: Address; roleKey: Hex }
  const gives = tokensOf.flatMap((t) => t?.gives ?? [])
  const takes = tokensOf.flatMap((t) => t?.takes ?? [])
  const solana = config.wallets.solana?.address
  const receivers = [...new Set(takes.map((t) => t.chainId))].flatMap((chainId) =>
    chainId === SOLANA
      ? solana
        ? [{ chainId, receiver: toAddressBytes(solana, SOLANA as ChainId) }]
        : []
      : [{ chainId, receiver: safe.toLowerCase() as Hex }],
  )
  const takeBytes = takes.map((t) => ({
    chainId: t.chainId,
    token: toAddressBytes(t.token, t.chainId as ChainId),
  }))
  const sdk = require('zodiac-roles-sdk') as typeof import('zodiac-roles-sdk')
  const plans: RolesChainPlan[] = []
  for (const id of Object.keys(config.chains).map(Number)) {
    if (id === SOLANA) continue
    const allow = evmAllowList(id as ChainId)
    if (!allow) {
      throw new UsageError(
        `chains.${id}`,
        'has no DLN allow-list, so no permission set',
        'use a chain whose DLN contracts ferry knows',
      )
    }
    const chainGives = [
      ...new Set(gives.filter((g) => g.chainId === id).map((g) => g.token.toLowerCase())),
    ] as Address[]
    const { permissions, rules } = rolesPermissionSet({
      safe,
      chain: {
        chainId: id,
        dlnSource: allow.dlnSource as Address,
        forwarder: allow.forwarder as Address,
        dlnDestination: allow.dlnDestination as Address,
        gives: chainGives,
      },
      takes: takeBytes,
      receivers,
    })
    const { targets } = sdk.processPermissions(permissions)
    const calls = await sdk.applyTargets(roleKey, targets, { currentTargets: [], mode: 'replace' })
    plans.push({ chainId: id, safe, modifier, roleKey, rules, calls })
  }
  return plans
}
