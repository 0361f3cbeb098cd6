import { getAssociatedTokenAddressSync, NATIVE_MINT, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { PublicKey, SYSVAR_INSTRUCTIONS_PUBKEY, SystemProgram } from '@solana/web3.js'
import { type Hex, keccak256 } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { authorizedDstNativeSenderAddress } from './authorizedDstNativeSender.ts'

/** deBridge's Solana programs: the gate (`debridgeProgram`) and its settings (docs/dln.md §4.10). */
export const DEBRIDGE_SOLANA_PROGRAMS = {
  debridge: 'DEbrdGj3HsRsAzx6uH4MKyREKxVAfBydijLUF3ygsFfh',
  settings: 'DeSetTwWhjZq6Pz9Kfdo1KoS5NqtsM6G8ERbX4SSCSft',
} as const

/** Inputs of {@link debridgeSendingAccounts}. */
export type DebridgeSendingParams = {
  /** Who pays the message (base58): for dln_dst, its shared sender PDA (authorizedDstNativeSenderAddress). */
  sendFrom: string
  /** The chain the message goes to (deBridge's internal id): the order's give chain. */
  chainIdTo: bigint
  /** The message's external call: dln_src's `claimCancel` calldata for a cancel. */
  externalCall: Hex
  /** `state.feeBeneficiary`: read from deBridge's state account, not derivable (base58). */
  feeBeneficiary: string
}

const u256 = (n: bigint): Buffer => Buffer.from(n.toString(16).padStart(64, '0'), 'hex')
const pda = (seeds: (Buffer | Uint8Array)[], program: string): PublicKey =>
  PublicKey.findProgramAddressSync(seeds, new PublicKey(program))[0]

/** deBridge's settings `State`: the settings PDA `["DEBRIDGE_STATE"]` (docs/dln.md §4.10). Pure. */
export function debridgeStateAddress(): PublicKey {
  return pda([Buffer.from('DEBRIDGE_STATE')], DEBRIDGE_SOLANA_PROGRAMS.settings)
}

/** deBridge's `ChainSupportInfo` of a chain: the settings PDA `["CHAIN_SUPPORT_INFO", chain u256]`. Pure. */
export function chainSupportInfoAddress(chainId: bigint): PublicKey {
  return pda([Buffer.from('CHAIN_SUPPORT_INFO'), u256(chainId)], DEBRIDGE_SOLANA_PROGRAMS.settings)
}

/**
 * deBridge's sending group of `sendOrderCancel` for a message paid in SOL (the wSOL bridge, no
 * asset fee, no discount), derived with the seeds deBridge's Solana SDK uses
 * (deBridge's `solana-utils` `accounts.js`, `constants.js`;
 * deBridge's `solana-contracts-client` `buildSendContext`; docs/dln.md §4.10), keyed by
 * name without `sending.`. Pure.
 */
export function debridgeSendingAccounts(p: DebridgeSendingParams): Record<string, string> {
  const { debridge, settings } = DEBRIDGE_SOLANA_PROGRAMS
  const bridge = pda([Buffer.from('BRIDGE'), NATIVE_MINT.toBuffer()], settings)
  const mintAuthority = pda([Buffer.from('BRIDGE_MINTER'), bridge.toBuffer()], debridge)
  const sendFrom = new PublicKey(p.sendFrom)
  const shortcut = Buffer.from(keccak256(p.externalCall).slice(2), 'hex')
  const externalCallStorage = pda(
    [
      Buffer.from('EXTERNAL_CALL_STORAGE'),
      shortcut,
      sendFrom.toBuffer(),
      u256(BigInt(SOLANA_CHAIN_ID)),
    ],
    debridge,
  )
  const accounts: Record<string, PublicKey> = {
    nonceStorage: pda([Buffer.from('NONCE')], debridge),
    sendFrom,
    sendFromWallet: getAssociatedTokenAddressSync(NATIVE_MINT, sendFrom, true),
    systemProgram: SystemProgram.programId,
    externalCallStorage,
    externalCallMeta: pda(
      [Buffer.from('EXTERNAL_CALL_META'), externalCallStorage.toBuffer()],
      debridge,
    ),
    discount: pda([Buffer.from('NO_DISCOUNT')], settings),
    bridgeFee: pda([Buffer.from('DEFAULT_BRIDGE_FEE_INFO')], settings),
    bridge,
    tokenMint: NATIVE_MINT,
    stakingWallet: getAssociatedTokenAddressSync(NATIVE_MINT, mintAuthority, true),
    mintAuthority,
    chainSupportInfo: chainSupportInfoAddress(p.chainIdTo),
    settingsProgram: new PublicKey(settings),
    splTokenProgram: TOKEN_PROGRAM_ID,
    state: debridgeStateAddress(),
    feeBeneficiary: new PublicKey(p.feeBeneficiary),
    debridgeProgram: new PublicKey(debridge),
  }
  return Object.fromEntries(Object.entries(accounts).map(([k, v]) => [k, v.toBase58()]))
}

/**
 * The external call dln_dst sends with a cancel: `claimCancel(orderId, beneficiary)` on dln_src of
 * the give chain, selector `d48b0146` then the 32-byte id and the beneficiary left-padded to 32
 * bytes (deBridge's SDK `dln-client` `DlnDst.buildCancelCalldata`; docs/dln.md §4.10).
 */
export function claimCancelCalldata(orderId: Hex, beneficiary: Hex): Hex {
  return `0xd48b0146${orderId.slice(2)}${beneficiary.slice(2).padStart(64, '0')}`
}

/**
 * deBridge's discount account of a sender, the settings PDA `["DISCOUNT_INFO", sender]`: its SDK
 * names it as `sending.discount` when it exists and `["NO_DISCOUNT"]` otherwise (deBridge's
 * `solana-contracts-client` `buildSendContext`; docs/dln.md §4.10). Pure.
 */
export function debridgeDiscountInfoAddress(sender: string): string {
  return pda(
    [Buffer.from('DISCOUNT_INFO'), new PublicKey(sender).toBuffer()],
    DEBRIDGE_SOLANA_PROGRAMS.settings,
  ).toBase58()
}

/** Bytes deBridge allocates for a message's external-call meta account (docs/dln.md §4.10). */
export const EXTERNAL_CALL_META_SPACE = 8 + 8 + 8 + 1 + 1 + 1

/**
 * Rent a dln_dst send pays for the two accounts deBridge creates for its external call: the
 * storage of `8 + externalCallBytes` bytes and the meta of {@link EXTERNAL_CALL_META_SPACE}, each
 * at Solana's rent-exempt minimum, (space + 128) × 3 480 × 2 (deBridge's SDK `dln-client` 8.3.6
 * `DlnDst.getSendCost`, `transactionCost`; docs/dln.md §4.10). A cancel's call is
 * `claimCancel`, 68 bytes: 1 419 840 + 1 078 800 lamports (a 27-byte meta). Pure.
 */
export function debridgeSendRentLamports(externalCallBytes: number): bigint {
  const rent = (space: number): bigint => BigInt((space + 128) * 3_480 * 2)
  return rent(8 + externalCallBytes) + rent(EXTERNAL_CALL_META_SPACE)
}

/**
 * deBridge's lookup table of its sending accounts on mainnet (deBridge's SDK `dln-client`
 * 8.3.6 `DlnDst.getSendALT`, Prod), which a cancel into Solana loads them through.
 */
export const DLN_SEND_LOOKUP_TABLE = 'Z9SwCHdnxCpAEHdTewMXqZedbQBuBpQr16G9yedAU9q'

/**
 * What a send lookup table holds so that a cancel from any of `giveChainIds` loads every shared
 * account through it, as deBridge's own table does (deBridge's SDK `dln-client` 8.3.6
 * `DlnDst.getDLNSendALTAccounts`): the sending accounts no message changes, dln_dst's shared
 * sender and its wSOL wallet, the instructions sysvar `prepareSend` reads, and per give chain its
 * `chainSupportInfo` and dln_dst's `authorizedSrcContract` (docs/dln.md §4.10). Pure.
 */
export function dlnSendTableAddresses(p: {
  dlnDestination: string
  feeBeneficiary: string
  giveChainIds: readonly bigint[]
}): PublicKey[] {
  const shared = debridgeSendingAccounts({
    sendFrom: authorizedDstNativeSenderAddress(p.dlnDestination).toBase58(),
    chainIdTo: 0n,
    externalCall: '0x',
    feeBeneficiary: p.feeBeneficiary,
  })
  const perMessage = new Set(['externalCallStorage', 'externalCallMeta', 'chainSupportInfo'])
  const keys = Object.entries(shared)
    .filter(([name]) => !perMessage.has(name))
    .map(([, key]) => new PublicKey(key))
  keys.push(SYSVAR_INSTRUCTIONS_PUBKEY)
  for (const chainId of p.giveChainIds) {
    keys.push(chainSupportInfoAddress(chainId))
    keys.push(pda([Buffer.from('AUTHORIZED_SRC_CONTRACT'), u256(chainId)], p.dlnDestination))
  }
  return keys
}
