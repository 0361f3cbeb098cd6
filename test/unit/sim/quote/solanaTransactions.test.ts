import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { type Hex, hexToBytes, size } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { swapTxParamsSchema } from '../../../../src/api/requests/buildSwapTxQuery.ts'
import { orderTxResponseSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { swapQuoteSchema } from '../../../../src/api/schemas/swapQuote.ts'
import { encodeBase58 } from '../../../../src/chains/base58.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import { dlnOrderOfCreate } from '../../../../src/chains/solana/dlnOrderOfCreate.ts'
import type { DlnCreateOrder } from '../../../../src/chains/solana/dlnSrcCreateOrder.ts'
import { resolveSolanaMessage } from '../../../../src/chains/solana/resolveSolanaMessage.ts'
import { toAddressBytes } from '../../../../src/chains/toAddressBytes.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import { buildSwapQuote } from '../../../../src/sim/quote/buildSwapQuote.ts'
import { serializeUnsignedSolanaTx } from '../../../../src/sim/quote/serializeUnsignedSolanaTx.ts'
import { checkDlnSolanaInstructions } from '../../../../src/verify/checkDlnSolanaInstructions.ts'
import { simLookupTableMap } from '../../../helpers/mutateSolanaTx.ts'

const maker = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const evmUser = '0x2222222222222222222222222222222222222222'

type ParsedTx = {
  signatures: number
  header: number[]
  keys: string[]
  instructions: { program: string; accounts: number[]; data: Uint8Array }[]
  lookups: number
}

/** An independent reader of the v0 wire format, enough to check what the builder wrote. */
function parseV0(hex: Hex): ParsedTx {
  const b = hexToBytes(hex)
  let at = 0
  const shortVec = (): number => {
    let value = 0
    for (let shift = 0; ; shift += 7) {
      const byte = b[at++] ?? 0
      value |= (byte & 0x7f) << shift
      if ((byte & 0x80) === 0) return value
    }
  }
  const take = (n: number): Uint8Array => {
    const out = b.slice(at, at + n)
    at += n
    return out
  }
  const signatures = shortVec()
  expect(take(64 * signatures).every((x) => x === 0)).toBe(true)
  expect(take(1)[0]).toBe(0x80)
  const header = [...take(3)]
  const keys = Array.from({ length: shortVec() }, () => encodeBase58(take(32)))
  take(32)
  const instructions = Array.from({ length: shortVec() }, () => {
    const program = keys[take(1)[0] ?? 0] ?? ''
    const accounts = [...take(shortVec())]
    return { program, accounts, data: take(shortVec()) }
  })
  const lookups = shortVec()
  for (let i = 0; i < lookups; i++) {
    take(32)
    take(shortVec())
    take(shortVec())
  }
  expect(at).toBe(b.length)
  return { signatures, header, keys, instructions, lookups }
}

describe('Solana transactions', () => {
  test('default: a Solana-source order is a real-format v0 tx through the lookup table, whose createOrderWithNonce hashes to the orderId', () => {
    const params = createTxParamsSchema.parse({
      srcChainId: 7565164,
      srcChainTokenIn: '11111111111111111111111111111111',
      srcChainTokenInAmount: 10_000_000_000n,
      dstChainId: 42161,
      dstChainTokenOut: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      dstChainTokenOutRecipient: evmUser,
      srcChainOrderAuthorityAddress: maker,
      dstChainOrderAuthorityAddress: evmUser,
      senderAddress: maker,
    })
    const q = buildOrderQuote(params, { market: createMarket(), nowMs: 1_000 })
    expect(orderTxResponseSchema.safeParse(q).success).toBe(true)
    expect(q.tx && Object.keys(q.tx)).toEqual(['data'])
    expect(q.fixFee).toBe('15000000')
    // SOL is a reserve on Solana: no pre-swap, the order gives (wrapped) SOL itself.
    expect(q.estimation.srcChainTokenOut).toBeUndefined()
    // Solana's packet limit: a bigger transaction could not be sent at all.
    expect(size(q.tx?.data as Hex)).toBeLessThanOrEqual(1232)
    const wire = parseV0(q.tx?.data as Hex)
    expect(wire.signatures).toBe(1)
    expect(wire.keys[0]).toBe(maker)
    expect(wire.lookups).toBe(1)
    const resolved = resolveSolanaMessage(q.tx?.data as Hex, simLookupTableMap())
    expect(resolved.problems).toEqual([])
    const { scan, problems } = checkDlnSolanaInstructions(resolved.instructions, { wallet: maker })
    expect(problems).toEqual([])
    expect(scan.names).toEqual([
      'ComputeBudget.SetComputeUnitLimit',
      'ComputeBudget.SetComputeUnitPrice',
      'Associated Token Account.CreateIdempotent',
      'System.Transfer',
      'SPL Token.SyncNative',
      'dln_src.createOrderWithNonce',
      'SPL Token.CloseAccount',
    ])
    expect(scan.computeUnitLimit).toBe(400_000)
    expect(scan.lamportTransfers.map((t) => t.lamports)).toEqual([10_000_000_000n])
    const create = scan.dln[0]!
    const order = dlnOrderOfCreate(
      create.args as DlnCreateOrder,
      create.accounts as { maker: string; tokenMint: string },
      4n,
    )!
    expect(computeOrderId(order)).toBe(q.orderId)
    expect(create.accounts.tokenMint).toBe('So11111111111111111111111111111111111111112')
    expect((create.args as DlnCreateOrder).metadata).toBe(q.order?.metadata)
    expect(order.makerSrc).toBe(toAddressBytes(maker, 7565164))
    expect(order.receiverDst).toBe(evmUser)
    expect(order.giveAmount).toBe(10_000_000_000n - (10_000_000_000n * 4n) / 10_000n)
  })

  test('behavior: a non-reserve input (USDT) is pre-swapped by a Jupiter route into the maker wallet the order takes from', () => {
    const usdt = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    const params = createTxParamsSchema.parse({
      srcChainId: 7565164,
      srcChainTokenIn: usdt,
      srcChainTokenInAmount: 100_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      dstChainTokenOutRecipient: evmUser,
      srcChainOrderAuthorityAddress: maker,
      dstChainOrderAuthorityAddress: evmUser,
      senderAddress: maker,
    })
    const q = buildOrderQuote(params, { market: createMarket(), nowMs: 1_000 })
    const resolved = resolveSolanaMessage(q.tx?.data as Hex, simLookupTableMap())
    const { scan, problems } = checkDlnSolanaInstructions(resolved.instructions, { wallet: maker })
    expect(problems).toEqual([])
    expect(scan.names).toContain('Jupiter v6.route')
    const route = scan.jupiter[0]!
    expect(route.inAmount).toBe(100_000_000n)
    expect(route.sourceTokenAccount).toBe(
      getAssociatedTokenAddressSync(new PublicKey(usdt), new PublicKey(maker), true).toBase58(),
    )
    expect(route.destinationTokenAccount).toBe(scan.dln[0]!.accounts.makerWallet)
    const give = (scan.dln[0]!.args as DlnCreateOrder).orderArgs.giveOriginalAmount
    // The give is Jupiter's floor: quotedOut less the slippage allowance.
    expect(give).toBe(
      route.quotedOutAmount - (route.quotedOutAmount * BigInt(route.slippageBps)) / 10_000n,
    )
    expect(BigInt(q.estimation.srcChainTokenOut!.amount)).toBe(give)
  })

  test('behavior: a Solana swap compares Jupiter and carries only tx.data', () => {
    const params = swapTxParamsSchema.parse({
      chainId: 7565164,
      tokenIn: '11111111111111111111111111111111',
      tokenInAmount: 1_000_000_000n,
      tokenOut: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      tokenOutRecipient: maker,
    })
    const q = buildSwapQuote(params, { market: createMarket(), nowMs: 0 })
    expect(swapQuoteSchema.safeParse(q).success).toBe(true)
    expect(q.comparedAggregators.map((a) => a.name)).toContain('Jupiter')
    expect(Object.keys(q.tx)).toEqual(['data'])
    const tx = parseV0(q.tx.data as Hex)
    expect(tx.keys[1]).toBe('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')
    expect(q.estimatedTransactionFee?.details.priorityFee).toBe('20000')
  })

  test('behavior: shortvec lengths above 127 take two bytes', () => {
    const hex = serializeUnsignedSolanaTx({
      accountKeys: [maker],
      numRequiredSignatures: 1,
      numReadonlySigned: 0,
      numReadonlyUnsigned: 0,
      recentBlockhash: '11111111111111111111111111111111',
      instructions: [{ programIndex: 0, accountIndices: [], data: `0x${'ab'.repeat(200)}` }],
    })
    const ix = parseV0(hex).instructions[0]
    expect(ix?.data.length).toBe(200)
    // 200 = 0xc8 -> shortvec c8 01
    expect(hex).toContain('c801abab')
  })
})
