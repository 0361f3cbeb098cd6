import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import {
  DebridgeGateError,
  debridgeSendFeeAccounts,
  debridgeSendFeeOf,
} from '../../../../src/chains/solana/debridgeSendFeeOf.ts'
import { DEBRIDGE_SOLANA_PROGRAMS } from '../../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  type DebridgeChainSupportInfo,
  type DebridgeSettingsState,
  encodeDebridgeChainSupportInfo,
  encodeDebridgeSettingsState,
} from '../../../../src/chains/solana/debridgeSettingsAccounts.ts'
import type { SolanaAccountBytes } from '../../../../src/chains/solana/readSolanaAccounts.ts'
import { workingDebridgeState } from '../../../../src/devnet/solana/standIn/workingDebridgeState.ts'

// What a cancel pays deBridge comes from deBridge's own accounts, as read (docs/dln.md §4.10).

const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey.toBase58()
const state: DebridgeSettingsState = workingDebridgeState(key(1), {
  feeBeneficiary: key(3),
  globalFixedFee: 21_000_000n,
  globalTransferFeeBps: 10n,
})
const supported: DebridgeChainSupportInfo = {
  supported: true,
  fixedFee: undefined,
  transferFeeBps: undefined,
  chainAddressLen: 20,
  bump: 255,
}
const keys = debridgeSendFeeAccounts(42161n)
const world = (
  s: DebridgeSettingsState | undefined,
  c: DebridgeChainSupportInfo | undefined,
  owner: string = DEBRIDGE_SOLANA_PROGRAMS.settings,
): Map<string, SolanaAccountBytes> => {
  const m = new Map<string, SolanaAccountBytes>()
  if (s) m.set(keys.state, { owner, data: encodeDebridgeSettingsState(s) })
  if (c) m.set(keys.chain, { owner, data: encodeDebridgeChainSupportInfo(c) })
  return m
}
const refusal = (m: Map<string, SolanaAccountBytes>): string => {
  try {
    debridgeSendFeeOf(m, 42161n)
  } catch (error) {
    expect(error).toBeInstanceOf(DebridgeGateError)
    return (error as Error).message
  }
  return '(accepted)'
}

describe('debridgeSendFeeOf', () => {
  test('default: the global fee and the state’s fee beneficiary', () => {
    expect(debridgeSendFeeOf(world(state, supported), 42161n)).toEqual({
      fixedFeeLamports: 21_000_000n,
      transferFeeBps: 10n,
      feeBeneficiary: key(3),
    })
  })
  test('behavior: a chain’s own fee wins over the global one', () => {
    const own = { ...supported, fixedFee: 40_000_000n, transferFeeBps: 5n }
    expect(debridgeSendFeeOf(world(state, own), 42161n)).toMatchObject({
      fixedFeeLamports: 40_000_000n,
      transferFeeBps: 5n,
    })
  })
  test('behavior: missing, foreign, undecodable, paused or unsupported is a gate error naming it', () => {
    expect(refusal(world(undefined, supported))).toContain(`state ${keys.state} does not exist`)
    expect(refusal(world(state, undefined))).toContain('support info of chain 42161')
    expect(refusal(world(state, supported, key(9)))).toContain(`is owned by ${key(9)}`)
    const garbled = world(state, supported)
    garbled.set(keys.state, { owner: DEBRIDGE_SOLANA_PROGRAMS.settings, data: new Uint8Array(12) })
    expect(refusal(garbled)).toContain('does not decode')
    expect(refusal(world({ ...state, status: 'Paused' }, supported))).toContain('paused')
    expect(refusal(world(state, { supported: false, bump: 1 }))).toContain('does not support')
  })
})
