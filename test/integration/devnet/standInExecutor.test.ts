import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  type PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { createSolanaDevnet } from '../../../src/devnet/solana/createSolanaDevnet.ts'
import { lookupTableAccount } from '../../../src/devnet/solana/lookupTableAccount.ts'
import {
  StandInError,
  type StandInProgram,
} from '../../../src/devnet/solana/standIn/StandInProgram.ts'

// A toy stand-in: moves data[1..9] lamports from account 0 to account 1; data[0] = 1 fails after
// moving, so a half-done effect must be undone.
const TOY_ID = Keypair.generate().publicKey
const toy: StandInProgram = {
  programId: TOY_ID.toBase58(),
  name: 'toy',
  apply(ctx, ix) {
    const [from, to] = ix.accounts
    const amount = Number(Buffer.from(ix.data).readBigUInt64LE(1))
    const source = ctx.get(from!.pubkey)!
    const target = ctx.get(to!.pubkey) ?? {
      lamports: 0,
      data: new Uint8Array(),
      owner: SystemProgram.programId,
      executable: false,
    }
    ctx.set(from!.pubkey, { ...source, lamports: source.lamports - amount })
    ctx.set(to!.pubkey, { ...target, lamports: target.lamports + amount })
    ctx.log(`moved ${amount}`)
    if (ix.data[0] === 1)
      throw new StandInError('AnchorError occurred. Error Code: Toy. Error Number: 6000.')
  },
}

function toyIx(
  from: PublicKey,
  to: PublicKey,
  lamports: number,
  fail = false,
): TransactionInstruction {
  const data = Buffer.alloc(9)
  data[0] = fail ? 1 : 0
  data.writeBigUInt64LE(BigInt(lamports), 1)
  return new TransactionInstruction({
    programId: TOY_ID,
    keys: [
      { pubkey: from, isSigner: false, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: true },
    ],
    data,
  })
}

function world() {
  const devnet = createSolanaDevnet({ programs: [toy] })
  const payer = Keypair.generate()
  const vault = Keypair.generate().publicKey
  const receiver = Keypair.generate().publicKey
  const other = Keypair.generate().publicKey
  devnet.svm.airdrop(payer.publicKey, 10_000_000_000n)
  devnet.svm.airdrop(vault, 5_000_000_000n)
  devnet.svm.airdrop(other, 1_000_000_000n)
  // The vault and receiver reach the tx only through a lookup table.
  const tableKey = Keypair.generate().publicKey
  devnet.svm.setAccount(
    tableKey,
    lookupTableAccount([vault, receiver], (n) =>
      Number(devnet.svm.minimumBalanceForRentExemption(BigInt(n))),
    ),
  )
  const table = new AddressLookupTableAccount({
    key: tableKey,
    state: AddressLookupTableAccount.deserialize(devnet.svm.getAccount(tableKey)!.data),
  })
  const build = (
    instructions: TransactionInstruction[],
    signers = [payer],
  ): VersionedTransaction => {
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: devnet.latestBlockhash().blockhash,
      instructions,
    }).compileToV0Message([table])
    const tx = new VersionedTransaction(message)
    tx.sign(signers)
    return tx
  }
  const balances = (): Record<string, number> =>
    Object.fromEntries(
      [payer.publicKey, vault, receiver, other].map((k) => [
        k.toBase58(),
        Number(devnet.svm.getBalance(k) ?? 0n),
      ]),
    )
  return { devnet, payer, vault, receiver, other, table, build, balances }
}

