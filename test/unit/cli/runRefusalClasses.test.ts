import { describe, expect, test } from 'vitest'
import { registerRunCommand } from '../../../src/cli/commands/registerRunCommand.ts'
import { formatEngineEvent } from '../../../src/cli/run/formatEngineEvent.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'

describe('ferry run shows the two refusal classes', () => {
  test('default: --help describes integrity and economics, and where they show', async () => {
    const result = await runCommandInProcess(registerRunCommand, ['run', '--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Refusals come in two classes')
    expect(result.stdout).toMatch(/integrity\s+the service answered a payload/)
    expect(result.stdout).toMatch(/economics\s+the market moved/)
    expect(result.stdout).toContain('never counts toward the kill switch')
  })

  test('behavior: the live view marks an economics end, and a refusal says refused', () => {
    const base = { type: 'terminal', intentId: 'usdc:move:1', orderId: undefined } as const
    const moved = formatEngineEvent({
      ...base,
      state: 'failed',
      detail: 'quote moved: order.takeAmount is below the minimum ferry accepts',
      economics: true,
    })
    expect(moved).toMatch(/failed\s+usdc:move:1 \(economics\): quote moved/)
    const refused = formatEngineEvent({ ...base, state: 'refused', detail: 'tx.to is not allowed' })
    expect(refused).toMatch(/refused\s+usdc:move:1: tx\.to/)
  })
})
