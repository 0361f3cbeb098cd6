/**
 * Shared fixtures of the dln_dst stand-in tests (cancelOrder, prepareSend and sendOrderCancel,
 * docs/dln.md §4.12): a plain account map with two funded wallets, dln_dst's shared sender and
 * deBridge's settings (its State and the give chain's ChainSupportInfo), an order into Solana, and the instructions built with overrides (another canceler, no signature,
 * other named accounts).
 */
import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { Keypair, PublicKey, SYSVAR_INSTRUCTIONS_PUBKEY } from '@solana/web3.js'
import type { Hex } from 'viem'
import { SOLANA_PROGRAMS } from '../../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../../src/chains/orderId/dlnOrder.ts'
import { authorizedDstNativeSenderAddress } from '../../../../src/chains/solana/authorizedDstNativeSender.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  claimCancelCalldata,
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeSendingAccounts,
} from '../../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  type DebridgeChainSupportInfo,
  type DebridgeSettingsState,
  encodeDebridgeChainSupportInfo,
  encodeDebridgeSettingsState,
} from '../../../../src/chains/solana/debridgeSettingsAccounts.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  encodeDlnCancelOrder,
  encodeDlnPrepareSend,
  encodeDlnSendOrderCancel,
  toDlnSolanaOrder,
} from '../../../../src/chains/solana/dlnDstCancel.ts'
import { takeOrderStateAddress } from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import type {
  StandInAccount,
  StandInContext,
  StandInInstruction,
} from '../../../../src/devnet/solana/standIn/StandInProgram.ts'
import { workingDebridgeState } from '../../../../src/devnet/solana/standIn/workingDebridgeState.ts'

export const program = SOLANA_PROGRAMS.dlnDestination
export const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58()
export const other = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58()
export const evmMe: Hex = '0x2222222222222222222222222222222222222222'
export const evmAttacker: Hex = '0x6666666666666666666666666666666666666666'
export const hex = (key: string): Hex =>
  `0x${Buffer.from(new PublicKey(key).toBytes()).toString('hex')}`
/** deBridge's fee collector as the world's State names it. */
export const feeBeneficiary = Keypair.fromSeed(new Uint8Array(32).fill(11)).publicKey.toBase58()
/** The world's global fixed fee, lamports: the devnet's (docs/dln.md §4.12). */
export const flatFee = 15_000_000n
/** dln_dst's shared sender and its rent-exempt balance of an empty account. */
export const sender = authorizedDstNativeSenderAddress(program).toBase58()
export const senderBaseLamports = 890_880

export const baseOrder: DlnOrder = {
  makerOrderNonce: 1n,
  makerSrc: evmMe,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 100_000_000n,
  takeChainId: 7565164n,
  takeTokenAddress: hex('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  takeAmount: 99_000_000n,
  receiverDst: hex(me),
  givePatchAuthoritySrc: evmMe,
  orderAuthorityAddressDst: hex(me),
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: '0x',
  externalCall: '0x',
}

export function world(lamports = 1_000_000_000) {
  const accounts = new Map<string, StandInAccount>()
  const logs: string[] = []
  const ctx: StandInContext = {
    get: (k) => accounts.get(k),
    set: (k, a) => void accounts.set(k, a),
    log: (l) => void logs.push(l),
    slot: 1,
  }
  const wallet = (key: string) =>
    accounts.set(key, {
      lamports,
      data: new Uint8Array(0),
      owner: new PublicKey('11111111111111111111111111111111'),
      executable: false,
      rentEpoch: 0,
    })
  wallet(me)
  wallet(other)
  accounts.set(sender, { ...accounts.get(me)!, lamports: senderBaseLamports })
  const w = { accounts, logs, ctx }
  setDebridgeSettings(w, {})
  return w
}

const settingsKeys = (chainId: bigint) =>
  debridgeSendingAccounts({
    sendFrom: sender,
    chainIdTo: chainId,
    externalCall: '0x',
    feeBeneficiary,
  })

/**
 * Writes deBridge's settings `State` (working, global fees `flatFee` and 0 bps, unless `state`
 * says otherwise) and `chainId`'s `ChainSupportInfo` (default: `baseOrder`'s give chain,
 * supported, no fee of its own); `null` removes the account.
 */
export function setDebridgeSettings(
  w: { accounts: Map<string, StandInAccount> },
  o: {
    state?: Partial<DebridgeSettingsState> | null
    chain?: DebridgeChainSupportInfo | null
    chainId?: bigint
  },
): void {
  const keys = settingsKeys(o.chainId ?? baseOrder.giveChainId)
  const put = (key: string, data: Buffer | null) =>
    data
      ? w.accounts.set(key, {
          lamports: 1_000_000,
          data,
          owner: new PublicKey(DEBRIDGE_SOLANA_PROGRAMS.settings),
          executable: false,
          rentEpoch: 0,
        })
      : w.accounts.delete(key)
  const state = workingDebridgeState(feeBeneficiary, {
    feeBeneficiary,
    globalFixedFee: flatFee,
    globalTransferFeeBps: 0n,
    ...o.state,
  })
  put(keys.state!, o.state === null ? null : encodeDebridgeSettingsState(state))
  const chain: DebridgeChainSupportInfo = o.chain ?? {
    supported: true,
    fixedFee: undefined,
    transferFeeBps: undefined,
    chainAddressLen: 20,
    bump: 255,
  }
  put(keys.chainSupportInfo!, o.chain === null ? null : encodeDebridgeChainSupportInfo(chain))
}

export type Over = { canceler?: string; signer?: boolean; named?: Record<string, string> }

export function cancelIx(order: DlnOrder, orderId: Hex = computeOrderId(order), o: Over = {}) {
  const canceler = o.canceler ?? me
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(program, orderId).toBase58(),
    authorizedSrcContract: authorizedSrcContractAddress(program, order.giveChainId).toBase58(),
    canceler,
    systemProgram: '11111111111111111111111111111111',
    ...o.named,
  }
  return ix(
    DLN_CANCEL_ORDER_ACCOUNTS,
    named,
    canceler,
    o.signer ?? true,
    encodeDlnCancelOrder({
      unvalidatedOrder: toDlnSolanaOrder(order),
      orderId,
    }),
  )
}

