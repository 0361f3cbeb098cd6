import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { ADDR } from './startTestSim.ts'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
const user = '0x1111111111111111111111111111111111111111'

let sim: ChildProcess
let output = ''
let env: Record<string, string>

beforeAll(async () => {
  sim = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--seed', '7'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  sim.stdout!.on('data', (d: Buffer) => {
    output += d.toString()
  })
  while (!output.includes('use: ')) await once(sim.stdout!, 'data')
  const baseUrl = /base_url: +(\S+)/.exec(output)![1]!
  env = { FERRY_API_URL: baseUrl }
})

afterAll(async () => {
  sim.kill('SIGTERM')
  if (sim.exitCode === null) await once(sim, 'exit')
})

describe('ferry read commands against ferry sim (end to end, two subprocesses)', () => {
  test('default: quote builds a transaction whose summary and JSON agree', async () => {
    const args = [
      'quote',
      '--src-chain',
      '42161',
      '--token-in',
      ADDR.arbUsdc,
      '--amount',
      '100000000',
      '--dst-chain',
      '8453',
      '--token-out',
      ADDR.baseUsdc,
      '--dst-chain-token-out-amount',
      'auto',
      '--prepend-operating-expenses',
      '--dst-chain-token-out-recipient',
      user,
      '--src-chain-order-authority-address',
      user,
      '--dst-chain-order-authority-address',
      user,
    ]
    const text = await runFerryInProcess(args, env)
    expect(text.stderr).toBe('')
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('Cross-chain order Arbitrum (42161) → Base (8453)')
    expect(text.stdout).toMatch(/DlnProtocolFee\s+Arbitrum/)
    expect(text.stdout).toContain('Transaction built')
    const json = await runFerryInProcess([...args, '--json'], env)
    const parsed = JSON.parse(json.stdout)
    expect(parsed.kind).toBe('tx')
    // The salt is a timestamp, so the two runs differ in orderId but not in shape or target.
    expect(text.stdout).toMatch(/orderId {2}0x[0-9a-f]{64}/)
    expect(parsed.quote.tx.to.toLowerCase()).toBe('0xef4fb24ad0916217251f553c0596f8edc630eb66')
    expect(text.stdout).toContain(`to       ${parsed.quote.tx.to}`)
  })

  test('behavior: swap-quote, hook-status and both leaderboards run against the simulator', async () => {
    const swap = await runFerryInProcess(
      [
        'swap-quote',
        '--chain',
        '42161',
        '--token-in',
        ADDR.arbUsdc,
        '--amount',
        '1000000000',
        '--token-out',
        '0x0000000000000000000000000000000000000000',
        '--recipient',
        user,
      ],
      env,
    )
    expect(swap.code).toBe(0)
    expect(swap.stdout).toContain('Compared aggregators')
    expect(swap.stdout).toMatch(/KyberSwap/)
    const orderId = /demo order with hook steps: (0x[0-9a-f]{64})/.exec(output)![1]!
    const hook = await runFerryInProcess(['hook-status', orderId], env)
    expect(hook.code).toBe(0)
    expect(hook.stdout).toMatch(/Executed/)
    const wallets = await runFerryInProcess(['leaderboard', 'wallets', '--take', '5'], env)
    expect(wallets.code).toBe(0)
    expect(wallets.stdout).toMatch(/^1\s+0x/m)
    const referrals = await runFerryInProcess(
      ['leaderboard', 'referrals', '--take', '5', '--json'],
      env,
    )
    expect(JSON.parse(referrals.stdout).users).toHaveLength(5)
  })

  test('behavior: the simulator refuses a rule violation the client lets through by design', async () => {
    const unknown = await runFerryInProcess(['hook-status', `0x${'12'.repeat(32)}`], env)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/UNKNOWN_ORDER.*HTTP 404/)
  })
})
