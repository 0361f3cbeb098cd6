import { PublicKey } from '@solana/web3.js'
import { size } from 'viem'
import { authorizedDstNativeSenderAddress } from '../../../../chains/solana/authorizedDstNativeSender.ts'
import { authorizedSrcContractAddress } from '../../../../chains/solana/buildDlnCancelTx.ts'
import {
  claimCancelCalldata,
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeSendingAccounts,
  EXTERNAL_CALL_META_SPACE,
} from '../../../../chains/solana/debridgeSendingAccounts.ts'
import { debridgeSendFeeLamports } from '../../../../chains/solana/debridgeSettingsAccounts.ts'
import {
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  decodeDlnSendOrderCancelArgs,
} from '../../../../chains/solana/dlnDstCancel.ts'
import {
  encodeTakeOrderState,
  takeOrderStatePda,
} from '../../../../chains/solana/takeOrderStateLayout.ts'
import { namedAccounts } from '../namedAccounts.ts'
import { type StandInContext, StandInError, type StandInInstruction } from '../StandInProgram.ts'
import { dlnDstError } from './dlnDstErrors.ts'
import { createAccount, moveLamports } from './moveLamports.ts'
import { debridgeError, readSendFee } from './readSendFee.ts'
import { readTakeOrderState } from './readTakeOrderState.ts'

/**
 * dln_dst `sendOrderCancel(orderId, cancelBeneficiary, executionFee)` on the devnet (docs/dln.md
 * §4.12): `takeOrderState` is the order's PDA, owned by dln_dst, `Cancelled` by this `canceler`,
 * who signs; `authorizedSrcContract` is the PDA of the state's source chain; the beneficiary is a
 * 20-byte EVM address and, when the order named one, its `allowedCancelBeneficiarySrc`;
 * deBridge's sending accounts are the ones its seeds derive and `sending.feeBeneficiary` the one
 * its `state` names; `sending.sendFrom` is dln_dst's shared sender PDA (which the program signs
 * for), funded by the `prepareSend` before, and pays the give chain's fixed fee (else the global
 * one, as deBridge's SDK `getFeesOrGlobal`) plus `executionFee` grossed up by the transfer fee
 * into `sending.bridge` (the wSOL bridge's data account, which holds the collected native fee)
 * and the rent of the external-call storage and meta accounts it creates, owned by deBridge; then
 * the state moves to `SentCancel {canceler}`. The message itself is the solver's to relay.
 * @throws StandInError naming the check that failed; nothing is written then.
 */
