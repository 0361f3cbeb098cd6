import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkChainSimulation } from '../../../src/cli/run/checkChainSimulation.ts'
import type { Logger } from '../../../src/common/Logger.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import {
  type SolanaDevnetProcess,
  startSolanaDevnet,
} from '../../../src/devnet/solana/startSolanaDevnet.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { probeEvmSimulation } from '../../../src/verify/probeEvmSimulation.ts'
import { probeSolanaSimulation } from '../../../src/verify/probeSolanaSimulation.ts'

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] }

/**
 * A loopback JSON-RPC server: methods in `refuse` answer -32601 "method not found"; the rest go
 * to `upstream` (anvil), or, without one, answer HTTP `status`.
 */
async function startStub(options: {
  refuse: string[]
  upstream?: string
  status?: number
}): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const call = JSON.parse(text) as Call
        seen.push(call.method)
        if (options.refuse.includes(call.method)) {
          res.setHeader('content-type', 'application/json')
          res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: call.id,
              error: {
                code: -32601,
                message: `the method ${call.method} does not exist/is not available`,
              },
            }),
          )
          return
        }
        if (!options.upstream) {
          res.statusCode = options.status ?? 500
          res.end('upstream down')
          return
        }
        const upstream = await fetch(options.upstream, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        })
        res.setHeader('content-type', 'application/json')
        res.end(await upstream.text())
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v2/secret-api-key`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const clientOf = (url: string) =>
  createPublicClient({ transport: http(url, { retryCount: 0, timeout: 5_000 }) })

function recordingLogger(): Logger & { warnings: unknown[][] } {
  const warnings: unknown[][] = []
  const logger = {
    warnings,
    debug() {},
    info() {},
    warn: (...args: unknown[]) => warnings.push(args),
    error() {},
    child: () => logger,
  }
  return logger as unknown as Logger & { warnings: unknown[][] }
}

function chainsConfig(url: string, simulation: 'on' | 'off', chainId = 42161, quorum = '1') {
  const result = parseFerryConfig(
    `chains:\n  ${chainId}:\n    rpcUrls: ["${url}"]\n    verify: { simulation: ${simulation} }\n` +
      (quorum ? `    rpcQuorum: ${quorum}\n` : ''),
    {},
  )
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.config
}

let anvil: AnvilChain
let solana: SolanaDevnetProcess
beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil({ chainId: 42161 }), startSolanaDevnet()])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), solana?.stop()])
})

// A key with no account on the devnet: the simulation fails, the RPC still answers.
const NOBODY = 'So11111111111111111111111111111111111111112'

describe('probeSolanaSimulation', () => {
  test('default: the devnet Solana (litesvm behind JSON-RPC) simulates an unsigned transfer', async () => {
    expect(await probeSolanaSimulation({ rpcUrl: solana.rpcUrl, payer: NOBODY })).toBe(true)
  })

  test('failure: an RPC without simulateTransaction cannot simulate; a 5xx rejects', async () => {
    const refusing = await startStub({ refuse: ['simulateTransaction'] })
    const down = await startStub({ refuse: [], status: 502 })
    try {
      expect(await probeSolanaSimulation({ rpcUrl: refusing.url, payer: NOBODY })).toBe(false)
      await expect(probeSolanaSimulation({ rpcUrl: down.url, payer: NOBODY })).rejects.toThrow(
        'no answer',
      )
      const error = await checkChainSimulation({
        config: chainsConfig(refusing.url, 'on', 7565164),
        logger: recordingLogger(),
      }).catch((e: unknown) => e)
      expect((error as UsageError).message).toContain(
        `chain 7565164: the RPC at ${new URL(refusing.url).host} cannot simulate (no simulateTransaction)`,
      )
    } finally {
      await Promise.all([refusing.close(), down.close()])
    }
  })
})

describe('probeEvmSimulation', () => {
  test('default: anvil serves eth_simulateV1, with one probe call', async () => {
    const stub = await startStub({ refuse: [], upstream: anvil.rpcUrl })
    try {
      expect(await probeEvmSimulation(clientOf(stub.url))).toBe('eth_simulateV1')
      expect(stub.seen).toEqual(['eth_simulateV1'])
    } finally {
      await stub.close()
    }
  })

  test('behavior: an RPC without eth_simulateV1 falls back to debug_traceCall (anvil behind it)', async () => {
    const stub = await startStub({ refuse: ['eth_simulateV1'], upstream: anvil.rpcUrl })
    try {
      expect(await probeEvmSimulation(clientOf(stub.url))).toBe('debug_traceCall')
      expect(stub.seen).toEqual(['eth_simulateV1', 'debug_traceCall'])
    } finally {
      await stub.close()
    }
  })

  test('failure: an RPC that refuses both cannot simulate', async () => {
    const stub = await startStub({ refuse: ['eth_simulateV1', 'debug_traceCall'] })
    try {
      expect(await probeEvmSimulation(clientOf(stub.url))).toBeUndefined()
    } finally {
      await stub.close()
    }
  })

  test('failure: a 5xx says nothing about support and rejects', async () => {
    const stub = await startStub({ refuse: [], status: 503 })
    try {
      await expect(probeEvmSimulation(clientOf(stub.url))).rejects.toThrow()
    } finally {
      await stub.close()
    }
  })
})

describe('checkChainSimulation (live start)', () => {
  test('failure: a chain whose RPC cannot simulate refuses to start, naming chain, host and fix', async () => {
    const stub = await startStub({ refuse: ['eth_simulateV1', 'debug_traceCall'] })
    try {
      const error = await checkChainSimulation({
        config: chainsConfig(stub.url, 'on'),
        logger: recordingLogger(),
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UsageError)
      const text = (error as UsageError).message
      expect(text).toContain('chain 42161: the RPC at')
      expect(text).toContain('cannot simulate (no eth_simulateV1 or debug_traceCall)')
      expect(text).toContain(new URL(stub.url).host)
      expect(text).toContain('chains.42161.verify.simulation: off')
      expect(text).not.toContain('secret-api-key')
    } finally {
      await stub.close()
    }
  })

  test('behavior: simulation: off starts without probing, with a warning', async () => {
    const stub = await startStub({ refuse: ['eth_simulateV1', 'debug_traceCall'] })
    try {
      const logger = recordingLogger()
      const methods = await checkChainSimulation({ config: chainsConfig(stub.url, 'off'), logger })
      expect(methods).toEqual({})
      expect(stub.seen).toEqual([])
      expect(logger.warnings).toHaveLength(1)
      expect(logger.warnings[0]).toEqual([
        { chainId: 42161 },
        expect.stringContaining('simulation is off'),
      ])
    } finally {
      await stub.close()
    }
  })

  test('behavior: one RPC for a chain warns that it decides alone, unless rpcQuorum: 1 says so', async () => {
    const warned = recordingLogger()
    await checkChainSimulation({
      config: chainsConfig(anvil.rpcUrl, 'on', 42161, ''),
      logger: warned,
    })
    expect(warned.warnings).toEqual([
      [
        { chainId: 42161, host: new URL(anvil.rpcUrl).host },
        expect.stringContaining('set chains.42161.rpcQuorum: 1 to accept it'),
      ],
    ])
    const accepted = recordingLogger()
    await checkChainSimulation({ config: chainsConfig(anvil.rpcUrl, 'on'), logger: accepted })
    expect(accepted.warnings).toEqual([])
  })

  test('default: anvil and the devnet Solana pass the check', async () => {
    const methods = await checkChainSimulation({
      config: chainsConfig(anvil.rpcUrl, 'on'),
      logger: recordingLogger(),
    })
    expect(methods).toEqual({ '42161': ['eth_simulateV1'] })
    const solanaMethods = await checkChainSimulation({
      config: chainsConfig(solana.rpcUrl, 'on', 7565164),
      logger: recordingLogger(),
    })
    expect(solanaMethods).toEqual({ '7565164': ['simulateTransaction'] })
  })
})
