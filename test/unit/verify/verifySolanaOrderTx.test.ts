import { createApproveInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../src/api/requests/buildCreateTxQuery.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { loadSolanaLookupTables } from '../../../src/chains/solana/loadSolanaLookupTables.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { QuoteMovedError } from '../../../src/verify/QuoteMovedError.ts'
import { checkSolanaOrderTx, verifySolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import {
  mutateSolanaPayload,
  mutateSolanaTx,
  randomSolanaKey,
} from '../../helpers/mutateSolanaTx.ts'
import { refusal } from './refusal.ts'

const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58()
const evmMe = '0x2222222222222222222222222222222222222222'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SOL = '11111111111111111111111111111111'
const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'

function quoteFor(overrides: Partial<CreateTxParams> = {}) {
  const params: CreateTxParams = {
    srcChainId: 7565164,
    srcChainTokenIn: USDC,
    srcChainTokenInAmount: 100_000_000n,
    dstChainId: 8453,
    dstChainTokenOut: usdcBase,
    dstChainTokenOutRecipient: evmMe,
    srcChainOrderAuthorityAddress: me,
    dstChainOrderAuthorityAddress: evmMe,
    srcAllowedCancelBeneficiary: me,
    senderAddress: me,
    ...overrides,
  }
  const quote = buildOrderQuote(createTxParamsSchema.parse(params), {
    market: createMarket(),
    nowMs: 1_767_225_600_000,
  })
  const intent: OrderIntent = {
    srcChainId: 7565164,
    dstChainId: 8453,
    sender: me,
    tokenIn: String(params.srcChainTokenIn),
    amountIn: BigInt(String(params.srcChainTokenInAmount)),
    tokenOut: usdcBase,
    minTakeAmount: (BigInt(quote.estimation.dstChainTokenOut.amount) * 99n) / 100n,
    receiver: evmMe,
    srcAuthority: me,
    dstAuthority: evmMe,
    cancelBeneficiary: me,
    allowedTaker: 'empty',
  }
  return { quote, intent, txData: quote.tx!.data as Hex, orderId: quote.orderId! }
}

describe('verifySolanaOrderTx', () => {
  test('default: the simulator’s SPL order verifies and yields the announced orderId', () => {
    const { intent, txData, orderId } = quoteFor()
    const verified = verifySolanaOrderTx({ txData, intent, announcedOrderId: orderId })
    expect(verified.orderId).toBe(orderId)
    expect(verified.amountIn).toBe(100_000_000n)
    expect(verified.feeLamports).toBe(15_000_000n)
    expect(verified.priorityFeeLamports).toBe(20_000n)
    expect(verified.escrow).toBe(SOLANA_PROGRAMS.dlnSource)
    const { checks } = checkSolanaOrderTx({ txData, intent, announcedOrderId: orderId })
    expect(checks.every((c) => c.ok)).toBe(true)
    expect(checks.map((c) => c.field)).toContain('order.receiverDst')
  })

  test('behavior: a SOL-input order verifies (give and fee as System transfers)', () => {
    const { intent, txData, orderId } = quoteFor({
      srcChainTokenIn: SOL,
      srcChainTokenInAmount: 2_000_000_000n,
    })
    const verified = verifySolanaOrderTx({ txData, intent, announcedOrderId: orderId })
    expect(verified.amountIn).toBe(2_000_000_000n)
  })

  test('behavior: an unknown program is refused, naming it', () => {
    const { intent, txData, orderId } = quoteFor()
    const rogue = randomSolanaKey()
    const bad = mutateSolanaTx(txData, (ixs) => [
      ...ixs,
      new TransactionInstruction({ programId: rogue, keys: [], data: Buffer.from([1]) }),
    ])
    const error = refusal(() =>
      verifySolanaOrderTx({ txData: bad, intent, announcedOrderId: orderId }),
    )
    expect(error.field).toBe('instructions[5].programId')
    expect(error.actual).toBe(rogue.toBase58())
  })

  test('behavior: a priority fee above the cap is refused; the cap is configurable', () => {
    const { intent, txData, orderId } = quoteFor()
    const bad = mutateSolanaTx(txData, (ixs) => [
      ixs[0]!,
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 100_000_000n }),
      ...ixs.slice(2),
    ])
    const error = refusal(() =>
      verifySolanaOrderTx({ txData: bad, intent, announcedOrderId: orderId }),
    )
    expect(error.field).toBe('computeBudget.priorityFee')
    expect(error.actual).toMatch(/^40000000 lamports/)
    const low = { txData, intent, announcedOrderId: orderId, maxPriorityFeeLamports: 19_999n }
    expect(refusal(() => verifySolanaOrderTx(low)).field).toBe('computeBudget.priorityFee')
  })

  test('behavior: extra transfers, approvals, signers and payers are refused (P-1.7)', () => {
    const { intent, txData, orderId } = quoteFor()
    const field = (data: Hex): string =>
      refusal(() => verifySolanaOrderTx({ txData: data, intent, announcedOrderId: orderId })).field
    const mePk = new PublicKey(me)
    const other = randomSolanaKey()
    const drain = SystemProgram.transfer({ fromPubkey: mePk, toPubkey: other, lamports: 1n })
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, drain]))).toBe('lamportTransfers')
    const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), mePk)
    const approve = createApproveInstruction(ata, other, mePk, 1n)
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, approve]))).toBe('instructions[5]')
    const cosigned = new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [{ pubkey: other, isSigner: true, isWritable: false }],
      data: Buffer.from('hello'),
    })
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, cosigned]))).toBe('tx.signers')
    expect(field(mutateSolanaTx(txData, (ixs) => ixs, { payer: other }))).toBe('tx.feePayer')
    const fee = SystemProgram.transfer({
      fromPubkey: mePk,
      toPubkey: new PublicKey(SOLANA_PROGRAMS.dlnSource),
      lamports: 30_000_000n,
    })
    const wrongFee = mutateSolanaTx(txData, (ixs) => [...ixs.slice(0, 3), fee, ixs[4]!])
    expect(field(wrongFee)).toBe('fee.lamports')
    const stolen = mutateSolanaTx(txData, (ixs) => [...ixs.slice(0, 4)])
    expect(field(stolen)).toBe('memo')
  })

  test('behavior: every order field of the memo is held against the intent', () => {
    const { intent, txData, orderId } = quoteFor()
    const attacker = `0x${'66'.repeat(20)}` as Hex
    const cases: [string, Parameters<typeof mutateSolanaPayload>[1]][] = [
      ['order.receiverDst', (p) => ({ ...p, order: { ...p.order, receiverDst: attacker } })],
      [
        'order.allowedCancelBeneficiarySrc',
        (p) => ({
          ...p,
          order: { ...p.order, allowedCancelBeneficiarySrc: `0x${'77'.repeat(32)}` },
        }),
      ],
      ['order.takeChainId', (p) => ({ ...p, order: { ...p.order, takeChainId: 42161n } })],
      ['order.takeAmount', (p) => ({ ...p, order: { ...p.order, takeAmount: 1n } })],
      ['order.externalCall', (p) => ({ ...p, order: { ...p.order, externalCall: '0x1234' } })],
      [
        'order.allowedTakerDst',
        (p) => ({ ...p, order: { ...p.order, allowedTakerDst: attacker } }),
      ],
      [
        'memo.affiliateFee',
        (p) => ({ ...p, affiliateFee: `0x${'77'.repeat(32)}${'00'.repeat(31)}01` }),
      ],
      ['memo.referralCode', (p) => ({ ...p, referralCode: 9 })],
    ]
    for (const [field, patch] of cases) {
      const result = checkSolanaOrderTx({
        txData: mutateSolanaPayload(txData, patch),
        intent,
        announcedOrderId: orderId,
      })
      const failed = result.checks.filter((c) => !c.ok).map((c) => c.field)
      expect(failed, field).toContain(field)
    }
    const otherId = `0x${'ab'.repeat(32)}`
    const error = refusal(() => verifySolanaOrderTx({ txData, intent, announcedOrderId: otherId }))
    expect(error.field).toBe('orderId')
  })

  test('behavior: a take below ferry minimum is economics (QuoteMovedError); with an integrity failure too, integrity wins', () => {
    const { intent, txData, orderId, quote } = quoteFor()
    // The market moved: the service's honest order now takes less than ferry accepts.
    const strict = {
      ...intent,
      minTakeAmount: BigInt(quote.estimation.dstChainTokenOut.amount) + 1n,
    }
    let moved: unknown
    try {
      verifySolanaOrderTx({ txData, intent: strict, announcedOrderId: orderId })
    } catch (error) {
      moved = error
    }
    expect(moved).toBeInstanceOf(QuoteMovedError)
    expect((moved as QuoteMovedError).field).toBe('order.takeAmount')
    const otherId = `0x${'ab'.repeat(32)}`
    const both = refusal(() =>
      verifySolanaOrderTx({ txData, intent: strict, announcedOrderId: otherId }),
    )
    expect(both.field).toBe('orderId')
  })

  test('behavior: an order taking less than its own answer’s estimation.dstChainTokenOut.amount is integrity, not a moved price', () => {
    const { intent, txData, orderId, quote } = quoteFor()
    const estimated = BigInt(quote.estimation.dstChainTokenOut.amount)
    const lie = refusal(() =>
      verifySolanaOrderTx({
        txData,
        intent,
        announcedOrderId: orderId,
        estimatedTakeAmount: estimated * 2n,
      }),
    )
    expect(lie.field).toBe('order.takeAmount')
    expect(lie.expected).toContain('estimation.dstChainTokenOut.amount')
    // The answer keeps its word: it passes.
    expect(() =>
      verifySolanaOrderTx({
        txData,
        intent,
        announcedOrderId: orderId,
        estimatedTakeAmount: estimated,
      }),
    ).not.toThrow()
  })

  test('behavior: lookup tables are resolved before the checks; an unresolved one refuses', async () => {
    const { intent, txData, orderId } = quoteFor()
    const tableKey = randomSolanaKey()
    const table = new AddressLookupTableAccount({
      key: tableKey,
      state: {
        deactivationSlot: 2n ** 64n - 1n,
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [new PublicKey(SOLANA_PROGRAMS.dlnSource)],
      },
    })
    const withTable = mutateSolanaTx(txData, (ixs) => ixs, { lookupTables: [table] })
    const lookupTables = await loadSolanaLookupTables(withTable, async (key) =>
      key.equals(tableKey) ? table.state.addresses : undefined,
    )
    const ok = verifySolanaOrderTx({
      txData: withTable,
      intent,
      announcedOrderId: orderId,
      lookupTables,
    })
    expect(ok.orderId).toBe(orderId)
    const error = refusal(() =>
      checkSolanaOrderTx({ txData: withTable, intent, announcedOrderId: orderId }),
    )
    expect(error.field).toBe('tx.data')
    expect(error.message).toContain(tableKey.toBase58())
  })
})
