import { AccountLayout } from '@solana/spl-token'
import {
  Connection,
  PublicKey,
  type SendOptions,
  type TransactionSignature,
  VersionedTransaction,
} from '@solana/web3.js'
import type { BuildableCreateTxParams } from '../../src/api/requests/buildCreateTxQuery.ts'
import { encodeBase58 } from '../../src/chains/base58.ts'
import { SOLANA_PROGRAMS } from '../../src/chains/chainRegistry.ts'
import { dlnSrcOrderAccounts } from '../../src/chains/solana/dlnSrcOrderAccounts.ts'
import type { Logger } from '../../src/common/Logger.ts'
import { callSolanaDevnet } from '../../src/devnet/solana/callSolanaDevnet.ts'
import { createMarket } from '../../src/sim/market/createMarket.ts'
import { marketPriceEntries } from '../../src/sim/market/marketPriceEntries.ts'
import type { OrderIntent } from '../../src/verify/orderIntent.ts'
import { fixedPriceSource } from '../../src/verify/prices/fixedPriceSource.ts'
import type { TrustedPriceSource } from '../../src/verify/prices/tokenUsdPrice.ts'

/**
 * Value-flow settings of the Solana executor in tests: trusted prices are the devnet market's
 * spot prices; 5 000 bps because the flat 0.015 SOL fee ($2.25 at the market's $150) is a third
 * of the tests' smallest (5 USDC) orders.
 */
export const devnetSolanaValueFlow: { prices: TrustedPriceSource; maxCostBps: number } = {
  prices: fixedPriceSource(marketPriceEntries(createMarket({ seed: 1 }), [7565164])),
  maxCostBps: 5_000,
}

/** The Base USDC the Solana orders of the tests take. */
export const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
/** The EVM receiver and destination authority of the tests' orders. */
export const EVM_RECEIVER = '0x2222222222222222222222222222222222222222'

/**
 * A `Connection` whose sends a test can watch and drop (a lossy network): `drop` decides per
 * send, `onSend` runs before each send is forwarded or dropped.
 */
export class LossyConnection extends Connection {
  readonly sends: { signature: string; base64: string }[] = []
  drop: (signature: string) => boolean = () => false
  onSend: (signature: string, sendsOfIt: number) => Promise<void> | void = () => {}

  override async sendRawTransaction(
    raw: Buffer | Uint8Array | number[],
    options?: SendOptions,
  ): Promise<TransactionSignature> {
    const bytes = Uint8Array.from(raw)
    const signature = encodeBase58(VersionedTransaction.deserialize(bytes).signatures[0]!)
    this.sends.push({ signature, base64: Buffer.from(bytes).toString('base64') })
    await this.onSend(signature, this.sends.filter((s) => s.signature === signature).length)
    if (this.drop(signature)) return signature
    return super.sendRawTransaction(raw, options)
  }
}

/** Every line a logger was given, serialized, so a test can grep them all for secrets. */
export function createRecordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const record =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push(JSON.stringify({ level, ...obj, msg }))
    }
  return {
    lines,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  }
}

/** Transactions the devnet processed whose fee payer is `wallet` (counted at the RPC). */
export async function countWalletTransactions(rpcUrl: string, wallet: string): Promise<number> {
  const all = await callSolanaDevnet<{ transaction: string }[]>(
    rpcUrl,
    'devnet_getTransactions',
    [0],
  )
  return all.filter(
    (r) =>
      VersionedTransaction.deserialize(
        Buffer.from(r.transaction, 'base64'),
      ).message.staticAccountKeys[0]?.toBase58() === wallet,
  ).length
}

/**
 * What dln_src holds for an order (docs/dln.md §4.12): its giveOrderWallet's token balance and the
 * lamports of its GiveOrderState beyond rent (the fixed fee), in base units; zeros when absent.
 */
export async function orderEscrow(
  connection: Connection,
  orderId: string,
): Promise<{ tokens: bigint; feeLamports: bigint }> {
  const accounts = dlnSrcOrderAccounts({
    program: SOLANA_PROGRAMS.dlnSource,
    maker: SOLANA_PROGRAMS.dlnSource,
    tokenMint: SOLANA_PROGRAMS.dlnSource,
    takeChainId: 1n,
    orderId: orderId as `0x${string}`,
  })
  const [wallet, state] = await connection.getMultipleAccountsInfo([
    new PublicKey(accounts.giveOrderWallet!),
    new PublicKey(accounts.giveOrderState!),
  ])
  const tokens = wallet ? AccountLayout.decode(wallet.data).amount : 0n
  // GiveOrderState is 176 bytes: (128 + 176) × 6960 lamports of rent (docs/dln.md §1.4).
  const feeLamports = state ? BigInt(state.lamports) - 2_115_840n : 0n
  return { tokens, feeLamports }
}

/** A Solana → Base order request and the intent that goes with it. */
export function solanaToBaseOrder(
  maker: string,
  tokenIn: string,
  amountIn: bigint,
  minTakeAmount: bigint,
): { request: Omit<BuildableCreateTxParams, 'senderAddress'>; intent: OrderIntent } {
  return {
    request: {
      srcChainId: 7565164,
      srcChainTokenIn: tokenIn,
      srcChainTokenInAmount: amountIn,
      dstChainId: 8453,
      dstChainTokenOut: BASE_USDC,
      dstChainTokenOutRecipient: EVM_RECEIVER,
      srcChainOrderAuthorityAddress: maker,
      dstChainOrderAuthorityAddress: EVM_RECEIVER,
      srcAllowedCancelBeneficiary: maker,
    },
    intent: {
      srcChainId: 7565164,
      dstChainId: 8453,
      sender: maker,
      tokenIn,
      amountIn,
      tokenOut: BASE_USDC,
      minTakeAmount,
      receiver: EVM_RECEIVER,
      srcAuthority: maker,
      dstAuthority: EVM_RECEIVER,
      cancelBeneficiary: maker,
      allowedTaker: 'any',
    },
  }
}
