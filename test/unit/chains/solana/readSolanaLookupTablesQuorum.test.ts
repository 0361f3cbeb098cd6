import {
  type AccountInfo,
  AddressLookupTableProgram,
  Keypair,
  type PublicKey,
} from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { RpcQuorumError } from '../../../../src/chains/evm/RpcQuorumError.ts'
import {
  readSolanaLookupTablesQuorum,
  type SolanaReadRpc,
} from '../../../../src/chains/solana/readSolanaLookupTablesQuorum.ts'

// Lookup-table reads in a run go through the chain's read RPCs under their quorum, like the
// other reads that decide money (docs/safety.md P-2.12).

const LOOKUP_TABLE_PROGRAM = AddressLookupTableProgram.programId
const TABLE = Keypair.generate().publicKey.toBase58()
const A = Keypair.generate().publicKey
const B = Keypair.generate().publicKey

function tableData(addresses: PublicKey[]): Buffer {
  const meta = Buffer.alloc(56)
  meta.writeUInt32LE(1, 0)
  meta.writeBigUInt64LE(2n ** 64n - 1n, 4)
  return Buffer.concat([meta, ...addresses.map((a) => a.toBuffer())])
}

function rpc(host: string, answer: PublicKey[] | Error): SolanaReadRpc & { calls: number } {
  const me = {
    host,
    calls: 0,
    connection: {
      getMultipleAccountsInfo: async () => {
        me.calls++
        if (answer instanceof Error) throw answer
        return [{ data: tableData(answer), owner: LOOKUP_TABLE_PROGRAM } as AccountInfo<Buffer>]
      },
    },
  }
  return me
}

describe('readSolanaLookupTablesQuorum', () => {
  test('default: every RPC is asked once, in parallel; a majority of identical tables is the answer', async () => {
    const rpcs = [rpc('a', [A, B]), rpc('b', [A, B]), rpc('c', new Error('timeout'))]
    const tables = await readSolanaLookupTablesQuorum(rpcs, [TABLE])
    expect(tables.get(TABLE)?.map((k) => k.toBase58())).toEqual([A.toBase58(), B.toBase58()])
    expect(rpcs.map((r) => r.calls)).toEqual([1, 1, 1])
  })

  test('behavior: two RPCs that disagree refuse the read, naming hosts only', async () => {
    const error = await readSolanaLookupTablesQuorum(
      [rpc('good.example', [A, B]), rpc('liar.example', [A, A])],
      [TABLE],
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcQuorumError)
    expect((error as RpcQuorumError).problem).toBe('disagreement')
    expect((error as RpcQuorumError).metaMessages?.join('\n')).toContain('liar.example')
  })

  test('behavior: too few answers are unavailable; the quorum is configurable; one RPC is read alone', async () => {
    const down = await readSolanaLookupTablesQuorum(
      [rpc('a', [A]), rpc('b', new Error('503')), rpc('c', new Error('503'))],
      [TABLE],
    ).catch((e: unknown) => e)
    expect((down as RpcQuorumError).problem).toBe('unavailable')
    const one = await readSolanaLookupTablesQuorum(
      [rpc('a', [A]), rpc('b', new Error('503'))],
      [TABLE],
      1,
    )
    expect(one.get(TABLE)).toHaveLength(1)
    const alone = rpc('a', [B])
    expect((await readSolanaLookupTablesQuorum([alone], [TABLE])).get(TABLE)?.[0]?.equals(B)).toBe(
      true,
    )
  })
})
