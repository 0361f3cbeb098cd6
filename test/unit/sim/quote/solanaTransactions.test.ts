import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { type Hex, hexToBytes, size } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { swapTxParamsSchema } from '../../../../src/api/requests/buildSwapTxQuery.ts'
import { orderTxResponseSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { swapQuoteSchema } from '../../../../src/api/schemas/swapQuote.ts'
import { encodeBase58 } from '../../../../src/chains/base58.ts'
import { SOLANA_PROGRAMS } from '../../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import { decodeSolanaOrderPayload } from '../../../../src/chains/solana/decodeSolanaOrderPayload.ts'
import { decodeSolanaOrderTx } from '../../../../src/chains/solana/decodeSolanaOrderTx.ts'
import { encodeSolanaOrderPayload } from '../../../../src/chains/solana/encodeSolanaOrderPayload.ts'
import { toAddressBytes } from '../../../../src/chains/toAddressBytes.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import { buildSwapQuote } from '../../../../src/sim/quote/buildSwapQuote.ts'
import { serializeUnsignedSolanaTx } from '../../../../src/sim/quote/serializeUnsignedSolanaTx.ts'

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
  expect(at).toBe(b.length)
  return { signatures, header, keys, instructions, lookups }
}

describe('Solana transactions', () => {
  test('default: a Solana-source order is an unsigned v0 tx whose payload hashes to the orderId', () => {
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
    // SOL is a reserve on Solana: no pre-swap, the order gives SOL itself.
    expect(q.estimation.srcChainTokenOut).toBeUndefined()

    // Solana's packet limit: a bigger transaction could not be sent at all.
    expect(size(q.tx?.data as Hex)).toBeLessThanOrEqual(1232)
    const wire = parseV0(q.tx?.data as Hex)
    expect(wire.signatures).toBe(1)
    expect(wire.keys[0]).toBe(maker)
    expect(wire.lookups).toBe(0)
    const tx = decodeSolanaOrderTx(q.tx?.data as Hex)
    expect(tx.instructions.map((i) => i.programId)).toEqual([
      'ComputeBudget111111111111111111111111111111',
      'ComputeBudget111111111111111111111111111111',
      '11111111111111111111111111111111',
      '11111111111111111111111111111111',
      'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
    ])
    expect(tx.computeUnitLimit).toBe(400_000)
    expect(tx.give).toEqual({
      kind: 'native',
      from: maker,
      to: SOLANA_PROGRAMS.dlnSource,
      lamports: 10_000_000_000n,
    })
    expect(tx.lamportTransfers).toEqual([
      { from: maker, to: SOLANA_PROGRAMS.dlnSource, lamports: 15_000_000n },
    ])
    const { order, creationGiveAmount, referralCode, metadata } = tx.payload!
    expect(referralCode).toBe(0)
    expect(metadata).toBe(q.order?.metadata)
    expect(computeOrderId(order)).toBe(q.orderId)
    expect(order.giveChainId).toBe(7565164n)
    expect(order.makerSrc).toBe(toAddressBytes(maker, 7565164))
    expect(order.receiverDst).toBe(evmUser)
    expect(creationGiveAmount).toBe(10_000_000_000n)
    expect(order.giveAmount).toBe(creationGiveAmount - (creationGiveAmount * 4n) / 10_000n)
  })

  test('behavior: an SPL order moves the token to the escrow of the configurable program id', () => {
    const programId = 'Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS'
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const params = createTxParamsSchema.parse({
      srcChainId: 7565164,
      srcChainTokenIn: usdc,
      srcChainTokenInAmount: 100_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      dstChainTokenOutRecipient: evmUser,
      srcChainOrderAuthorityAddress: maker,
      dstChainOrderAuthorityAddress: evmUser,
    })
    const q = buildOrderQuote(params, {
      market: createMarket(),
      nowMs: 1_000,
      config: { solanaProgramId: programId },
    })
    const tx = decodeSolanaOrderTx(q.tx?.data as Hex)
    expect(tx.give).toMatchObject({
      kind: 'spl',
      mint: usdc,
      owner: maker,
      amount: 100_000_000n,
      decimals: 6,
      source: getAssociatedTokenAddressSync(
        new PublicKey(usdc),
        new PublicKey(maker),
        true,
      ).toBase58(),
      destination: getAssociatedTokenAddressSync(
        new PublicKey(usdc),
        new PublicKey(programId),
        true,
      ).toBase58(),
    })
    expect(tx.lamportTransfers[0]?.to).toBe(programId)
    expect(computeOrderId(tx.payload!.order)).toBe(q.orderId)
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

  test('behavior: the order payload round-trips, hook and affiliate fee included', () => {
    const payload = {
      order: {
        makerOrderNonce: 42n,
        makerSrc: toAddressBytes(maker, 7565164),
        giveChainId: 7565164n,
        giveTokenAddress: toAddressBytes('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 7565164),
        giveAmount: 999n,
        takeChainId: 1n,
        takeTokenAddress: evmUser,
        takeAmount: 10n ** 30n,
        receiverDst: evmUser,
        givePatchAuthoritySrc: toAddressBytes(maker, 7565164),
        orderAuthorityAddressDst: evmUser,
        allowedTakerDst: '0x',
        allowedCancelBeneficiarySrc: '0x',
        externalCall: `0x01${'ab'.repeat(300)}`,
      },
      creationGiveAmount: 1000n,
      affiliateFee: `0x${'11'.repeat(52)}`,
      referralCode: 31805,
      metadata: '0x0101',
    } as const
    const encoded = encodeSolanaOrderPayload(payload)
    expect(decodeSolanaOrderPayload(encoded)).toEqual(payload)
    expect(() => decodeSolanaOrderPayload(`${encoded}00`)).toThrow(RangeError)
    expect(() => decodeSolanaOrderPayload(encoded.slice(0, -4) as Hex)).toThrow(RangeError)
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