export function sendIx(order: DlnOrder, beneficiary: Hex, executionFee: bigint, o: Over = {}) {
  const canceler = o.canceler ?? me
  const orderId = computeOrderId(order)
  const sending = debridgeSendingAccounts({
    sendFrom: sender,
    chainIdTo: order.giveChainId,
    externalCall: claimCancelCalldata(orderId, beneficiary),
    feeBeneficiary,
  })
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(program, orderId).toBase58(),
    canceler,
    authorizedSrcContract: authorizedSrcContractAddress(program, order.giveChainId).toBase58(),
    ...Object.fromEntries(Object.entries(sending).map(([k, v]) => [`sending.${k}`, v])),
    ...o.named,
  }
  const data = encodeDlnSendOrderCancel({ orderId, cancelBeneficiary: beneficiary, executionFee })
  return {
    ix: ix(DLN_SEND_ORDER_CANCEL_ACCOUNTS, named, canceler, o.signer ?? true, data),
    sending,
  }
}

/** `prepareSend` paid by `o.canceler` (default us) for the send of `order`'s cancel. */
export function prepareIx(order: DlnOrder, o: Over = {}) {
  const payer = o.canceler ?? me
  const sending = sendIx(order, evmMe, 0n).sending
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(program, computeOrderId(order)).toBase58(),
    sendFrom: sender,
    sendFromWallet: sending.sendFromWallet!,
    payer,
    payerWallet: getAssociatedTokenAddressSync(NATIVE_MINT, new PublicKey(payer), true).toBase58(),
    chainSupportInfo: sending.chainSupportInfo!,
    debridgeState: sending.state!,
    systemProgram: '11111111111111111111111111111111',
    splTokenProgram: sending.splTokenProgram!,
    instructions: SYSVAR_INSTRUCTIONS_PUBKEY.toBase58(),
    ...o.named,
  }
  return ix(DLN_PREPARE_SEND_ACCOUNTS, named, payer, o.signer ?? true, encodeDlnPrepareSend())
}

/** Applies `prepare`, which sees `next` as the following instruction, then `next` itself. */
export function applyPair(
  w: ReturnType<typeof world>,
  apply: (ctx: StandInContext, ix: StandInInstruction) => void,
  prepare: StandInInstruction,
  next: StandInInstruction,
): void {
  apply({ ...w.ctx, next: { programId: next.programId, data: next.data } }, prepare)
  apply(w.ctx, next)
}

export function ix(
  names: readonly string[],
  named: Record<string, string>,
  signer: string,
  signs: boolean,
  data: Buffer,
): StandInInstruction {
  return {
    programId: program,
    accounts: names.map((n) => ({
      pubkey: named[n]!,
      isSigner: signs && named[n] === signer,
      isWritable: true,
    })),
    data,
  }
}

export const lamportsOf = (w: ReturnType<typeof world>, key: string): bigint =>
  BigInt(w.accounts.get(key)?.lamports ?? 0)