export function applySendOrderCancel(ctx: StandInContext, ix: StandInInstruction): void {
  const a = namedAccounts(ix, DLN_SEND_ORDER_CANCEL_ACCOUNTS)
  let args: ReturnType<typeof decodeDlnSendOrderCancelArgs>
  try {
    args = decodeDlnSendOrderCancelArgs(ix.data.subarray(8))
  } catch (error) {
    throw dlnDstError('InstructionDidNotDeserialize', 'instruction', (error as Error).message)
  }
  const { address, bump } = takeOrderStatePda(ix.programId, args.orderId)
  if (a.takeOrderState.pubkey !== address.toBase58()) {
    throw dlnDstError('ConstraintSeeds', 'takeOrderState', `expected ${address.toBase58()}`)
  }
  const account = ctx.get(address.toBase58())
  if (!account || account.lamports === 0) {
    throw dlnDstError('AccountNotInitialized', 'takeOrderState', 'the order is not cancelled')
  }
  if (account.owner.toBase58() !== ix.programId) {
    throw dlnDstError('AccountOwnedByWrongProgram', 'takeOrderState', account.owner.toBase58())
  }
  let state: ReturnType<typeof readTakeOrderState>
  try {
    state = readTakeOrderState(account.data)
  } catch (error) {
    throw dlnDstError('InstructionDidNotDeserialize', 'takeOrderState', (error as Error).message)
  }
  if (!a.canceler.isSigner) throw dlnDstError('AccountNotSigner', 'canceler', 'not a signer')
  if (state.status !== 'Cancelled' || state.key !== a.canceler.pubkey) {
    throw dlnDstError('WrongSigner', 'canceler', `take state is ${state.status} by ${state.key}`)
  }
  const srcContract = authorizedSrcContractAddress(ix.programId, state.sourceChainId).toBase58()
  if (a.authorizedSrcContract.pubkey !== srcContract) {
    throw dlnDstError(
      'WrongAuthorizedSrcContract',
      'authorizedSrcContract',
      `expected ${srcContract}`,
    )
  }
  if (size(args.cancelBeneficiary) !== 20) {
    throw dlnDstError(
      'WrongBeneficiarySize',
      'instruction',
      `${size(args.cancelBeneficiary)} bytes, not 20`,
    )
  }
  const allowed = state.allowedCancelBeneficiarySrc
  if (allowed !== undefined && allowed.toLowerCase() !== args.cancelBeneficiary.toLowerCase()) {
    throw dlnDstError(
      'NotAllowedCancelBeneficiary',
      'instruction',
      `only ${allowed} may be refunded`,
    )
  }
  const sendFrom = a['sending.sendFrom'].pubkey
  const sender = authorizedDstNativeSenderAddress(ix.programId).toBase58()
  if (sendFrom !== sender) {
    throw dlnDstError('ConstraintSeeds', 'sending.sendFrom', `is not dln_dst's sender ${sender}`)
  }
  // deBridge derives its sending accounts from fixed seeds (docs/dln.md §4.10): any other fails.
  const call = claimCancelCalldata(args.orderId, args.cancelBeneficiary)
  const want = debridgeSendingAccounts({
    sendFrom,
    chainIdTo: state.sourceChainId,
    externalCall: call,
    feeBeneficiary: a['sending.feeBeneficiary'].pubkey,
  })
  for (const [name, key] of Object.entries(want)) {
    const given = a[`sending.${name}` as keyof typeof a].pubkey
    if (given !== key) {
      throw new StandInError(`sending.${name} ${given} is not deBridge's ${key} (ConstraintSeeds)`)
    }
  }
  const fee = readSendFee(
    ctx,
    { name: 'sending.state', key: want.state! },
    { name: 'sending.chainSupportInfo', key: want.chainSupportInfo! },
  )
  const beneficiary = a['sending.feeBeneficiary'].pubkey
  if (beneficiary !== fee.state.feeBeneficiary) {
    throw debridgeError(
      'WrongFeeBeneficiaryWallet',
      'sending.feeBeneficiary',
      `${beneficiary} is not the state's ${fee.state.feeBeneficiary}`,
    )
  }
  const lamports = debridgeSendFeeLamports(fee, args.executionFee)
  moveLamports(
    ctx,
    sendFrom,
    a['sending.bridge'].pubkey,
    lamports,
    DEBRIDGE_SOLANA_PROGRAMS.settings,
  )
  // deBridge keeps the call in two accounts the sender pays for; their contents are not modelled.
  createAccount(ctx, sendFrom, a['sending.externalCallStorage'].pubkey, 8 + size(call))
  createAccount(ctx, sendFrom, a['sending.externalCallMeta'].pubkey, EXTERNAL_CALL_META_SPACE)
  const data = new Uint8Array(account.data.length)
  data.set(
    encodeTakeOrderState({
      status: 'SentCancel',
      unlockAuthority: new PublicKey(a.canceler.pubkey),
      orderId: args.orderId,
      sourceChainId: Number(state.sourceChainId),
      bump,
    }),
  )
  ctx.set(address.toBase58(), { ...ctx.get(address.toBase58())!, data })
  ctx.log('Instruction: SendOrderCancel')
  ctx.log(`cancel ${args.orderId} refunds ${args.cancelBeneficiary}`)
}
