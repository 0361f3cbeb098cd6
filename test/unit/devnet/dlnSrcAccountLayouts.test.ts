import { BorshAccountsCoder } from '@coral-xyz/anchor'
import { Keypair, type PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import {
  encodeDlnSrcState,
  encodeGiveOrderState,
  GIVE_ORDER_STATE_SIZE,
  giveAmountOfGiveOrderState,
} from '../../../src/devnet/solana/standIn/dlnSrc/dlnSrcAccountLayouts.ts'
import { dlnSrcIdl } from '../../helpers/dlnSolanaIdls.ts'

// Conformance (docs/dln.md §4.12): the accounts the devnet's dln_src stand-in writes decode through
// Anchor's account coder over deBridge's own dln_src IDL (1.2.1, the npm SDK), field by field.

const key = (seed: number): PublicKey => Keypair.fromSeed(new Uint8Array(32).fill(seed)).publicKey
const coder = new BorshAccountsCoder(dlnSrcIdl())

describe('the stand-in dln_src accounts against deBridge’s IDL', () => {
  it('GiveOrderState (Created) decodes with every field, in 176 bytes whose rent §1.4 states', () => {
    const data = encodeGiveOrderState({
      giveAmount: 99_960_000n,
      fixFee: 15_000_000n,
      percentFee: 40_000n,
      affiliateFee: { beneficiary: key(3), amount: 7n },
      allowedCancelBeneficiary: key(4),
      givePatchAuthority: key(5),
      takeChainId: 8453n,
      bump: 254,
      walletBump: 253,
    })
    expect(data).toHaveLength(GIVE_ORDER_STATE_SIZE)
    const decoded = coder.decode('giveOrderState', data)
    const created = decoded.status.created
    expect(created.giveAmount.toString()).toBe('99960000')
    expect(created.fixFee.toString()).toBe('15000000')
    expect(created.percentFee.toString()).toBe('40000')
    expect(created.affiliateFee.beneficiary.toBase58()).toBe(key(3).toBase58())
    expect(created.affiliateFee.amount.toString()).toBe('7')
    expect(created.allowedCancelBeneficiary.toBase58()).toBe(key(4).toBase58())
    expect(created.givePatchAuthority.toBase58()).toBe(key(5).toBase58())
    expect(Buffer.from(created.takeChainId).readUInt32BE(28)).toBe(8453)
    expect([decoded.bump, decoded.walletBump]).toEqual([254, 253])
    expect(giveAmountOfGiveOrderState(data)).toBe(99_960_000n)
  })

  it('State decodes with the fixed fee, percent fee and working flag the create reads', () => {
    const data = encodeDlnSrcState({
      protocolAuthority: key(1),
      fixedFee: 15_000_000n,
      percentFeeBps: 4n,
      isFeeRefund: false,
      feeBeneficiary: key(2),
      bump: 255,
      stopTap: key(6),
      isWorking: true,
    })
    const decoded = coder.decode('state', data)
    expect(decoded.fixedFee.toString()).toBe('15000000')
    expect(decoded.percentFeeBps.toString()).toBe('4')
    expect(decoded.isWorking).toBe(true)
    expect(decoded.feeBeneficiary.toBase58()).toBe(key(2).toBase58())
  })
})
