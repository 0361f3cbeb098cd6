import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A port free right now: the OS picks it for a listener that is closed again at once. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Starts `ferry devnet <args>` and resolves with the process and its banner once printed. */
async function startFerryDevnet(
  args: string[],
): Promise<{ child: ReturnType<typeof spawn>; out: string }> {
  const child = spawn(process.execPath, [BIN, 'devnet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString()
  })
  while (!out.includes('EVM keys come from')) {
    const [event] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])
    if (typeof event === 'number' || event === null) throw new Error(`ferry devnet exited: ${out}`)
  }
  return { child, out }
}

describe('ferry devnet', () => {
  test('default: prints URLs, contracts and public test keys, serves RPC, stops everything on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'devnet', '--chains', '42161', '--no-solana'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
    })
    while (!out.includes('EVM keys come from')) {
      const [event] = await Promise.race([once(child.stdout, 'data'), once(child, 'exit')])
      if (typeof event === 'number' || event === null)
        throw new Error(`ferry devnet exited: ${out}`)
    }
    expect(out).toContain('PUBLIC TEST KEY')
    expect(out).toContain('DlnSource 0xeF4fB24aD0916217251F553c0596F8Edc630EB66')
    expect(out).toContain('USD feeds ETH 0xde70000000000000000000000000000000000f01')
    const rpcUrl = /chain 42161 {2}rpc (\S+)/.exec(out)![1]!
    const baseUrl = /base_url (\S+)/.exec(out)![1]!
    const chainId = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then((r) => r.json() as Promise<{ result: string }>)
    expect(chainId.result).toBe('0xa4b1')
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200)
    const port = Number(new URL(rpcUrl).port)
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
    // The chain's port is closed: anvil went down with ferry.
    await expect(
      fetch(`http://127.0.0.1:${port}`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow()
    expect(isAlive(child.pid!)).toBe(false)
  })

  test('behavior: --host 0.0.0.0 --evm-ports serves each chain on its port, prints loopback URLs and the exposure notice', async () => {
    const [rpcPort, simPort] = [await freePort(), await freePort()]
    const { child, out } = await startFerryDevnet([
      '--host',
      '0.0.0.0',
      '--chains',
      '8453',
      '--evm-ports',
      String(rpcPort),
      '--sim-port',
      String(simPort),
      '--no-solana',
    ])
    try {
      expect(out).toContain('listen on all interfaces (0.0.0.0)')
      expect(out).toContain(`chain 8453  rpc http://127.0.0.1:${rpcPort}\n`)
      expect(out).toContain(`base_url http://127.0.0.1:${simPort}  `)
      const chainId = await fetch(`http://127.0.0.1:${rpcPort}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      }).then((r) => r.json() as Promise<{ result: string }>)
      expect(chainId.result).toBe('0x2105')
      expect((await fetch(`http://127.0.0.1:${simPort}/health`)).status).toBe(200)
    } finally {
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    }
  }, 60_000)
})
