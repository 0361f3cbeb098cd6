import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { checkSignable } from '../../../../src/chains/evm/checkSignable.ts'
import { checkRolesExec } from '../../../../src/chains/evm/safe/checkRolesExec.ts'
import { sameSafeCall } from '../../../../src/chains/evm/safe/checkSafeExec.ts'
import { encodeRolesExec } from '../../../../src/chains/evm/safe/encodeRolesExec.ts'
import { encodeSafeExec } from '../../../../src/chains/evm/safe/encodeSafeExec.ts'
import { outerCallOf } from '../../../../src/chains/evm/safe/outerCallOf.ts'
import { rolesAbi } from '../../../../src/chains/evm/safe/rolesAbi.ts'
import { ROLES_EXEC_OVERHEAD_GAS } from '../../../../src/chains/evm/safe/SafeRoute.ts'
import { unwrapSafeExec } from '../../../../src/chains/evm/safe/unwrapSafeExec.ts'
import { evmAllowList } from '../../../../src/chains/evmAllowList.ts'
import { VerificationError } from '../../../../src/common/VerificationError.ts'

// docs/safety.md "Treasury accounts", roles mode: what ferry's key may send to the Roles modifier.
const SAFE = '0x5afe00000000000000000000000000000000cafe' as Address
const MODIFIER = '0x4010000000000000000000000000000000000001' as Address
const ROLE = `0x${'66'.padEnd(64, '0')}` as Hex
const KEY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address
const ATTACKER = '0xbad0000000000000000000000000000000000bad' as Address
const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const roles = { modifier: MODIFIER, roleKey: ROLE }
const allow = evmAllowList(42161)!
const approve = (spender: string, amount = 5n): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Address, amount] })
const withRole = (a: {
  to?: Address
  data?: Hex
  operation?: number
  roleKey?: Hex
  shouldRevert?: boolean
}): Hex =>
  encodeFunctionData({
    abi: rolesAbi,
    functionName: 'execTransactionWithRole',
    args: [
      a.to ?? USDC,
      0n,
      a.data ?? approve(allow.dlnSource),
      a.operation ?? 0,
      a.roleKey ?? ROLE,
      a.shouldRevert ?? true,
    ],
  })
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(VerificationError)
    return (e as VerificationError).field
  }
  return 'accepted'
}

describe('encodeRolesExec and checkRolesExec', () => {
  test('behavior: the outer call goes to the modifier from the key and decodes back to the exact inner call', () => {
    const inner = { to: USDC, value: 0n, data: approve(allow.dlnSource) }
    const data = encodeRolesExec(inner, ROLE)
    expect(data).toBe(withRole({}))
    const decoded = checkRolesExec({ to: MODIFIER, value: 0n, data }, SAFE, roles)
    expect(sameSafeCall(decoded, inner)).toBe(true)
    expect(sameSafeCall(decoded, { ...inner, data: approve(ATTACKER) })).toBe(false)
    const route = { safe: SAFE, executor: KEY, roles }
    expect(outerCallOf({ address: SAFE, safe: route }, { ...inner, gas: 1n })).toEqual({
      account: KEY,
      to: MODIFIER,
      value: 0n,
      data,
      gas: 1n + ROLES_EXEC_OVERHEAD_GAS,
    })
    // Reconciliation reads the inner call of journaled bytes.
    const unwrapped = unwrapSafeExec({ to: MODIFIER, data })
    expect(unwrapped.to.toLowerCase()).toBe(USDC)
    expect(unwrapped.data).toBe(inner.data)
  })

  test('behavior: every modifier call ferry never builds is refused, naming the field', () => {
    const check = (data: Hex, to = MODIFIER, value = 0n) =>
      refusal(() => checkRolesExec({ to, value, data }, SAFE, roles))
    expect(check(withRole({}), ATTACKER)).toBe('roles.to')
    expect(check(withRole({}), MODIFIER, 1n)).toBe('roles.value')
    expect(check(withRole({ operation: 1 }))).toBe('roles.operation')
    expect(check(withRole({ roleKey: `0x${'77'.padEnd(64, '0')}` }))).toBe('roles.roleKey')
    expect(check(withRole({ shouldRevert: false }))).toBe('roles.shouldRevert')
    expect(check(withRole({ to: SAFE, data: '0x' }))).toBe('roles.inner.to')
    expect(check(withRole({ to: MODIFIER, data: '0x' }))).toBe('roles.inner.to')
    const assign = encodeFunctionData({
      abi: rolesAbi,
      functionName: 'assignRoles',
      args: [ATTACKER, [ROLE], [true]],
    })
    expect(check(assign)).toBe('roles.data')
    expect(check('0x12345678')).toBe('roles.data')
    // The same call with trailing bytes, or an address with dirty high bits: not canonical.
    expect(check(`${withRole({})}00`)).toBe('roles.data')
    const clean = withRole({})
    const dirty = `${clean.slice(0, 10)}ff${clean.slice(12)}` as Hex
    expect(check(dirty)).toBe('roles.data')
  })

  test("behavior: the signer signs the modifier's call only when its inner call passes the key's rules, and not the Safe's execTransaction", () => {
    const tx = (to: Address, data: Hex) => ({ chainId: 42161, to, data, value: 0n })
    const sign = (to: Address, data: Hex) =>
      refusal(() => checkSignable(tx(to, data), KEY, undefined, SAFE, roles))
    expect(sign(MODIFIER, withRole({}))).toBe('accepted')
    expect(sign(MODIFIER, withRole({ data: approve(ATTACKER, maxUint256) }))).toBe(
      'approve.spender',
    )
    expect(sign(MODIFIER, withRole({ to: ATTACKER, data: '0x' }))).toBe('tx.to')
    expect(sign(MODIFIER, withRole({ operation: 1 }))).toBe('roles.operation')
    // In roles mode the key is no owner: an execTransaction to the Safe is not one of its calls.
    const inner = { to: USDC, value: 0n, data: approve(allow.dlnSource) }
    expect(sign(SAFE, encodeSafeExec(inner, KEY))).toBe('tx.to')
  })
})
