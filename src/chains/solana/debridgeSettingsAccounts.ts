import { createHash } from 'node:crypto'
import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { BorshDecodeError, type BorshReader, borshReader, borshWriter } from './borsh.ts'

const discriminator = (name: string): Buffer =>
  createHash('sha256').update(`account:${name}`).digest().subarray(0, 8)

/** Anchor discriminators of deBridge's settings accounts ferry reads (docs/dln.md §4.10). */
export const DEBRIDGE_SETTINGS_DISCRIMINATORS = {
  state: discriminator('State'),
  chainSupportInfo: discriminator('ChainSupportInfo'),
} as const

/**
 * deBridge's settings `State` (its settings program's IDL, docs/dln.md §4.10): who collects the
 * fees, whether the gate works, and the global fees that a chain without its own applies.
 */
export type DebridgeSettingsState = {
  status: 'Working' | 'Paused'
  protocolAuthority: string
  stopTap: string
  feeBeneficiary: string
  /** 20-byte oracle addresses, 0x-hex. */
  oracles: Hex[]
  requiredOracles: Hex[]
  confirmationGuard: {
    currentTimeslot: bigint | undefined
    submissionInTimeslotCount: number
    confirmationThreshold: number
    excessConfirmations: number
    minConfirmations: number
    excessConfirmationTimeslot: bigint
  }
  /** Fixed fee of a send, in lamports. */
  globalFixedFee: bigint
  /** Transfer fee of a send, in bps of the amount sent. */
  globalTransferFeeBps: bigint
}

/** deBridge's `ChainSupportInfo` of one chain: its own fees override the global ones. */
export type DebridgeChainSupportInfo =
  | { supported: false; bump: number }
  | {
      supported: true
      /** Lamports; undefined: the state's global fixed fee. */
      fixedFee: bigint | undefined
      /** Bps; undefined: the state's global transfer fee. */
      transferFeeBps: bigint | undefined
      chainAddressLen: number
      bump: number
    }

function readAccount<T>(
  data: Uint8Array,
  name: keyof typeof DEBRIDGE_SETTINGS_DISCRIMINATORS,
  read: (r: BorshReader) => T,
): T {
  const head = Buffer.from(data.subarray(0, 8))
  if (!head.equals(DEBRIDGE_SETTINGS_DISCRIMINATORS[name])) {
    throw new BorshDecodeError(name, 0, `discriminator ${head.toString('hex')} is not ${name}'s`)
  }
  // Accounts may be allocated larger than their data: trailing bytes are not an error.
  return read(borshReader(data.subarray(8)))
}

const vec20 = (r: BorshReader, field: string): Hex[] =>
  Array.from({ length: r.u32(field) }, (_, i) => r.fixed(`${field}[${i}]`, 20))

/** Decodes deBridge's settings `State` account. @throws BorshDecodeError naming the field. */
export function decodeDebridgeSettingsState(data: Uint8Array): DebridgeSettingsState {
  return readAccount(data, 'state', (r) => {
    const tag = r.u8('status')
    if (tag > 1) throw new BorshDecodeError('status', 8, `variant ${tag} is not Working or Paused`)
    const key = (f: string) => (r.publicKey(f) as PublicKey).toBase58()
    return {
      status: tag === 0 ? 'Working' : 'Paused',
      protocolAuthority: key('protocolAuthority'),
      stopTap: key('stopTap'),
      feeBeneficiary: key('feeBeneficiary'),
      oracles: vec20(r, 'oracles'),
      requiredOracles: vec20(r, 'requiredOracles'),
      confirmationGuard: {
        currentTimeslot: r.option('confirmationGuard.currentTimeslot', () =>
          r.u64('confirmationGuard.currentTimeslot'),
        ),
        submissionInTimeslotCount: r.u32('confirmationGuard.submissionInTimeslotCount'),
        confirmationThreshold: r.u32('confirmationGuard.confirmationThreshold'),
        excessConfirmations: r.u32('confirmationGuard.excessConfirmations'),
        minConfirmations: r.u32('confirmationGuard.minConfirmations'),
        excessConfirmationTimeslot: r.u64('confirmationGuard.excessConfirmationTimeslot'),
      },
      globalFixedFee: r.u64('globalFixedFee'),
      globalTransferFeeBps: r.u64('globalTransferFeeBps'),
    }
  })
}

