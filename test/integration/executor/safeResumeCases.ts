import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseGwei,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { createEvmRpc } from '../../../src/chains/evm/createEvmRpc.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { encodeSafeExec } from '../../../src/chains/evm/safe/encodeSafeExec.ts'
import { safeAbi } from '../../../src/chains/evm/safe/safeAbi.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { systemClock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { planReconciliation } from '../../../src/execute/planReconciliation.ts'
import { settleIntent } from '../../../src/execute/settleIntent.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { rpcCall, user } from './executorHarness.ts'

const dlnSource = EVM_CONTRACTS.dlnSource as Address

/**
 * Exactly once for a Safe account (docs/safety.md "Treasury accounts"), in the Safe attack
 * suite's world: the Safe tx is journaled with the key's attempt before the signature, and a
 * restart never runs journaled bytes whose Safe nonce another Safe transaction took.
 */
export function safeResumeCases(
  world: () => {
    arb: DevnetEvmChain
    safe: Address
    sender: EvmSender
    journal: MemorySendJournal
  },
): void {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-safe-resume-'))
  const store = toJournalStore(openJournal(join(dir, 'journal.sqlite')))
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const safeNonce = () =>
    world().arb.client.readContract({ address: world().safe, abi: safeAbi, functionName: 'nonce' })
  const safeTxHash = (to: Address, data: Hex, nonce: bigint) =>
    world().arb.client.readContract({
      address: world().safe,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, nonce],
    })
  const journalIntent = (id: string) =>
    store.recordIntent({ id, strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
  const revoke = (token: Address) => ({
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dlnSource, 0n] }),
  })

  describe('exactly once for a Safe account', () => {
    test('default: the Safe, its tx hash and its nonce are journaled with the key attempt before the signature', async () => {
      const { arb, safe, sender, journal } = world()
      await journalIntent('safe-journaled')
      const usdc = arb.contracts.tokens.USDC.address as Address
      const call = revoke(usdc)
      const before = await safeNonce()
      const sent = await sender.send({
        kind: 'revoke',
        ...call,
        value: 0n,
        gasLimit: 300_000n,
        intentId: 'safe-journaled',
      })
      expect(sent.receipt.status).toBe('success')
      // The sender's write-ahead record, through the store's adapter into the SQLite journal.
      const record = journal.records.find((r) => r.hash === sent.hash)!
      await createEvmSendJournal(store).beforeBroadcast(record)
      const [attempt] = await store.attemptsOf('safe-journaled')
      expect(attempt?.safeTx).toEqual({
        safe,
        safeTxHash: await safeTxHash(call.to, call.data, before),
        safeNonce: before,
      })
      expect(await safeNonce()).toBe(before + 1n)
    })

    test('behavior: journaled bytes whose Safe nonce another Safe tx took would run as a second Safe tx; a restart abandons them, never sent', async () => {
      const { arb, safe } = world()
      const usdc = arb.contracts.tokens.USDC.address as Address
      const call = revoke(usdc)
      const n = await arb.client.getTransactionCount({ address: user.address })
      const journaledNonce = await safeNonce()
      // The key signed the Safe's execTransaction at its nonce n and journaled it; then it died.
      const rawTx = await user.account.signTransaction({
        type: 'eip1559',
        chainId: await arb.client.getChainId(),
        nonce: n,
        to: safe,
        data: encodeSafeExec({ ...call, value: 0n }, user.address),
        value: 0n,
        gas: 300_000n,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei('1'),
      })
      const hash = keccak256(rawTx)
      await journalIntent('safe-abandoned')
      await store.recordSignedAttempt({
        intentId: 'safe-abandoned',
        chainId: arb.chainId,
        family: 'evm',
        kind: 'order',
        from: user.address,
        nonce: n,
        attempt: 0,
        rawTx,
        hash,
        orderId: `0x${'0d'.repeat(32)}`,
        safeTx: {
          safe,
          safeTxHash: await safeTxHash(call.to, call.data, journaledNonce),
          safeNonce: journaledNonce,
        },
      })
      // Another executor runs a Safe tx the owner signed (ECDSA), taking the journaled Safe nonce.
      const other = privateKeyToAccount(generatePrivateKey())
      await rpcCall(arb.rpcUrl, 'anvil_setBalance', [other.address, '0x56bc75e2d63100000'])
      const signature = await sign({
        hash: await safeTxHash(call.to, call.data, journaledNonce),
        privateKey: user.privateKey,
        to: 'hex',
      })
      const wallet = createWalletClient({ account: other, transport: http(arb.rpcUrl) })
      const taken = await wallet.writeContract({
        chain: null,
        address: safe,
        abi: safeAbi,
        functionName: 'execTransaction',
        args: [call.to, 0n, call.data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, signature],
      })
      await arb.client.waitForTransactionReceipt({ hash: taken, pollingInterval: 20 })
      expect(await safeNonce()).toBe(journaledNonce + 1n)
      // Real: sent again, the journaled bytes run as a second Safe tx, at the next Safe nonce.
      const snapshot = await rpcCall(arb.rpcUrl, 'evm_snapshot')
      try {
        await arb.client.sendRawTransaction({ serializedTransaction: rawTx })
        const ran = await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
        expect(ran.status).toBe('success')
        expect(await safeNonce()).toBe(journaledNonce + 2n)
      } finally {
        await rpcCall(arb.rpcUrl, 'evm_revert', [snapshot])
      }
      // The restart: the plan is to resume the journaled order, and the Safe nonce abandons it.
      const rec = (await store.pendingReconciliations()).find(
        (r) => r.intent.id === 'safe-abandoned',
      )!
      const plan = planReconciliation(rec)
      expect(plan.kind).toBe('resume')
      const outcome = await settleIntent(
        {
          journal: store,
          evmChain: () => ({ rpc: createEvmRpc(arb.rpcUrl), sender: undefined, confirmations: 1 }),
          solana: undefined,
          sending: true,
          pollIntervalMs: 50,
          maxWaitMs: 300,
          created: () => {
            throw new Error('nothing may be created')
          },
          clock: systemClock,
          logger: silentLogger,
        },
        rec,
        plan as Extract<typeof plan, { kind: 'resume' }>,
      )
      expect(outcome).toMatchObject({
        kind: 'unknown',
        detail: expect.stringMatching(`^abandoned: Safe nonce ${journaledNonce} of 0x`),
      })
      expect(await safeNonce()).toBe(journaledNonce + 1n)
      expect(await arb.client.getTransactionCount({ address: user.address })).toBe(n)
      await expect(arb.client.getTransaction({ hash })).rejects.toThrow()
    })
  })
}
