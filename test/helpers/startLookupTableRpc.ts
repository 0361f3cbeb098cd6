import type { AddressLookupTableAccount } from '@solana/web3.js'
import { type FixtureServer, startFixtureServer } from './startFixtureServer.ts'

/** A lookup table account's data: 56-byte meta (type 1, never deactivated), then the keys. */
function tableData(t: AddressLookupTableAccount): string {
  const meta = Buffer.alloc(56)
  meta.writeUInt32LE(1, 0)
  meta.writeBigUInt64LE(2n ** 64n - 1n, 4)
  return Buffer.concat([meta, ...t.state.addresses.map((a) => a.toBuffer())]).toString('base64')
}

/** A loopback Solana RPC answering getMultipleAccounts with `tables` (others: null). */
export function startLookupTableRpc(tables: AddressLookupTableAccount[]): Promise<FixtureServer> {
  const byKey = new Map(tables.map((t) => [t.key.toBase58(), t]))
  return startFixtureServer((req) => {
    const call = JSON.parse(req.body) as { id: number; method: string; params: [string[]] }
    const value = call.params[0].map((k) => {
      const t = byKey.get(k)
      return t
        ? {
            data: [tableData(t), 'base64'],
            executable: false,
            lamports: 1_000_000,
            owner: 'AddressLookupTab1e1111111111111111111111111',
            rentEpoch: 0,
            space: 56 + 32 * t.state.addresses.length,
          }
        : null
    })
    return { body: { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value } } }
  })
}
