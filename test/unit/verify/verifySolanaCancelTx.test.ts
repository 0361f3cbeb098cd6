import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildDlnCancelTx } from '../../../src/chains/solana/buildDlnCancelTx.ts'
import { dlnSendTableAddresses } from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
} from '../../../src/chains/solana/dlnDstCancel.ts'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { verifySolanaCancelTx } from '../../../src/verify/verifySolanaCancelTx.ts'
import { dlnIdlCoders } from '../../helpers/dlnSolanaIdls.ts'

// The real dln_dst cancel (docs/dln.md §4.10): cancelOrder, prepareSend and sendOrderCancel, held
// to the journaled order and to us; the same bytes decode through deBridge's own IDL coder.

const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
const attacker = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
const evmMe = '0x2222222222222222222222222222222222222222'
const program = SOLANA_PROGRAMS.dlnDestination
const hex = (key: PublicKey): Hex => `0x${Buffer.from(key.toBytes()).toString('hex')}`
const order: DlnOrder = {
  makerOrderNonce: 1n,
  makerSrc: evmMe,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 100_000_000n,
  takeChainId: 7565164n,
  takeTokenAddress: hex(new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')),
  takeAmount: 99_000_000n,
  receiverDst: hex(me),
  givePatchAuthoritySrc: evmMe,
  orderAuthorityAddressDst: hex(me),
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: evmMe,
  externalCall: '0x',
}
const orderId = computeOrderId(order)
// deBridge's state's fee beneficiary is not derivable: a seeded key here.
const feeBeneficiary = Keypair.fromSeed(new Uint8Array(32).fill(41)).publicKey.toBase58()

const table = new AddressLookupTableAccount({
  key: Keypair.fromSeed(new Uint8Array(32).fill(99)).publicKey,
  state: {
    deactivationSlot: 2n ** 64n - 1n,
    lastExtendedSlot: 0,
    lastExtendedSlotStartIndex: 0,
    addresses: dlnSendTableAddresses({
      dlnDestination: program,
      feeBeneficiary,
      giveChainIds: [order.giveChainId],
    }),
  },
})
const tables = new Map([[table.key.toBase58(), table.state.addresses]])

const cancelTx = (over: Partial<Parameters<typeof buildDlnCancelTx>[0]> = {}): Hex =>
  buildDlnCancelTx({
    authority: me.toBase58(),
    order,
    orderId,
    beneficiary: evmMe,
    dlnDestination: program,
    feeBeneficiary,
    lookupTables: [table],
    ...over,
  }).data
const mutateSolanaTx = (
  txData: Hex,
  f: (ixs: TransactionInstruction[]) => TransactionInstruction[],
): Hex => {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  const m = TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: [table] })
  const rebuilt = new TransactionMessage({ ...m, instructions: f(m.instructions) })
  return bytesToHex(new VersionedTransaction(rebuilt.compileToV0Message([table])).serialize())
}
const verify = (txData: Hex, o: DlnOrder = order) =>
  verifySolanaCancelTx({
    txData,
    orderId,
    order: o,
    ourDstKey: me.toBase58(),
    ourSrcAddress: evmMe,
    dlnDestination: program,
    lookupTables: tables,
  })
const refusedAt = (txData: Hex, o: DlnOrder = order): string => {
  try {
    verify(txData, o)
  } catch (error) {
    if (error instanceof VerificationError) return error.field
    throw error
  }
  return '(accepted)'
}

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
  const swapIn = (ixAt: number, accountAt: number, key: PublicKey, signer = false): Hex =>
    mutateSolanaTx(cancelTx(), (ixs) =>
      ixs.map((ix, i) =>
        i === ixAt
          ? {
              ...ix,
              keys: ix.keys.map((k, n) =>
                n === accountAt ? { ...k, pubkey: key, isSigner: signer } : k,
              ),
            }
          : ix,
      ),
    )
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
