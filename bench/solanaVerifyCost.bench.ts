import { Connection } from '@solana/web3.js'
import { readSolanaLookupTables } from '../src/chains/solana/readSolanaLookupTables.ts'
import { readSolanaLookupTablesQuorum } from '../src/chains/solana/readSolanaLookupTablesQuorum.ts'
import { verifyEvmOrderTx } from '../src/verify/verifyEvmOrderTx.ts'
import { checkSolanaOrderTx, verifySolanaOrderTx } from '../src/verify/verifySolanaOrderTx.ts'
import { TKHQ_DLN_CREATE_ORDER_WITH_NONCE as vector } from '../test/fixtures/solana/goldenVectors.ts'
import { goldenVectorTables } from '../test/fixtures/solana/goldenVectorTables.ts'
import { startFixtureServer } from '../test/helpers/startFixtureServer.ts'
import { onChain, quoteFor } from '../test/unit/verify/evmOrderTxFixtures.ts'
import type { BenchResult } from './run.ts'

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!

async function timeMs(fn: () => unknown | Promise<unknown>, rounds = 41): Promise<number> {
  for (let i = 0; i < 5; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    await fn()
    samples.push(performance.now() - t0)
  }
  return median(samples)
}

/**
 * A Solana order's verification cost beside an EVM order's (docs/dln.md §4.10): RPC round trips
 * before the simulation (lookup tables included) and median time, on the real golden
 * createOrderWithNonce with its two tables served by a loopback RPC, and on the EVM
 * createSaltedOrder of the unit fixtures. In a run the tables are read through the chain's RPC
 * quorum (here 3 RPCs, 2 must agree), all at once: one round trip of parallel calls. Both then
 * simulate (not counted here: the same simulation step either way). Goal: the tables cost at
 * most one extra round trip.
 */
export async function run(): Promise<BenchResult> {
  const tables = goldenVectorTables()
  const rpc = await startFixtureServer((req) => {
    const call = JSON.parse(req.body) as { id: number; params: [string[]] }
    const value = call.params[0].map((k) => {
      const t = tables.find((x) => x.key.toBase58() === k)
      if (!t) return null
      const meta = Buffer.alloc(56)
      meta.writeUInt32LE(1, 0)
      meta.writeBigUInt64LE(2n ** 64n - 1n, 4)
      const data = Buffer.concat([meta, ...t.state.addresses.map((a) => a.toBuffer())])
      return {
        data: [data.toString('base64'), 'base64'],
        executable: false,
        lamports: 1,
        owner: 'AddressLookupTab1e1111111111111111111111111',
        rentEpoch: 0,
        space: data.length,
      }
    })
    return { body: { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value } } }
  })
  try {
    const connection = new Connection(rpc.url, 'confirmed')
    const intent = {
      srcChainId: 7565164,
      dstChainId: 8453,
      sender: '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q',
      tokenIn: '11111111111111111111111111111111',
      amountIn: 100_000_000n,
      tokenOut: '0x532f27101965dd16442e59d40670faf5ebb142e4',
      minTakeAmount: 1n,
      receiver: '0x9528cf48a8deb982b5549d72abbb764ffdbce301',
      srcAuthority: '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q',
      dstAuthority: '0x9528cf48a8deb982b5549d72abbb764ffdbce301',
      cancelBeneficiary: '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q',
    } as const
    const keys = [...vector.lookupTables]
    const lookupTables = await readSolanaLookupTables(connection, keys)
    const announcedOrderId = checkSolanaOrderTx({
      txData: vector.txData,
      intent,
      announcedOrderId: '0x',
      lookupTables,
    }).orderId!
    const rpcs = ['a', 'b', 'c'].map((host) => ({
      host,
      connection: new Connection(rpc.url, 'confirmed'),
    }))
    const before = rpc.requests.length
    const readMs = await timeMs(() => readSolanaLookupTablesQuorum(rpcs, keys))
    // Each RPC is asked once per read, all at the same time: one round trip per read.
    const parallelCalls = (rpc.requests.length - before) / 46
    const solanaCalls = parallelCalls / rpcs.length
    const solanaMs = await timeMs(() =>
      verifySolanaOrderTx({ txData: vector.txData, intent, announcedOrderId, lookupTables }),
    )
    const evm = quoteFor()
    const evmMs = await timeMs(() =>
      verifyEvmOrderTx({
        tx: evm.tx,
        intent: evm.intent,
        onChain,
        announcedOrderId: evm.orderId,
      }),
    )
    console.log('verification before the simulation (median of 41, after 5 warm-ups)')
    console.log(`EVM createSaltedOrder      0 RPC calls  ${evmMs.toFixed(3)} ms`)
    console.log(`Solana createOrderWithNonce ${solanaCalls} RPC call(s)  ${solanaMs.toFixed(3)} ms`)
    console.log(
      `  its 2 lookup tables: one getMultipleAccounts per RPC, ${parallelCalls} in parallel (2-of-3 quorum), ${readMs.toFixed(3)} ms over loopback`,
    )
    console.log(`extra round trips for Solana: ${solanaCalls} (goal <= 1)`)
    return {
      name: 'Solana order verification vs EVM',
      target: `${solanaCalls} extra RPC round trip(s) for lookup tables <= 1`,
      met: solanaCalls <= 1,
    }
  } finally {
    await rpc.close()
  }
}
