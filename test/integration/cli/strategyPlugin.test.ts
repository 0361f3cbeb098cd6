import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const user = devnetEvmAccount('user')

let devnet: Devnet
/** The user's folder: their config, and `strategies/` where `ferry strategy new` writes. */
let dir: string
let strategiesDir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-plugin-'))
  strategiesDir = join(dir, 'strategies')
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/**
 * A live config against the devnet running the new strategy from its module: Base's USDC (the
 * user holds 1 000 000) is below minBalance, so it plans one move of 1 000 USDC from Arbitrum.
 */
function writePluginConfig(name: string, params: Record<string, string> = {}): string {
  const moveAmount = params.moveAmount ?? '"1000000000"'
  return writeDevnetLiveConfig(devnet, join(dir, name), {
    killSwitchFile: `${name}.kill`,
    strategies: `  - module: ./strategies/topUp.mjs
    id: top-up
    schedule: { intervalMs: 1000 }
    params:
      from: { chainId: 42161, token: "${USDC_ARB}" }
      to: { chainId: 8453, token: "${USDC_BASE}" }
      minBalance: "1000500000000"
      moveAmount: ${moveAmount}
      maxCostBps: 100
`,
  })
}

describe('a strategy of your own: ferry strategy new, then module: in a config', () => {
  test('default: strategy new writes the module and its test; the test passes under node --test', async () => {
    const made = await runFerryInProcess(['strategy', 'new', 'topUp', '--dir', strategiesDir])
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toContain(`node --test ${join(strategiesDir, 'topUp.test.mjs')}`)
    const module = readFileSync(join(strategiesDir, 'topUp.mjs'), 'utf8')
    for (const member of ['name:', 'paramsJsonSchema:', 'plan(', 'decide(', 'tokens('])
      expect(module, member).toContain(member)
    // As the template documents it: node's own runner, no build step, nothing installed.
    const run = await promisify(execFile)(process.execPath, ['--test', 'topUp.test.mjs'], {
      cwd: strategiesDir,
    })
    expect(run.stdout).toMatch(/# pass 4\n# fail 0/)
  })

  test('behavior: strategy new never overwrites: exit 2 with the fix, the file unchanged', async () => {
    const file = join(strategiesDir, 'topUp.mjs')
    writeFileSync(file, `${readFileSync(file, 'utf8')}// my edit\n`)
    const again = await runFerryInProcess(['strategy', 'new', 'topUp', '--dir', strategiesDir])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('exists already')
    expect(again.stderr).toContain('fix: pick another name or --dir')
    expect(readFileSync(file, 'utf8')).toContain('// my edit')
  })

  test('behavior: strategy new --dir strategies prints the module: line a config beside it needs', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ferry-strategy-new-'))
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'bin/ferry.js'), 'strategy', 'new', 'topUp', '--dir', 'strategies'],
      { cwd },
    )
    expect(stdout).toContain('    - module: ./strategies/topUp.mjs\n')
    expect(readFileSync(join(cwd, 'strategies', 'topUp.mjs'), 'utf8')).toContain('plan(')
  })

  test('failure: strategy new --dir naming a file: exit 2, --dir and the fix named, no raw EEXIST', async () => {
    const file = join(dir, 'a-file')
    writeFileSync(file, 'not a folder\n')
    const result = await runFerryInProcess(['strategy', 'new', 'topUp', '--dir', file])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`--dir: ${file} is a file (or lies under one), not a folder`)
    expect(result.stderr).toContain('fix: give --dir a folder')
    expect(result.stderr).not.toContain('EEXIST')
  })

  test('behavior: the template type-checks against the contract as ferry/strategy (strict checkJs)', () => {
    // ferry resolvable from the user's folder, as `npm link ferry` or a dev dependency makes it.
    mkdirSync(join(dir, 'node_modules'), { recursive: true })
    symlinkSync(ROOT, join(dir, 'node_modules', 'ferry'), 'dir')
    const program = ts.createProgram(
      [join(strategiesDir, 'topUp.mjs'), join(strategiesDir, 'topUp.test.mjs')],
      {
        allowJs: true,
        checkJs: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        types: ['node'],
      },
    )
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(errors).toEqual([])
    // The contract was really read (not an unresolved `any`): its file is in the program.
    expect(
      program.getSourceFiles().some((f) => f.fileName.endsWith('strategy/strategyContract.ts')),
    ).toBe(true)
  })

  test('behavior: config check passes with the module; a bad param exits 2 naming the field', async () => {
    const env = { [DEVNET_KEY_ENV]: user.privateKey }
    const ok = await runFerryInProcess(['config', 'check', writePluginConfig('ok.yaml')], env)
    expect(ok.stderr).toBe('')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('top-up (./strategies/topUp.mjs)')
    const bad = await runFerryInProcess(
      ['config', 'check', writePluginConfig('bad.yaml', { moveAmount: '"1000.5"' })],
      env,
    )
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(
      'strategies[0].params.moveAmount: must match pattern "^[0-9]+$" (strategy top-up, ./strategies/topUp.mjs)',
    )
    // Its params complete in editors too.
    const schema = await runFerryInProcess(['config', 'schema', join(dir, 'ok.yaml')], env)
    expect(schema.stdout).toContain('amount of `from` per move, base units')
  })

  test('behavior: it trades on the devnet: a live run makes an order that completes', async () => {
    const base = devnet.evm.find((c) => c.chainId === 8453)!
    const run = await runFerry(
      [
        'run',
        writePluginConfig('live.yaml'),
        '--live',
        '--once',
        '--json',
        '--journal',
        join(dir, 'live.sqlite'),
      ],
      { [DEVNET_KEY_ENV]: user.privateKey },
      60_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const observed = events.find((e) => e.type === 'observation' && e.strategy === 'top-up')
    expect(observed).toMatchObject({ kind: 'topUp', acted: true })
    const created = events.filter((e) => e.type === 'created')
    expect(created).toHaveLength(1)
    expect(String(created[0]!.intentId)).toMatch(/^top-up:/)
    const terminal = events.find((e) => e.type === 'terminal' && e.orderId === created[0]!.orderId)
    expect(terminal?.state).toBe('completed')
    // The fill reached the user's wallet on Base (the devnet gave it 1 000 000 USDC).
    const balance = await base.client.readContract({
      address: USDC_BASE,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [user.address],
    })
    expect(balance).toBeGreaterThan(1_000_000_000_000n)
  }, 90_000)

  test('behavior: it replays: the live run’s journal replayed under its config makes the order it made', async () => {
    const run = await runFerryInProcess(
      ['replay', join(dir, 'live.yaml'), '--from', join(dir, 'live.sqlite'), '--json'],
      { [DEVNET_KEY_ENV]: user.privateKey },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const { mode, replays } = JSON.parse(run.stdout) as {
      mode: string
      replays: {
        same: number
        quotesFed: number
        difference: { intents: number }
        rows: { intentId: string; replay?: { verdict: string }; journal?: { outcome: string } }[]
      }[]
    }
    // The journal sent its intent, so the replay simulates sending too.
    expect(mode).toBe('sent')
    const [replay] = replays
    expect(replay!.quotesFed).toBe(1)
    expect(replay!.rows).toHaveLength(1)
    expect(replay!.rows[0]!.intentId).toMatch(/^top-up:/)
    expect(replay!.rows[0]).toMatchObject({
      replay: { verdict: 'accept' },
      journal: { outcome: 'completed' },
    })
    expect(replay!.same).toBe(1)
    expect(replay!.difference.intents).toBe(0)
  })
})
