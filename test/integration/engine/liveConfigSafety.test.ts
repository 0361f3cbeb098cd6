import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const user = devnetEvmAccount('user')
let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-live-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/** A config for real networks (mode: live), pointed at the devnet's chains and simulator. */
function writeLiveConfig(name: string, killSwitchFile: string, extraRisk = ''): string {
  return writeDevnetLiveConfig(devnet, join(dir, name), { killSwitchFile, extraRisk })
}

const events = jsonEvents

describe('ferry run on a live config', () => {
  test('default: without --live nothing is sent: accepted intents stay dry runs, the nonce is unchanged', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const nonceBefore = await arb.client.getTransactionCount({ address: user.address })
    const config = writeLiveConfig('dry.yaml', 'dry.kill')
    const run = await runFerry(
      ['run', config, '--ticks', '2', '--json', '--journal', join(dir, 'dry.sqlite')],
      {
        FERRY_TEST_EVM_KEY: user.privateKey,
      },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const e = events(run.stdout)
    expect(e.some((x) => x.type === 'decision' && x.verdict === 'accept')).toBe(true)
    expect(e.some((x) => x.type === 'dryRun')).toBe(true)
    expect(e.filter((x) => ['approval', 'sent', 'created'].includes(x.type))).toEqual([])
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(nonceBefore)
  })

  test('behavior: the kill switch stops new intents before they are sent, even with --live', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    writeFileSync(join(dir, 'on.kill'), 'engaged by the test\n')
    const nonceBefore = await arb.client.getTransactionCount({ address: user.address })
    const config = writeLiveConfig('killed.yaml', 'on.kill')
    const run = await runFerry(
      ['run', config, '--live', '--once', '--json', '--journal', join(dir, 'killed.sqlite')],
      {
        FERRY_TEST_EVM_KEY: user.privateKey,
      },
    )
    expect(run.code).toBe(0)
    const decisions = events(run.stdout).filter((x) => x.type === 'decision')
    expect(decisions.length).toBeGreaterThan(0)
    expect(decisions.every((d) => d.verdict === 'reject' && d.reason === 'killSwitchEngaged')).toBe(
      true,
    )
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(nonceBefore)
    // ferry status reads the same switch.
    const status = await runFerry([
      'status',
      '--config',
      config,
      '--journal',
      join(dir, 'killed.sqlite'),
      '--json',
    ])
    expect(status.code).toBe(0)
    expect(JSON.stringify(JSON.parse(status.stdout))).toContain('on.kill')
  })

  test('behavior: --live with a dry-run config is a usage error (exit 2)', async () => {
    const path = join(dir, 'dryconfig.yaml')
    writeFileSync(
      path,
      `mode: dry-run\nservice:\n  apiUrl: ${devnet.sim.baseUrl}\nstrategies: []\n`,
    )
    const run = await runFerry(['run', path, '--live', '--once'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--live')
  })

  test('behavior: a daily cap lets the first order through and stops the next one', async () => {
    // Ten moves' worth of imbalance: the second tick still wants a move after counting the first,
    // which is in flight (and may already count twice on Base until the tracker sees the fill).
    const config = writeDevnetLiveConfig(devnet, join(dir, 'capped.yaml'), {
      killSwitchFile: 'capped.kill',
      extraRisk: '  maxNotionalUsdPerDay: 1500\n',
      targets: { arbitrum: '990000000000', base: '1010000000000' },
    })
    const run = await runFerry(
      ['run', config, '--live', '--ticks', '2', '--json', '--journal', join(dir, 'capped.sqlite')],
      {
        FERRY_TEST_EVM_KEY: user.privateKey,
      },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const decisions = events(run.stdout).filter((x) => x.type === 'decision')
    expect(decisions.map((d) => d.verdict)).toEqual(['accept', 'reject'])
    expect(decisions[1]).toMatchObject({
      reason: 'dailyNotionalExceeded',
      check: 'dailyNotional',
    })
    expect(events(run.stdout).filter((x) => x.type === 'created')).toHaveLength(1)
  })

  test('behavior: the gas reserve floor rejects an order that would dip into it', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const nonceBefore = await arb.client.getTransactionCount({ address: user.address })
    // 20 000 ETH of reserve on a wallet holding 10 000: nothing may leave.
    const config = writeLiveConfig(
      'reserve.yaml',
      'reserve.kill',
      '  gasReserve:\n    "42161": "20000000000000000000000"\n',
    )
    const run = await runFerry(
      ['run', config, '--live', '--once', '--json', '--journal', join(dir, 'reserve.sqlite')],
      {
        FERRY_TEST_EVM_KEY: user.privateKey,
      },
    )
    expect(run.code).toBe(0)
    const decisions = events(run.stdout).filter((x) => x.type === 'decision')
    expect(decisions.length).toBeGreaterThan(0)
    expect(decisions.every((d) => d.reason === 'gasReserveBreached')).toBe(true)
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(nonceBefore)
  })
})
