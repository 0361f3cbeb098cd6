import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  type Hex,
  type PublicClient,
} from 'viem'
import type { RolesAccountFacts, RolesMembership } from '../../chains/evm/safe/judgeRolesAccount.ts'
import { rolesAbi } from '../../chains/evm/safe/rolesAbi.ts'
import { safeAbi } from '../../chains/evm/safe/safeAbi.ts'

/**
 * Reads what {@link judgeRolesAccount} judges on one chain. Roles v2 has no public getter of a
 * role's members, so membership is probed (docs/safety.md "Treasury accounts", roles mode): an
 * eth_call of `execTransactionWithRole(safe, 0, 0x, 0, roleKey, true)` from the key. The modifier
 * checks the caller is one of its modules (`NotAuthorized(key)`), then the role's membership
 * (`NoMembership()`), and only then the role's scoping; any answer past those two is membership.
 * Sends nothing. @throws when a read fails (the caller names the field).
 */
export async function readRolesAccount(
  client: PublicClient,
  p: { chainId: number; safe: Address; modifier: Address; roleKey: Hex; key: Address },
): Promise<RolesAccountFacts> {
  const [safeCode, modifierCode] = await Promise.all([
    client.getCode({ address: p.safe }),
    client.getCode({ address: p.modifier }),
  ])
  const base = { ...p, safeCode, modifierCode, enabled: false, avatar: '', target: '' }
  if (!safeCode || safeCode === '0x' || !modifierCode || modifierCode === '0x') {
    return { ...base, membership: 'member' }
  }
  const [enabled, avatar, target] = await Promise.all([
    client.readContract({
      address: p.safe,
      abi: safeAbi,
      functionName: 'isModuleEnabled',
      args: [p.modifier],
    }),
    client.readContract({ address: p.modifier, abi: rolesAbi, functionName: 'avatar' }),
    client.readContract({ address: p.modifier, abi: rolesAbi, functionName: 'target' }),
  ])
  return { ...base, enabled, avatar, target, membership: await probeMembership(client, p) }
}

async function probeMembership(
  client: PublicClient,
  p: { safe: Address; modifier: Address; roleKey: Hex; key: Address },
): Promise<RolesMembership> {
  try {
    await client.simulateContract({
      account: p.key,
      address: p.modifier,
      abi: rolesAbi,
      functionName: 'execTransactionWithRole',
      args: [p.safe, 0n, '0x', 0, p.roleKey, true],
    })
    return 'member'
  } catch (err) {
    const reverted =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null
    const name =
      reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined
    if (name === 'NoMembership' || name === 'NotAuthorized') return name
    if (reverted) return 'member'
    throw err
  }
}
