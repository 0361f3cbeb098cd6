import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, zeroAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { checkSignable } from '../../../../src/chains/evm/checkSignable.ts'
import { checkSafeExec, sameSafeCall } from '../../../../src/chains/evm/safe/checkSafeExec.ts'
import {
  encodeSafeExec,
  preValidatedSignature,
} from '../../../../src/chains/evm/safe/encodeSafeExec.ts'
import { judgeSafeAccount } from '../../../../src/chains/evm/safe/judgeSafeAccount.ts'
import { outerCallOf } from '../../../../src/chains/evm/safe/outerCallOf.ts'
import { safeAbi } from '../../../../src/chains/evm/safe/safeAbi.ts'
import { unwrapSafeExec } from '../../../../src/chains/evm/safe/unwrapSafeExec.ts'
import { evmAllowList } from '../../../../src/chains/evmAllowList.ts'
import { VerificationError } from '../../../../src/common/VerificationError.ts'

// docs/safety.md "Treasury accounts": what ferry's key may send to its Safe.
const SAFE = '0x5afe00000000000000000000000000000000cafe' as Address
const KEY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address
const ATTACKER = '0xbad0000000000000000000000000000000000bad' as Address
const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const allow = evmAllowList(42161)!
const approve = (spender: string, amount = 5n): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Address, amount] })
const exec = (args: {
  to?: Address
  value?: bigint
  data?: Hex
  operation?: number
  gasPrice?: bigint
  refund?: Address
  sigs?: Hex
}): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      args.to ?? USDC,
      args.value ?? 0n,
      args.data ?? approve(allow.dlnSource),
      args.operation ?? 0,
      0n,
      0n,
      args.gasPrice ?? 0n,
      zeroAddress,
      args.refund ?? zeroAddress,
      args.sigs ?? preValidatedSignature(KEY),
    ],
  })

describe('encodeSafeExec and checkSafeExec', () => {
  test('behavior: the outer call decodes back to the exact inner call', () => {
    const inner = { to: USDC, value: 0n, data: approve(allow.dlnSource) }
    const data = encodeSafeExec(inner, KEY)
    const decoded = checkSafeExec({ to: SAFE, value: 0n, data }, SAFE, KEY)
    expect(sameSafeCall(decoded, inner)).toBe(true)
    expect(sameSafeCall(decoded, { ...inner, data: approve(ATTACKER) })).toBe(false)
    expect(
      outerCallOf({ address: SAFE, safe: { safe: SAFE, executor: KEY } }, { ...inner, gas: 1n }),
    ).toMatchObject({ account: KEY, to: SAFE, value: 0n, data })
  })

  test('behavior: the pre-validated signature is r = owner, s = 0, v = 1', () => {
    const sig = preValidatedSignature(KEY)
    expect(sig).toHaveLength(2 + 65 * 2)
    expect(sig.slice(26, 66)).toBe(KEY.slice(2))
    expect(sig.endsWith('01')).toBe(true)
  })

  test.each([
    ['a delegatecall', { operation: 1 }, 'safe.operation'],
    [
      'a call of the Safe to itself (owners, modules, guard, threshold)',
      {
        to: SAFE,
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: 'addOwnerWithThreshold',
          args: [ATTACKER, 1n],
        }),
      },
      'safe.inner.to',
    ],
    ['a gas refund to someone', { gasPrice: 1n, refund: ATTACKER }, 'safe.gas'],
    ['another signature', { sigs: preValidatedSignature(ATTACKER) }, 'safe.signatures'],
  ] as const)('behavior: refuses %s', (_, args, field) => {
    const run = () => checkSafeExec({ to: SAFE, value: 0n, data: exec(args) }, SAFE, KEY)
    expect(run).toThrow(VerificationError)
    expect(run).toThrow(field)
  })

  test('behavior: refuses another target, value on the outer call, another selector', () => {
    expect(() => checkSafeExec({ to: ATTACKER, value: 0n, data: exec({}) }, SAFE, KEY)).toThrow(
      'safe.to',
    )
    expect(() => checkSafeExec({ to: SAFE, value: 1n, data: exec({}) }, SAFE, KEY)).toThrow(
      'safe.value',
    )
    const setGuard = encodeFunctionData({
      abi: safeAbi,
      functionName: 'setGuard',
      args: [ATTACKER],
    })
    expect(() => checkSafeExec({ to: SAFE, value: 0n, data: setGuard }, SAFE, KEY)).toThrow(
      'safe.data',
    )
  })
})

describe('unwrapSafeExec', () => {
  test('behavior: a journaled execTransaction reads as its inner call; any other call as itself', () => {
    const data = approve(allow.dlnSource)
    expect(
      unwrapSafeExec({ to: SAFE, data: encodeSafeExec({ to: USDC, value: 0n, data }, KEY) }),
    ).toEqual({
      to: expect.stringMatching(new RegExp(`^${USDC}$`, 'i')),
      data,
    })
    expect(unwrapSafeExec({ to: USDC, data })).toEqual({ to: USDC, data })
  })
})

describe('checkSignable with a Safe', () => {
  const tx = (data: Hex) => ({ chainId: 42161, to: SAFE, data, value: 0n })
  test('behavior: an approve of DlnSource through the Safe is signable; one to an attacker is not', () => {
    expect(() => checkSignable(tx(exec({})), KEY, undefined, SAFE)).not.toThrow()
    expect(() =>
      checkSignable(tx(exec({ data: approve(ATTACKER, maxUint256) })), KEY, undefined, SAFE),
    ).toThrow('approve.spender')
  })

  test('behavior: a Safe transfer out or a self-call is refused; without the Safe configured the Safe is no target', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ATTACKER, 5n],
    })
    expect(() => checkSignable(tx(exec({ data: transfer })), KEY, undefined, SAFE)).toThrow('tx.to')
    expect(() => checkSignable(tx(exec({ operation: 1 })), KEY, undefined, SAFE)).toThrow(
      'safe.operation',
    )
    expect(() => checkSignable(tx(exec({})), KEY)).toThrow('tx.to')
  })
})

describe('judgeSafeAccount', () => {
  const ok = {
    chainId: 42161,
    safe: SAFE,
    key: KEY,
    code: '0x60' as Hex,
    owners: [KEY],
    threshold: 1n,
  }
  test('behavior: a threshold-1 Safe the key owns passes', () => {
    expect(judgeSafeAccount(ok)).toBeUndefined()
  })
  test.each([
    ['no code', { code: '0x' as Hex }, 'has no code'],
    ['not an owner', { owners: [ATTACKER] }, 'is not owned by'],
    ['threshold 2', { threshold: 2n }, 'needs 2 signatures'],
  ] as const)('behavior: %s is a usage error naming the field and the fix', (_, change, text) => {
    const error = judgeSafeAccount({ ...ok, ...change })!
    expect(error.field).toBe('wallets.evm.account.safe')
    expect(error.message).toContain(text)
    expect(error.message).toContain('fix:')
  })
})
