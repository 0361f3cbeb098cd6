import { type AddressInfo, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatCliError } from '../../../src/cli/formatCliError.ts'
import { checkSafeAccount } from '../../../src/cli/run/checkSafeAccount.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { type RpcProxy, startRpcProxy } from '../executor/startRpcProxy.ts'

// docs/safety.md "Treasury accounts", both modes: an RPC that fails while the start reads the
// Safe or its Roles modifier is a failure (exit 1) naming the chain and the RPC's host and the fix, not a
// config error; the URL's path and query, where providers put keys, are never shown.
const SECRET = 's3cretApiKey'
const roles = (rpcUrl: string, mode: 'roles' | 'owner' = 'roles') =>
  ({
    chains: { '42161': { rpcUrls: [`${rpcUrl}/v2/${SECRET}?key=${SECRET}`] } },
    wallets: {
      evm: {
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        account: {
          safe: '0xB0d543191779654E8149967D62b529be877b36Dc',
          execution: mode,
          ...(mode === 'roles'
            ? {
                roles: {
                  modifier: '0x111B719139d50F5239d5974bEe16191645AbfF71',
                  roleKey: `0x${'66'.padEnd(64, '0')}`,
                },
              }
            : {}),
        },
      },
    },
  }) as unknown as Parameters<typeof checkSafeAccount>[0]

/** A loopback port nothing listens on: bound, then closed. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe('Safe start check: an RPC outage is a failure, exit 1', () => {
  let down: RpcProxy
  let closedPort: number
  beforeAll(async () => {
    closedPort = await freePort()
    // An RPC answering HTTP 503 to every request: it never reaches a node.
    down = await startRpcProxy(`http://127.0.0.1:${closedPort}`)
    down.setDown(true)
  })
  afterAll(() => down.close())

  test('behavior: an RPC answering 503, or refusing the connection, stops the start with exit 1 naming the chain, the host and chains.42161.rpcUrls', async () => {
    const closed = `http://127.0.0.1:${closedPort}`
    for (const [url, mode] of [
      [down.url, 'roles'],
      [closed, 'roles'],
      [down.url, 'owner'],
      [closed, 'owner'],
    ] as const) {
      const error = await checkSafeAccount(roles(url, mode)).catch((e: unknown) => e)
      expect(error).not.toBeInstanceOf(UsageError)
      const report = formatCliError(error, { secrets: [], debug: false })
      expect(report.exitCode).toBe(1)
      expect(report.text).toContain('chain 42161')
      expect(report.text).toContain(`RPC ${new URL(url).host} failed`)
      expect(report.text).toContain('chains.42161.rpcUrls')
      expect(report.text).not.toContain(SECRET)
      expect(report.text).not.toContain('wallets.evm.account')
    }
  })
})
