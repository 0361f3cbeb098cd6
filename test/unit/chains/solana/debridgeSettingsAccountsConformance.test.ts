import type { BorshAccountsCoder } from '@coral-xyz/anchor'
import { Keypair, PublicKey } from '@solana/web3.js'
import { bytesToHex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  type DebridgeChainSupportInfo,
  type DebridgeSettingsState,
  debridgeSolanaSendFee,
  decodeDebridgeChainSupportInfo,
  decodeDebridgeSettingsState,
  encodeDebridgeChainSupportInfo,
  encodeDebridgeSettingsState,
} from '../../../../src/chains/solana/debridgeSettingsAccounts.ts'
import { sdkAnchor, settingsIdl } from '../../../helpers/debridgeSdk.ts'

// ferry's reading of deBridge's settings accounts (docs/dln.md §4.10) against the Anchor coder over
// deBridge's own settings IDL (solana-contracts-client, test-only): both ways, byte for byte.

const coder = new sdkAnchor.BorshAccountsCoder(settingsIdl) as BorshAccountsCoder
const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey
const bn = (v: bigint) => new sdkAnchor.BN(v.toString())

const state: DebridgeSettingsState = {
  status: 'Working',
  protocolAuthority: key(1).toBase58(),
  stopTap: key(2).toBase58(),
  feeBeneficiary: key(3).toBase58(),
  oracles: [
    '0x1111111111111111111111111111111111111111',
    '0x2222222222222222222222222222222222222222',
  ],
  requiredOracles: ['0x3333333333333333333333333333333333333333'],
  confirmationGuard: {
    currentTimeslot: 123_456n,
    submissionInTimeslotCount: 7,
    confirmationThreshold: 8,
    excessConfirmations: 9,
    minConfirmations: 10,
    excessConfirmationTimeslot: 11n,
  },
  globalFixedFee: 31_000_000n,
  globalTransferFeeBps: 10n,
}
const anchorState = (s: DebridgeSettingsState) => ({
  status: s.status === 'Working' ? { working: {} } : { paused: {} },
  protocolAuthority: new PublicKey(s.protocolAuthority),
  stopTap: new PublicKey(s.stopTap),
  feeBeneficiary: new PublicKey(s.feeBeneficiary),
  oracles: s.oracles.map((o) => [...Buffer.from(o.slice(2), 'hex')]),
  requiredOracles: s.requiredOracles.map((o) => [...Buffer.from(o.slice(2), 'hex')]),
  confirmationGuard: {
    ...s.confirmationGuard,
    currentTimeslot:
      s.confirmationGuard.currentTimeslot === undefined
        ? null
        : bn(s.confirmationGuard.currentTimeslot),
    excessConfirmationTimeslot: bn(s.confirmationGuard.excessConfirmationTimeslot),
  },
  globalFixedFee: bn(s.globalFixedFee),
  globalTransferFeeBps: bn(s.globalTransferFeeBps),
})

describe('deBridge settings accounts, against deBridge’s IDL coder', () => {
  test.each([
    ['working, with oracles and a timeslot', state],
    [
      'paused, no oracles, no timeslot',
      {
        ...state,
        status: 'Paused' as const,
        oracles: [],
        requiredOracles: [],
        confirmationGuard: { ...state.confirmationGuard, currentTimeslot: undefined },
      },
    ],
  ])('State (%s): ferry ↔ Anchor, both ways', async (_, s) => {
    const theirs = await coder.encode('state', anchorState(s))
    expect(decodeDebridgeSettingsState(theirs)).toEqual(s)
    expect(bytesToHex(encodeDebridgeSettingsState(s))).toBe(bytesToHex(theirs))
  })

  const chains: [string, DebridgeChainSupportInfo, unknown][] = [
    ['not supported', { supported: false, bump: 254 }, { notSupported: {} }],
    [
      'supported with the global fees',
      {
        supported: true,
        fixedFee: undefined,
        transferFeeBps: undefined,
        chainAddressLen: 20,
        bump: 253,
      },
      { supported: { fixedFee: null, transferFeeBps: null, chainAddressLen: 20 } },
    ],
    [
      'supported with fees of its own',
      { supported: true, fixedFee: 50_000_000n, transferFeeBps: 8n, chainAddressLen: 32, bump: 1 },
      { supported: { fixedFee: bn(50_000_000n), transferFeeBps: bn(8n), chainAddressLen: 32 } },
    ],
  ]
  test.each(chains)('ChainSupportInfo (%s): ferry ↔ Anchor, both ways', async (_, c, data) => {
    const theirs = await coder.encode('chainSupportInfo', { data, chainSupportInfoBump: c.bump })
    expect(decodeDebridgeChainSupportInfo(theirs)).toEqual(c)
    expect(bytesToHex(encodeDebridgeChainSupportInfo(c))).toBe(bytesToHex(theirs))
  })

  test('the fee of a send: the chain’s own, else the global one, as the SDK’s getFeesOrGlobal', () => {
    const [, global] = chains[1]!
    const [, own] = chains[2]!
    expect(debridgeSolanaSendFee(state, global)).toEqual({
      fixedFeeLamports: 31_000_000n,
      transferFeeBps: 10n,
    })
    expect(debridgeSolanaSendFee(state, own)).toEqual({
      fixedFeeLamports: 50_000_000n,
      transferFeeBps: 8n,
    })
    expect(() => debridgeSolanaSendFee(state, chains[0]![1])).toThrow('does not support')
    expect(() => debridgeSolanaSendFee({ ...state, status: 'Paused' }, global)).toThrow('paused')
  })

  test('a truncated state or another account is refused naming the field', () => {
    const data = encodeDebridgeSettingsState(state)
    expect(() => decodeDebridgeSettingsState(data.subarray(0, data.length - 4))).toThrow(
      'globalTransferFeeBps',
    )
    expect(() =>
      decodeDebridgeSettingsState(encodeDebridgeChainSupportInfo(chains[1]![1])),
    ).toThrow('discriminator')
  })
})
