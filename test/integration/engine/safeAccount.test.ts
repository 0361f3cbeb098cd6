import { erc20Abi, type Hex, parseEventLogs } from 'viem'
import { describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { deployTreasurySafe } from '../../../src/devnet/installSafe.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { crashLiveRun } from '../../helpers/crashLiveRun.ts'
import { jsonEvents } from '../../helpers/runFerry.ts'
import {
  chain,
  devnet,
  dir,
  liveRun,
  SAFE_KILL_POINTS,
  safe,
  USDC_ARB,
  usdcOf,
  user,
  useSafeAccountWorld,
} from './safeAccountWorld.ts'

// A treasury Safe on the devnet (docs/safety.md "Treasury accounts"): ferry's key owns it and
// executes for it; the Safe is the wallet, the order's refund and cancel beneficiary and authority.
useSafeAccountWorld()

describe('treasury Safe, owner mode', () => {
  test('behavior: a USDC rebalance from the Safe: exact approval, order, fill and hook; the key only pays gas', async () => {
    const [safeBefore, keyBefore] = await Promise.all([usdcOf(safe), usdcOf(user.address)])
    const run = await liveRun('rebalance', {
      killSwitchFile: 'rebalance.kill',
      // Above the Safe's 10 ETH, far below the key's: the key pays the gas, so the order goes.
      extraRisk: '  gasReserve:\n    "42161": "20000000000000000000"\n',
      hook: true,
      tracking: '  pollIntervalMs: 200\n',
      account: `{ safe: "${safe}", execution: owner }`,
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    expect(JSON.stringify(events.find((e) => e.type === 'balances'))).toContain(
      `"gasPayer":{"address":"${user.address}"`,
    )
    const created = events.find((e) => e.type === 'created')!
    expect(created).toBeDefined()
    expect(events.find((e) => e.type === 'hook')).toMatchObject({
      steps: [{ stepNumber: 1, status: 'Executed' }],
    })
    const [safeAfter, keyAfter] = await Promise.all([usdcOf(safe), usdcOf(user.address)])
    expect(keyAfter).toBe(keyBefore)
    expect(safeBefore - safeAfter).toBeGreaterThan(0n)
    const logs = await chain(42161).client.getContractEvents({
      address: chain(42161).contracts.dlnSource,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: 0n,
    })
    const mine = logs.find((l) => l.args.orderId === created.orderId)!
    const receipt = await chain(42161).client.getTransactionReceipt({ hash: mine.transactionHash })
    // The key sent the transaction, to the Safe: execTransaction.
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(safe.toLowerCase())
    const [log] = parseEventLogs({
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      logs: receipt.logs,
    })
    const order = log!.args.order
    // DlnSource's maker is tx.origin: the key. Authority and cancel beneficiary are the Safe.
    expect(order.makerSrc.toLowerCase()).toBe(user.address.toLowerCase())
    expect(order.givePatchAuthoritySrc.toLowerCase()).toBe(safe.toLowerCase())
    expect(order.allowedCancelBeneficiarySrc.toLowerCase()).toBe(safe.toLowerCase())
    const allowance = await chain(42161).client.readContract({
      address: USDC_ARB,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [safe, chain(42161).contracts.dlnSource],
    })
    expect(allowance).toBe(0n)
  }, 120_000)
})

describe('treasury Safe, owner mode: cancel and patch of an order made from the Safe', () => {
  const baseSafeTxs = async (fromBlock: bigint) => {
    const c = chain(8453).client
    const to = await c.getBlockNumber()
    const txs = []
    for (let n = fromBlock; n <= to; n++) {
      const block = await c.getBlock({ blockNumber: n, includeTransactions: true })
      txs.push(
        ...block.transactions.filter((t) => t.from.toLowerCase() === user.address.toLowerCase()),
      )
    }
    return txs
  }

  test('behavior: an unfilled order is cancelled through the Safe on the destination and refunded to the Safe', async () => {
    devnet.solver!.setPolicy({ neverFill: true })
    const before = await usdcOf(safe)
    const fromBlock = (await chain(8453).client.getBlockNumber()) + 1n
    const run = await liveRun('cancel', {
      killSwitchFile: 'cancel.kill',
      tracking: '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
      account: `{ safe: "${safe}", execution: owner }`,
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const created = events.find((e) => e.type === 'created')!
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({
      orderId: created.orderId,
      chainId: 8453,
    })
    expect(events.at(-1)).toMatchObject({ type: 'terminal', state: 'cancelled' })
    // Every unit came back to the Safe (the order's cancel beneficiary), none to the key.
    expect(await usdcOf(safe)).toBe(before)
    // The cancel on Base was the key's execTransaction on the Safe: the Safe is the dst authority.
    const sent = await baseSafeTxs(fromBlock)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every((t) => t.to?.toLowerCase() === safe.toLowerCase())).toBe(true)
  }, 120_000)

  test('behavior: a stuck order is patched through the Safe on the destination, then filled; the intent completes', async () => {
    devnet.solver!.setPolicy({ fillAtMostTakeBps: 9_995, fillDelayMs: 200 })
    const fromBlock = (await chain(8453).client.getBlockNumber()) + 1n
    const run = await liveRun('patch', {
      killSwitchFile: 'patch.kill',
      tracking: '  deadlineMs: 10000\n  pollIntervalMs: 200\n  onStuck: patch\n',
      account: `{ safe: "${safe}", execution: owner }`,
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const patched = events.filter((e) => e.type === 'patched')
    expect(patched).toHaveLength(1)
    const take = BigInt(patched[0]!.takeAmount as string)
    expect(events.find((e) => e.type === 'filled')).toMatchObject({ amountOut: take.toString() })
    expect(events.at(-1)).toMatchObject({ type: 'terminal', state: 'completed' })
    const sent = await baseSafeTxs(fromBlock)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to?.toLowerCase()).toBe(safe.toLowerCase())
  }, 120_000)
})

describe('treasury Safe, owner mode: SIGKILL at the Safe send points, then a settling run', () => {
  test('behavior: 0 doubles, 0 orphans, 0 unsettled; no allowance of the Safe outlives its order', async () => {
    devnet.solver!.setPolicy({ fillDelayMs: 50 })
    const startBlock = await chain(42161).client.getBlockNumber()
    const account = `{ safe: "${safe}", execution: owner }`
    const tracking = '  deadlineMs: 30000\n  pollIntervalMs: 200\n'
    let crash: Awaited<ReturnType<typeof crashLiveRun>> | undefined
    // One journal: each start reconciles what the kill before it left. The points where a Safe
    // send differs from a key's (a Safe approval to revoke, a signed execTransaction to re-send
    // or follow); the others are the key's path, which the SIGKILL chaos test covers.
    for (const point of SAFE_KILL_POINTS) {
      crash = await crashLiveRun(devnet, dir, 'sigkill', tracking, point, {
        account,
        hook: true,
        // Far off target whatever the tests before moved: every run finds a move to make.
        targets: { arbitrum: '900000000000', base: '1100000000000' },
        // As the SIGKILL chaos test: a killed intent's failure must not pause or stop the route.
        extraRisk:
          '  maxNotionalUsdPerDay: 10000000\n  maxInFlightUsd: 10000000\n  cooldownMsAfterFailure: 0\n' +
          '  autoKill: { afterConsecutiveFailures: 0 }\n',
      })
    }
    await crash!.settle()
    const journal = openJournal(crash!.journalPath)
    try {
      const intents = journal.history({ limit: 10_000 })
      const logs = await chain(42161).client.getContractEvents({
        address: chain(42161).contracts.dlnSource,
        abi: dlnSourceAbi,
        eventName: 'CreatedOrder',
        fromBlock: startBlock + 1n,
      })
      // Through the Safe the maker is still the key (tx.origin): that is how its orders are found.
      const mine = logs
        .filter((l) => l.args.order?.makerSrc.toLowerCase() === user.address.toLowerCase())
        .map((l) => String(l.args.orderId).toLowerCase())
      const intentOf = mine.map((id) => journal.getOrder(id as Hex)?.intentId)
      const orphans = intentOf.filter((id) => id === undefined).length
      const perIntent = new Map<string, number>()
      for (const id of intentOf) if (id) perIntent.set(id, (perIntent.get(id) ?? 0) + 1)
      const doubles =
        [...perIntent.values()].filter((n) => n > 1).length +
        intents.filter((h) => h.orders.length > 1).length
      const unsettled = journal.pendingReconciliations().length
      console.info(
        `safe sigkill: kills=${SAFE_KILL_POINTS.length} orders=${mine.length} doubles=${doubles} orphans=${orphans} unsettled=${unsettled}`,
      )
      expect({ doubles, orphans, unsettled }).toEqual({ doubles: 0, orphans: 0, unsettled: 0 })
      // The kills after signing leave orders; each is followed to its end.
      expect(mine.length).toBeGreaterThanOrEqual(2)
      for (const h of intents) {
        expect(h.intent.state).toBe(perIntent.has(h.intent.id) ? 'completed' : 'failed')
        // Every send of the Safe journaled its Safe tx with the key's attempt, before signing.
        for (const a of journal.attemptsOf(h.intent.id).filter((a) => a.kind !== 'fence')) {
          expect(a.safeTx?.safe.toLowerCase()).toBe(safe.toLowerCase())
        }
      }
    } finally {
      journal.close()
    }
    for (const spender of [chain(42161).contracts.dlnSource, chain(42161).contracts.forwarder]) {
      const allowance = await chain(42161).client.readContract({
        address: USDC_ARB,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [safe, spender],
      })
      expect(allowance).toBe(0n)
    }
  }, 240_000)
})

describe('treasury Safe, bad accounts: exit 2 at start, nothing sent', () => {
  const deployOnBoth = async (
    owners: ReturnType<typeof devnetEvmAccount>[],
    threshold: number,
    saltNonce: bigint,
  ) => {
    const [a] = await Promise.all(
      devnet.evm.map((c) => deployTreasurySafe(c.rpcUrl, { owners, threshold, saltNonce })),
    )
    return a!
  }
  const refused = async (name: string, account: string) => {
    const nonceBefore = await chain(42161).client.getTransactionCount({ address: user.address })
    const run = await liveRun(name, { killSwitchFile: `${name}.kill`, account })
    expect(run.code).toBe(2)
    expect(run.stdout).not.toContain('"type":"created"')
    expect(await chain(42161).client.getTransactionCount({ address: user.address })).toBe(
      nonceBefore,
    )
    return run.stderr
  }

  test('behavior: a Safe address without code names the field, the chain and the fix', async () => {
    const stderr = await refused(
      'nocode',
      '{ safe: "0x00000000000000000000000000000000000d0e5a", execution: owner }',
    )
    expect(stderr).toContain('wallets.evm.account.safe')
    expect(stderr).toContain('has no code')
    expect(stderr).not.toMatch(/\n\s+at /)
  }, 60_000)

  test('behavior: a Safe the key does not own is refused', async () => {
    const other = await deployOnBoth([devnetEvmAccount('treasury')], 1, 101n)
    const stderr = await refused('notowner', `{ safe: "${other}", execution: owner }`)
    expect(stderr).toContain("is not owned by ferry's key")
    expect(stderr).toContain('add the key as an owner')
  }, 60_000)

  test('behavior: a Safe with threshold 2 is refused in owner mode', async () => {
    const two = await deployOnBoth([user, devnetEvmAccount('treasury')], 2, 102n)
    const stderr = await refused('threshold', `{ safe: "${two}", execution: owner }`)
    expect(stderr).toContain('needs 2 signatures')
  }, 60_000)

  test('behavior: roles execution without its modifier and role key is refused by the config check, naming the fix', async () => {
    const stderr = await refused('roles', `{ safe: "${safe}", execution: roles }`)
    expect(stderr).toContain('wallets.evm.account.roles')
    expect(stderr).toContain(
      'roles: { modifier: <Roles modifier address>, roleKey: <bytes32 role key> }',
    )
  }, 60_000)
})
