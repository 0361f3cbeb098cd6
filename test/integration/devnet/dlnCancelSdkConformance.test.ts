import {
  type AddressLookupTableAccount,
  Keypair,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes, size } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SOLANA_CHAIN_ID } from '../../../src/api/schemas/chainId.ts'
import { EVM_CONTRACTS, SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildDlnCancelTx } from '../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  debridgeSendFeeAccounts,
  debridgeSendFeeOf,
} from '../../../src/chains/solana/debridgeSendFeeOf.ts'
import {
  claimCancelCalldata,
  debridgeSendRentLamports,
} from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import { accountedExecutionFeeLamports } from '../../../src/chains/solana/debridgeSettingsAccounts.ts'
import { readSolanaAccounts } from '../../../src/chains/solana/readSolanaAccounts.ts'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import {
  SIM_DEBRIDGE_FEE_BENEFICIARY,
  simDlnSendTable,
} from '../../../src/sim/server/simDlnSendTable.ts'
import {
  type DebridgeSdkDevnet,
  SdkOrder,
  startDebridgeSdkDevnet,
} from '../../helpers/startDebridgeSdkDevnet.ts'

// ferry's Solana cancel (docs/dln.md §4.10) against deBridge's own builder,
// dln-client 8.3.6 `DLNDst.buildFullCancelTransaction` (GPL-3.0, test-only), which reads deBridge's
// state, bridge, chain support, dln_dst's authorized source and the send lookup table over a real
// Connection: ferry's Solana devnet on loopback, holding them encoded with deBridge's own IDLs.
// Both transactions are decompiled through the same table and compared instruction by instruction.

const ARBITRUM = 42161n
const authority = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
const receiver = Keypair.fromSeed(new Uint8Array(32).fill(10)).publicKey
const USDC_SOLANA = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const hex = (key: PublicKey): Hex => `0x${key.toBuffer().toString('hex')}`
const bytes = (h: Hex): Buffer => Buffer.from(h.slice(2), 'hex')

/** An order from Arbitrum's USDC into Solana's USDC, cancellable by `authority`. */
function arbitrumToSolana(extra: Partial<DlnOrder> = {}): DlnOrder {
  return {
    makerOrderNonce: 1_764_000_000_123n,
    makerSrc: '0x1111111111111111111111111111111111111111',
    giveChainId: ARBITRUM,
    giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    giveAmount: 100_000_000n,
    takeChainId: BigInt(SOLANA_CHAIN_ID),
    takeTokenAddress: hex(USDC_SOLANA),
    takeAmount: 99_200_000n,
    receiverDst: hex(receiver),
    givePatchAuthoritySrc: '0x1111111111111111111111111111111111111111',
    orderAuthorityAddressDst: hex(authority),
    allowedTakerDst: '0x',
    allowedCancelBeneficiarySrc: '0x',
    externalCall: '0x',
    ...extra,
  }
}

/** ferry's order as dln-client's `OrderDataWithId` (what `orderDataToAnchorFormat` reads). */
function sdkOrderWithId(o: DlnOrder, orderId: Hex) {
  const optional = (h: Hex) => (size(h) === 0 ? undefined : bytes(h))
  return {
    nonce: o.makerOrderNonce,
    maker: bytes(o.makerSrc),
    give: {
      tokenAddress: bytes(o.giveTokenAddress),
      chainId: Number(o.giveChainId),
      amount: o.giveAmount,
    },
    take: {
      tokenAddress: bytes(o.takeTokenAddress),
      chainId: Number(o.takeChainId),
      amount: o.takeAmount,
    },
    receiver: bytes(o.receiverDst),
    givePatchAuthority: bytes(o.givePatchAuthoritySrc),
    orderAuthorityDstAddress: bytes(o.orderAuthorityAddressDst),
    allowedTaker: optional(o.allowedTakerDst),
    allowedCancelBeneficiary: optional(o.allowedCancelBeneficiarySrc),
    externalCall:
      size(o.externalCall) === 0 ? undefined : { externalCallData: bytes(o.externalCall) },
    orderId: bytes(orderId),
  }
}

