import { readFileSync } from 'node:fs'
import { decodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { rolesAbi } from '../../../../src/chains/evm/safe/rolesAbi.ts'
import { evmAllowList } from '../../../../src/chains/evmAllowList.ts'
import { instanceTokensOf } from '../../../../src/cli/run/instanceTokensOf.ts'
import { planRolesPermissions } from '../../../../src/cli/safe/planRolesPermissions.ts'
import { UsageError } from '../../../../src/common/UsageError.ts'
import { parseFerryConfig } from '../../../../src/settings/parseFerryConfig.ts'
import { builtInStrategies } from '../../../../strategies/builtInStrategies.ts'

// ferry safe permissions (docs/safety.md "Treasury accounts", roles mode) of the roles example.
const ENV = {
  FERRY_SERVICE_URL: 'http://127.0.0.1:8787',
  ARBITRUM_RPC_URL: 'http://127.0.0.1:8545',
  BASE_RPC_URL: 'http://127.0.0.1:8546',
}
const text = readFileSync(
  new URL('../../../../config/treasury-roles.example.yaml', import.meta.url),
  'utf8',
)
const parsed = parseFerryConfig(text, ENV)
if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
const config = parsed.config
const tokens = config.strategies.map(instanceTokensOf(builtInStrategies as never))
const USDC = {
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
} as const

const callsOf = (data: readonly Hex[]) =>
  data.map((d) => {
    const { functionName, args } = decodeFunctionData({ abi: rolesAbi, data: d })
    const [roleKey, target, selector] = args as readonly [Hex, Hex, Hex?]
    return { functionName, roleKey, target: target.toLowerCase(), selector }
  })

describe('planRolesPermissions', () => {
  test('behavior: per chain, the DLN calls and the approve of the gives only, for the configured role', async () => {
    const plans = await planRolesPermissions(config, tokens)
    expect(plans.map((p) => p.chainId).sort((a, b) => a - b)).toEqual([8453, 42161])
    const roleKey = config.wallets.evm!.account as { roles: { roleKey: Hex } }
    for (const plan of plans) {
      const allow = evmAllowList(plan.chainId as 42161)!
      const calls = callsOf(plan.calls)
      expect(new Set(calls.map((c) => c.roleKey))).toEqual(new Set([roleKey.roles.roleKey]))
      const scoped = calls.filter((c) => c.functionName === 'scopeFunction')
      const allowed = calls.filter((c) => c.functionName === 'allowFunction')
      expect(scoped.map((c) => `${c.target} ${c.selector}`).sort()).toEqual(
        [
          `${allow.dlnSource} 0xb9303701`, // createSaltedOrder
          `${allow.dlnSource} 0xfbe16ca7`, // createOrder
          `${allow.forwarder} 0x4d8160ba`, // strictlySwapAndCall
          `${allow.dlnDestination} 0xd38d9626`, // sendEvmOrderCancel
          `${USDC[plan.chainId as 42161]} 0x095ea7b3`, // approve
        ].sort(),
      )
      // patchOrderTake alone is allowed unscoped: DlnDestination takes it from the authority only.
      expect(allowed.map((c) => `${c.target} ${c.selector}`)).toEqual([
        `${allow.dlnDestination} 0x51f228b4`,
      ])
      expect(plan.rules.find((r) => r.fn === 'approve')?.conditions).toEqual([
        `spender ∈ {DlnSource ${allow.dlnSource}, forwarder ${allow.forwarder}}`,
      ])
    }
  })

  test('bad input: a config that is not in roles mode is a UsageError naming wallets.evm.account', async () => {
    const owner = { ...config, wallets: { evm: { ...config.wallets.evm!, account: undefined } } }
    const refused = await planRolesPermissions(owner as never, tokens).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(UsageError)
    expect((refused as UsageError).field).toBe('wallets.evm.account')
  })
})
