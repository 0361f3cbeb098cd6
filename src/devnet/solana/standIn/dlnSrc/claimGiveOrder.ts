import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { PublicKey, SystemProgram } from '@solana/web3.js'
import type { LiteSVM } from 'litesvm'
import { type Hex, hexToBytes } from 'viem'
import { SOLANA_PROGRAMS } from '../../../../chains/chainRegistry.ts'
import { readTokenAccount, rentLamports, tokenAccountData } from '../standInAccounts.ts'
import { GIVE_ORDER_STATE_SIZE, giveAmountOfGiveOrderState, pdaOf } from './dlnSrcAccountLayouts.ts'

/**
 * What dln_src's `claimUnlock` / `claimOrderCancel` do to an order once deBridge's message from the
 * take chain arrives (docs/dln.md §4.12), which the devnet, having no deBridge messaging on
 * Solana, applies when its solver relays the message: the order's giveAmount leaves giveOrderWallet
 * for `beneficiary` (its token account, created if missing; native SOL unwrapped to the wallet),
 * and GiveOrderState's status becomes ClaimedUnlock / ClaimedCancel (tag 1 / 2). Returns the amount
 * paid. The fixed fee and percent fee stay where the create put them. Throws when the order is not in state Created.
 */
export function claimGiveOrder(
  svm: LiteSVM,
  p: { orderId: Hex; beneficiary: string; kind: 'unlock' | 'cancel' },
): bigint {
  const program = SOLANA_PROGRAMS.dlnSource
  const id = Buffer.from(hexToBytes(p.orderId))
  const [stateKey] = pdaOf(program, Buffer.from('GIVE_ORDER_STATE'), id)
  const [walletKey] = pdaOf(program, Buffer.from('GIVE_ORDER_WALLET'), id)
  const state = svm.getAccount(stateKey)
  const giveAmount = giveAmountOfGiveOrderState(state?.data)
  const walletAccount = svm.getAccount(walletKey)
  const wallet = readTokenAccount(walletAccount ?? undefined)
  if (!state || giveAmount === undefined || !wallet || !walletAccount) {
    throw new Error(`order ${p.orderId}: GiveOrderStateWrongStatus (not Created)`)
  }
  const beneficiary = new PublicKey(p.beneficiary)
  const native = wallet.mint === NATIVE_MINT.toBase58()
  const left = wallet.amount - giveAmount
  svm.setAccount(walletKey, {
    ...walletAccount,
    data: tokenAccountData(wallet.mint, wallet.owner, left, native),
    lamports: native ? walletAccount.lamports - Number(giveAmount) : walletAccount.lamports,
  })
  if (native) {
    const to = svm.getAccount(beneficiary)
    svm.setAccount(beneficiary, {
      lamports: (to?.lamports ?? 0) + Number(giveAmount),
      data: to?.data ?? new Uint8Array(),
      owner: to?.owner ?? SystemProgram.programId,
      executable: false,
    })
  } else {
    const ata = getAssociatedTokenAddressSync(new PublicKey(wallet.mint), beneficiary, true)
    const had = readTokenAccount(svm.getAccount(ata) ?? undefined)?.amount ?? 0n
    svm.setAccount(ata, {
      lamports: rentLamports(165),
      data: tokenAccountData(wallet.mint, beneficiary.toBase58(), had + giveAmount, false),
      owner: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
      executable: false,
    })
  }
  const data = Buffer.alloc(GIVE_ORDER_STATE_SIZE)
  Buffer.from(state.data.subarray(0, 8)).copy(data)
  // ClaimedUnlock / ClaimedCancel { affiliate_fee: None }.
  data[8] = p.kind === 'unlock' ? 1 : 2
  data[9] = 0
  svm.setAccount(stateKey, { ...state, data })
  return giveAmount
}
