import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  NATIVE_MINT,
} from '@solana/spl-token'
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { computeOrderId as computeOrderIdOf } from '../../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import {
  DLN_CREATE_ORDER_ACCOUNTS,
  type DlnAffiliateFee,
  encodeDlnCreateOrder,
} from '../../chains/solana/dlnSrcCreateOrder.ts'
import { dlnSrcOrderAccounts } from '../../chains/solana/dlnSrcOrderAccounts.ts'
import { unsignedSolanaTx } from '../../chains/solana/unsignedSolanaTx.ts'
import { buildJupiterRouteIx } from './buildJupiterRouteIx.ts'
import { ataOf, solanaMintOf, solanaOrderLookupTable } from './solanaOrderLookupTable.ts'

/** Inputs of a Solana-source order transaction. */
export type SolanaOrderTxParams = {
  /** The maker's base58 key: fee payer and only signer. */
  maker: string
  /** The dln_src program id. */
  programId: string
  order: DlnOrder
  /** giveOriginalAmount: base units of the give token taken from the maker, before fees. */
  creationGiveAmount: bigint
  /** The request's input token (base58 mint, or the native SOL sentinel). */
  tokenIn: string
  /** The order's give token; differs from tokenIn with a pre-swap. */
  give: string
  /** The pre-swap when tokenIn is not the give: input amount and Jupiter's quote. */
  preSwap: { amountIn: bigint; quotedOutAmount: bigint; slippageBps: number } | undefined
  affiliateFee: DlnAffiliateFee | undefined
  referralCode: number
  metadata: Hex
  computeUnitLimit: number
  computeUnitPriceMicroLamports: number
  /** The Solana tokens of the market: what the lookup table holds accounts for. */
  tableTokens: readonly string[]
}

const keyOf = (bytes: Hex): PublicKey => new PublicKey(hexToBytes(bytes))
const optional = (bytes: Hex): Hex | undefined => (bytes === '0x' ? undefined : bytes)

/**
 * `tx.data` of a Solana-source create-tx answer in the real format (docs/dln.md §1.4, §4.10): an
 * unsigned v0 transaction through the simulator's lookup table (solanaOrderLookupTable), with
 * SetComputeUnitLimit, SetComputeUnitPrice; for SOL input, ATA createIdempotent of the maker's wSOL,
 * a System transfer into it and SyncNative; for a pre-swap, ATA createIdempotent of the give
 * mint's account and a Jupiter v6 `route` into it; CloseAccount of the maker's wSOL when a pre-swap
 * spent it; dln_src `createOrderWithNonce` (nonce = the order's makerOrderNonce); CloseAccount of
 * the maker's wSOL after a SOL give. The orderId is the one dln_src computes for these arguments.
 */
export function buildSolanaOrderTx(p: SolanaOrderTxParams): { data: Hex } {
  const maker = new PublicKey(p.maker)
  const inMint = solanaMintOf(p.tokenIn)
  const giveMint = solanaMintOf(p.give)
  const wsol = ataOf(NATIVE_MINT.toBase58(), p.maker)
  const nativeIn = inMint === NATIVE_MINT.toBase58()
  const instructions: TransactionInstruction[] = []
  if (nativeIn) {
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(maker, wsol, maker, NATIVE_MINT),
      SystemProgram.transfer({
        fromPubkey: maker,
        toPubkey: wsol,
        lamports: p.preSwap?.amountIn ?? p.creationGiveAmount,
      }),
      createSyncNativeInstruction(wsol),
    )
  }
  const makerWallet = ataOf(giveMint, p.maker)
  if (p.preSwap) {
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(
        maker,
        makerWallet,
        maker,
        new PublicKey(giveMint),
      ),
      buildJupiterRouteIx({
        authority: maker,
        source: ataOf(inMint, p.maker),
        destination: makerWallet,
        inMint,
        outMint: giveMint,
        inAmount: p.preSwap.amountIn,
        quotedOutAmount: p.preSwap.quotedOutAmount,
        slippageBps: p.preSwap.slippageBps,
      }),
    )
    if (nativeIn) instructions.push(createCloseAccountInstruction(wsol, maker, maker))
  }
  const o = p.order
  const accounts = dlnSrcOrderAccounts({
    program: p.programId,
    maker: p.maker,
    tokenMint: giveMint,
    takeChainId: o.takeChainId,
    orderId: computeOrderIdOf(o),
  })
  const writable = new Set([
    'maker',
    'giveOrderState',
    'makerWallet',
    'giveOrderWallet',
    'nonceMaster',
    'feeLedgerWallet',
  ])
  instructions.push(
    new TransactionInstruction({
      programId: new PublicKey(p.programId),
      keys: DLN_CREATE_ORDER_ACCOUNTS.map((name) => ({
        pubkey: new PublicKey(
          ({ ...accounts, maker: p.maker, tokenMint: giveMint } as Record<string, string>)[name]!,
        ),
        isSigner: name === 'maker',
        isWritable: writable.has(name),
      })),
      data: encodeDlnCreateOrder({
        instruction: 'createOrderWithNonce',
        orderArgs: {
          giveOriginalAmount: p.creationGiveAmount,
          take: { chainId: o.takeChainId, tokenAddress: o.takeTokenAddress, amount: o.takeAmount },
          receiverDst: o.receiverDst,
          externalCall: optional(o.externalCall),
          givePatchAuthoritySrc: keyOf(o.givePatchAuthoritySrc),
          allowedCancelBeneficiarySrc: optional(o.allowedCancelBeneficiarySrc)
            ? keyOf(o.allowedCancelBeneficiarySrc)
            : undefined,
          orderAuthorityAddressDst: o.orderAuthorityAddressDst,
          allowedTakerDst: optional(o.allowedTakerDst),
        },
        affiliateFee: p.affiliateFee,
        referralCode: p.referralCode === 0 ? undefined : p.referralCode,
        nonce: o.makerOrderNonce,
        metadata: p.metadata,
      }),
    }),
  )
  if (nativeIn && !p.preSwap) instructions.push(createCloseAccountInstruction(wsol, maker, maker))
  const data = unsignedSolanaTx({
    payer: maker,
    computeUnitLimit: p.computeUnitLimit,
    computeUnitPriceMicroLamports: p.computeUnitPriceMicroLamports,
    instructions,
    lookupTables: [solanaOrderLookupTable(p.programId, p.tableTokens)],
  })
  return { data }
}
