import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApiClient } from '../../../src/api/createApiClient.ts'
import { createMemorySolanaSendJournal } from '../../../src/chains/solana/solanaSendJournal.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeSolanaOrder } from '../../../src/execute/solana/executeSolanaOrder.ts'
import {
  countWalletTransactions,
  createRecordingLogger,
  devnetSolanaValueFlow,
  LossyConnection,
  orderEscrow,
  solanaToBaseOrder,
} from '../../helpers/solanaExecutorHarness.ts'

const user = devnetSolanaKeypair('user')
const me = user.publicKey.toBase58()
const FAST = { pollIntervalMs: 5, rebroadcastIntervalMs: 10 }

let devnet: Devnet
let rpcUrl: string

beforeAll(async () => {
  // No solver: these tests end at the create, and unlocks would move what dln_src holds.
  devnet = await startDevnet({ evmChainIds: [8453], solana: true, solver: false })
  rpcUrl = devnet.solana!.rpcUrl
}, 30_000)

afterAll(async () => {
  await devnet?.stop()
})

const advanceSlots = (n: number): Promise<number> =>
  callSolanaDevnet<number>(rpcUrl, 'devnet_advanceSlots', [n])

describe('executeSolanaOrder blockhash expiry', () => {
  test('default: re-signs with a new blockhash only once the first one has expired unlanded', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    const { usdcMint } = devnet.solana!
    const sentBefore = await countWalletTransactions(rpcUrl, me)
    const journal = createMemorySolanaSendJournal(async (record) => {
      if (record.attempt === 0) {
        // Up to the last valid height, not past it: the first signature may still land here.
        await advanceSlots(record.lastValidBlockHeight - (await connection.getBlockHeight()))
      } else {
        heightAtResign = await connection.getBlockHeight()
      }
    })
    let heightAtResign = 0
    let firstSignature = ''
    // The network loses every send of the first signature.
    connection.drop = (signature) => {
      firstSignature ||= signature
      return signature === firstSignature
    }
    connection.onSend = async (signature, sendsOfIt) => {
      // Several rebroadcasts at the last valid height, then the chain moves past it.
      if (signature === firstSignature && sendsOfIt === 3) await advanceSlots(2)
    }
    const { request, intent } = solanaToBaseOrder(me, usdcMint, 20_000_000n, 19_000_000n)
    const result = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api: createApiClient({
        apiUrl: devnet.sim.baseUrl,
        statsUrl: devnet.sim.statsUrl,
        requestsPerMinute: 100_000,
      }),
      request,
      intent,
      secretKey: user.secretKey,
      journal,
      config: FAST,
      logger: createRecordingLogger(),
    })
    const [first, second] = journal.records
    expect(journal.records).toHaveLength(2)
    // Same bytes while the first could land; a second signature only after it could not.
    const firstSends = connection.sends.filter((s) => s.signature === first!.signature)
    expect(firstSends.length).toBeGreaterThanOrEqual(3)
    expect(new Set(firstSends.map((s) => s.base64)).size).toBe(1)
    expect(journal.expired).toEqual([
      { signature: first!.signature, blockHeight: expect.any(Number) },
    ])
    expect(journal.expired[0]!.blockHeight).toBeGreaterThan(first!.lastValidBlockHeight)
    expect(heightAtResign).toBeGreaterThan(first!.lastValidBlockHeight)
    expect(second!.blockhash).not.toBe(first!.blockhash)
    expect(second!.attempt).toBe(1)
    expect(second!.orderId).toBe(first!.orderId)
    expect(second!.signaturesOfIntent).toEqual([first!.signature, second!.signature])
    expect(result.signature).toBe(second!.signature)
    expect(result.signatures).toEqual([first!.signature, second!.signature])
    // Exactly one transaction of the wallet reached the chain, and dln_src holds one order.
    expect(await countWalletTransactions(rpcUrl, me)).toBe(sentBefore + 1)
    const after = await orderEscrow(connection, result.orderId)
    expect(after.tokens).toBe(20_000_000n)
  })

  test('behavior: finalized commitment waits for finality before it reports the order', async () => {
    const connection = new LossyConnection(rpcUrl, 'confirmed')
    const { usdcMint } = devnet.solana!
    // 10 USDC: at 1 USDC the flat 0.015 SOL fee ($2.25) would outweigh the order (P-8.6).
    const { request, intent } = solanaToBaseOrder(me, usdcMint, 10_000_000n, 9_000_000n)
    let finalizedAt = 0
    const journal = createMemorySolanaSendJournal()
    // Once the signature is confirmed, the chain moves 32 slots: the devnet's finality depth.
    const original = connection.getSignatureStatuses.bind(connection)
    connection.getSignatureStatuses = async (signatures, config) => {
      const statuses = await original(signatures, config)
      const status = statuses.value[0]
      if (status?.confirmationStatus === 'confirmed' && finalizedAt === 0) {
        finalizedAt = await advanceSlots(32)
      }
      return statuses
    }
    const result = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api: createApiClient({
        apiUrl: devnet.sim.baseUrl,
        statsUrl: devnet.sim.statsUrl,
        requestsPerMinute: 100_000,
      }),
      request,
      intent,
      secretKey: user.secretKey,
      journal,
      config: { ...FAST, commitment: 'finalized' },
    })
    expect(finalizedAt).toBeGreaterThan(0)
    expect(result.commitment).toBe('finalized')
    expect(journal.confirmed).toEqual([result.signature])
  })
})