/** A v0 transaction as its fee payer, resolved instructions and table-loaded keys. */
function decompile(raw: Uint8Array, table: AddressLookupTableAccount) {
  const tx = VersionedTransaction.deserialize(raw)
  const message = TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: [table] })
  const loaded = (kind: 'writableIndexes' | 'readonlyIndexes') =>
    tx.message.addressTableLookups.flatMap((l) => {
      expect(l.accountKey.toBase58()).toBe(table.key.toBase58())
      return l[kind].map((i) => table.state.addresses[i]!.toBase58())
    })
  return {
    payer: message.payerKey.toBase58(),
    instructions: message.instructions.map((ix) => ({
      programId: ix.programId.toBase58(),
      keys: ix.keys.map((k) => ({
        pubkey: k.pubkey.toBase58(),
        isSigner: k.isSigner,
        isWritable: k.isWritable,
      })),
      data: ix.data.toString('hex'),
    })),
    viaTable: { writable: loaded('writableIndexes'), readonly: loaded('readonlyIndexes') },
    message: Buffer.from(tx.message.serialize()).toString('hex'),
  }
}

let world: DebridgeSdkDevnet
const tables: Record<'deBridge' | 'ferry', PublicKey[]> = {
  deBridge: [],
  ferry: simDlnSendTable().state.addresses,
}

beforeAll(async () => {
  world = await startDebridgeSdkDevnet({
    feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
    giveChains: [{ chainId: ARBITRUM, dlnSource: EVM_CONTRACTS.dlnSource as Hex }],
    table: tables.ferry,
  })
  // deBridge's own list of what its send table holds (getDLNSendALTAccounts).
  const listed = await world.sdkClient().getDLNSendALTAccounts([Number(ARBITRUM)])
  tables.deBridge = listed.map((k) => new PublicKey(k.toBase58()))
})
afterAll(() => world?.close())

const cases: { name: string; order: DlnOrder; executionFeeLamports: bigint }[] = [
  {
    name: 'a plain order, refunded to its maker',
    order: arbitrumToSolana(),
    executionFeeLamports: 0n,
  },
  {
    name: 'an order with allowedCancelBeneficiarySrc and an execution fee',
    order: arbitrumToSolana({
      allowedCancelBeneficiarySrc: '0x3333333333333333333333333333333333333333',
    }),
    executionFeeLamports: 1_500_000n,
  },
  {
    name: 'an order with a hook',
    order: arbitrumToSolana({ externalCall: `0x${'c0ffee'.repeat(40)}` }),
    executionFeeLamports: 0n,
  },
]

describe.each(['deBridge', 'ferry'] as const)('through %s’s send lookup table', (tableName) => {
  let table: AddressLookupTableAccount
  beforeAll(async () => {
    await world.setTable(tables[tableName])
    table = await world.table()
    expect(table.state.addresses.length).toBe(tables[tableName].length)
  })

  test.each(cases)('$name: ferry builds the SDK’s cancel transaction', async (c) => {
    const orderId = computeOrderId(c.order)
    const orderWithId = sdkOrderWithId(c.order, orderId)
    // The mapping is right only if the SDK computes the same id from it.
    expect(SdkOrder.calculateId(orderWithId)).toBe(orderId)
    const beneficiary =
      size(c.order.allowedCancelBeneficiarySrc) > 0
        ? c.order.allowedCancelBeneficiarySrc
        : c.order.makerSrc

    const sdkTx = await world
      .sdkClient()
      .buildFullCancelTransaction(
        authority,
        bytes(orderId),
        Number(c.order.giveChainId),
        orderWithId,
        bytes(beneficiary),
        c.executionFeeLamports,
      )
    const ferry = decompile(
      hexToBytes(
        buildDlnCancelTx({
          authority: authority.toBase58(),
          order: c.order,
          orderId,
          beneficiary,
          executionFeeLamports: c.executionFeeLamports,
          dlnDestination: SOLANA_PROGRAMS.dlnDestination,
          feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
          lookupTables: [table],
        }).data,
      ),
      table,
    )
    const sdk = decompile(sdkTx.serialize(), table)

    expect(ferry.payer).toBe(sdk.payer)
    expect(ferry.instructions.map((ix) => ix.programId)).toEqual(
      sdk.instructions.map((ix) => ix.programId),
    )
    sdk.instructions.forEach((want, i) => {
      const got = ferry.instructions[i]!
      expect(got.keys, `instruction ${i} (${want.programId}): accounts`).toEqual(want.keys)
      expect(got.data, `instruction ${i} (${want.programId}): data`).toBe(want.data)
    })
    expect(ferry.viaTable).toEqual(sdk.viaTable)
    // Same instructions, payer and table: the same message, byte for byte.
    expect(ferry.message).toBe(sdk.message)
  })
})

