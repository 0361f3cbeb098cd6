import { describe, expect, test } from 'vitest'
import { checkDevnetPorts } from '../../../src/cli/checkDevnetPorts.ts'
import { parseListenHostOption, parsePortListOption } from '../../../src/cli/optionParsers.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'

describe('ferry devnet --host and --evm-ports', () => {
  test('behavior: --help lists both flags, loopback as the default host and the exposure warning', async () => {
    const run = await runFerryInProcess(['devnet', '--help'])
    expect(run.code).toBe(0)
    // Commander wraps help to the terminal's width.
    const help = run.stdout.replace(/\s+/g, ' ')
    expect(help).toContain('--host <address> interface of the simulator and every anvil')
    expect(help).toContain('PUBLIC TEST KEYS')
    expect(help).toMatch(/--host <address> [^-]*\(default: "127\.0\.0\.1"\)/)
    expect(help).toContain('--evm-ports <ports> RPC port of each chain')
  })

  test('behavior: fewer ports than chains exits 2 naming --evm-ports and the fix, before anything starts', async () => {
    const run = await runFerryInProcess(['devnet', '--chains', '42161,8453', '--evm-ports', '8545'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(
      'ferry: --evm-ports: 1 port(s) for 2 chain(s) (--chains 42161,8453)',
    )
    expect(run.stderr).toContain('fix: give one port per --chains entry, in the same order')
    expect(run.stderr).toContain('--evm-ports 8545,8546')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  test('behavior: more ports than chains (default chains) exits 2 the same way', async () => {
    const run = await runFerryInProcess(['devnet', '--evm-ports', '8545,8546,8547'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--evm-ports: 3 port(s) for 2 chain(s)')
  })

  test('behavior: a port given twice, or also taken by --sim-port, exits 2', async () => {
    const twice = await runFerryInProcess(['devnet', '--evm-ports', '8545,8545'])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('--evm-ports: port 8545 is given twice')
    const sim = await runFerryInProcess([
      'devnet',
      '--evm-ports',
      '8545,8787',
      '--sim-port',
      '8787',
    ])
    expect(sim.code).toBe(2)
    expect(sim.stderr).toContain('--evm-ports: port 8787 is also --sim-port')
  })

  test('behavior: a port out of range or not a number exits 2 naming the flag', async () => {
    for (const value of ['8545,70000', '8545,', 'abc', '-1,8546']) {
      const run = await runFerryInProcess(['devnet', '--evm-ports', value])
      expect(run.code, value).toBe(2)
      expect(run.stderr, value).toContain("option '--evm-ports <ports>'")
      expect(run.stderr, value).toContain('expected comma-separated ports')
    }
  })

  test('behavior: a host that is not an IP address exits 2 naming --host', async () => {
    for (const value of ['localhost', '0.0.0', 'devnet']) {
      const run = await runFerryInProcess(['devnet', '--host', value])
      expect(run.code, value).toBe(2)
      expect(run.stderr, value).toContain("option '--host <address>'")
      expect(run.stderr, value).toContain('expected an IP address')
    }
  })
})

describe('devnet flag parsers', () => {
  test('behavior: parsePortListOption keeps the order and allows 0 (a free port)', () => {
    expect(parsePortListOption('8545,8546')).toEqual([8545, 8546])
    expect(parsePortListOption(' 8546 , 0 ')).toEqual([8546, 0])
    expect(parsePortListOption('65535')).toEqual([65_535])
    expect(() => parsePortListOption('65536')).toThrow('expected comma-separated ports')
    expect(() => parsePortListOption('08545')).toThrow('expected comma-separated ports')
  })

  test('behavior: parseListenHostOption takes IPv4 and IPv6 addresses', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', '10.0.0.7'])
      expect(parseListenHostOption(host)).toBe(host)
    expect(() => parseListenHostOption('')).toThrow('expected an IP address')
  })

  test('behavior: checkDevnetPorts accepts no ports, one per chain, and repeated 0s', () => {
    expect(() => checkDevnetPorts([42161, 8453], undefined, 0)).not.toThrow()
    expect(() => checkDevnetPorts([42161, 8453], [8545, 8546], 8787)).not.toThrow()
    expect(() => checkDevnetPorts([42161, 8453], [0, 0], 0)).not.toThrow()
    expect(() => checkDevnetPorts([42161], [], 0)).toThrow(UsageError)
    const error = (() => {
      try {
        checkDevnetPorts([42161], [8545, 8546], 0)
      } catch (e) {
        return e as UsageError
      }
    })()
    expect(error?.field).toBe('--evm-ports')
  })
})
