import {
  AuthorityType,
  createApproveCheckedInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createAssociatedTokenAccountInstruction,
  createBurnInstruction,
  createCloseAccountInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  TransactionInstruction as Ix,
  Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
} from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../src/api/requests/buildCreateTxQuery.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import { allowedSolanaPrograms } from '../../../src/verify/checkSolanaInstructions.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { checkSolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import { mutateSolanaTx, randomSolanaKey } from '../../helpers/mutateSolanaTx.ts'

const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
const evmMe = '0x2222222222222222222222222222222222222222'
const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const escrow = new PublicKey(SOLANA_PROGRAMS.dlnSource)
const myAta = getAssociatedTokenAddressSync(USDC, me)
const thief = randomSolanaKey()

const params: CreateTxParams = {
  srcChainId: 7565164,
  srcChainTokenIn: USDC.toBase58(),
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  dstChainTokenOutRecipient: evmMe,
  srcChainOrderAuthorityAddress: me.toBase58(),
  dstChainOrderAuthorityAddress: evmMe,
  srcAllowedCancelBeneficiary: me.toBase58(),
  senderAddress: me.toBase58(),
}
const quote = buildOrderQuote(createTxParamsSchema.parse(params), {
  market: createMarket(),
  nowMs: 1_767_225_600_000,
})
const intent: OrderIntent = {
  srcChainId: 7565164,
  dstChainId: 8453,
  sender: me.toBase58(),
  tokenIn: USDC.toBase58(),
  amountIn: 100_000_000n,
  tokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  minTakeAmount: 1n,
  receiver: evmMe,
  srcAuthority: me.toBase58(),
  dstAuthority: evmMe,
  cancelBeneficiary: me.toBase58(),
}

/** The failed fields when `extra` is put before the order's own instructions (or after). */
function failedWith(extra: TransactionInstruction, where: 'before' | 'after' = 'after'): string[] {
  const txData = mutateSolanaTx(quote.tx!.data as Hex, (ixs) =>
    where === 'before' ? [extra, ...ixs] : [...ixs, extra],
  )
  const { checks } = checkSolanaOrderTx({ txData, intent, announcedOrderId: quote.orderId! })
  return checks.filter((c) => !c.ok).map((c) => c.field)
}

describe('checkSolanaInstructions', () => {
  test('default: the allow-list is explicit and the order program is not on it', () => {
    expect(allowedSolanaPrograms()).toEqual([
      'ComputeBudget111111111111111111111111111111',
      '11111111111111111111111111111111',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
      'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
    ])
    // A transaction that invokes the order program is read as a real dln_src create-tx
    // (docs/dln.md §4.10): an instruction that is no createOrder(WithNonce) does not decode.
    const invoke = new Ix({ programId: escrow, keys: [], data: Buffer.from([1]) })
    expect(failedWith(invoke)).toContain('instructions[5].data')
  })

  test('behavior: no token instruction but the give touches our accounts', () => {
    const cases: TransactionInstruction[] = [
      createApproveCheckedInstruction(myAta, USDC, thief, me, 1n, 6),
      createSetAuthorityInstruction(myAta, me, AuthorityType.AccountOwner, thief),
      createSetAuthorityInstruction(myAta, me, AuthorityType.CloseAccount, thief),
      createCloseAccountInstruction(myAta, thief, me),
      createBurnInstruction(myAta, USDC, me, 1n),
      createTransferInstruction(myAta, getAssociatedTokenAddressSync(USDC, thief, true), me, 1n),
    ]
    for (const ix of cases) expect(failedWith(ix)).toEqual(['instructions[5]'])
    // A second TransferChecked is well formed, so the count refuses it.
    const extra = createTransferCheckedInstruction(
      myAta,
      USDC,
      getAssociatedTokenAddressSync(USDC, thief, true),
      me,
      1n,
      6,
    )
    expect(failedWith(extra)).toEqual(['tokenTransfers'])
  })

  test('behavior: no System instruction but transfers from us (no assign, allocate, seed transfer)', () => {
    expect(failedWith(SystemProgram.assign({ accountPubkey: me, programId: thief }))).toEqual([
      'instructions[5]',
    ])
    expect(failedWith(SystemProgram.allocate({ accountPubkey: me, space: 10 }))).toEqual([
      'instructions[5]',
    ])
    const send = SystemProgram.transfer({ fromPubkey: me, toPubkey: thief, lamports: 1n })
    expect(failedWith(send)).toEqual(['lamportTransfers'])
  })

  test('behavior: an ATA is created only for the escrow or us, of the give mint, paid by us', () => {
    const escrowAta = getAssociatedTokenAddressSync(USDC, escrow, true)
    const ok = createAssociatedTokenAccountIdempotentInstruction(me, escrowAta, escrow, USDC)
    expect(failedWith(ok, 'before')).toEqual([])
    const theirs = createAssociatedTokenAccountInstruction(
      me,
      getAssociatedTokenAddressSync(USDC, thief, true),
      thief,
      USDC,
    )
    expect(failedWith(theirs, 'before')).toEqual(['instructions[0].owner'])
    const otherMint = randomSolanaKey()
    const mine = createAssociatedTokenAccountIdempotentInstruction(
      me,
      getAssociatedTokenAddressSync(otherMint, me),
      me,
      otherMint,
    )
    expect(failedWith(mine, 'before')).toEqual(['instructions[0].mint'])
    const wrongAddress = createAssociatedTokenAccountIdempotentInstruction(me, thief, me, USDC)
    expect(failedWith(wrongAddress, 'before')).toEqual(['instructions[0].account'])
  })

  test('behavior: exactly one order instruction (the order memo)', () => {
    const txData = mutateSolanaTx(quote.tx!.data as Hex, (ixs) => [...ixs, ixs[4]!])
    const { checks } = checkSolanaOrderTx({ txData, intent, announcedOrderId: quote.orderId! })
    expect(checks.filter((c) => !c.ok).map((c) => c.field)).toEqual(['memo'])
  })
})
