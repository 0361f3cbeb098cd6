import { rmSync } from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import { registerHistoryCommand } from '../../../src/cli/commands/registerHistoryCommand.ts'
import {
  ATTEMPT_HASH,
  createEngineCommandsFixture,
  ORDER_ID,
} from '../../helpers/engineCommandsFixture.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'

const fixture = createEngineCommandsFixture()
const run = (args: string[]) => runCommandInProcess(registerHistoryCommand, args)
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))

describe('ferry history', () => {
  test('default: a table of intents, newest first, from the journal next to --config', async () => {
    const result = await run(['history', '--config', fixture.configPath])
    expect(result.code).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^id\s+strategy\s+route\s+state\s+notional\s+created\s+updated$/)
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual([
      'i-live',
      'i-fail',
      'i-done',
      'i-old',
    ])
    expect(result.stdout).toContain('failed (quote expired)')
    expect(result.stdout).toContain('$250.00')
  })

  test('behavior: --intent shows quotes, approvals, attempts with hashes, orders and hook steps', async () => {
    const result = await run(['history', '--journal', fixture.journalPath, '--intent', 'i-live'])
    expect(result.code).toBe(0)
    for (const text of [
      'intent i-live',
      'quotes (1)',
      'create-tx',
      'approvals (1)',
      'attempts (1)',
      ATTEMPT_HASH,
      'broadcast',
      'orders (1)',
      ORDER_ID,
      'Created',
      'hook steps (1)',
      'deposit',
      'Pending',
      '{"amountIn":"250000000"}',
    ])
      expect(result.stdout).toContain(text)
  })

  test('behavior: --json parses; bigints are decimal strings', async () => {
    const list = await run(['history', '--journal', fixture.journalPath, '--limit', '2', '--json'])
    expect(JSON.parse(list.stdout).map((i: { id: string }) => i.id)).toEqual(['i-live', 'i-fail'])
    const one = await run([
      'history',
      '--journal',
      fixture.journalPath,
      '--intent',
      'i-live',
      '--json',
    ])
    const parsed = JSON.parse(one.stdout)
    expect(parsed.intent.state).toBe('created')
    expect(parsed.approvals[0].amount).toBe('250000000')
    expect(parsed.attempts[0]).toMatchObject({ hash: ATTEMPT_HASH, rawTx: '0x02f8aa' })
    expect(parsed.orders[0]).toMatchObject({ orderId: ORDER_ID, state: 'Created' })
    expect(parsed.hookSteps[0]).toMatchObject({ step: 'deposit', status: 'Pending' })
  })

  test('behavior: bad flags, an unknown intent or a missing journal exit 2 naming the flag', async () => {
    const limit = await run(['history', '--journal', fixture.journalPath, '--limit', 'x'])
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain("'--limit <n>'")
    const unknown = await run(['history', '--journal', fixture.journalPath, '--intent', 'nope'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('--intent: no intent "nope"')
    const missing = await run(['history', '--journal', `${fixture.dir}/missing.sqlite`])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/journal .*\.sqlite: does not exist \(fix: pass --journal/)
  })
})
