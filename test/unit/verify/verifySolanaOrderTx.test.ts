import { createApproveInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import {
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
import {
  DLN_SRC_DISCRIMINATORS,
  type DlnCreateOrder,
  decodeDlnCreateOrderArgs,
  encodeDlnCreateOrder,
} from '../../../src/chains/solana/dlnSrcCreateOrder.ts'
import { loadSolanaLookupTables } from '../../../src/chains/solana/loadSolanaLookupTables.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { QuoteMovedError } from '../../../src/verify/QuoteMovedError.ts'
import { checkSolanaOrderTx, verifySolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import { mutateSolanaTx, randomSolanaKey, simLookupTableMap } from '../../helpers/mutateSolanaTx.ts'
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
  return {
    quote,
    intent,
    txData: quote.tx!.data as Hex,
    orderId: quote.orderId!,
    lookupTables: simLookupTableMap(),
  }
}

/** Rewrites the createOrderWithNonce arguments of a simulator create-tx, as a lying service would. */
function mutateCreate(txData: Hex, patch: (c: DlnCreateOrder) => DlnCreateOrder): Hex {
  return mutateSolanaTx(txData, (ixs) =>
    ixs.map((ix) => {
      if (!ix.programId.equals(new PublicKey(SOLANA_PROGRAMS.dlnSource))) return ix
      const create = decodeDlnCreateOrderArgs('createOrderWithNonce', ix.data.subarray(8))
      ix.data = encodeDlnCreateOrder(patch(create))
      return ix
    }),
  )
}

describe('verifySolanaOrderTx in the real format (docs/dln.md §4.10)', () => {
  test('default: the simulator’s USDC order verifies and yields the announced orderId', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor()
    const verified = verifySolanaOrderTx({
      txData,
      intent,
      announcedOrderId: orderId,
      lookupTables,
    })
    expect(verified.orderId).toBe(orderId)
    expect(verified.amountIn).toBe(100_000_000n)
    expect(verified.feeLamports).toBe(15_000_000n)
    expect(verified.priorityFeeLamports).toBe(20_000n)
    const { checks } = checkSolanaOrderTx({
      txData,
      intent,
      announcedOrderId: orderId,
      lookupTables,
    })
    expect(checks.filter((c) => !c.ok)).toEqual([])
    expect(checks.map((c) => c.field)).toContain('dln.receiverDst')
    expect(DLN_SRC_DISCRIMINATORS.createOrderWithNonce).toHaveLength(8)
  })

  test('behavior: a SOL-input order verifies (wrapped SOL is the give)', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor({
      srcChainTokenIn: SOL,
      srcChainTokenInAmount: 2_000_000_000n,
    })
    const verified = verifySolanaOrderTx({
      txData,
      intent,
      announcedOrderId: orderId,
      lookupTables,
    })
    expect(verified.amountIn).toBe(2_000_000_000n)
  })

  test('behavior: a USDT input is pre-swapped through Jupiter into the USDC give', () => {
    const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    const { intent, txData, orderId, lookupTables } = quoteFor({ srcChainTokenIn: USDT })
    const result = checkSolanaOrderTx({ txData, intent, announcedOrderId: orderId, lookupTables })
    expect(result.checks.filter((c) => !c.ok)).toEqual([])
    expect(result.verified?.amountIn).toBe(100_000_000n)
    expect(result.verified?.orderGiveToken).toBe(USDC)
  })

  test('behavior: an unknown program is refused, naming it', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor()
    const rogue = randomSolanaKey()
    const bad = mutateSolanaTx(txData, (ixs) => [
      ...ixs,
      new TransactionInstruction({ programId: rogue, keys: [], data: Buffer.from([1]) }),
    ])
    const error = refusal(() =>
      verifySolanaOrderTx({ txData: bad, intent, announcedOrderId: orderId, lookupTables }),
    )
    expect(error.field).toBe('instructions[3].programId')
    expect(error.actual).toBe(rogue.toBase58())
  })

  test('behavior: a priority fee above the cap is refused; the cap is configurable', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor()
    const bad = mutateSolanaTx(txData, (ixs) => [
      ixs[0]!,
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 100_000_000n }),
      ...ixs.slice(2),
    ])
    const error = refusal(() =>
      verifySolanaOrderTx({ txData: bad, intent, announcedOrderId: orderId, lookupTables }),
    )
    expect(error.field).toBe('computeBudget.priorityFee')
    const low = {
      txData,
      intent,
      announcedOrderId: orderId,
      lookupTables,
      maxPriorityFeeLamports: 19_999n,
    }
    expect(refusal(() => verifySolanaOrderTx(low)).field).toBe('computeBudget.priorityFee')
  })

  test('behavior: extra transfers, approvals, signers and payers are refused (P-1.7)', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor()
    const field = (data: Hex): string =>
      refusal(() =>
        verifySolanaOrderTx({ txData: data, intent, announcedOrderId: orderId, lookupTables }),
      ).field
    const mePk = new PublicKey(me)
    const other = randomSolanaKey()
    const drain = SystemProgram.transfer({ fromPubkey: mePk, toPubkey: other, lamports: 1n })
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, drain]))).toBe('instructions[3].to')
    const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), mePk)
    const approve = createApproveInstruction(ata, other, mePk, 1n)
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, approve]))).toBe('instructions[3]')
    const cosigned = new TransactionInstruction({
      programId: SystemProgram.programId,
      keys: [{ pubkey: other, isSigner: true, isWritable: false }],
      data: Buffer.from('hello'),
    })
    expect(field(mutateSolanaTx(txData, (ixs) => [...ixs, cosigned]))).toBe('tx.signers')
    expect(field(mutateSolanaTx(txData, (ixs) => ixs, { payer: other }))).toBe('tx.feePayer')
    const noOrder = mutateSolanaTx(txData, (ixs) => ixs.slice(0, 2))
    expect(field(noOrder)).toBe('dln')
  })

  test('behavior: every order field of createOrderWithNonce is held against the intent', () => {
    const { intent, txData, orderId, lookupTables } = quoteFor()
    const attacker = `0x${'66'.repeat(20)}` as Hex
    const args = (c: DlnCreateOrder, a: Partial<DlnCreateOrder['orderArgs']>): DlnCreateOrder => ({
      ...c,
      orderArgs: { ...c.orderArgs, ...a },
    })
    const cases: [string, (c: DlnCreateOrder) => DlnCreateOrder][] = [
      ['dln.receiverDst', (c) => args(c, { receiverDst: attacker })],
      [
        'dln.allowedCancelBeneficiarySrc',
        (c) => args(c, { allowedCancelBeneficiarySrc: randomSolanaKey() }),
      ],
      ['dln.take.chainId', (c) => args(c, { take: { ...c.orderArgs.take, chainId: 42161n } })],
      ['dln.externalCall', (c) => args(c, { externalCall: '0x1234' })],
      ['dln.allowedTakerDst', (c) => args(c, { allowedTakerDst: attacker })],
      [
        'dln.affiliateFee',
        (c) => ({ ...c, affiliateFee: { beneficiary: randomSolanaKey(), amount: 1n } }),
      ],
      ['dln.accounts.giveOrderState', (c) => ({ ...c, nonce: (c.nonce ?? 0n) + 1n })],
    ]
    for (const [field, patch] of cases) {
      const result = checkSolanaOrderTx({
        txData: mutateCreate(txData, patch),
        intent,
        announcedOrderId: orderId,
        lookupTables,
      })
      const failed = result.checks.filter((c) => !c.ok).map((c) => c.field)
      expect(failed, field).toContain(field)
    }
    const otherId = `0x${'ab'.repeat(32)}`
    const error = refusal(() =>
      verifySolanaOrderTx({ txData, intent, announcedOrderId: otherId, lookupTables }),
    )
    expect(error.field).toBe('orderId')
  })

  test('behavior: a take below ferry minimum is economics (QuoteMovedError); with an integrity failure too, integrity wins', () => {
    const { intent, txData, orderId, quote, lookupTables } = quoteFor()
    const strict = {
      ...intent,
      minTakeAmount: BigInt(quote.estimation.dstChainTokenOut.amount) + 1n,
    }
    let moved: unknown
    try {
      verifySolanaOrderTx({ txData, intent: strict, announcedOrderId: orderId, lookupTables })
    } catch (error) {
      moved = error
    }
    expect(moved).toBeInstanceOf(QuoteMovedError)
    expect((moved as QuoteMovedError).field).toBe('dln.take.amount')
    const otherId = `0x${'ab'.repeat(32)}`
    const both = refusal(() =>
      verifySolanaOrderTx({ txData, intent: strict, announcedOrderId: otherId, lookupTables }),
    )
    expect(both.field).toBe('orderId')
  })

  test('behavior: an order taking less than its own answer’s estimation.dstChainTokenOut.amount is integrity, not a moved price', () => {
    const { intent, txData, orderId, quote, lookupTables } = quoteFor()
    const estimated = BigInt(quote.estimation.dstChainTokenOut.amount)
    const lie = refusal(() =>
      verifySolanaOrderTx({
        txData,
        intent,
        announcedOrderId: orderId,
        lookupTables,
        estimatedTakeAmount: estimated * 2n,
      }),
    )
    expect(lie.field).toBe('order.takeAmount')
    expect(lie.expected).toContain('estimation.dstChainTokenOut.amount')
    expect(() =>
      verifySolanaOrderTx({
        txData,
        intent,
        announcedOrderId: orderId,
        lookupTables,
        estimatedTakeAmount: estimated,
      }),
    ).not.toThrow()
  })

  test('behavior: lookup tables are resolved before the checks; an unresolved one refuses, naming it', async () => {
    const { intent, txData, orderId } = quoteFor()
    const table = simLookupTableMap()
    const tableKey = [...table.keys()][0]!
    const lookupTables = await loadSolanaLookupTables(txData, async (key) =>
      table.get(key.toBase58()),
    )
    const ok = verifySolanaOrderTx({ txData, intent, announcedOrderId: orderId, lookupTables })
    expect(ok.orderId).toBe(orderId)
    const error = refusal(() =>
      verifySolanaOrderTx({ txData, intent, announcedOrderId: orderId, lookupTables: new Map() }),
    )
    expect(`${error.field} ${error.actual}`).toContain(tableKey)
  })
})
