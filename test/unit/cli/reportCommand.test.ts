import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { registerReportCommand } from '../../../src/cli/commands/registerReportCommand.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'
import { buildReportJournal } from '../report/reportJournal.ts'
import { tmpDir, tmpJournal } from '../store/tmpJournal.ts'

const run = (args: string[]) => runCommandInProcess(registerReportCommand, args)

describe('ferry report', () => {
  test('default: writes one self-contained page with the chart library and the data inlined', async () => {
    const { path } = buildReportJournal()
    const out = join(tmpDir(), 'nested', 'report.html')
    const result = await run(['report', '--journal', path, '--out', out])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`wrote ${out}`)
    expect(result.stdout).toMatch(/intents\s+6 \(completed 2, failed 1, cancelled 1, in flight 1\)/)
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('<script type="application/json" id="ferry-report-data">')
    expect(html).toMatch(/Chart\.js 4\.\d+\.\d+/)
    // Nothing to fetch: no external script, stylesheet or image.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i)
    expect(html).not.toContain('sourceMappingURL')
  })

  test('behavior: --json prints the report data (bigints as strings) and writes no page', async () => {
    const { path } = buildReportJournal()
    // From an empty working directory, where the page would go by default.
    const cwd = process.cwd()
    const workDir = tmpDir()
    process.chdir(workDir)
    try {
      const result = await run(['report', '--journal', path, '--json'])
      expect(result.code).toBe(0)
      const data = JSON.parse(result.stdout)
      expect(data.summary.intents).toBe(6)
      expect(data.orders[0].quotedAmountOut).toBe('999500000')
      expect(data.arbitrage).toHaveLength(3)
      expect(readdirSync(workDir)).toEqual([])
    } finally {
      process.chdir(cwd)
    }
  })

  test('behavior: an empty journal gives a page saying there is no data yet, exit 0', async () => {
    const { path } = tmpJournal()
    const out = join(tmpDir(), 'empty.html')
    const result = await run(['report', '--journal', path, '--out', out])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('no data yet')
    expect(readFileSync(out, 'utf8')).toContain('No data yet')
  })

  test('behavior: --since in the future leaves nothing; a bad --since or journal is exit 2', async () => {
    const { path } = buildReportJournal()
    const future = await run(['report', '--journal', path, '--json', '--since', '2999-01-01'])
    expect(JSON.parse(future.stdout).empty).toBe(true)

    const badSince = await run(['report', '--journal', path, '--json', '--since', 'lately'])
    expect(badSince.code).toBe(2)
    expect(badSince.stderr).toContain('--since')

    const missing = await run(['report', '--journal', join(tmpDir(), 'none.sqlite'), '--json'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--journal')
  })

  test('behavior: with --config, a chain with verify.simulation: off gets a line on the page', async () => {
    const { path } = buildReportJournal()
    const config = join(tmpDir(), 'ferry.yaml')
    writeFileSync(
      config,
      'chains:\n  42161: { rpcUrls: ["https://a.example.org"] }\n  8453: { rpcUrls: ["https://b.example.org"], verify: { simulation: off } }\n',
    )
    const out = join(tmpDir(), 'sim-off.html')
    const result = await run(['report', '--config', config, '--journal', path, '--out', out])
    expect(result.code).toBe(0)
    const html = readFileSync(out, 'utf8')
    expect(html).toContain(
      'value-flow simulation off (<code>verify.simulation: off</code>) on chain 8453:',
    )
    const without = join(tmpDir(), 'sim-on.html')
    await run(['report', '--journal', path, '--out', without])
    expect(readFileSync(without, 'utf8')).not.toContain('value-flow simulation off')
  })
})
