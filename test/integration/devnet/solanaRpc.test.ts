import {
  AccountLayout,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import {
  type SolanaDevnetProcess,
  startSolanaDevnet,
} from '../../../src/devnet/solana/startSolanaDevnet.ts'

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const MEMO = new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')

let devnet: SolanaDevnetProcess
let connection: Connection
const payer = Keypair.generate()
const other = Keypair.generate()

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  connection = new Connection(devnet.rpcUrl, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
  })
  const call = (method: string, params: unknown[]) =>
    callSolanaDevnet(devnet.rpcUrl, method, params)
  await call('devnet_airdrop', [payer.publicKey.toBase58(), '2000000000'])
  await call('devnet_createMint', [USDC.toBase58(), 6, Keypair.generate().publicKey.toBase58()])
  await call('devnet_mintTo', [USDC.toBase58(), payer.publicKey.toBase58(), '50000000'])
  await call('devnet_mintTo', [USDC.toBase58(), other.publicKey.toBase58(), '0'])
})

afterAll(async () => {
  await devnet.stop()
})

async function buildTx(
  blockhash: string,
  instructions: TransactionInstruction[],
): Promise<VersionedTransaction> {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message()
  const tx = new VersionedTransaction(message)
  tx.sign([payer])
  return tx
}

describe('Solana devnet JSON-RPC', () => {
  test('default: web3.js Connection reads balances, rent, fees and token balances', async () => {
    expect(await connection.getBalance(payer.publicKey)).toBe(2_000_000_000)
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBeGreaterThan(0)
    const ata = getAssociatedTokenAddressSync(USDC, payer.publicKey)
    const balance = await connection.getTokenAccountBalance(ata)
    expect(balance.value).toMatchObject({ amount: '50000000', decimals: 6 })
    const info = await connection.getAccountInfo(USDC)
    expect(info?.owner.toBase58()).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = await buildTx(blockhash, [
      new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from('x') }),
    ])
    expect((await connection.getFeeForMessage(tx.message)).value).toBe(5000)
  })

  test('behavior: an SPL transfer with a memo is simulated, sent, and its status confirmed', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(lastValidBlockHeight).toBeGreaterThan(await connection.getBlockHeight())
    const from = getAssociatedTokenAddressSync(USDC, payer.publicKey)
    const to = getAssociatedTokenAddressSync(USDC, other.publicKey)
    const tx = await buildTx(blockhash, [
      createTransferCheckedInstruction(from, USDC, to, payer.publicKey, 1_250_000n, 6),
      new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from('order 0xabc') }),
    ])
    const simulation = await connection.simulateTransaction(tx)
    expect(simulation.value.err).toBeNull()
    const signature = await connection.sendTransaction(tx, { skipPreflight: true })
    const status = await connection.getSignatureStatuses([signature])
    expect(status.value[0]).toMatchObject({ err: null, confirmationStatus: 'confirmed' })
    expect((await connection.getTokenAccountBalance(to)).value.amount).toBe('1250000')
    // Sending the same bytes again is harmless: the same signature, no second transfer.
    expect(await connection.sendTransaction(tx, { skipPreflight: true })).toBe(signature)
    expect((await connection.getTokenAccountBalance(to)).value.amount).toBe('1250000')
  })

  test('behavior: simulateTransaction returns requested accounts after the transaction, changing nothing', async () => {
    const from = getAssociatedTokenAddressSync(USDC, payer.publicKey)
    const to = getAssociatedTokenAddressSync(USDC, other.publicKey)
    const bystander = Keypair.generate().publicKey
    // Unsigned, with a placeholder blockhash: what ferry holds before it signs anything.
    const unsigned = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: '11111111111111111111111111111111',
        instructions: [
          createTransferCheckedInstruction(from, USDC, to, payer.publicKey, 2_000_000n, 6),
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: other.publicKey,
            lamports: 7_000_000,
          }),
        ],
      }).compileToV0Message(),
    )
    const addresses = [payer.publicKey, from, to, bystander, USDC].map((k) => k.toBase58())
    const before = await connection.getMultipleAccountsInfo(addresses.map((a) => new PublicKey(a)))
    const sim = await connection.simulateTransaction(unsigned, {
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { encoding: 'base64', addresses },
    })
    expect(sim.value.err).toBeNull()
    const after = sim.value.accounts!
    expect(after).toHaveLength(5)
    // The payer pays the transfer and one signature's fee; its token account loses the amount.
    expect(before[0]!.lamports - after[0]!.lamports).toBe(7_000_000 + 5000)
    const amount = (a: { data: Buffer | string[] }): bigint =>
      AccountLayout.decode(
        Array.isArray(a.data) ? Buffer.from(a.data[0]!, 'base64') : Buffer.from(a.data),
      ).amount
    expect(amount(before[1]!) - amount(after[1]!)).toBe(2_000_000n)
    expect(amount(after[2]!) - amount(before[2]!)).toBe(2_000_000n)
    expect(after[3]).toBeNull()
    // An account the transaction only reads comes back as it is now.
    expect(after[4]!.data[0]).toBe(before[4]!.data.toString('base64'))
    expect(after[4]!.owner).toBe(before[4]!.owner.toBase58())
    expect((sim.value as { replacementBlockhash?: unknown }).replacementBlockhash).toMatchObject({
      blockhash: (await connection.getLatestBlockhash()).blockhash,
    })
    // Nothing happened for real.
    const now = await connection.getMultipleAccountsInfo(addresses.map((a) => new PublicKey(a)))
    expect(now.map((a) => a?.lamports)).toEqual(before.map((a) => a?.lamports))
    expect(amount(now[1]!)).toBe(amount(before[1]!))
  })

  test('behavior: simulateTransaction refuses what a node refuses; a failed run has no accounts', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = await buildTx(blockhash, [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: other.publicKey,
        lamports: 10_000_000,
      }),
    ])
    const addresses = [payer.publicKey.toBase58()]
    await expect(
      connection.simulateTransaction(tx, { sigVerify: true, replaceRecentBlockhash: true }),
    ).rejects.toThrow(/sigVerify may not be used with replaceRecentBlockhash/)
    const tooMany = Array.from({ length: 4 }, () => Keypair.generate().publicKey.toBase58())
    await expect(
      connection.simulateTransaction(tx, { accounts: { encoding: 'base64', addresses: tooMany } }),
    ).rejects.toThrow(/Too many accounts provided; max 3/)
    // Signature checks are on only when asked for: a forged signature fails them.
    const forged = VersionedTransaction.deserialize(tx.serialize())
    forged.signatures[0] = new Uint8Array(64).fill(1)
    expect(
      (await connection.simulateTransaction(forged, { sigVerify: false })).value.err,
    ).toBeNull()
    expect(
      (await connection.simulateTransaction(forged, { sigVerify: true })).value.err,
    ).not.toBeNull()
    const broke = await buildTx(blockhash, [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: other.publicKey,
        lamports: 10_000_000_000,
      }),
    ])
    const failed = await connection.simulateTransaction(broke, {
      accounts: { encoding: 'base64', addresses },
    })
    expect(failed.value.err).not.toBeNull()
    expect(failed.value.accounts).toEqual([null])
  })

  test('behavior: a failing transaction is refused by preflight and lands as failed without it', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = await buildTx(blockhash, [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: other.publicKey,
        lamports: 10_000_000_000,
      }),
    ])
    await expect(connection.sendTransaction(tx)).rejects.toThrow(/simulation failed/i)
    const signature = await connection.sendTransaction(tx, { skipPreflight: true })
    const status = await connection.getSignatureStatuses([signature])
    expect(status.value[0]?.err).not.toBeNull()
  })

  test('behavior: a blockhash expires after its last valid block height', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const tx = await buildTx(blockhash, [
      new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from('late') }),
    ])
    const height = await connection.getBlockHeight()
    await callSolanaDevnet(devnet.rpcUrl, 'devnet_advanceSlots', [
      lastValidBlockHeight - height + 1,
    ])
    await expect(connection.sendTransaction(tx, { skipPreflight: true })).rejects.toThrow(
      /Blockhash not found/,
    )
    const fresh = await connection.getLatestBlockhash()
    expect(fresh.blockhash).not.toBe(blockhash)
  })

  test('behavior: the solver sees every processed transaction with its logs', async () => {
    const all = await callSolanaDevnet<{ signature: string; logs: string[]; err: unknown }[]>(
      devnet.rpcUrl,
      'devnet_getTransactions',
      [0],
    )
    expect(all.length).toBeGreaterThanOrEqual(2)
    expect(all.some((t) => t.logs.some((l) => l.includes('Memo')) && t.err === null)).toBe(true)
  })

  test('behavior: a long run of order-shaped transactions leaves the devnet alive', async () => {
    // Regression: litesvm aborted (std::bad_alloc) after ~50 runs of its BPFLoader2 programs
    // (Memo v2, ATA); the devnet runs ATA as a stand-in (docs/dln.md §4.12) and otherwise only
    // programs that stay up (token, memo v1, system).
    const from = getAssociatedTokenAddressSync(USDC, payer.publicKey)
    const to = getAssociatedTokenAddressSync(USDC, other.publicKey)
    for (let i = 0; i < 120; i++) {
      const { blockhash } = await connection.getLatestBlockhash()
      const tx = await buildTx(blockhash, [
        createAssociatedTokenAccountIdempotentInstruction(
          payer.publicKey,
          to,
          other.publicKey,
          USDC,
        ),
        createTransferCheckedInstruction(from, USDC, to, payer.publicKey, 1n, 6),
        new TransactionInstruction({
          programId: MEMO,
          keys: [],
          data: Buffer.from(`order-shaped ${i}`),
        }),
      ])
      await connection.sendTransaction(tx, { skipPreflight: true })
    }
    expect(await connection.getSlot()).toBeGreaterThan(120)
  })
})
