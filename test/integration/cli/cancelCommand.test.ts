import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { balanceOf, createJournaledOrder, testSender, user } from '../executor/executorHarness.ts'

const KEY_ENV = 'CANCEL_TEST_EVM_KEY'
const keyEnv = { [KEY_ENV]: user.privateKey }

let devnet: Devnet
let arb: DevnetEvmChain
let gno: DevnetEvmChain
let sender: EvmSender
let dir: string
let liveConfig: string
let dryRunConfig: string
let journalPath: string

function writeConfig(name: string, mode: 'live' | 'dry-run'): string {
  const path = join(dir, name)
  writeFileSync(
    path,
    [
      `mode: ${mode}`,
      'service:',
      `  apiUrl: ${devnet.sim.baseUrl}`,
      'chains:',
      ...[arb, gno].flatMap((c) => [
        `  ${c.chainId}:`,
        `    rpcUrls: [${c.rpcUrl}]`,
        '    confirmations: 1',
      ]),
      'wallets:',
      '  evm:',
      `    privateKeyEnv: ${KEY_ENV}`,
      `    address: '${user.address}'`,
      '',
    ].join('\n'),
  )
  return path
}

let orderId: Hex
let usdcBefore: bigint

beforeAll(async () => {
  // The order goes into Gnosis: internal id 100000002 on a node whose chain id is 100.
  devnet = await startDevnet({
    evmChainIds: [42161, 100000002],
    solana: false,
    solver: { neverFill: true },
  })
  arb = devnet.evm.find((c) => c.chainId === 42161)!
  gno = devnet.evm.find((c) => c.chainId === 100000002)!
  dir = mkdtempSync(join(tmpdir(), 'ferry-cancel-cli-'))
  liveConfig = writeConfig('live.yaml', 'live')
  dryRunConfig = writeConfig('dry.yaml', 'dry-run')
  journalPath = join(dir, 'ferry.journal.sqlite')
  const journal = openJournal(journalPath)
  try {
    ;({ sender } = testSender(arb, { journal: createEvmSendJournal(toJournalStore(journal)) }))
    usdcBefore = await balanceOf(arb.client, arb.contracts.tokens.USDC.address, user.address)
    orderId = await createJournaledOrder({
      journal,
      apiUrl: devnet.sim.baseUrl,
      src: arb,
      dst: gno,
      sender,
      intentId: 'cli-cancel',
      amountIn: 40_000_000n,
    })
  } finally {
    sender?.close()
    journal.close()
  }
})
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('ferry cancel (subprocess)', () => {
  test('behavior: a live config without --live exits 2 naming --live, and sends nothing', async () => {
    const nonce = await gno.client.getTransactionCount({ address: user.address })
    const [noFlag, dryRun] = await Promise.all([
      runFerry(['cancel', orderId, '--config', liveConfig], keyEnv, 60_000),
      runFerry(['cancel', orderId, '--config', dryRunConfig, '--live'], keyEnv, 60_000),
    ])
    expect(noFlag.code).toBe(2)
    expect(noFlag.stderr).toContain('--live')
    expect(noFlag.stdout).toBe('')
    expect(dryRun.code).toBe(2)
    expect(dryRun.stderr).toContain('mode: live')
    expect(await gno.client.getTransactionCount({ address: user.address })).toBe(nonce)
  })

  test('behavior: an orderId not in the journal exits 2 naming ferry history', async () => {
    const [unknown, malformed] = await Promise.all([
      runFerry(
        ['cancel', `0x${'ab'.repeat(32)}`, '--config', liveConfig, '--live'],
        keyEnv,
        60_000,
      ),
      runFerry(['cancel', '0x1234', '--config', liveConfig, '--live'], keyEnv, 60_000),
    ])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no order 0xabab')
    expect(unknown.stderr).toContain('ferry history')
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toContain('orderId')
  })

  test('default: --live cancels the order into Gnosis (internal id 100000002), paying the gate’s per-chain fee, and prints the refund; the journal and balance follow', async () => {
    const run = await runFerry(
      ['cancel', orderId, '--config', liveConfig, '--live', '--json'],
      keyEnv,
      60_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const printed = JSON.parse(run.stdout)
    expect(printed).toMatchObject({
      orderId,
      intentId: 'cli-cancel',
      srcChainId: 42161,
      dstChainId: 100000002,
      resumed: false,
      orderState: 'ClaimedOrderCancel',
      refund: { beneficiary: user.address },
    })
    expect(await balanceOf(arb.client, arb.contracts.tokens.USDC.address, user.address)).toBe(
      usdcBefore,
    )
    // The Gnosis gate charges messages to Arbitrum its own fee, above its global one: the
    // cancel carried exactly that (docs/dln.md §3.5), or the gate would have reverted.
    const { fees } = await readMessagingFee(gno.client, {
      dlnDestination: gno.contracts.dlnDestination,
      chainIdTo: 42161n,
    })
    expect(fees.chainFixedNativeFeeWei).toBeGreaterThan(fees.globalFixedNativeFeeWei)
    const sent = await gno.client.getTransaction({ hash: printed.cancelTxHash })
    expect(sent.value).toBe(fees.chainFixedNativeFeeWei)
    const journal = openJournal(journalPath)
    try {
      expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
      expect(journal.getIntent('cli-cancel')?.state).toBe('cancelled')
      const cancel = journal.attemptsOf('cli-cancel').find((a) => a.kind === 'cancel')
      expect(cancel).toMatchObject({
        hash: printed.cancelTxHash,
        chainId: 100, // sends are journaled by the node's id, which keys their nonces
        state: 'confirmed',
      })
    } finally {
      journal.close()
    }

    // Again: the order is no longer cancellable, a failure (exit 1) that says why.
    const again = await runFerry(
      ['cancel', orderId, '--config', liveConfig, '--live'],
      keyEnv,
      60_000,
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('ClaimedOrderCancel')
  })
})
