import type { Hex } from 'viem'
import { UsageError } from '../../../common/UsageError.ts'

/**
 * What the membership probe saw: the modifier's answer to the key's `execTransactionWithRole` of a
 * harmless call (`NotAuthorized`: the key is not a module of the modifier; `NoMembership`: it is,
 * without the role; `member`: any other answer, a scoping refusal included).
 */
export type RolesMembership = 'member' | 'NoMembership' | 'NotAuthorized'

/** What a start reads of the configured Safe and Roles modifier on one chain. */
export type RolesAccountFacts = {
  chainId: number
  safe: string
  modifier: string
  roleKey: string
  /** ferry's key. */
  key: string
  safeCode: Hex | undefined
  modifierCode: Hex | undefined
  /** `Safe.isModuleEnabled(modifier)`. */
  enabled: boolean
  /** The modifier's `avatar()` and `target()`. */
  avatar: string
  target: string
  membership: RolesMembership
}

const empty = (code: Hex | undefined) => code === undefined || code === '0x'

/**
 * Whether roles mode can run on a chain (docs/safety.md "Treasury accounts", roles mode): the
 * Safe and the modifier have code, the modifier acts for this Safe (avatar and target), the Safe
 * has it enabled as a module, and ferry's key holds the role. Returns the UsageError to stop the
 * start with (exit 2, nothing sent), or undefined. Pure.
 */
export function judgeRolesAccount(facts: RolesAccountFacts): UsageError | undefined {
  const on = `chain ${facts.chainId}`
  if (empty(facts.safeCode)) {
    return new UsageError(
      'wallets.evm.account.safe',
      `${on}: the Safe ${facts.safe} has no code`,
      `deploy the Safe on chain ${facts.chainId} at this address (the same on every configured EVM chain), or correct the address`,
    )
  }
  const FIELD = 'wallets.evm.account.roles.modifier'
  if (empty(facts.modifierCode)) {
    return new UsageError(
      FIELD,
      `${on}: the Roles modifier ${facts.modifier} has no code`,
      `deploy the Roles modifier v2 for the Safe on chain ${facts.chainId} at this address, or correct the address`,
    )
  }
  const same = (a: string) => a.toLowerCase() === facts.safe.toLowerCase()
  if (!same(facts.avatar) || !same(facts.target)) {
    return new UsageError(
      FIELD,
      `${on}: the Roles modifier acts for ${facts.avatar} (target ${facts.target}), not for the Safe ${facts.safe}`,
      'give the modifier whose avatar and target are the configured Safe',
    )
  }
  if (!facts.enabled) {
    return new UsageError(
      FIELD,
      `${on}: the Roles modifier ${facts.modifier} is not enabled on the Safe ${facts.safe}`,
      'enable it with a Safe transaction its owners sign: enableModule(<modifier>)',
    )
  }
  if (facts.membership !== 'member') {
    return new UsageError(
      'wallets.evm.account.roles.roleKey',
      `${on}: ferry's key ${facts.key} does not hold the role ${facts.roleKey} on ${facts.modifier} (${facts.membership})`,
      "assign the role to the key: the modifier's owner calls assignRoles(<key>, [<roleKey>], [true])",
    )
  }
  return undefined
}