// What ferry's judge allows a Solana cancel besides deBridge's fees (docs/dln.md §4.10): the take
// state's rent and the rent of deBridge's external-call storage and meta, held to the SDK's own
// `getFulfillCost` and `getSendCost(…, "cancel")` over the same RPC (rent via
// getMinimumBalanceForRentExemption). Both SDK figures include a 5 000-lamport signature fee.
describe('the cancel’s rent against deBridge’s SDK cost figures', () => {
  const SIGNATURE_FEE = 5_000n
  const order = arbitrumToSolana()
  const call = claimCancelCalldata(computeOrderId(order), order.makerSrc)

  test('getFulfillCost is the take state’s rent plus one signature', async () => {
    expect(await world.sdkClient().getFulfillCost()).toBe(
      TAKE_ORDER_STATE_RENT_LAMPORTS + SIGNATURE_FEE,
    )
  })

  test('getSendCost("cancel") is the external-call rent plus one signature; a missing nonce master adds its rent, which ferry leaves out', async () => {
    expect(size(call)).toBe(68)
    const sendCost = (executionFeeLamports: bigint) =>
      world.sdkClient().getSendCost(Number(ARBITRUM), executionFeeLamports, 'cancel')
    // On mainnet deBridge's nonce master exists: the SDK then counts no nonce rent.
    await world.setNonceMaster(1_234n)
    for (const fee of [0n, 1_500_000n]) {
      expect((await sendCost(fee)).transactionCost.totalCost).toBe(
        debridgeSendRentLamports(size(call)) + SIGNATURE_FEE,
      )
    }
    expect(debridgeSendRentLamports(68)).toBe(1_419_840n + 1_078_800n)
    // Without it the SDK adds the rent of its 16 bytes (discriminator + u64 nonce): what ferry,
    // cancelling against a live deBridge, deliberately does not allow.
    await world.setNonceMaster(undefined)
    const nonceRent = BigInt((16 + 128) * 3_480 * 2)
    expect(nonceRent).toBe(BigInt(await world.connection.getMinimumBalanceForRentExemption(16)))
    expect((await sendCost(0n)).transactionCost.totalCost).toBe(
      debridgeSendRentLamports(68) + SIGNATURE_FEE + nonceRent,
    )
  })
  test('the fee ferry reads from deBridge’s accounts is the SDK’s fixFee and accountedExecutionFee', async () => {
    const keys = debridgeSendFeeAccounts(ARBITRUM)
    const read = await readSolanaAccounts(world.connection, [keys.state, keys.chain])
    const fee = debridgeSendFeeOf(read, ARBITRUM)
    const sdk = await world.sdkClient().getSendCost(Number(ARBITRUM), 1_500_000n, 'cancel')
    expect(fee.fixedFeeLamports).toBe(BigInt(sdk.fixFee))
    expect(accountedExecutionFeeLamports(1_500_000n, fee.transferFeeBps)).toBe(
      BigInt(sdk.accountedExecutionFee),
    )
  })
})
