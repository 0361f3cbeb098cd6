import { decodeErrorResult, type Hex, size, slice } from 'viem'
import { UsageError } from '../../../common/UsageError.ts'
import { rolesAbi } from './rolesAbi.ts'

/**
 * What the membership probe saw: the modifier's answer to the key's `execTransactionWithRole` of a
 * harmless call, success or its revert data (`0x`: a revert without data).
 */
export type RolesMembershipProbe = { reverted: false } | { reverted: true; data: Hex }

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
  membershipProbe: RolesMembershipProbe
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
  const membership = membershipOf(facts.membershipProbe)
  if (membership === 'NoMembership' || membership === 'NotAuthorized') {
    return new UsageError(
      'wallets.evm.account.roles.roleKey',
      `${on}: ferry's key ${facts.key} does not hold the role ${facts.roleKey} on ${facts.modifier} (${membership})`,
      "assign the role to the key: the modifier's owner calls assignRoles(<key>, [<roleKey>], [true])",
    )
  }
  if (membership !== 'member') {
    return new UsageError(
      FIELD,
      `${on}: ${facts.modifier} answered the membership probe of the role ${facts.roleKey} with a revert a Roles modifier v2 does not give (${membership}), so ferry cannot tell whether its key holds the role`,
      'give the address of the Roles modifier v2 enabled on the Safe, and in roles.roleKey a role assigned to the key on it',
    )
  }
  return undefined
}

/**
 * The modifier's checks run in order (docs/safety.md "Treasury accounts", roles mode): the caller
 * is a module (`NotAuthorized`), the role is its (`NoMembership`), then the call's scope
 * (`ConditionViolation`), then the Safe runs it (`ModuleTransactionFailed` if it fails). Success
 * or a revert from the last two is past membership: `member`. The first two are named; any
 * other revert is described (its error, selector and data), never taken for membership.
 */
function membershipOf(probe: RolesMembershipProbe): string {
  if (!probe.reverted) return 'member'
  if (size(probe.data) < 4) return 'a revert without data'
  const selector = slice(probe.data, 0, 4)
  let decoded: ReturnType<typeof decodeErrorResult<typeof rolesAbi>>
  try {
    decoded = decodeErrorResult({ abi: rolesAbi, data: probe.data })
  } catch {
    const shown = size(probe.data) > 68 ? `${slice(probe.data, 0, 68)}…` : probe.data
    return `selector ${selector}, data ${shown}`
  }
  const { errorName, args } = decoded
  if (errorName === 'ConditionViolation' || errorName === 'ModuleTransactionFailed') return 'member'
  if (errorName === 'NoMembership' || errorName === 'NotAuthorized') return errorName
  const shownArgs = (args ?? []).map((a) => JSON.stringify(String(a))).join(', ')
  return `${errorName}(${shownArgs}), selector ${selector}`
}
