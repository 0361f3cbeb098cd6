import { ACCOUNT_SIZE, NATIVE_MINT, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { SOLANA_CHAIN_ID } from '../../../../api/schemas/chainId.ts'
import { computeOrderId } from '../../../../chains/orderId/computeOrderId.ts'
import { dlnOrderOfCreate } from '../../../../chains/solana/dlnOrderOfCreate.ts'
import {
  DLN_CREATE_ORDER_ACCOUNTS,
  type DlnCreateOrder,
} from '../../../../chains/solana/dlnSrcCreateOrder.ts'
import { dlnSrcOrderAccounts } from '../../../../chains/solana/dlnSrcOrderAccounts.ts'
import { anchorError } from '../anchorError.ts'
import { namedAccounts } from '../namedAccounts.ts'
import type { StandInContext, StandInInstruction } from '../StandInProgram.ts'
import {
  createAccount,
  debitLamports,
  moveTokens,
  readMintDecimals,
  readTokenAccount,
  rentLamports,
  tokenAccountData,
} from '../standInAccounts.ts'
import {
  decodeDlnSrcState,
  decodeNonceMaster,
  encodeGiveOrderState,
  encodeNonceMaster,
  GIVE_ORDER_STATE_SIZE,
  NONCE_MASTER_SIZE,
  pdaOf,
} from './dlnSrcAccountLayouts.ts'

/**
 * dln_src `createOrder` / `createOrderWithNonce` (docs/dln.md §4.12): checks what the program's
 * accounts and errors (IDL 1.2.1 / 3.0.0) require, then moves giveOriginalAmount from makerWallet
 * into a new giveOrderWallet, takes the state's fixed fee in lamports from the maker into the new
 * giveOrderState (with its rent), and writes the order's GiveOrderState.
 */
export function applyDlnSrcCreateOrder(
  ctx: StandInContext,
  ix: StandInInstruction,
  create: DlnCreateOrder,
): void {
  const named = namedAccounts(ix, DLN_CREATE_ORDER_ACCOUNTS)
  const key = (name: keyof typeof named): string => named[name].pubkey
  if (!named.maker.isSigner) throw anchorError('AccountNotSigner', 3010, 'maker')
  for (const name of [
    'maker',
    'giveOrderState',
    'makerWallet',
    'giveOrderWallet',
    'nonceMaster',
    'feeLedgerWallet',
  ] as const) {
    if (!named[name].isWritable) throw anchorError('ConstraintMut', 2000, name)
  }
  const program = ix.programId
  const stateAccount = ctx.get(key('state'))
  const state = stateAccount && decodeDlnSrcState(stateAccount.data)
  if (!state) throw anchorError('AccountNotInitialized', 3012, 'state')
  if (!state.isWorking) throw anchorError('StatePaused', 6024)
  const mint = key('tokenMint')
  if (readMintDecimals(ctx.get(mint)) === undefined)
    throw anchorError('AccountOwnedByWrongProgram', 3007, 'token_mint')
  const maker = key('maker')
  const nonce = create.nonce ?? decodeNonceMaster(ctx.get(key('nonceMaster'))?.data)
  const order = dlnOrderOfCreate(
    { ...create, nonce },
    { maker, tokenMint: mint },
    state.percentFeeBps,
  )!
  checkAddressSizes(create, order.takeChainId)
  const orderId = computeOrderId(order)
  const want = dlnSrcOrderAccounts({
    program,
    maker,
    tokenMint: mint,
    takeChainId: order.takeChainId,
    orderId,
  })
  for (const name of [
    'state',
    'nonceMaster',
    'feeLedgerWallet',
    'authorizedNativeSender',
  ] as const) {
    if (key(name) !== want[name]) throw anchorError('ConstraintSeeds', 2006, name)
  }
  if (key('giveOrderState') !== want.giveOrderState)
    throw anchorError('GiveOrderStateWrongPubkey', 6000)
  if (key('giveOrderWallet') !== want.giveOrderWallet)
    throw anchorError('GiveOrderWalletWrongPubkey', 6002)
  if (key('feeLedgerWallet') !== want.feeLedgerWallet)
    throw anchorError('FeeLedgerWalletWrongKey', 6022)
  if (!ctx.get(key('authorizedNativeSender')))
    throw anchorError('AccountNotInitialized', 3012, 'authorized_native_sender')
  if (
    key('systemProgram') !== want.systemProgram ||
    key('splTokenProgram') !== want.splTokenProgram
  ) {
    throw anchorError('InvalidProgramId', 3008)
  }
  const makerWallet = readTokenAccount(ctx.get(key('makerWallet')))
  if (!makerWallet) throw anchorError('AccountNotInitialized', 3012, 'maker_wallet')
  if (makerWallet.mint !== mint) throw anchorError('ConstraintTokenMint', 2014, 'maker_wallet')
  if (makerWallet.owner !== maker) throw anchorError('ConstraintTokenOwner', 2015, 'maker_wallet')

  const giveOriginalAmount = create.orderArgs.giveOriginalAmount
  const percentFee = (giveOriginalAmount * state.percentFeeBps) / 10_000n
  const stateRent = rentLamports(GIVE_ORDER_STATE_SIZE)
  const walletRent = rentLamports(ACCOUNT_SIZE)
  const nonceMaster = ctx.get(key('nonceMaster'))
  const nonceRent = nonceMaster ? 0 : rentLamports(NONCE_MASTER_SIZE)
  debitLamports(ctx, maker, Number(state.fixedFee) + stateRent + walletRent + nonceRent)

  // createOrder takes the nonce from nonceMaster and moves it on; createOrderWithNonce only
  // creates nonceMaster when missing (the nonce is the maker's salt).
  const nextNonce = create.nonce === undefined ? nonce + 1n : decodeNonceMaster(nonceMaster?.data)
  ctx.set(key('nonceMaster'), {
    lamports: nonceMaster?.lamports ?? nonceRent,
    data: encodeNonceMaster(nextNonce),
    owner: new PublicKey(program),
    executable: false,
  })
  const [, walletBump] = pdaOf(
    program,
    Buffer.from('GIVE_ORDER_WALLET'),
    Buffer.from(hexToBytes(orderId)),
  )
  const [, bump] = pdaOf(program, Buffer.from('GIVE_ORDER_STATE'), Buffer.from(hexToBytes(orderId)))
  createAccount(
    ctx,
    key('giveOrderWallet'),
    {
      lamports: walletRent,
      data: tokenAccountData(mint, key('giveOrderState'), 0n, mint === NATIVE_MINT.toBase58()),
      owner: TOKEN_PROGRAM_ID,
      executable: false,
    },
    'give_order_wallet',
  )
  moveTokens(ctx, key('makerWallet'), key('giveOrderWallet'), giveOriginalAmount)
  createAccount(
    ctx,
    key('giveOrderState'),
    {
      // The fixed fee stays with the order until a claim moves it (IDL: `fix_fee` of the status).
      lamports: stateRent + Number(state.fixedFee),
      data: encodeGiveOrderState({
        giveAmount: order.giveAmount,
        fixFee: state.fixedFee,
        percentFee,
        affiliateFee: create.affiliateFee,
        allowedCancelBeneficiary: create.orderArgs.allowedCancelBeneficiarySrc,
        givePatchAuthority: create.orderArgs.givePatchAuthoritySrc,
        takeChainId: order.takeChainId,
        bump,
        walletBump,
      }),
      owner: new PublicKey(program),
      executable: false,
    },
    'give_order_state',
  )
  ctx.log(
    `Instruction: ${create.instruction === 'createOrder' ? 'CreateOrder' : 'CreateOrderWithNonce'}`,
  )
  ctx.log(`CreatedOrderId ${orderId}`)
}

// dln_src's BadReceiverDstSize / BadOrderAuthorityDstSize / BadAllowedTakerDst: 32-byte keys on
// Solana, 20-byte addresses on EVM chains.
function checkAddressSizes(create: DlnCreateOrder, takeChainId: bigint): void {
  const size = takeChainId === BigInt(SOLANA_CHAIN_ID) ? 32 : 20
  const bytes = (h: Hex): number => (h.length - 2) / 2
  const a = create.orderArgs
  if (bytes(a.receiverDst) !== size) throw anchorError('BadReceiverDstSize', 6014)
  if (bytes(a.orderAuthorityAddressDst) !== size)
    throw anchorError('BadOrderAuthorityDstSize', 6015)
  if (a.allowedTakerDst !== undefined && bytes(a.allowedTakerDst) !== size) {
    throw anchorError('BadAllowedTakerDst', 6016)
  }
}
