import type { Address, Hex, PublicClient } from 'viem'
import { contractAnswerOf } from '../../chains/evm/contractAnswerOf.ts'
import type {
  RolesAccountFacts,
  RolesMembershipProbe,
} from '../../chains/evm/safe/judgeRolesAccount.ts'
import { rolesAbi } from '../../chains/evm/safe/rolesAbi.ts'
import { safeAbi } from '../../chains/evm/safe/safeAbi.ts'

/**
 * Reads what {@link judgeRolesAccount} judges on one chain. Roles v2 has no public getter of a
 * role's members, so membership is probed (docs/safety.md "Treasury accounts", roles mode): an
 * eth_call of `execTransactionWithRole(safe, 0, 0x, 0, roleKey, true)` from the key. The modifier
 * checks the caller is one of its modules (`NotAuthorized(key)`), then the role's membership
 * (`NoMembership()`), and only then the role's scoping; the probe keeps its revert data for
 * {@link judgeRolesAccount} to read. Sends nothing. @throws the read's error when a read fails
 * or the probe gets no revert (the caller tells the RPC's failure from the contract's answer).
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
    return { ...base, membershipProbe: { reverted: false } }
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
  return { ...base, enabled, avatar, target, membershipProbe: await probeMembership(client, p) }
}

async function probeMembership(
  client: PublicClient,
  p: { safe: Address; modifier: Address; roleKey: Hex; key: Address },
): Promise<RolesMembershipProbe> {
  try {
    await client.simulateContract({
      account: p.key,
      address: p.modifier,
      abi: rolesAbi,
      functionName: 'execTransactionWithRole',
      args: [p.safe, 0n, '0x', 0, p.roleKey, true],
    })
    return { reverted: false }
  } catch (err) {
    const answer = contractAnswerOf(err)
    if (answer?.kind === 'revert') return { reverted: true, data: answer.data }
    throw err
  }
}
