import { createRequire } from 'node:module'
import {
  type AbiFunction,
  type AbiParameter,
  encodeErrorResult,
  toFunctionSelector,
  toFunctionSignature,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { toEvmRevertError } from '../../../src/chains/evm/EvmRevertError.ts'
import { rolesAbi } from '../../../src/chains/evm/safe/rolesAbi.ts'

const require = createRequire(import.meta.url)
type Fragment = { type: string; name?: string; inputs?: readonly AbiParameter[] }
// The Roles v2 ABI @gnosis.pm/zodiac ships beside the modifier's creation code (docs/safety.md
// "Treasury accounts", the artifacts).
const published = (require('@gnosis.pm/zodiac') as { ContractAbis: { roles_v2: Fragment[] } })
  .ContractAbis.roles_v2
const signature = (f: Fragment) => `${f.type} ${toFunctionSignature(f as AbiFunction)}`

describe('rolesAbi against the Roles v2 ABI @gnosis.pm/zodiac ships', () => {
  test('default: every function and error ferry uses is in the published ABI, with the same types', () => {
    const known = new Set(published.map(signature))
    const missing = (rolesAbi as readonly Fragment[]).map(signature).filter((s) => !known.has(s))
    expect(missing).toEqual([])
    expect(
      toFunctionSelector('execTransactionWithRole(address,uint256,bytes,uint8,bytes32,bool)'),
    ).toBe('0xc6fe8747')
  })

  test("behavior: a modifier's refusal is reported by name, its status spelled out", () => {
    const data = encodeErrorResult({
      abi: rolesAbi,
      errorName: 'ConditionViolation',
      args: [3, `0xb9303701${'0'.repeat(56)}`],
    })
    expect(toEvmRevertError('simulation of call 2', data)?.message.split('\n')[0]).toBe(
      'simulation of call 2 reverted: ConditionViolation(FunctionNotAllowed)',
    )
    const none = encodeErrorResult({ abi: rolesAbi, errorName: 'NoMembership' })
    expect(toEvmRevertError('send', none)?.errorName).toBe('NoMembership')
  })
})
