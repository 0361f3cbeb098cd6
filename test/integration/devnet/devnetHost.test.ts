import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import { startDevnet } from '../../../src/devnet/startDevnet.ts'

/** A port free right now: the OS picks it for a listener that is closed again at once. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Local addresses of the IPv4 sockets listening on `port`, from the kernel's own table. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
    .map((cols) => cols[1]!.split(':')[0]!)
}

async function rpc(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('startDevnet on 0.0.0.0 with fixed ports', () => {
  test('behavior: each anvil and the simulator listen on all interfaces at the given ports; the URLs are loopback', async () => {
    const [arbPort, basePort, simPort] = [await freePort(), await freePort(), await freePort()]
    const devnet = await startDevnet({
      host: '0.0.0.0',
      evmChainIds: [42161, 8453],
      evmPorts: [arbPort!, basePort!],
      simPort,
      solana: false,
    })
    try {
      expect(devnet.evm.map((c) => c.rpcUrl)).toEqual([
        `http://127.0.0.1:${arbPort}`,
        `http://127.0.0.1:${basePort}`,
      ])
      expect(devnet.sim.baseUrl).toBe(`http://127.0.0.1:${simPort}`)
      expect(devnet.sim.statsUrl).toBe(`http://127.0.0.1:${simPort}`)
      expect(await rpc(`http://127.0.0.1:${arbPort}`, 'eth_chainId')).toBe('0xa4b1')
      expect(await rpc(`http://127.0.0.1:${basePort}`, 'eth_chainId')).toBe('0x2105')
      expect((await fetch(`http://127.0.0.1:${simPort}/health`)).status).toBe(200)
      // Bound to the wildcard address (00000000), not to loopback (0100007F): other containers
      // on the network reach them too.
      for (const port of [arbPort!, basePort!, simPort!])
        expect(listeningAddresses(port), String(port)).toEqual(['00000000'])
    } finally {
      await devnet.stop()
    }
    for (const port of [arbPort!, basePort!, simPort!]) expect(listeningAddresses(port)).toEqual([])
    // Two chains deployed and funded: ~5 s alone, several times that on a busy machine.
  }, 90_000)

  test('behavior: the default stays on loopback', async () => {
    const devnet = await startDevnet({ evmChainIds: [8453], solana: false, solver: false })
    try {
      const rpcPort = Number(new URL(devnet.evm[0]!.rpcUrl).port)
      const simPort = Number(new URL(devnet.sim.baseUrl).port)
      expect(devnet.evm[0]!.rpcUrl).toBe(`http://127.0.0.1:${rpcPort}`)
      expect(listeningAddresses(rpcPort)).toEqual(['0100007F'])
      expect(listeningAddresses(simPort)).toEqual(['0100007F'])
    } finally {
      await devnet.stop()
    }
  }, 60_000)
})
