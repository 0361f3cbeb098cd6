import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { authorizedDstNativeSenderAddress } from '../../../src/chains/solana/authorizedDstNativeSender.ts'
import { debridgeDiscountInfoAddress } from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
} from '../../../src/chains/solana/dlnDstCancel.ts'
import {
  attacker,
  cancelTx,
  debridgeFee,
  me,
  mutateSolanaTx,
  program,
  refusedAt,
  swapIn,
  verify,
} from './solanaCancelFixture.ts'

// The shape of the real dln_dst cancel (docs/dln.md §4.10) beyond its fields: who signs and pays,
// how many accounts each instruction names, prepareSend right before the send, and the one
// account deBridge's SDK chooses (the sender's discount).

const sendAt = (name: (typeof DLN_SEND_ORDER_CANCEL_ACCOUNTS)[number]) =>
  DLN_SEND_ORDER_CANCEL_ACCOUNTS.indexOf(name)

describe('verifySolanaCancelTx: the transaction around the three instructions', () => {
  test('a second signer, another fee payer, a pre-signed transaction', () => {
    // Our key stays payer but the attacker signs too, as canceler.
    const cosigned = swapIn(2, DLN_CANCEL_ORDER_ACCOUNTS.indexOf('canceler'), attacker, true)
    expect(refusedAt(cosigned)).toBe('tx.signers')
    const tx = VersionedTransaction.deserialize(hexToBytes(cancelTx()))
    const keys = tx.message.staticAccountKeys
    ;[keys[0], keys[1]] = [keys[1]!, keys[0]!]
    expect(refusedAt(bytesToHex(tx.serialize()))).toBe('tx.feePayer')
    const signed = VersionedTransaction.deserialize(hexToBytes(cancelTx()))
    signed.sign([Keypair.fromSeed(new Uint8Array(32).fill(7))])
    expect(refusedAt(bytesToHex(signed.serialize()))).toBe('tx.signatures')
  })

  test('a compute-budget instruction between prepareSend and the send', () => {
    const split = mutateSolanaTx(cancelTx(), (ixs) => [ixs[0]!, ixs[2]!, ixs[3]!, ixs[1]!, ixs[4]!])
    expect(refusedAt(split)).toBe('tx.instructions')
  })

  test.each([
    [2, 'cancelOrder'],
    [3, 'prepareSend'],
    [4, 'sendOrderCancel'],
  ] as const)('an extra account on instruction %i (%s)', (at, name) => {
    const tx = mutateSolanaTx(cancelTx(), (ixs) =>
      ixs.map((ix, i) =>
        i === at
          ? { ...ix, keys: [...ix.keys, { pubkey: attacker, isSigner: false, isWritable: true }] }
          : ix,
      ),
    )
    expect(refusedAt(tx)).toBe(`${name}.accounts`)
  })

  test('cancelOrder’s system program swapped for another account', () => {
    const tx = swapIn(2, DLN_CANCEL_ORDER_ACCOUNTS.indexOf('systemProgram'), attacker)
    expect(refusedAt(tx)).toBe('cancelOrder.systemProgram')
  })

  test.each(['takeOrderState', 'debridgeState', 'systemProgram', 'splTokenProgram'] as const)(
    'prepareSend’s %s swapped for another account',
    (name) => {
      const tx = swapIn(3, DLN_PREPARE_SEND_ACCOUNTS.indexOf(name), attacker)
      expect(refusedAt(tx)).toBe(`prepareSend.${name}`)
    },
  )
})

describe('verifySolanaCancelTx: deBridge’s discount of dln_dst’s sender', () => {
  const sender = authorizedDstNativeSenderAddress(program)
  const discount = debridgeDiscountInfoAddress(sender.toBase58())

  test('without a discount the whole flat fee must leave', () => {
    expect(verify(cancelTx()).feeWaivableLamports).toBe(0n)
  })

  test('the sender’s own discount account is accepted, and the flat fee may be waived', () => {
    const tx = swapIn(4, sendAt('sending.discount'), new PublicKey(discount))
    const verified = verify(tx)
    expect(verified.feeLamports).toBe(15_000_000n)
    expect(verified.feeWaivableLamports).toBe(15_000_000n)
  })

  test('any other discount account is refused', () => {
    expect(refusedAt(swapIn(4, sendAt('sending.discount'), attacker))).toBe(
      'sendOrderCancel.sending.discount',
    )
    const ours = debridgeDiscountInfoAddress(me.toBase58())
    expect(refusedAt(swapIn(4, sendAt('sending.discount'), new PublicKey(ours)))).toBe(
      'sendOrderCancel.sending.discount',
    )
  })
})

describe('verifySolanaCancelTx: deBridge’s fee as its accounts say', () => {
  test('the fee beneficiary must be the one deBridge’s state names', () => {
    const stranger = Keypair.fromSeed(new Uint8Array(32).fill(77)).publicKey
    expect(
      refusedAt(cancelTx(), undefined, { ...debridgeFee, feeBeneficiary: stranger.toBase58() }),
    ).toBe('sendOrderCancel.sending.feeBeneficiary')
  })

  test('the fee read: the fixed fee plus the execution fee grossed up by the transfer fee', () => {
    const fee = { ...debridgeFee, fixedFeeLamports: 40_000_000n, transferFeeBps: 10n }
    const verified = verify(cancelTx({ executionFeeLamports: 999_000n }), undefined, fee)
    // 999 000 × 10 000 / 9 990 = 1 000 000: what the keeper gets after deBridge's 10 bps.
    expect(verified.feeLamports).toBe(40_000_000n + 1_000_000n)
    // The execution fee's default cap is twice deBridge's fixed fee, as read.
    expect(refusedAt(cancelTx({ executionFeeLamports: 80_000_001n }), undefined, fee)).toBe(
      'sendOrderCancel.executionFee',
    )
    expect(
      verify(cancelTx({ executionFeeLamports: 80_000_000n }), undefined, fee).beneficiary,
    ).toBe(verified.beneficiary)
  })
})
