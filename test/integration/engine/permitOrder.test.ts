import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { type Address, erc20Abi, type Hex, parseAbiItem } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evmAllowList } from '../../../src/chains/evmAllowList.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { type EventRecorder, recordEvents } from '../../helpers/recordEvents.ts'
import { runLiveOnce } from '../../helpers/runLiveOnce.ts'

const user = devnetEvmAccount('user').address
let devnet: Devnet
let dir: string
let solverEvents: EventRecorder

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  solverEvents = recordEvents(devnet.solver!.events, ['filled'])
  dir = mkdtempSync(join(tmpdir(), 'ferry-permit-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

describe('permits instead of approvals (docs/safety.md §10)', () => {
  test('default: a USDC order from ferry run --live goes with a permit: no approve transaction, created and filled, allowance 0 at every block', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const usdc = arb.contracts.tokens.USDC.address
    const allow = evmAllowList(42161)!
    const spenders = [allow.dlnSource, allow.forwarder] as Address[]
    const fromBlock = await arb.client.getBlockNumber()
    const nonceBefore = await arb.client.getTransactionCount({ address: user })

    const { orderId, journalPath } = await runLiveOnce(devnet, dir, 'permit', '')
    const filled = await solverEvents.waitFor<{ orderId: Hex }>(
      'filled',
      (e) => e.orderId === orderId,
      60_000,
    )
    expect(filled.orderId).toBe(orderId)

    // One transaction from the wallet: the order. No approve went out.
    expect(await arb.client.getTransactionCount({ address: user })).toBe(nonceBefore + 1)
    // The permit's Approval happened inside the order's transaction, to the verified spender,
    // for the order's input, and the same transaction spent it: 0 at the end of every block.
    const approvals = await arb.client.getLogs({
      address: usdc,
      event: parseAbiItem(
        'event Approval(address indexed owner, address indexed spender, uint256 value)',
      ),
      args: { owner: user },
      fromBlock,
    })
    expect(approvals).toHaveLength(1)
    expect(spenders).toContain(approvals[0]!.args.spender!.toLowerCase())
    const toBlock = await arb.client.getBlockNumber()
    for (let block = fromBlock; block <= toBlock; block++) {
      for (const spender of spenders) {
        const left = await arb.client.readContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [user, spender],
          blockNumber: block,
        })
        expect(left, `allowance to ${spender} at block ${block}`).toBe(0n)
      }
    }
    // The permit was journaled (token nonce 0 of the user) before it was signed.
    const db = new Database(journalPath, { readonly: true })
    const rows = db
      .prepare("SELECT spender, amount, tx_hash FROM approvals WHERE tx_hash LIKE 'permit:%'")
      .all() as { spender: string; amount: string; tx_hash: string }[]
    db.close()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tx_hash).toBe(`permit:42161:${usdc.toLowerCase()}:${user.toLowerCase()}:0`)
    expect(rows[0]!.spender.toLowerCase()).toBe(approvals[0]!.args.spender!.toLowerCase())
    expect(BigInt(rows[0]!.amount)).toBe(approvals[0]!.args.value)
  }, 120_000)
})
