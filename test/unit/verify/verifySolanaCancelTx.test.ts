import {
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
} from '../../../src/chains/solana/dlnDstCancel.ts'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnIdlCoders } from '../../helpers/dlnSolanaIdls.ts'
import {
  attacker,
  cancelTx,
  evmMe,
  hex,
  me,
  mutateSolanaTx,
  order,
  orderId,
  program,
  refusedAt,
  swapIn,
  verify,
} from './solanaCancelFixture.ts'

// The real dln_dst cancel (docs/dln.md §4.10): cancelOrder, prepareSend and sendOrderCancel, held
// to the journaled order and to us; the same bytes decode through deBridge's own IDL coder.

describe('verifySolanaCancelTx on the real dln_dst cancel', () => {
  test('ferry’s own cancel passes, and its instructions decode through deBridge’s IDL coder', () => {
    const verified = verify(cancelTx())
    expect(verified.beneficiary).toBe(evmMe)
    const tx = VersionedTransaction.deserialize(hexToBytes(cancelTx()))
    const keys = tx.message.staticAccountKeys
    const dln = tx.message.compiledInstructions.filter(
      (ix) => keys[ix.programIdIndex]!.toBase58() === program,
    )
    const { dst } = dlnIdlCoders()
    expect(dln.map((ix) => dst.decode(Buffer.from(ix.data))?.name)).toEqual([
      'cancelOrder',
      'prepareSend',
      'sendOrderCancel',
    ])
  })
  test('what may leave: deBridge’s flat fee plus the execution fee, and the rent of what it creates', () => {
    const verified = verify(cancelTx({ executionFeeLamports: 1_000n }))
    expect(verified.feeLamports).toBe(15_000_000n + 1_000n)
    // The take state, then deBridge's external-call storage (8 + 68 bytes) and meta (27 bytes).
    expect(verified.rentLamports).toBe(TAKE_ORDER_STATE_RENT_LAMPORTS + 1_419_840n + 1_078_800n)
    // deBridge's SDK's compute budget: 500 000 units at 1 000 µlamports.
    expect(verified.priorityFeeLamports).toBe(500n)
  })
  test('the former memo model (a fee transfer and a memo) is refused', () => {
    const memo = new TransactionInstruction({
      programId: new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'),
      keys: [],
      data: Buffer.from(`dln-cancel:v1:${orderId}:${evmMe}`),
    })
    const fee = SystemProgram.transfer({
      fromPubkey: me,
      toPubkey: attacker,
      lamports: 15_000_000n,
    })
    expect(refusedAt(mutateSolanaTx(cancelTx(), (ixs) => [ixs[0]!, ixs[1]!, fee, memo]))).toBe(
      'instructions[2].to',
    )
  })
  test('an order whose destination authority is not our key', () => {
    expect(refusedAt(cancelTx(), { ...order, orderAuthorityAddressDst: hex(attacker) })).toBe(
      'order.orderAuthorityAddressDst',
    )
  })
  test('a priority fee over its cap', () => {
    const tx = cancelTx({ computeUnitLimit: 1_400_000, computeUnitPriceMicroLamports: 10_000_000n })
    expect(refusedAt(tx)).toBe('computeBudget.priorityFee')
  })
  test('a cancel beneficiary that is not ours', () => {
    const foreign = '0x9999999999999999999999999999999999999999'
    expect(refusedAt(cancelTx({ beneficiary: foreign }))).toBe('sendOrderCancel.cancelBeneficiary')
  })
  test('another order than the journaled one', () => {
    const other = { ...order, takeAmount: 1n }
    expect(refusedAt(cancelTx({ order: other }))).toBe('cancelOrder.unvalidatedOrder')
  })
  test('an execution fee over the cap', () => {
    expect(refusedAt(cancelTx({ executionFeeLamports: 10n ** 9n }))).toBe(
      'sendOrderCancel.executionFee',
    )
  })
  test('an extra transfer riding along', () => {
    const extra = SystemProgram.transfer({ fromPubkey: me, toPubkey: attacker, lamports: 1n })
    expect(refusedAt(mutateSolanaTx(cancelTx(), (ixs) => [...ixs, extra]))).toBe(
      'instructions[5].to',
    )
  })
  test('messages sent from someone else’s account', () => {
    const tx = mutateSolanaTx(cancelTx(), (ixs) =>
      ixs.map((ix, i) =>
        i === 4
          ? {
              ...ix,
              keys: ix.keys.map((k, n) =>
                n === 4 ? { ...k, pubkey: attacker, isSigner: false } : k,
              ),
            }
          : ix,
      ),
    )
    expect(refusedAt(tx)).toBe('sendOrderCancel.sending.sendFrom')
  })
  test.each([
    'sending.bridge',
    'sending.stakingWallet',
    'sending.debridgeProgram',
    'sending.externalCallStorage',
  ])('deBridge’s %s swapped for another account', (name) => {
    const at = DLN_SEND_ORDER_CANCEL_ACCOUNTS.indexOf(name as never)
    const tx = mutateSolanaTx(cancelTx(), (ixs) =>
      ixs.map((ix, i) =>
        i === 4
          ? { ...ix, keys: ix.keys.map((k, n) => (n === at ? { ...k, pubkey: attacker } : k)) }
          : ix,
      ),
    )
    expect(refusedAt(tx)).toBe(`sendOrderCancel.${name}`)
  })
  test.each([
    ['payer', attacker],
    ['payerWallet', attacker],
    ['sendFrom', attacker],
    ['sendFromWallet', attacker],
    ['chainSupportInfo', attacker],
    ['instructions', attacker],
  ] as const)('prepareSend’s %s swapped for another account', (name, key) => {
    const at = DLN_PREPARE_SEND_ACCOUNTS.indexOf(name)
    expect(refusedAt(swapIn(3, at, key))).toBe(`prepareSend.${name}`)
  })
  test('a cancel without prepareSend, or with it after the send', () => {
    const without = mutateSolanaTx(cancelTx(), (ixs) => ixs.filter((_, i) => i !== 3))
    expect(refusedAt(without)).toBe('tx.instructions')
    const late = mutateSolanaTx(cancelTx(), (ixs) => [ixs[0]!, ixs[1]!, ixs[2]!, ixs[4]!, ixs[3]!])
    expect(refusedAt(late)).toBe('tx.instructions')
  })
})
