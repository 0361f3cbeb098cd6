import { describe, expect, test } from 'vitest'
import { runFerry } from '../../helpers/runFerry.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { startFixtureServer } from '../../helpers/startFixtureServer.ts'
import { startJsonRpcStub } from '../../helpers/startJsonRpcStub.ts'
import {
  closedUrl,
  journalArg,
  runConfig,
  servers,
  useBadInputRunWorld,
} from './badInputRunWorld.ts'

useBadInputRunWorld()

describe('ferry run against a world that fails (the real binary)', () => {
  test('an unreachable RPC: exit 1, naming the chain and the RPC host, without the key in its path or a library dump', async () => {
    const rpc = `${await closedUrl()}/v2/SECRETPROVIDERKEY123`
    const config = runConfig({ apiUrl: await closedUrl(), rpcUrl: rpc })
    const result = await runFerry(['run', config, '--ticks', '2', '--json', ...journalArg()])
    expect(result.code, result.stderr).toBe(1)
    const host = new URL(rpc).host
    expect(result.stderr).toContain(
      'ferry: the last 2 tick(s) all failed; the last: balances not read: chain ',
    )
    expect(result.stderr).toMatch(
      new RegExp(`chain (42161 \\(Arbitrum\\)|8453 \\(Base\\)): RPC ${host} failed`),
    )
    expect(result.stderr).toContain('fix: see the errors of the ticks above')
    const all = result.stdout + result.stderr
    expect(all).not.toContain('SECRETPROVIDERKEY123')
    expect(all).not.toMatch(/Raw Call Arguments|Docs: |Version: viem/)
    expect(all).not.toContain('no snapshot')
    const ends = result.stdout.split('\n').filter((l) => l.includes('"tickEnd"'))
    expect(ends).toHaveLength(2)
  })

  test('the service down: every quote fails, the ticks fail, and the run exits 1 after --max-failed-ticks', async () => {
    const rpc = await startJsonRpcStub()
    servers.push(rpc)
    const config = runConfig({ apiUrl: await closedUrl(), rpcUrl: rpc.url })
    const result = await runFerry([
      'run',
      config,
      '--max-failed-ticks',
      '2',
      '--json',
      ...journalArg(),
    ])
    expect(result.code, result.stderr).toBe(1)
    const events = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { type: string; failures?: number; error?: string })
    expect(events.filter((e) => e.type === 'quoteFailed').length).toBeGreaterThanOrEqual(2)
    const ends = events.filter((e) => e.type === 'tickEnd')
    expect(ends.map((e) => e.failures)).toEqual([1, 1])
    expect(ends[0]?.error).toMatch(/^quote failed: create-tx: network error: .*ECONNREFUSED/)
    expect(result.stderr).toContain(
      'ferry: the last 2 tick(s) all failed; the last: quote failed: create-tx',
    )
  })

  test('SIGINT during a hanging quote: exits within 2 s, saying what is in flight and that a restart reconciles it', async () => {
    const rpc = await startJsonRpcStub()
    servers.push(rpc)
    let quoteArrived: () => void = () => {}
    const arrived = new Promise<void>((resolve) => {
      quoteArrived = resolve
    })
    const service = await startFixtureServer((req) => {
      // Native prices get a quick refusal; the route's quote hangs.
      if (req.url.pathname.includes('chain/transaction'))
        return { status: 400, body: { errorId: 'INVALID_QUERY_PARAMETERS', errorCode: 2 } }
      quoteArrived()
      return { hang: true }
    })
    servers.push(service)
    const config = runConfig({ apiUrl: service.url, rpcUrl: rpc.url })
    const ferry = spawnFerry(['run', config, '--json', ...journalArg()], 30_000)
    await Promise.race([
      arrived,
      ferry.exited.then(() => {
        throw new Error(`ferry exited before its quote reached the service\n${ferry.stderr()}`)
      }),
    ])
    const sentAt = performance.now()
    ferry.kill('SIGINT')
    const { code } = await ferry.exited
    const tookMs = performance.now() - sentAt
    expect(code, ferry.stderr()).toBe(0)
    expect(tookMs).toBeLessThan(2_000)
    expect(ferry.stderr()).toContain('ferry: SIGINT: stopping')
    expect(ferry.stderr()).toContain('ferry: stopped; pending service and RPC calls were aborted')
    expect(ferry.stderr()).toContain('nothing is in flight')
  })
})
