import { type Address, encodeErrorResult, type Hex, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  judgeRolesAccount,
  type RolesAccountFacts,
} from '../../../../src/chains/evm/safe/judgeRolesAccount.ts'
import { ROLES_STATUS, rolesAbi } from '../../../../src/chains/evm/safe/rolesAbi.ts'

// docs/safety.md "Treasury accounts", roles mode: the start check of the modifier and the role.
const SAFE = '0x5afe00000000000000000000000000000000cafe' as Address
const MODIFIER = '0x4010000000000000000000000000000000000001' as Address
const ROLE = `0x${'66'.padEnd(64, '0')}` as Hex
const KEY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address
const ATTACKER = '0xbad0000000000000000000000000000000000bad' as Address
const facts: RolesAccountFacts = {
  chainId: 42161,
  safe: SAFE,
  modifier: MODIFIER,
  roleKey: ROLE,
  key: KEY,
  safeCode: '0x60',
  modifierCode: '0x60',
  enabled: true,
  avatar: SAFE,
  target: SAFE,
  membershipProbe: { reverted: false },
}
const judged = (over: Partial<RolesAccountFacts>) => {
  const e = judgeRolesAccount({ ...facts, ...over })
  return e && { field: e.field, message: e.message }
}
/** The probe reverted with `data`, as the modifier's `eth_call` answers it. */
const reverted = (data: Hex) => ({ membershipProbe: { reverted: true as const, data } })
const rolesError = (errorName: string, args?: readonly unknown[]) =>
  encodeErrorResult({ abi: rolesAbi, errorName, args } as Parameters<typeof encodeErrorResult>[0])

describe('judgeRolesAccount', () => {
  test('behavior: a Safe and modifier with code, acting for the Safe, enabled, the key a member: runs', () => {
    expect(judged({})).toBeUndefined()
  })

  test('behavior: each failure names its field and says what is wrong', () => {
    expect(judged({ safeCode: '0x' })).toMatchObject({
      field: 'wallets.evm.account.safe',
      message: expect.stringContaining('has no code'),
    })
    expect(judged({ modifierCode: undefined })).toMatchObject({
      field: 'wallets.evm.account.roles.modifier',
      message: expect.stringContaining('has no code'),
    })
    expect(judged({ avatar: ATTACKER })).toMatchObject({
      field: 'wallets.evm.account.roles.modifier',
      message: expect.stringContaining(`acts for ${ATTACKER}`),
    })
    expect(judged({ enabled: false })).toMatchObject({
      field: 'wallets.evm.account.roles.modifier',
      message: expect.stringContaining('is not enabled on the Safe'),
    })
  })

  test("behavior: the modifier's NoMembership and NotAuthorized mean the key does not hold the role", () => {
    for (const data of [rolesError('NoMembership'), rolesError('NotAuthorized', [KEY])]) {
      expect(judged(reverted(data))).toMatchObject({
        field: 'wallets.evm.account.roles.roleKey',
        message: expect.stringContaining(`does not hold the role ${ROLE}`),
      })
    }
    expect(judged(reverted(rolesError('NoMembership')))?.message).toContain('(NoMembership)')
  })

  test('behavior: past membership, a scope refusal or a failed inner call still count as membership', () => {
    // A member whose harmless call to the Safe is outside its set: the modifier's scoping refuses.
    const status = ROLES_STATUS.indexOf('TargetAddressNotAllowed')
    expect(
      judged(reverted(rolesError('ConditionViolation', [status, `0x${'0'.repeat(64)}`]))),
    ).toBe(undefined)
    expect(judged(reverted(rolesError('ModuleTransactionFailed')))).toBeUndefined()
  })

  test('behavior: any other revert fails closed: refused on the modifier, naming the revert, never taken for membership', () => {
    const foreign = encodeErrorResult({
      abi: parseAbi(['error Unauthorized(address who)']),
      errorName: 'Unauthorized',
      args: [KEY],
    })
    const cases: [Hex, string][] = [
      [foreign, `selector ${foreign.slice(0, 10)}`],
      ['0x', 'a revert without data'],
      [rolesError('OwnableUnauthorizedAccount', [KEY]), 'OwnableUnauthorizedAccount('],
      // A Safe's require string (a module call the Safe refused), decoded as Error(string).
      [
        encodeErrorResult({ abi: parseAbi(['error Error(string)']), args: ['GS104'] }),
        'Error("GS104"), selector 0x08c379a0',
      ],
    ]
    for (const [data, named] of cases) {
      const refusal = judged(reverted(data))
      expect(refusal, data).toMatchObject({ field: 'wallets.evm.account.roles.modifier' })
      expect(refusal!.message).toContain('a revert a Roles modifier v2 does not give')
      expect(refusal!.message).toContain(named)
      expect(refusal!.message).toContain('fix: give the address of the Roles modifier v2')
    }
    // Long revert data is shown cut, not whole.
    const long = `0xdeadbeef${'ab'.repeat(200)}` as Hex
    expect(judged(reverted(long))!.message).toContain(`data ${long.slice(0, 138)}…`)
  })
})
