import { type FixtureServer, startFixtureServer } from './startFixtureServer.ts'

/** A word of ABI encoding: a uint as 64 hex digits. */
const word = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, '0')

/** The stub's answer to one JSON-RPC call, by method and (for eth_call) by selector. */
function answer(method: string, params: unknown[]): unknown {
  switch (method) {
    case 'eth_chainId':
      return '0xa4b1'
    case 'eth_blockNumber':
      return '0x10'
    case 'eth_getBalance':
      return '0xde0b6b3a7640000'
    case 'eth_call': {
      const data = String((params[0] as { data?: string; input?: string }).data ?? '')
      if (data.startsWith('0x313ce567')) return `0x${word(6)}` // decimals()
      if (data.startsWith('0x95d89b41')) {
        // symbol(): the ABI string "USDC"
        return `0x${word(32)}${word(4)}${'55534443'.padEnd(64, '0')}`
      }
      if (data.startsWith('0x70a08231')) return `0x${word(3_000_000_000n)}` // balanceOf: 3 000 USDC
      return '0x'
    }
    default:
      return null
  }
}

/**
 * A loopback JSON-RPC node that answers what ferry's balance reads ask (ERC-20 balanceOf,
 * decimals and symbol as 3 000 "USDC" of 6 decimals, 1 ETH native), single and batched. No chain
 * behind it: for tests of the run loop whose trouble is elsewhere (the service).
 */
export function startJsonRpcStub(): Promise<FixtureServer> {
  return startFixtureServer((req) => {
    const body = JSON.parse(req.body) as
      | { id: number; method: string; params: unknown[] }
      | { id: number; method: string; params: unknown[] }[]
    const one = (c: { id: number; method: string; params: unknown[] }) => ({
      jsonrpc: '2.0',
      id: c.id,
      result: answer(c.method, c.params ?? []),
    })
    return { body: Array.isArray(body) ? body.map(one) : one(body) }
  })
}
