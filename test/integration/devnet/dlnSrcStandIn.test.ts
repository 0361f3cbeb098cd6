import { AccountLayout, getAssociatedTokenAddressSync } from '@solana/spl-token'
import {
  Keypair,
  PublicKey,
  type TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import {
  decodeDlnCreateOrderArgs,
  encodeDlnCreateOrder,
} from '../../../src/chains/solana/dlnSrcCreateOrder.ts'
import { dlnSrcOrderAccounts } from '../../../src/chains/solana/dlnSrcOrderAccounts.ts'
import { createSolanaDevnet } from '../../../src/devnet/solana/createSolanaDevnet.ts'
import { giveAmountOfGiveOrderState } from '../../../src/devnet/solana/standIn/dlnSrc/dlnSrcAccountLayouts.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import { mutateSolanaTx } from '../../helpers/mutateSolanaTx.ts'

// The devnet's dln_src and Jupiter stand-ins (docs/dln.md §4.12) on the simulator's real-format
// create-txs, in process: what they check and what they move.

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
const EVM = '0x2222222222222222222222222222222222222222'

function world() {
  const devnet = createSolanaDevnet()
  const maker = Keypair.generate()
  devnet.svm.airdrop(maker.publicKey, 10_000_000_000n)
  devnet.createMint(new PublicKey(USDC), 6, maker.publicKey)
  devnet.mintTo(new PublicKey(USDC), maker.publicKey, 1_000_000_000n)
  devnet.mintTo(new PublicKey(USDT), maker.publicKey, 1_000_000_000n)
  const quote = (tokenIn: string, nowMs = 1_000) =>
    buildOrderQuote(
      createTxParamsSchema.parse({
        srcChainId: 7565164,
        srcChainTokenIn: tokenIn,
        srcChainTokenInAmount: 100_000_000n,
        dstChainId: 8453,
        dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        dstChainTokenOutRecipient: EVM,
        srcChainOrderAuthorityAddress: maker.publicKey.toBase58(),
        dstChainOrderAuthorityAddress: EVM,
        senderAddress: maker.publicKey.toBase58(),
      }),
      { market: createMarket({ seed: 1 }), nowMs },
    )
  const send = (txData: Hex, signers = [maker]) => {
    const tx = VersionedTransaction.deserialize(hexToBytes(txData))
    tx.message.recentBlockhash = devnet.latestBlockhash().blockhash
    tx.sign(signers)
    devnet.advanceSlots(4)
    return devnet.send(tx)
  }
  const tokens = (mint: string, owner = maker.publicKey) =>
    devnet.tokenBalance(new PublicKey(mint), owner)
  const accountsOf = (orderId: string) =>
    dlnSrcOrderAccounts({
      program: SOLANA_PROGRAMS.dlnSource,
      maker: maker.publicKey.toBase58(),
      tokenMint: USDC,
      takeChainId: 8453n,
      orderId: orderId as Hex,
    })
  return { devnet, maker, quote, send, tokens, accountsOf }
}

const onCreate =
  (
    f: (ix: TransactionInstruction) => TransactionInstruction,
  ): ((ixs: TransactionInstruction[]) => TransactionInstruction[]) =>
  (ixs) =>
    ixs.map((ix) => (ix.programId.toBase58() === SOLANA_PROGRAMS.dlnSource ? f(ix) : ix))

describe('the stand-in dln_src createOrderWithNonce (docs/dln.md §4.12)', () => {
  test('default: the give moves into a new giveOrderWallet, GiveOrderState holds the order and the fee, the orderId is logged', () => {
    const w = world()
    const q = w.quote(USDC)
    const lamports = w.devnet.svm.getBalance(w.maker.publicKey)!
    const record = w.send(q.tx!.data as Hex)
    expect(record.err).toBeUndefined()
    expect(record.logs).toContain(`Program log: CreatedOrderId ${q.orderId}`)
    const a = w.accountsOf(q.orderId!)
    const wallet = w.devnet.svm.getAccount(new PublicKey(a.giveOrderWallet!))!
    expect(AccountLayout.decode(wallet.data).amount).toBe(100_000_000n)
    expect(AccountLayout.decode(wallet.data).owner.toBase58()).toBe(a.giveOrderState)
    const state = w.devnet.svm.getAccount(new PublicKey(a.giveOrderState!))!
    expect(giveAmountOfGiveOrderState(state.data)).toBe(
      100_000_000n - (100_000_000n * 4n) / 10_000n,
    )
    expect(state.lamports).toBe(2_115_840 + 15_000_000)
    // Fee + rents (giveOrderState, giveOrderWallet, nonceMaster) + the tx fee, nothing else.
    expect(lamports - w.devnet.svm.getBalance(w.maker.publicKey)!).toBe(
      15_000_000n + 2_115_840n + 2_039_280n + 1_002_240n + 25_000n,
    )
    expect(w.tokens(USDC)).toBe(900_000_000n)
  })

  test('behavior: a used nonce (giveOrderState exists) fails and moves nothing but the tx fee', () => {
    const w = world()
    const q = w.quote(USDC)
    expect(w.send(q.tx!.data as Hex).err).toBeUndefined()
    const lamports = w.devnet.svm.getBalance(w.maker.publicKey)!
    const again = w.send(q.tx!.data as Hex)
    expect(again.err).toMatch(/already in use/)
    expect(w.tokens(USDC)).toBe(900_000_000n)
    expect(lamports - w.devnet.svm.getBalance(w.maker.publicKey)!).toBe(25_000n)
  })

  test('behavior: what the program checks: the maker signs, the PDAs of the orderId, the maker wallet’s mint', () => {
    const w = world()
    const q = w.quote(USDC)
    const txData = q.tx!.data as Hex
    const payer = Keypair.generate()
    w.devnet.svm.airdrop(payer.publicKey, 1_000_000_000n)
    const cases: [string, Hex, Keypair[]][] = [
      [
        'AccountNotSigner',
        mutateSolanaTx(
          txData,
          onCreate(
            (ix) =>
              ({
                ...ix,
                keys: ix.keys.map((k, i) => (i === 0 ? { ...k, isSigner: false } : k)),
              }) as TransactionInstruction,
          ),
          { payer: payer.publicKey },
        ),
        [payer],
      ],
      [
        'GiveOrderStateWrongPubkey',
        mutateSolanaTx(
          txData,
          onCreate((ix) => {
            // Another nonce is another orderId: the escrow accounts no longer derive from it.
            const create = decodeDlnCreateOrderArgs('createOrderWithNonce', ix.data.subarray(8))
            const data = encodeDlnCreateOrder({ ...create, nonce: (create.nonce ?? 0n) + 1n })
            return { ...ix, data } as TransactionInstruction
          }),
        ),
        [w.maker],
      ],
      [
        'ConstraintTokenMint',
        mutateSolanaTx(
          txData,
          onCreate(
            (ix) =>
              ({
                ...ix,
                keys: ix.keys.map((k, i) =>
                  i === 5
                    ? {
                        ...k,
                        pubkey: getAssociatedTokenAddressSync(
                          new PublicKey(USDT),
                          w.maker.publicKey,
                        ),
                      }
                    : k,
                ),
              }) as TransactionInstruction,
          ),
        ),
        [w.maker],
      ],
    ]
    for (const [code, bad, signers] of cases) {
      const record = w.send(bad, signers)
      expect(record.err, code).toContain(`Error Code: ${code}`)
      expect(w.tokens(USDC), code).toBe(1_000_000_000n)
    }
  })
})

describe('the stand-in Jupiter route (docs/dln.md §4.12)', () => {
  test('default: a USDT input is swapped through the pool into the maker wallet the order takes from; the surplus stays', () => {
    const w = world()
    const q = w.quote(USDT)
    const record = w.send(q.tx!.data as Hex)
    expect(record.err).toBeUndefined()
    expect(record.logs.some((l) => l.startsWith('Program log: swapped 100000000'))).toBe(true)
    expect(w.tokens(USDT)).toBe(900_000_000n)
    const give = BigInt(q.estimation.srcChainTokenOut!.amount)
    expect(w.tokens(USDC)).toBeGreaterThanOrEqual(1_000_000_000n)
    const a = w.accountsOf(q.orderId!)
    const wallet = w.devnet.svm.getAccount(new PublicKey(a.giveOrderWallet!))!
    expect(AccountLayout.decode(wallet.data).amount).toBe(give)
  })

  test('behavior: below quotedOutAmount × (1 − slippage) it fails SlippageToleranceExceeded and nothing moves', () => {
    const w = world()
    const q = w.quote(USDT)
    const greedy = mutateSolanaTx(q.tx!.data as Hex, (ixs) =>
      ixs.map((ix) => {
        if (ix.programId.toBase58() !== 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4') return ix
        const data = Buffer.from(ix.data)
        // quotedOutAmount (u64 before slippageBps u16 and platformFeeBps u8) doubled.
        data.writeBigUInt64LE(data.readBigUInt64LE(data.length - 11) * 2n, data.length - 11)
        return { ...ix, data } as TransactionInstruction
      }),
    )
    const record = w.send(greedy)
    expect(record.err).toContain('Error Code: SlippageToleranceExceeded. Error Number: 6001.')
    expect(w.tokens(USDT)).toBe(1_000_000_000n)
    expect(w.tokens(USDC)).toBe(1_000_000_000n)
  })
})
