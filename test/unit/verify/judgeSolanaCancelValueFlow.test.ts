import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import type {
  SolanaAccountChange,
  SolanaValueFlowExpectation,
} from '../../../src/verify/solanaValueFlow.ts'
import {
  escrow,
  me,
  myUsdc,
  rules,
  SOL,
  tokenAccount,
  USDC,
  wallet,
} from './solanaValueFlowFixtures.ts'

/** A cancel's expectation: no give, no price needed; `over` sets fees and rent. */
const cancelExpecting = (
  over: Partial<SolanaValueFlowExpectation>,
): SolanaValueFlowExpectation => ({
  kind: 'cancel',
  wallet: me.toBase58(),
  giveToken: SOL,
  giveAmount: 0n,
  fixedFeeLamports: 15_000_000n,
  maxTxFeeLamports: 5_000n,
  maxRentLamports: 0n,
  orderGiveAmount: 0n,
  prices: { get: () => undefined },
  maxCostBps: 0,
  ...over,
})

describe('judgeSolanaValueFlow: cancels', () => {
  test('behavior: a cancel: only its fee and the tx fee may leave, and no price is needed', () => {
    const cancel = cancelExpecting({})
    const paid = (after: bigint): SolanaAccountChange[] => [
      { address: me.toBase58(), before: wallet(1_000_000_000n), after: wallet(after) },
    ]
    expect(rules(paid(984_995_000n), cancel)).toEqual([])
    // As an order it would be judged for value too, and SOL has no price here.
    expect(rules(paid(984_995_000n), { ...cancel, kind: 'order' })).toEqual(['unpriced'])
    expect(rules(paid(884_995_000n), cancel)).toEqual(['walletLamports'])
    expect(
      rules(
        [
          ...paid(984_995_000n),
          {
            address: myUsdc,
            before: tokenAccount(USDC, me, 300_000_000n),
            after: tokenAccount(USDC, me, 0n),
          },
        ],
        cancel,
      ),
    ).toEqual(['otherTokenMoved'])
  })

  test('behavior: a dln_dst cancel: the take state’s rent may leave besides the fees, one lamport more may not', () => {
    const cancel = cancelExpecting({
      maxRentLamports: TAKE_ORDER_STATE_RENT_LAMPORTS,
    })
    const out = 15_000_000n + 5_000n + TAKE_ORDER_STATE_RENT_LAMPORTS
    const takeState = Keypair.fromSeed(new Uint8Array(32).fill(6)).publicKey.toBase58()
    const paid = (lamports: bigint): SolanaAccountChange[] => [
      {
        address: me.toBase58(),
        before: wallet(1_000_000_000n),
        after: wallet(1_000_000_000n - lamports),
      },
      // The take state dln_dst creates is the program's, not ours.
      {
        address: takeState,
        before: null,
        after: {
          lamports: TAKE_ORDER_STATE_RENT_LAMPORTS,
          owner: escrow.toBase58(),
          data: new Uint8Array(112),
        },
      },
    ]
    expect(rules(paid(out), cancel)).toEqual([])
    expect(rules(paid(out + 1n), cancel)).toEqual(['walletLamports'])
    expect(rules(paid(out), { ...cancel, maxRentLamports: 0n })).toEqual(['walletLamports'])
  })

  test('behavior: a discount deBridge grants may waive the flat fee, and never more', () => {
    const cancel = cancelExpecting({
      fixedFeeLamports: 15_001_000n,
      fixedFeeWaivableLamports: 15_000_000n,
    })
    const paid = (lamports: bigint): SolanaAccountChange[] => [
      {
        address: me.toBase58(),
        before: wallet(1_000_000_000n),
        after: wallet(1_000_000_000n - lamports),
      },
    ]
    // Fully waived: only the execution fee and the tx fee left.
    expect(rules(paid(1_000n + 5_000n), cancel)).toEqual([])
    expect(rules(paid(15_001_000n + 5_000n), cancel)).toEqual([])
    // Less than the execution fee, or more than the undiscounted whole, is refused.
    expect(rules(paid(999n), cancel)).toEqual(['walletLamports'])
    expect(rules(paid(15_001_000n + 5_001n), cancel)).toEqual(['walletLamports'])
    // Without the discount the whole flat fee must leave.
    expect(rules(paid(1_000n + 5_000n), { ...cancel, fixedFeeWaivableLamports: 0n })).toEqual([
      'walletLamports',
    ])
  })
})
