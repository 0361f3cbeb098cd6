import { describe, expect, test } from 'vitest'
import { SOLANA_NATIVE_TOKEN } from '../../../src/api/requests/addressRules.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { checkSolanaOrderTx, verifySolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import {
  TKHQ_DLN_CREATE_ORDER_WITH_NONCE as vector,
  WILDSENT_DLN_CREATE_ORDER_WITH_NONCE,
} from '../../fixtures/solana/goldenVectors.ts'
import { goldenVectorTableMap, USDC_MINT } from '../../fixtures/solana/goldenVectorTables.ts'

// The run's verifier on a real dln_src create-tx (docs/dln.md §4.10, §4.11): the golden vector
// passes against its own intent; bad input is an integrity refusal naming its subject.

const MAKER = '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q'
const RECEIVER = '0x9528cf48a8deb982b5549d72abbb764ffdbce301'
const intent: OrderIntent = {
  srcChainId: 7565164,
  dstChainId: 8453,
  sender: MAKER,
  tokenIn: SOLANA_NATIVE_TOKEN,
  amountIn: 100_000_000n,
  tokenOut: '0x532f27101965dd16442e59d40670faf5ebb142e4',
  minTakeAmount: 135_000_000_000_000_000_000n,
  receiver: RECEIVER,
  srcAuthority: MAKER,
  dstAuthority: RECEIVER,
  cancelBeneficiary: MAKER,
  referralCode: 0,
}
const orderIdOf = (): string =>
  checkSolanaOrderTx({
    txData: vector.txData,
    intent,
    announcedOrderId: '0x',
    lookupTables: goldenVectorTableMap(),
  }).orderId!

describe('verifySolanaOrderTx on a real createOrderWithNonce', () => {
  test('the golden vector against its intent: verified, with what leaves us and the order', () => {
    const verified = verifySolanaOrderTx({
      txData: vector.txData,
      intent,
      announcedOrderId: orderIdOf(),
      lookupTables: goldenVectorTableMap(),
    })
    expect(verified.amountIn).toBe(100_000_000n) // Jupiter's input: the 0.1 SOL wrapped
    expect(verified.order.giveAmount).toBe(21_567_102n - (21_567_102n * 4n) / 10_000n)
    expect(verified.orderGiveToken).toBe(USDC_MINT)
    // Two ATA creates (wSOL, USDC); the wSOL account is closed back to us in the same transaction,
    // so only the USDC account's rent counts toward what may leave.
    expect(verified.tokenAccountCreates).toBe(1)
  })

  const refusal = (over: Partial<Parameters<typeof verifySolanaOrderTx>[0]>): VerificationError => {
    try {
      verifySolanaOrderTx({
        txData: vector.txData,
        intent,
        announcedOrderId: orderIdOf(),
        lookupTables: goldenVectorTableMap(),
        ...over,
      })
    } catch (error) {
      if (error instanceof VerificationError) return error
      throw error
    }
    throw new Error('accepted')
  }
  test('an unread lookup table is refused naming it', () => {
    expect(refusal({ lookupTables: new Map() }).field).toBe(
      `lookup table ${vector.lookupTables[0]}`,
    )
  })
  test('a table that lacks an index is refused naming table and index', () => {
    expect(refusal({ lookupTables: goldenVectorTableMap(true) }).field).toBe(
      `lookup table ${vector.lookupTables[0]} index 41`,
    )
  })
  test('another receiver, another announced orderId, more input than asked', () => {
    expect(refusal({ intent: { ...intent, receiver: `0x${'11'.repeat(20)}` } }).field).toBe(
      'dln.receiverDst',
    )
    expect(refusal({ announcedOrderId: `0x${'00'.repeat(32)}` }).field).toBe('orderId')
    expect(refusal({ intent: { ...intent, amountIn: 50_000_000n } }).field).toBe('give.amount')
  })
})

describe('verifySolanaOrderTx on the signed vector without lookup tables', () => {
  const signed = WILDSENT_DLN_CREATE_ORDER_WITH_NONCE
  const maker = 'd4sGFnT4iidoEcwRfTdq8GVMWyYzvQubwdarUcEA76L'
  const receiver = '0x37dc52b067ccfc42a980185d22806dacad42b903'
  const signedIntent: OrderIntent = {
    srcChainId: 7565164,
    dstChainId: 8453,
    sender: maker,
    tokenIn: USDC_MINT,
    amountIn: 101_355_323n,
    tokenOut: '0x226a2fa2556c48245e57cd1cba4c6c9e67077dd2',
    minTakeAmount: 2_356_947_117_975_226_762_943n,
    receiver,
    srcAuthority: maker,
    dstAuthority: receiver,
    cancelBeneficiary: maker,
    referralCode: 4850,
  }
  const verify = (over: Partial<OrderIntent> = {}) =>
    verifySolanaOrderTx({
      txData: signed.txData,
      intent: { ...signedIntent, ...over },
      announcedOrderId: signed.orderId!,
      lookupTables: new Map(),
    })
  test('verified against the orderId dln_src emitted, with the net give its source states', () => {
    const verified = verify()
    expect(verified.amountIn).toBe(101_355_323n)
    // 101.314781 USDC: the give after dln_src's 4 bps percent fee, as the source's test states.
    expect(verified.order.giveAmount).toBe(101_314_781n)
    expect(verified.orderGiveToken).toBe(USDC_MINT)
    expect(verified.tokenAccountCreates).toBe(0)
  })
  test('more input than asked is refused naming give.amount', () => {
    let refused: unknown
    try {
      verify({ amountIn: 100_000_000n })
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(VerificationError)
    expect((refused as VerificationError).field).toBe('give.amount')
  })
})
