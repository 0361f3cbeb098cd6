import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Abi, encodeErrorResult, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { toEvmRevertError } from '../../../../src/chains/evm/EvmRevertError.ts'

// deBridge's own published ABIs (dln-client, a GPL-3.0 devDependency read from test/ only).
const ABI_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@debridge-finance/dln-client')),
  'evm',
  'assets',
  'abi',
)

type AbiError = Extract<Abi[number], { type: 'error' }>

function errorsOf(file: string): AbiError[] {
  const json = JSON.parse(readFileSync(join(ABI_DIR, file), 'utf8')) as Abi | { abi: Abi }
  const abi: Abi = Array.isArray(json) ? (json as Abi) : (json as { abi: Abi }).abi
  return abi.filter((item): item is AbiError => item.type === 'error')
}

const zeroArgs = (e: AbiError): unknown[] =>
  e.inputs.map((i) =>
    i.type === 'address'
      ? '0x0000000000000000000000000000000000000001'
      : i.type === 'bytes'
        ? '0xab'
        : i.type.startsWith('bytes')
          ? `0x${'11'.repeat(Number(i.type.slice(5)))}`
          : 7n,
  )

describe('revert errors by name (docs/dln.md §4.7)', () => {
  test.each([
    'DlnSource.json',
    'DlnDestination.json',
    'DeBridgeGate.json',
    'CrosschainForwarder.json',
  ])(
    'behavior: every custom error of deBridge’s published %s decodes by name, with its arguments',
    (file) => {
      const errors = errorsOf(file)
      expect(errors.length).toBeGreaterThan(5)
      for (const e of errors) {
        const data = encodeErrorResult({ abi: [e], errorName: e.name, args: zeroArgs(e) as never })
        const decoded = toEvmRevertError('simulation', data)
        expect(decoded?.errorName, `${file} ${e.name}`).toBe(e.name)
        expect(decoded?.args).toHaveLength(e.inputs.length)
        expect(decoded?.shortMessage).toBe(`simulation reverted: ${e.name}`)
      }
    },
  )

  test('behavior: the reverts of a cancel underpaying the gate and of a take patch with the hook itself are named', () => {
    for (const name of ['TransferAmountNotCoverFees', 'WrongExternalCallHash', 'WrongChainTo']) {
      const data = toFunctionSelector(`${name}()`)
      expect(toEvmRevertError('simulation', data)?.shortMessage).toBe(
        `simulation reverted: ${name}`,
      )
    }
  })
})
