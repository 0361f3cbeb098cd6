import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { SOLANA_CHAIN_ID } from '../../../src/api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildDlnCancelTx } from '../../../src/chains/solana/buildDlnCancelTx.ts'
import { takeOrderStateAddress } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import { createSolanaDevnet } from '../../../src/devnet/solana/createSolanaDevnet.ts'
import { lookupTableAccount } from '../../../src/devnet/solana/lookupTableAccount.ts'
import {
  SIM_DEBRIDGE_FEE_BENEFICIARY,
  simDlnSendTable,
} from '../../../src/sim/server/simDlnSendTable.ts'

// dln_dst's prepareSend reads the NEXT top-level instruction through the instructions sysvar
// (docs/dln.md §4.12): compute-budget instructions are top-level instructions too, so the devnet's
// executor must hand prepareSend the instruction right after it, whatever its program.

const evmMaker: Hex = '0x2222222222222222222222222222222222222222'

function world() {
  const devnet = createSolanaDevnet()
  const authority = Keypair.fromSeed(new Uint8Array(32).fill(21))
  devnet.svm.airdrop(authority.publicKey, 1_000_000_000n)
  const table = simDlnSendTable()
  devnet.svm.setAccount(
    table.key,
    lookupTableAccount(table.state.addresses, (n) =>
      Number(devnet.svm.minimumBalanceForRentExemption(BigInt(n))),
    ),
  )
  const order: DlnOrder = {
    makerOrderNonce: 7n,
    makerSrc: evmMaker,
    giveChainId: 42161n,
    giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    giveAmount: 100_000_000n,
    takeChainId: BigInt(SOLANA_CHAIN_ID),
    takeTokenAddress: `0x${new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v').toBuffer().toString('hex')}`,
    takeAmount: 99_000_000n,
    receiverDst: `0x${authority.publicKey.toBuffer().toString('hex')}`,
    givePatchAuthoritySrc: evmMaker,
    orderAuthorityAddressDst: `0x${authority.publicKey.toBuffer().toString('hex')}`,
    allowedTakerDst: '0x',
    allowedCancelBeneficiarySrc: '0x',
    externalCall: '0x',
  }
  const orderId = computeOrderId(order)
  const honest = VersionedTransaction.deserialize(
    hexToBytes(
      buildDlnCancelTx({
        authority: authority.publicKey.toBase58(),
        order,
        orderId,
        beneficiary: evmMaker,
        dlnDestination: SOLANA_PROGRAMS.dlnDestination,
        feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
        lookupTables: [table],
      }).data,
    ),
  )
  const { instructions } = TransactionMessage.decompile(honest.message, {
    addressLookupTableAccounts: [table],
  })
  /** The cancel with `instructions` reordered, under a live blockhash, signed. */
  const signed = (ixs: TransactionInstruction[]) => {
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: authority.publicKey,
        recentBlockhash: devnet.latestBlockhash().blockhash,
        instructions: ixs,
      }).compileToV0Message([table]),
    )
    tx.sign([authority])
    return tx
  }
  const takeState = takeOrderStateAddress(SOLANA_PROGRAMS.dlnDestination, orderId)
  return { devnet, instructions, signed, takeState }
}

describe('the stand-in executor hands prepareSend the next top-level instruction', () => {
  test('the cancel in deBridge’s order (compute budget, cancelOrder, prepareSend, sendOrderCancel) lands', () => {
    const w = world()
    expect(w.instructions.map((ix) => ComputeBudgetProgram.programId.equals(ix.programId))).toEqual(
      [true, true, false, false, false],
    )
    const record = w.devnet.send(w.signed(w.instructions))
    expect(record.err).toBeUndefined()
    expect(record.logs).toContain('Program log: Instruction: PrepareSend')
    expect(w.devnet.svm.getAccount(w.takeState)?.lamports).toBeGreaterThan(0)
  })

  test('a compute-budget instruction between prepareSend and sendOrderCancel fails it with WrongPrepareSendNextIxProgramId', () => {
    const w = world()
    const [limit, price, cancel, prepare, send] = w.instructions
    const record = w.devnet.send(w.signed([limit!, cancel!, prepare!, price!, send!]))
    expect(record.err).toContain('WrongPrepareSendNextIxProgramId')
    // All or nothing: the cancelOrder before it is undone too.
    expect(w.devnet.svm.getAccount(w.takeState)?.lamports ?? 0).toBe(0)
  })
})