describe('the devnet stand-in executor (docs/dln.md §4.12)', () => {
  test('a mixed tx runs litesvm and stand-in instructions in order on one state, accounts through a lookup table, fee charged once', () => {
    const w = world()
    const before = w.balances()
    const tx = w.build([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10_000 }),
      SystemProgram.transfer({ fromPubkey: w.payer.publicKey, toPubkey: w.vault, lamports: 1_000 }),
      toyIx(w.vault, w.receiver, 2_000_000),
      SystemProgram.transfer({ fromPubkey: w.payer.publicKey, toPubkey: w.other, lamports: 7 }),
    ])
    expect(tx.message.addressTableLookups).toHaveLength(1)
    const record = w.devnet.send(tx)
    expect(record.err).toBeUndefined()
    const after = w.balances()
    // 5000 per signature + ceil(300k units × 10 000 µ-lamports / 1e6) = 3000.
    expect(before[w.payer.publicKey.toBase58()]! - after[w.payer.publicKey.toBase58()]!).toBe(
      1_000 + 7 + 5_000 + 3_000,
    )
    expect(after[w.vault.toBase58()]! - before[w.vault.toBase58()]!).toBe(1_000 - 2_000_000)
    expect(after[w.receiver.toBase58()]).toBe(2_000_000)
    expect(after[w.other.toBase58()]! - before[w.other.toBase58()]!).toBe(7)
    expect(record.logs).toContain(`Program ${TOY_ID.toBase58()} invoke [1]`)
    expect(record.logs).toContain('Program log: moved 2000000')
    expect(record.logs).toContain(`Program ${TOY_ID.toBase58()} success`)
  })

  test('a failing stand-in instruction leaves every account as before; only the fee is charged', () => {
    const w = world()
    const before = w.balances()
    const record = w.devnet.send(
      w.build([
        SystemProgram.transfer({
          fromPubkey: w.payer.publicKey,
          toPubkey: w.other,
          lamports: 123_456,
        }),
        toyIx(w.vault, w.receiver, 2_000_000, true),
      ]),
    )
    expect(record.err).toMatch(/failed: AnchorError occurred\. Error Code: Toy/)
    const after = w.balances()
    expect(after).toEqual({
      ...before,
      [w.payer.publicKey.toBase58()]: before[w.payer.publicKey.toBase58()]! - 5_000,
    })
    expect(w.devnet.svm.getAccount(w.receiver)).toBeNull()
  })

  test('a failing litesvm instruction after a stand-in one undoes the stand-in effect', () => {
    const w = world()
    const before = w.balances()
    const record = w.devnet.send(
      w.build([
        toyIx(w.vault, w.receiver, 2_000_000),
        SystemProgram.transfer({
          fromPubkey: w.payer.publicKey,
          toPubkey: w.other,
          lamports: 10 ** 12,
        }),
      ]),
    )
    expect(record.err).toBeDefined()
    expect(w.balances()).toEqual({
      ...before,
      [w.payer.publicKey.toBase58()]: before[w.payer.publicKey.toBase58()]! - 5_000,
    })
  })

  test('signatures are checked on send; simulate without sigVerify runs and restores, returning post-accounts', () => {
    const w = world()
    const tx = w.build([toyIx(w.vault, w.receiver, 2_000_000)])
    const forged = VersionedTransaction.deserialize(tx.serialize())
    forged.signatures[0] = new Uint8Array(64).fill(7)
    const before = w.balances()
    expect(w.devnet.send(forged).err).toBe('Transaction did not pass signature verification')
    expect(w.devnet.simulate(forged).err).toBe('Transaction did not pass signature verification')
    const sim = w.devnet.simulate(forged, { sigVerify: false })
    expect(sim.err).toBeUndefined()
    expect(sim.postAccounts.get(w.receiver.toBase58())?.lamports).toBe(2_000_000)
    expect(sim.postAccounts.get(w.payer.publicKey.toBase58())?.lamports).toBe(
      before[w.payer.publicKey.toBase58()]! - 5_000,
    )
    expect(w.balances()).toEqual(before)
  })

  test('a lookup table that does not exist or lacks the index fails before execution, no fee', () => {
    const w = world()
    const before = w.balances()
    const missing = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: w.table.state,
    })
    const message = new TransactionMessage({
      payerKey: w.payer.publicKey,
      recentBlockhash: w.devnet.latestBlockhash().blockhash,
      instructions: [toyIx(w.vault, w.receiver, 1)],
    }).compileToV0Message([missing])
    const tx = new VersionedTransaction(message)
    tx.sign([w.payer])
    expect(w.devnet.send(tx).err).toBe(
      "Transaction loads an address table account that doesn't exist",
    )
    const short = VersionedTransaction.deserialize(
      w.build([toyIx(w.vault, w.receiver, 1)]).serialize(),
    )
    short.message.addressTableLookups[0]!.writableIndexes[0] = 9
    expect(w.devnet.simulate(short, { sigVerify: false }).err).toBe(
      'Transaction address table lookup uses an invalid index',
    )
    expect(w.balances()).toEqual(before)
  })

  test('a plain tx (no stand-in instruction) is unchanged: litesvm runs it exactly as a devnet without stand-ins', () => {
    const plain = createSolanaDevnet({ programs: [] })
    const w = world()
    const payer = Keypair.generate()
    const to = Keypair.generate().publicKey
    for (const d of [plain, w.devnet]) d.svm.airdrop(payer.publicKey, 1_000_000_000n)
    const send = (d: typeof plain) => {
      const message = new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: d.latestBlockhash().blockhash,
        instructions: [
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: to,
            lamports: 5_000_000,
          }),
        ],
      }).compileToV0Message()
      const tx = new VersionedTransaction(message)
      tx.sign([payer])
      const record = d.send(tx)
      return {
        err: record.err,
        logs: record.logs,
        payer: d.svm.getBalance(payer.publicKey),
        to: d.svm.getBalance(to),
      }
    }
    const a = send(plain)
    expect(send(w.devnet)).toEqual(a)
    expect(a.logs).toEqual([
      'Program 11111111111111111111111111111111 invoke [1]',
      'Program 11111111111111111111111111111111 success',
    ])
  })
})