/** The account data of a settings `State` (the devnet writes it). */
export function encodeDebridgeSettingsState(s: DebridgeSettingsState): Buffer {
  const w = borshWriter().raw(DEBRIDGE_SETTINGS_DISCRIMINATORS.state)
  w.u8(s.status === 'Working' ? 0 : 1)
  w.publicKey(s.protocolAuthority).publicKey(s.stopTap).publicKey(s.feeBeneficiary)
  for (const list of [s.oracles, s.requiredOracles]) {
    w.u32(list.length)
    for (const o of list) w.fixed(o, 20)
  }
  const g = s.confirmationGuard
  w.option(g.currentTimeslot, (v) => w.u64(v))
  w.u32(g.submissionInTimeslotCount).u32(g.confirmationThreshold)
  w.u32(g.excessConfirmations).u32(g.minConfirmations).u64(g.excessConfirmationTimeslot)
  return w.u64(s.globalFixedFee).u64(s.globalTransferFeeBps).done()
}

/** Decodes deBridge's `ChainSupportInfo` account. @throws BorshDecodeError naming the field. */
export function decodeDebridgeChainSupportInfo(data: Uint8Array): DebridgeChainSupportInfo {
  return readAccount(data, 'chainSupportInfo', (r) => {
    const tag = r.u8('data')
    if (tag === 0) return { supported: false, bump: r.u8('chainSupportInfoBump') }
    if (tag !== 1)
      throw new BorshDecodeError('data', 8, `variant ${tag} is not a ChainSupportInfoVariant`)
    const fixedFee = r.option('data.fixedFee', () => r.u64('data.fixedFee'))
    const transferFeeBps = r.option('data.transferFeeBps', () => r.u64('data.transferFeeBps'))
    const chainAddressLen = r.u16('data.chainAddressLen')
    return {
      supported: true,
      fixedFee,
      transferFeeBps,
      chainAddressLen,
      bump: r.u8('chainSupportInfoBump'),
    }
  })
}

/** The account data of a `ChainSupportInfo` (the devnet writes it). */
export function encodeDebridgeChainSupportInfo(c: DebridgeChainSupportInfo): Buffer {
  const w = borshWriter().raw(DEBRIDGE_SETTINGS_DISCRIMINATORS.chainSupportInfo)
  if (!c.supported) return w.u8(0).u8(c.bump).done()
  w.u8(1)
    .option(c.fixedFee, (v) => w.u64(v))
    .option(c.transferFeeBps, (v) => w.u64(v))
  return w.u16(c.chainAddressLen).u8(c.bump).done()
}

/**
 * What deBridge charges a send from Solana to a chain, as its SDK computes it
 * (`getFeesOrGlobal`: the chain's own fee, else the state's global one; docs/dln.md §4.10).
 * Pure.
 * @throws Error when the gate is paused or does not support the chain.
 */
export function debridgeSolanaSendFee(
  state: DebridgeSettingsState,
  chain: DebridgeChainSupportInfo,
): { fixedFeeLamports: bigint; transferFeeBps: bigint } {
  if (state.status !== 'Working') throw new Error('deBridge’s gate on Solana is paused')
  if (!chain.supported) throw new Error('deBridge’s gate on Solana does not support the chain')
  return {
    // `||` as the SDK: a chain fee of 0 falls back to the global one.
    fixedFeeLamports: chain.fixedFee || state.globalFixedFee,
    transferFeeBps: chain.transferFeeBps || state.globalTransferFeeBps,
  }
}

/**
 * The amount a send carries so that `executionFee` reaches the keeper after deBridge's transfer
 * fee: `executionFee × 10 000 / (10 000 − transferFeeBps)`, rounded down as deBridge's SDK does
 * (`DlnDst.getSendCost`, `accountedExecutionFee`; docs/dln.md §4.10). Lamports. Pure.
 */
export function accountedExecutionFeeLamports(
  executionFee: bigint,
  transferFeeBps: bigint,
): bigint {
  return (executionFee * 10_000n) / (10_000n - transferFeeBps)
}

/**
 * What a send with `executionFee` pays deBridge: the fixed fee plus the execution fee grossed up
 * by the transfer fee (deBridge's SDK `DlnDst.getSendCost`; docs/dln.md §4.10). Lamports. Pure.
 */
export function debridgeSendFeeLamports(
  fee: { fixedFeeLamports: bigint; transferFeeBps: bigint },
  executionFee: bigint,
): bigint {
  return fee.fixedFeeLamports + accountedExecutionFeeLamports(executionFee, fee.transferFeeBps)
}
