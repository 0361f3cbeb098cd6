import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Abi, AbiFunction } from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { loadContractArtifacts } from '../../../src/devnet/compileContracts.ts'

/** deBridge's own published ABIs, from @debridge-finance/dln-client (test-only devDependency). */
function sdkAbi(name: string): Abi {
  const entry = createRequire(import.meta.url).resolve('@debridge-finance/dln-client')
  const root = entry.slice(
    0,
    entry.lastIndexOf(`${join('dln-client', 'dist')}`) + 'dln-client'.length,
  )
  const json = JSON.parse(
    readFileSync(join(root, 'dist', 'esm', 'evm', 'assets', 'abi', `${name}.json`), 'utf8'),
  ) as Abi | { abi: Abi }
  return Array.isArray(json) ? (json as Abi) : (json as { abi: Abi }).abi
}

/** `name:type` of the inputs of `fn` in `abi`. */
function inputsOf(abi: Abi, fn: string): string[] {
  const item = abi.find((x): x is AbiFunction => x.type === 'function' && x.name === fn)
  if (!item) throw new Error(`${fn} not in the ABI`)
  return item.inputs.map((i) => `${i.name}:${i.type}`)
}

// Where ferry reads and the devnet executes the permit envelope (docs/dln.md §4.9): the same
// argument positions deBridge's published ABIs give.
const SLOTS: [string, string, number, string][] = [
  ['DlnSource', 'createOrder', 3, '_permitEnvelope:bytes'],
  ['DlnSource', 'createSaltedOrder', 4, '_permitEnvelope:bytes'],
  ['CrosschainForwarder', 'strictlySwapAndCall', 2, '_srcTokenInPermitEnvelope:bytes'],
]

describe('the permit envelope argument agrees with deBridge published ABIs (docs/dln.md §4.9)', () => {
  test.each(SLOTS)(
    'behavior: %s.%s takes the envelope at input %i',
    async (contract, fn, index, slot) => {
      const ferryAbi = (contract === 'DlnSource' ? dlnSourceAbi : crosschainForwarderAbi) as Abi
      const devnet = (await loadContractArtifacts())[contract]!.abi
      expect(inputsOf(sdkAbi(contract), fn)[index]).toBe(slot)
      expect(inputsOf(ferryAbi, fn)[index]).toBe(slot)
      expect(inputsOf(devnet, fn)[index]).toBe(slot)
    },
  )
})
