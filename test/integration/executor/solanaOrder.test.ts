import {
  ComputeBudgetProgram,
  type Connection,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import { encodeBase58 } from '../../../src/chains/base58.ts'
import { createSolanaConnection } from '../../../src/chains/solana/createSolanaConnection.ts'
import { SolanaSendError } from '../../../src/chains/solana/SolanaSendError.ts'
import { createMemorySolanaSendJournal } from '../../../src/chains/solana/solanaSendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeSolanaOrder } from '../../../src/execute/solana/executeSolanaOrder.ts'
import { mutateSolanaTx, randomSolanaKey } from '../../helpers/mutateSolanaTx.ts'
import {
  countWalletTransactions,
  createRecordingLogger,
  devnetSolanaValueFlow,
  LossyConnection,
  orderEscrow,
  solanaToBaseOrder,
} from '../../helpers/solanaExecutorHarness.ts'
import { startRpcProxy } from './startRpcProxy.ts'

const user = devnetSolanaKeypair('user')
const me = user.publicKey.toBase58()
const SOL = '11111111111111111111111111111111'
const FAST = { pollIntervalMs: 5, rebroadcastIntervalMs: 15 }

let devnet: Devnet
let rpcUrl: string
let usdc: string
let api: ApiClient
const logger = createRecordingLogger()

beforeAll(async () => {
  // No solver: these tests end at the deposit, and unlocks would move the escrow's balances.
  devnet = await startDevnet({ evmChainIds: [8453], solana: true, solver: false })
  rpcUrl = devnet.solana!.rpcUrl
  usdc = devnet.solana!.usdcMint
  api = createApiClient({
    apiUrl: devnet.sim.baseUrl,
    statsUrl: devnet.sim.statsUrl,
    requestsPerMinute: 100_000,
  })
}, 30_000)

afterAll(async () => {
  await devnet?.stop()
})

/** The real service client, except that each tx answer goes through `mutate` first. */
function maliciousApi(mutate: (txData: Hex) => Hex): Pick<ApiClient, 'createOrderTx'> {
  return {
    createOrderTx: (async (params: Parameters<ApiClient['createOrderTx']>[0]) => {
      const result = await api.createOrderTx(params)
      if (result.kind !== 'tx') return result
      const data = mutate(result.quote.tx.data as Hex)
      return { ...result, quote: { ...result.quote, tx: { ...result.quote.tx, data } } }
    }) as ApiClient['createOrderTx'],
  }
}

/** executeSolanaOrder as the devnet user, against the devnet's dln_src; `more` overrides any input. */
function executeAsUser(
  connection: Connection,
  order: Pick<Parameters<typeof executeSolanaOrder>[0], 'request' | 'intent'>,
  more: Partial<Parameters<typeof executeSolanaOrder>[0]> = {},
) {
  return executeSolanaOrder({
    ...devnetSolanaValueFlow,
    connection,
    api,
    ...order,
    secretKey: user.secretKey,
    journal: createMemorySolanaSendJournal(),
    config: FAST,
    logger,
    ...more,
  })
}

describe('executeSolanaOrder', () => {
  test('default: a Solana USDC → Base USDC order lands in dln_src: the give in its giveOrderWallet, the fee with its GiveOrderState', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    const { request, intent } = solanaToBaseOrder(me, usdc, 250_000_000n, 249_000_000n)
    const journal = createMemorySolanaSendJournal()
    const result = await executeAsUser(connection, { request, intent }, { journal })
    const after = await orderEscrow(connection, result.orderId)
    expect(after.tokens).toBe(250_000_000n)
    expect(after.feeLamports).toBe(15_000_000n)
    expect(result.orderId).toBe(result.quote.orderId)
    expect(journal.records).toHaveLength(1)
    expect(journal.confirmed).toEqual([result.signature])
    // The landed transaction logs the orderId the quote announced (the stand-in dln_src).
    const landed = await devnetTransactions()
    const mine = landed.find((t) => t.signature === result.signature)!
    expect(mine.err).toBeNull()
    expect(mine.logs).toContain(`Program log: CreatedOrderId ${result.quote.orderId}`)
    const decoded = {
      tx: VersionedTransaction.deserialize(Buffer.from(mine.transaction, 'base64')),
    }
    expect(decoded.tx.message.recentBlockhash).toBe(journal.records[0]!.blockhash)
    expect(decoded.tx.message.recentBlockhash).not.toBe(SOL)
    expect(result.verified.orderId).toBe(result.quote.orderId)
  })

  test('behavior: with a send endpoint, the signed transaction goes only there and reads never do', async () => {
    const reads = await startRpcProxy(rpcUrl)
    const sends = await startRpcProxy(rpcUrl)
    try {
      const connection = createSolanaConnection(reads.url, 'confirmed', sends.url)
      const { request, intent } = solanaToBaseOrder(me, usdc, 20_000_000n, 19_000_000n)
      const result = await executeAsUser(connection, { request, intent })
      expect(result.orderId).toBe(result.quote.orderId)
      // Rebroadcasts of the same bytes may repeat the send; only the send endpoint sees any.
      expect(Object.keys(sends.counts)).toEqual(['sendTransaction'])
      expect(reads.counts.sendTransaction).toBeUndefined()
      expect(reads.total()).toBeGreaterThan(0)
    } finally {
      await reads.close()
      await sends.close()
    }
  })

  test('behavior: a SOL-input order wraps the give into dln_src’s wSOL giveOrderWallet', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    // The threshold is not under test here: any take amount will do.
    const { request, intent } = solanaToBaseOrder(me, SOL, 3_000_000_000n, 1n)
    const result = await executeAsUser(connection, { request, intent })
    const after = await orderEscrow(connection, result.orderId)
    expect(after.tokens).toBe(3_000_000_000n)
    expect(after.feeLamports).toBe(15_000_000n)
    expect(result.verified.amountIn).toBe(3_000_000_000n)
  })

  test('behavior: dropped sends are rebroadcast as the same bytes; one signature lands', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    connection.drop = () => connection.sends.length <= 3
    const { request, intent } = solanaToBaseOrder(me, usdc, 10_000_000n, 9_000_000n)
    const journal = createMemorySolanaSendJournal()
    const result = await executeAsUser(connection, { request, intent }, { journal })
    expect(connection.sends.length).toBeGreaterThanOrEqual(4)
    expect(new Set(connection.sends.map((s) => s.base64)).size).toBe(1)
    expect(journal.records.map((r) => r.signature)).toEqual([result.signature])
    expect(journal.records[0]!.rawTx).toBe(connection.sends[0]!.base64)
  })

  test('behavior: an unknown program or an oversized priority fee is refused; nothing is sent', async () => {
    const rogue = randomSolanaKey()
    const cases: [string, (txData: Hex) => Hex][] = [
      [
        'instructions[3].programId',
        (txData) =>
          mutateSolanaTx(txData, (ixs) => [
            ...ixs,
            new TransactionInstruction({ programId: rogue, keys: [], data: Buffer.from([0]) }),
          ]),
      ],
      [
        'computeBudget.priorityFee',
        (txData) =>
          mutateSolanaTx(txData, (ixs) => [
            ixs[0]!,
            ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000_000n }),
            ...ixs.slice(2),
          ]),
      ],
    ]
    for (const [field, mutate] of cases) {
      const connection = new LossyConnection(rpcUrl, 'confirmed')
      const sentBefore = await countWalletTransactions(rpcUrl, me)
      const { request, intent } = solanaToBaseOrder(me, usdc, 5_000_000n, 4_000_000n)
      const journal = createMemorySolanaSendJournal()
      const error = await executeAsUser(
        connection,
        { request, intent },
        { api: maliciousApi(mutate), journal },
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(VerificationError)
      expect((error as VerificationError).field).toBe(field)
      if (field.startsWith('instructions')) {
        expect((error as VerificationError).actual).toBe(rogue.toBase58())
      }
      expect(journal.records).toHaveLength(0)
      expect(connection.sends).toHaveLength(0)
      expect(await countWalletTransactions(rpcUrl, me)).toBe(sentBefore)
    }
  })

  test('behavior: a stale quote is re-quoted, never signed; a wrong key signs nothing', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    const { request, intent } = solanaToBaseOrder(me, usdc, 5_000_000n, 4_000_000n)
    // A clock that jumps a minute per reading: every quote is stale by the time it is signed.
    let now = 0
    const clock = { nowMs: () => (now += 60_000), sleepMs: async () => {} }
    const stale = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api,
      request,
      intent,
      secretKey: user.secretKey,
      journal: createMemorySolanaSendJournal(),
      config: { ...FAST, maxQuotes: 2 },
      clock,
      logger,
    }).catch((e: unknown) => e)
    expect(stale).toBeInstanceOf(SolanaSendError)
    expect((stale as SolanaSendError).state).toBe('staleQuote')
    const wrongKey = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api,
      request,
      intent,
      secretKey: devnetSolanaKeypair('solver').secretKey,
      journal: createMemorySolanaSendJournal(),
      config: FAST,
      logger,
    }).catch((e: unknown) => e)
    expect((wrongKey as SolanaSendError).state).toBe('keyMismatch')
    expect(connection.sends).toHaveLength(0)
  })

  test('behavior: no secret appears in any log line or error', async () => {
    const secrets = [user.secretKey, devnetSolanaKeypair('solver').secretKey].flatMap((key) => [
      encodeBase58(key),
      Buffer.from(key).toString('hex'),
      Buffer.from(key).toString('base64'),
      Buffer.from(key.slice(0, 32)).toString('hex'),
      encodeBase58(key.slice(0, 32)),
      JSON.stringify(Array.from(key.slice(0, 32))).slice(1, -1),
    ])
    const malformed = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection: new LossyConnection(rpcUrl, 'confirmed'),
      api,
      ...solanaToBaseOrder(me, usdc, 1_000_000n, 1n),
      secretKey: user.secretKey.slice(0, 40),
      journal: createMemorySolanaSendJournal(),
      logger,
    }).catch((e: unknown) => e as Error)
    const texts = [
      ...logger.lines,
      String(malformed),
      (malformed as Error).stack ?? '',
      JSON.stringify(malformed),
    ]
    expect(logger.lines.length).toBeGreaterThan(3)
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret)
  })
})

function devnetTransactions(): Promise<
  { signature: string; err: unknown; logs: string[]; transaction: string }[]
> {
  return callSolanaDevnet(rpcUrl, 'devnet_getTransactions', [0])
}
