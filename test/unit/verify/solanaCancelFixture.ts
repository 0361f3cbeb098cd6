import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildDlnCancelTx } from '../../../src/chains/solana/buildDlnCancelTx.ts'
import type { DebridgeSendFee } from '../../../src/chains/solana/debridgeSendFeeOf.ts'
import { dlnSendTableAddresses } from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { verifySolanaCancelTx } from '../../../src/verify/verifySolanaCancelTx.ts'

/**
 * Fixtures of the Solana cancel verifier tests (docs/dln.md §4.10): an order into Solana, ferry's
 * honest cancel of it through a send lookup table, and ways to tamper with it.
 */

export const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
export const attacker = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
export const evmMe = '0x2222222222222222222222222222222222222222'
export const program = SOLANA_PROGRAMS.dlnDestination
export const hex = (key: PublicKey): Hex => `0x${Buffer.from(key.toBytes()).toString('hex')}`
export const order: DlnOrder = {
  makerOrderNonce: 1n,
  makerSrc: evmMe,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 100_000_000n,
  takeChainId: 7565164n,
  takeTokenAddress: hex(new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')),
  takeAmount: 99_000_000n,
  receiverDst: hex(me),
  givePatchAuthoritySrc: evmMe,
  orderAuthorityAddressDst: hex(me),
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: evmMe,
  externalCall: '0x',
}
export const orderId = computeOrderId(order)
// deBridge's state's fee beneficiary is not derivable: a seeded key here.
export const feeBeneficiary = Keypair.fromSeed(new Uint8Array(32).fill(41)).publicKey.toBase58()
/** deBridge's fee as its accounts would say: 0.015 SOL, no transfer fee. */
export const debridgeFee: DebridgeSendFee = {
  fixedFeeLamports: 15_000_000n,
  transferFeeBps: 0n,
  feeBeneficiary,
}

export const table = new AddressLookupTableAccount({
  key: Keypair.fromSeed(new Uint8Array(32).fill(99)).publicKey,
  state: {
    deactivationSlot: 2n ** 64n - 1n,
    lastExtendedSlot: 0,
    lastExtendedSlotStartIndex: 0,
    addresses: dlnSendTableAddresses({
      dlnDestination: program,
      feeBeneficiary,
      giveChainIds: [order.giveChainId],
    }),
  },
})
export const tables = new Map([[table.key.toBase58(), table.state.addresses]])

export const cancelTx = (over: Partial<Parameters<typeof buildDlnCancelTx>[0]> = {}): Hex =>
  buildDlnCancelTx({
    authority: me.toBase58(),
    order,
    orderId,
    beneficiary: evmMe,
    dlnDestination: program,
    feeBeneficiary,
    lookupTables: [table],
    ...over,
  }).data
export const mutateSolanaTx = (
  txData: Hex,
  f: (ixs: TransactionInstruction[]) => TransactionInstruction[],
): Hex => {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  const m = TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: [table] })
  const rebuilt = new TransactionMessage({ ...m, instructions: f(m.instructions) })
  return bytesToHex(new VersionedTransaction(rebuilt.compileToV0Message([table])).serialize())
}
export const verify = (txData: Hex, o: DlnOrder = order, fee: DebridgeSendFee = debridgeFee) =>
  verifySolanaCancelTx({
    txData,
    orderId,
    order: o,
    ourDstKey: me.toBase58(),
    ourSrcAddress: evmMe,
    dlnDestination: program,
    lookupTables: tables,
    debridgeFee: fee,
  })
export const refusedAt = (
  txData: Hex,
  o: DlnOrder = order,
  fee: DebridgeSendFee = debridgeFee,
): string => {
  try {
    verify(txData, o, fee)
  } catch (error) {
    if (error instanceof VerificationError) return error.field
    throw error
  }
  return '(accepted)'
}

/** The honest cancel with account `accountAt` of instruction `ixAt` replaced by `key`. */
export const swapIn = (ixAt: number, accountAt: number, key: PublicKey, signer = false): Hex =>
  mutateSolanaTx(cancelTx(), (ixs) =>
    ixs.map((ix, i) =>
      i === ixAt
        ? {
            ...ix,
            keys: ix.keys.map((k, n) =>
              n === accountAt ? { ...k, pubkey: key, isSigner: signer } : k,
            ),
          }
        : ix,
    ),
  )
