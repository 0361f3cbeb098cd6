import { SYSVAR_INSTRUCTIONS_PUBKEY, SystemProgram } from '@solana/web3.js'
import { size } from 'viem'
import { authorizedDstNativeSenderAddress } from '../../../../chains/solana/authorizedDstNativeSender.ts'
import {
  claimCancelCalldata,
  debridgeSendingAccounts,
  debridgeSendRentLamports,
} from '../../../../chains/solana/debridgeSendingAccounts.ts'
import { debridgeSendFeeLamports } from '../../../../chains/solana/debridgeSettingsAccounts.ts'
import {
  DLN_DST_DISCRIMINATORS,
  DLN_PREPARE_SEND_ACCOUNTS,
  decodeDlnSendOrderCancelArgs,
} from '../../../../chains/solana/dlnDstCancel.ts'
import { takeOrderStatePda } from '../../../../chains/solana/takeOrderStateLayout.ts'
import { namedAccounts } from '../namedAccounts.ts'
import type { StandInContext, StandInInstruction } from '../StandInProgram.ts'
import { dlnDstError } from './dlnDstErrors.ts'
import { moveLamports } from './moveLamports.ts'
import { readSendFee } from './readSendFee.ts'
import { readTakeOrderState } from './readTakeOrderState.ts'

/**
 * dln_dst `prepareSend()` on the devnet (docs/dln.md §4.12): the next top-level instruction, read
 * through the `instructions` sysvar, is dln_dst's `sendOrderCancel` (the only send the stand-in
 * models); `payer` signs; `sendFrom` is dln_dst's shared sender PDA and `sendFromWallet` its wSOL
 * wallet; `takeOrderState` is the next send's order, `chainSupportInfo` its source chain's and
 * `debridgeState` deBridge's state, both read as deBridge's SDK reads them (`getFeesOrGlobal`).
 * Then the payer moves into `sendFrom` what that send spends: the chain's fixed fee (else the
 * global one), the execution fee grossed up by the transfer fee, and the rent of deBridge's
 * external-call accounts.
 * @throws StandInError naming the check that failed; nothing is written then.
 */
export function applyPrepareSend(ctx: StandInContext, ix: StandInInstruction): void {
  const a = namedAccounts(ix, DLN_PREPARE_SEND_ACCOUNTS)
  if (!a.payer.isSigner) throw dlnDstError('AccountNotSigner', 'payer', 'not a signer')
  if (a.instructions.pubkey !== SYSVAR_INSTRUCTIONS_PUBKEY.toBase58()) {
    throw dlnDstError('ConstraintAddress', 'instructions', 'is not the instructions sysvar')
  }
  const next = ctx.next
  if (next?.programId !== ix.programId) {
    throw dlnDstError(
      'WrongPrepareSendNextIxProgramId',
      'instructions',
      `the next instruction is ${next ? `of ${next.programId}` : 'none'}`,
    )
  }
  const head = Buffer.from(next.data.subarray(0, 8))
  if (!head.equals(DLN_DST_DISCRIMINATORS.sendOrderCancel)) {
    throw dlnDstError(
      'WrongPrepareSendNextIxDiscriminator',
      'instructions',
      `${head.toString('hex')} is not a send the stand-in models`,
    )
  }
  let send: ReturnType<typeof decodeDlnSendOrderCancelArgs>
  try {
    send = decodeDlnSendOrderCancelArgs(next.data.subarray(8))
  } catch (error) {
    throw dlnDstError('InstructionDidNotDeserialize', 'instructions', (error as Error).message)
  }
  const { address } = takeOrderStatePda(ix.programId, send.orderId)
  if (a.takeOrderState.pubkey !== address.toBase58()) {
    throw dlnDstError('WrongOrderId', 'takeOrderState', `expected ${address.toBase58()}`)
  }
  const account = ctx.get(address.toBase58())
  if (!account || account.lamports === 0) {
    throw dlnDstError('AccountNotInitialized', 'takeOrderState', 'the order is not cancelled')
  }
  let sourceChainId: bigint
  try {
    sourceChainId = readTakeOrderState(account.data).sourceChainId
  } catch (error) {
    throw dlnDstError('InstructionDidNotDeserialize', 'takeOrderState', (error as Error).message)
  }
  const call = claimCancelCalldata(send.orderId, send.cancelBeneficiary)
  const sending = debridgeSendingAccounts({
    sendFrom: authorizedDstNativeSenderAddress(ix.programId).toBase58(),
    chainIdTo: sourceChainId,
    externalCall: call,
    feeBeneficiary: SystemProgram.programId.toBase58(),
  })
  const want = {
    sendFrom: ['ConstraintSeeds', sending.sendFrom],
    sendFromWallet: ['ConstraintSeeds', sending.sendFromWallet],
    chainSupportInfo: ['WrongChainId', sending.chainSupportInfo],
    debridgeState: ['ConstraintAddress', sending.state],
  } as const
  for (const [name, [code, key]] of Object.entries(want)) {
    const given = a[name as keyof typeof want].pubkey
    if (given !== key) throw dlnDstError(code, name, `${given} is not ${key}`)
  }
  const fee = readSendFee(
    ctx,
    { name: 'debridgeState', key: sending.state! },
    { name: 'chainSupportInfo', key: sending.chainSupportInfo! },
  )
  const lamports =
    debridgeSendFeeLamports(fee, send.executionFee) + debridgeSendRentLamports(size(call))
  moveLamports(ctx, a.payer.pubkey, a.sendFrom.pubkey, lamports, SystemProgram.programId.toBase58())
  ctx.log('Instruction: PrepareSend')
}
