import { decodeFunctionData, type Hex } from 'viem'
import { rolesAbi } from '../../chains/evm/safe/rolesAbi.ts'
import type { RolesChainPlan } from '../safe/planRolesPermissions.ts'

/** What a modifier call does, in one line: its function, target and selector. */
function describeCall(data: Hex): string {
  const { functionName, args } = decodeFunctionData({ abi: rolesAbi, data })
  const [, target, selector] = args as readonly unknown[]
  const conditions =
    functionName === 'scopeFunction'
      ? ` with ${(args[3] as readonly unknown[]).length} conditions`
      : ''
  return `${functionName}(${[target, selector].filter(Boolean).join(', ')})${conditions}`
}

/**
 * `ferry safe permissions` for people: per chain, the Safe, the modifier and the role, each
 * permission in words, then the modifier calls that set it, in order (docs/safety.md "Treasury
 * accounts", roles mode).
 */
export function formatRolesPermissions(plans: readonly RolesChainPlan[]): string {
  const lines: string[] = []
  for (const p of plans) {
    lines.push(
      `chain ${p.chainId}: Safe ${p.safe}, Roles modifier ${p.modifier}, role ${p.roleKey}`,
      '  permissions (anything else reverts in the modifier):',
    )
    for (const r of p.rules) {
      lines.push(`  - ${r.name} ${r.target} ${r.fn}`)
      for (const c of r.conditions) lines.push(`      ${c}`)
    }
    lines.push(`  ${p.calls.length} modifier calls, sent by its owner (the Safe):`)
    p.calls.forEach((data, i) => {
      lines.push(`    ${i + 1}. ${describeCall(data)}`)
    })
    lines.push('')
  }
  lines.push(
    'Review, then apply with a Safe transaction its owners sign: ferry safe permissions --json',
    'prints one Safe Transaction Builder batch per chain. The calls grant; they revoke nothing a',
    'reused role already had: give ferry a role of its own.',
  )
  return `${lines.join('\n')}\n`
}

/**
 * The Safe Transaction Builder batch (format 1.0) of one chain: the modifier calls as transactions
 * from the Safe, value 0, with their calldata; importable in the Safe app's Transaction Builder.
 */
export function safeBatchOf(plan: RolesChainPlan, createdAtMs: number): object {
  return {
    version: '1.0',
    chainId: String(plan.chainId),
    createdAt: createdAtMs,
    meta: {
      name: `ferry roles permissions, chain ${plan.chainId}`,
      description: `Grants role ${plan.roleKey} on ${plan.modifier} the calls ferry makes (ferry safe permissions)`,
      createdFromSafeAddress: plan.safe,
    },
    transactions: plan.calls.map((data) => ({
      to: plan.modifier,
      value: '0',
      data,
      contractMethod: null,
      contractInputsValues: null,
    })),
  }
}
