import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildSolanaCancelTx } from '../../../src/chains/solana/buildSolanaCancelTx.ts'
import { MEMO_PROGRAM } from '../../../src/chains/solana/decodeSolanaOrderTx.ts'
import {
  cancelFeeAccount,
  encodeCancelMemo,
} from '../../../src/chains/solana/solanaCancelLayout.ts'
import { verifySolanaCancelTx } from '../../../src/verify/verifySolanaCancelTx.ts'
import { mutateSolanaTx } from '../../helpers/mutateSolanaTx.ts'
import { refusal } from './refusal.ts'

const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
const evmMe = '0x2222222222222222222222222222222222222222'
const attackerEvm = '0x9999999999999999999999999999999999999999'
const attacker = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
const program = SOLANA_PROGRAMS.dlnDestination
const fee = 15_000_000n
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

/** The service's answer as the simulator builds it, with `over` in place of its inputs. */
function serviceCancel(over: Partial<Parameters<typeof buildSolanaCancelTx>[0]> = {}): Hex {
  return buildSolanaCancelTx({
    authority: me.toBase58(),
    orderId,
    beneficiary: evmMe,
    feeLamports: fee,
    dlnDestination: program,
    ...over,
  }).data
}

const verify = (txData: Hex, extra: Partial<Parameters<typeof verifySolanaCancelTx>[0]> = {}) =>
  verifySolanaCancelTx({
    txData,
    orderId,
    order,
    ourDstKey: me.toBase58(),
    ourSrcAddress: evmMe,
    dlnDestination: program,
    ...extra,
  })

describe('verifySolanaCancelTx', () => {
  test('default: the simulator’s cancel is ferry’s own: fee, beneficiary and no priority fee', () => {
    const verified = verify(serviceCancel())
    expect(verified.feeLamports).toBe(fee)
    expect(verified.beneficiary).toBe(evmMe)
    expect(verified.priorityFeeLamports).toBe(0n)
    // The real DlnDestination program and the order's take-state PDA are in the account set.
    expect(verified.decoded?.cancels[0]?.accounts).toContain(program)
  })

  test.each([
    [
      'cancel.beneficiary',
      'another beneficiary',
      () => serviceCancel({ beneficiary: attackerEvm }),
    ],
    [
      'tx.lamportTransfers',
      'the fee paid to someone else',
      () =>
        mutateSolanaTx(serviceCancel(), (ixs) =>
          ixs.map((ix) =>
            ix.programId.equals(SystemProgram.programId)
              ? SystemProgram.transfer({ fromPubkey: me, toPubkey: attacker, lamports: fee })
              : ix,
          ),
        ),
    ],
    [
      'tx.lamportTransfers',
      'a second transfer to an attacker',
      () =>
        mutateSolanaTx(serviceCancel(), (ixs) => [
          ...ixs,
          SystemProgram.transfer({ fromPubkey: me, toPubkey: attacker, lamports: 1n }),
        ]),
    ],
    [
      'cancel.feeLamports',
      'a fee above twice the flat fee',
      () => serviceCancel({ feeLamports: 3n * fee }),
    ],
    ['cancel.orderId', 'another order', () => serviceCancel({ orderId: `0x${'ab'.repeat(32)}` })],
    ['tx.feePayer', 'another fee payer', () => serviceCancel({ authority: attacker.toBase58() })],
    [
      'tx.cancelMemo',
      'two cancel memos',
      () =>
        mutateSolanaTx(serviceCancel(), (ixs) => [
          ...ixs,
          new TransactionInstruction({
            programId: new PublicKey(MEMO_PROGRAM),
            keys: [],
            data: Buffer.from(encodeCancelMemo({ orderId, beneficiary: attackerEvm })),
          }),
        ]),
    ],
    [
      'tx.instructions',
      'the memo without the take-state account',
      () =>
        mutateSolanaTx(serviceCancel(), (ixs) =>
          ixs.map((ix) =>
            ix.programId.toBase58() === MEMO_PROGRAM
              ? new TransactionInstruction({ programId: ix.programId, keys: [], data: ix.data })
              : ix,
          ),
        ),
    ],
    [
      'tx.instructions',
      'an unknown program riding along',
      () =>
        mutateSolanaTx(serviceCancel(), (ixs) => [
          ...ixs,
          new TransactionInstruction({
            programId: attacker,
            keys: [{ pubkey: me, isSigner: true, isWritable: true }],
            data: Buffer.from([1]),
          }),
        ]),
    ],
  ])('refuses %s: %s', (field, _what, build) => {
    expect(refusal(() => verify(build())).field).toBe(field)
  })

  test('refuses an order whose destination authority is not our Solana key (P-7.1)', () => {
    const error = refusal(() =>
      verify(serviceCancel(), { order: { ...order, orderAuthorityAddressDst: hex(attacker) } }),
    )
    expect(error.field).toBe('order.orderAuthorityAddressDst')
  })

  test('refuses a priority fee above its cap', () => {
    const txData = serviceCancel({
      computeUnitLimit: 1_400_000,
      computeUnitPriceMicroLamports: 10_000_000n,
    })
    expect(refusal(() => verify(txData)).field).toBe('computeBudget.priorityFee')
  })

  test('the fee account is a PDA of DlnDestination, off the curve (no key can spend it)', () => {
    expect(PublicKey.isOnCurve(cancelFeeAccount(program).toBytes())).toBe(false)
  })
})
