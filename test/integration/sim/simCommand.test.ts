import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { createApiClient } from '../../../src/api/createApiClient.ts'
import { ADDR } from './startTestSim.ts'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
const children: ChildProcess[] = []

function runSim(args: string[]): {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
} {
  const child = spawn(process.execPath, [BIN, 'sim', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString()
  })
  return { child, stdout: () => out, stderr: () => err }
}

/** Resolves once stdout holds `text`, driven by the data events (no polling). */
async function waitForOutput(child: ChildProcess, read: () => string, text: string): Promise<void> {
  while (!read().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited before printing ${text}`)
    const [event] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])
    if (event === undefined || typeof event === 'number' || event === null) {
      if (!read().includes(text)) throw new Error(`exited before printing ${text}`)
    }
  }
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('ferry sim', () => {
  test('default: prints both URLs, serves real quotes, stops cleanly on SIGTERM', async () => {
    const sim = runSim(['--port', '0', '--stats-port', '0', '--seed', '3', '--rate-limit', '100'])
    await waitForOutput(sim.child, sim.stdout, 'use: ')
    const baseUrl = /base_url: +(\S+)/.exec(sim.stdout())?.[1]
    const statsUrl = /stats_url: +(\S+)/.exec(sim.stdout())?.[1]
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(statsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(statsUrl).not.toBe(baseUrl)
    const client = createApiClient({ apiUrl: baseUrl!, statsUrl: statsUrl!, retries: 0 })
    const quote = await client.createOrderTx({
      srcChainId: 42161,
      srcChainTokenIn: ADDR.arbUsdc,
      srcChainTokenInAmount: 100_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: ADDR.baseUsdc,
      dstChainTokenOutAmount: 'auto',
    })
    expect(quote.quote.estimation.dstChainTokenOut.symbol).toBe('USDC')
    const board = await client.getWalletLeaderboard({ skip: 0, take: 3 })
    expect(board.users).toHaveLength(3)
    const demoIds = [...sim.stdout().matchAll(/demo order with hook steps: (0x[0-9a-f]{64})/g)]
    expect(demoIds).toHaveLength(3)
    const process = await client.getExternalCallProcess(demoIds[1]![1]!)
    expect(process.steps.map((s) => s.status)).toEqual(['Executed', 'Pending'])
    const exited = once(sim.child, 'exit')
    sim.child.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    expect(sim.stdout()).toContain('ferry sim stopped (SIGTERM)')
  })

  test('behavior: a bad --faults value is refused naming the knob', async () => {
    const sim = runSim(['--port', '0', '--faults', 'serverErrorRate=3'])
    const [code] = await once(sim.child, 'exit')
    expect(code).not.toBe(0)
    expect(sim.stderr()).toMatch(/serverErrorRate/)
  })
})
