import { describe, expect, test } from 'vitest'
import { createEvmSigner } from '../../../src/chains/evm/createEvmSigner.ts'
import { formatCliError } from '../../../src/cli/formatCliError.ts'
import { retryNotice } from '../../../src/cli/retryNotice.ts'
import { createRunTally } from '../../../src/cli/run/createRunTally.ts'
import { describeStop } from '../../../src/cli/run/describeStop.ts'
import { FerryError } from '../../../src/common/FerryError.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { ChainReadError } from '../../../src/execute/market/ChainReadError.ts'

describe('formatCliError (pure)', () => {
  test('default: a usage error keeps its fix on the first line and prints its other detail lines, exit 2', () => {
    const error = new UsageError('wallets.evm.address', 'does not derive', 'give the key', {
      metaMessages: ['configured: 0xA', 'derived: 0xB'],
    })
    expect(formatCliError(error, { secrets: [], debug: false })).toEqual({
      text: 'ferry: wallets.evm.address: does not derive (fix: give the key)\n  configured: 0xA\n  derived: 0xB\n',
      exitCode: 2,
    })
  })

  test('behavior: a fault at run time prints its fix, not its data lines, exit 1', () => {
    const error = new FerryError('the last 3 tick(s) all failed', {
      metaMessages: ['errorId: X', 'fix: look'],
    })
    expect(formatCliError(error, { secrets: [], debug: false })).toEqual({
      text: 'ferry: the last 3 tick(s) all failed\n  fix: look\n',
      exitCode: 1,
    })
  })

  test("behavior: a library's multi-line dump prints its first line; the stack only with debug; secrets scrubbed", () => {
    const error = new Error(
      'HTTP request failed.\n\nRaw Call Arguments:\n  to: 0x\nVersion: viem@2 key SECRETSECRET',
    )
    const plain = formatCliError(error, { secrets: ['SECRETSECRET'], debug: false })
    expect(plain.text).toBe('ferry: HTTP request failed.\n')
    const debug = formatCliError(new Error('boom SECRETSECRET'), {
      secrets: ['SECRETSECRET'],
      debug: true,
    })
    expect(debug.text).toContain('    at ')
    expect(debug.text).not.toContain('SECRETSECRET')
  })
})

describe('the EVM key errors', () => {
  test('behavior: a malformed key and a wrong key are usage errors with their fix', () => {
    expect(() => createEvmSigner({ privateKey: '0x12' }, '0x0')).toThrow(UsageError)
    const wrong = (() => {
      try {
        createEvmSigner(
          { privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        )
      } catch (error) {
        return error as UsageError
      }
    })()
    expect(wrong).toBeInstanceOf(UsageError)
    expect(wrong?.metaMessages).toEqual([
      'fix: give the key of the configured address, or set wallets.evm.address to the derived one',
      'configured: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'derived: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ])
  })
})

describe('describeStop (pure)', () => {
  test('default: names what is in flight and that a restart reconciles it', () => {
    const lines = describeStop(
      [
        { id: 'usdc:a:1', state: 'broadcast' },
        { id: 'usdc:b:2', state: 'created' },
      ],
      false,
    )
    expect(lines).toEqual([
      'ferry: stopped; pending service and RPC calls were aborted',
      '  still in flight: 2 intent(s): usdc:a:1 (broadcast), usdc:b:2 (created)',
      '  a restart (ferry run with the same journal) reconciles them before anything new starts',
    ])
  })

  test('behavior: nothing in flight, and a grace period that ran out, are said so', () => {
    expect(describeStop([], true)).toEqual([
      'ferry: stopped; pending service and RPC calls were aborted',
      '  the grace period ran out before every send under way had finished',
      '  nothing is in flight',
    ])
  })

  test('behavior: a long list shows five and counts the rest', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ id: `i${i}`, state: 'created' }))
    expect(describeStop(many, false)[1]).toMatch(/i4 \(created\), and 2 more$/)
  })
})

describe('ChainReadError', () => {
  test('behavior: names the chain and the RPC host, never the path with a provider key', () => {
    const viemLike = Object.assign(new Error('HTTP request failed.\n\nURL: …\nVersion: viem'), {
      shortMessage: 'HTTP request failed.',
      cause: new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      }),
    })
    const error = new ChainReadError(
      42161,
      ['https://arb.example.com/v2/PROVIDERKEY1234'],
      viemLike,
    )
    expect(error.shortMessage).toBe(
      'chain 42161 (Arbitrum): RPC arb.example.com failed: HTTP request failed (ECONNREFUSED)',
    )
    expect(error.message).not.toContain('PROVIDERKEY1234')
    expect(error.metaMessages[0]).toBe(
      'fix: check that the RPC answers, or set another in chains.42161.rpcUrls',
    )
  })
})

describe('the terminal: retries and the summary line', () => {
  test('behavior: a retry prints one line on a terminal, nothing elsewhere', () => {
    const written: string[] = []
    const tty = { isTTY: true, write: (t: string) => written.push(t) }
    retryNotice(tty)({ endpoint: 'create-tx', attemptNumber: 2, delayMs: 1250, error: 'HTTP 503' })
    expect(written).toEqual(['ferry: create-tx failed (HTTP 503): retry 2 in 1.3 s\n'])
    const pipe = { isTTY: false, write: (t: string) => written.push(t) }
    retryNotice(pipe)({ endpoint: 'create-tx', attemptNumber: 1, delayMs: 10 })
    expect(written).toHaveLength(1)
  })

  test('behavior: the summary counts ticks, quotes and intents by their end', () => {
    const tally = createRunTally()
    tally.count({ type: 'tickEnd', tick: 1, atMs: 0, durationMs: 1, failures: 1, error: 'x' })
    tally.count({ type: 'tickEnd', tick: 2, atMs: 0, durationMs: 1, failures: 0 })
    tally.count({ type: 'quoteFailed', strategy: 's', requestId: 'r', error: 'x' })
    tally.count({
      type: 'quote',
      strategy: 's',
      requestId: 'r',
      route: 'a',
      amountIn: '1',
      amountOut: '1',
      costBps: 1,
    })
    tally.count({ type: 'dryRun', strategy: 's', intentId: 'i', note: 'n' })
    expect(tally.line()).toBe(
      'summary: 2 tick(s) (1 failed), 2 quote(s) (1 failed), 0 intent(s): 1 dry-run',
    )
  })
})
