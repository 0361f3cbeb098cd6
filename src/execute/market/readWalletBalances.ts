import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { type Address, erc20Abi, type PublicClient } from 'viem'
import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { TokenBalance } from '../../common/strategy/marketTypes.ts'
import { type ChainContext, SOLANA_CHAIN_ID } from '../createChainContext.ts'
import { ChainReadError } from './ChainReadError.ts'

const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

/**
 * Builds the balance reader of a tick: every watched token (ERC-20 `balanceOf`, SPL associated
 * token account) and every configured chain's native balance, natives priced by `nativePriceUsd`.
 * With a Safe account, each EVM native balance (the Safe's) carries the key's as `gasPayer`.
 * Decimals and symbols do not change, so each token's are read once (a failed read is retried).
 */
export function readWalletBalances(
  ctx: Pick<ChainContext, 'wiring' | 'connection' | 'walletOn' | 'balanceClient'>,
  nativePriceUsd: (chainId: number) => Promise<number | undefined>,
): () => Promise<TokenBalance[]> {
  const metas = new Map<string, Promise<{ decimals: number; symbol: string }>>()
  function tokenMeta(client: PublicClient, chainId: number, address: Address) {
    const key = `${chainId}:${address.toLowerCase()}`
    let meta = metas.get(key)
    if (!meta) {
      meta = Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      ]).then(([decimals, symbol]) => ({ decimals, symbol }))
      meta.catch(() => metas.delete(key))
      metas.set(key, meta)
    }
    return meta
  }

  const { wiring } = ctx
  /** Runs a chain's read; its failure names the chain and the RPC's host (ChainReadError). */
  async function onChain<T>(chainId: number, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      const urls =
        chainId === SOLANA_CHAIN_ID
          ? [wiring.solana?.rpcUrl ?? '']
          : (wiring.evm.find((c) => c.chainId === chainId)?.rpcUrls ?? [])
      throw urls.length > 0 ? new ChainReadError(chainId, urls, error) : error
    }
  }

  return async () => {
    const { connection } = ctx
    const out: TokenBalance[] = []
    for (const { chainId, token } of wiring.watched) {
      const owner = ctx.walletOn(chainId)
      if (chainId === SOLANA_CHAIN_ID) {
        if (!connection) continue
        const ata = getAssociatedTokenAddressSync(new PublicKey(token), new PublicKey(owner), true)
        const balance = await connection.getTokenAccountBalance(ata).catch(() => undefined)
        out.push({
          chainId,
          token,
          symbol: token === SOLANA_USDC ? 'USDC' : 'SPL',
          decimals: balance?.value.decimals ?? 6,
          isNative: false,
          owner,
          amount: BigInt(balance?.value.amount ?? '0'),
          priceUsd: undefined,
        })
        continue
      }
      const client = ctx.balanceClient(chainId)
      const address = token as Address
      const [amount, { decimals, symbol }] = await onChain(chainId, () =>
        Promise.all([
          client.readContract({
            address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner as Address],
          }),
          tokenMeta(client, chainId, address),
        ]),
      )
      out.push({
        chainId,
        token,
        symbol,
        decimals,
        isNative: false,
        owner,
        amount,
        priceUsd: undefined,
      })
    }
    const chains = new Set([
      ...wiring.evm.map((c) => c.chainId as number),
      ...(connection ? [SOLANA_CHAIN_ID] : []),
    ])
    // Asked all at once: a service that does not answer holds the balances one price wait, not
    // one per chain (the prices never fail the read).
    const prices = new Map([...chains].map((chainId) => [chainId, nativePriceUsd(chainId)]))
    // A Safe account: the Safe holds the funds, its key pays the gas (docs/safety.md "Treasury
    // accounts"); the key's native balance is what risk.gasReserve and its alert watch.
    const key = wiring.evmWallet?.safe === undefined ? undefined : wiring.evmWallet.address
    for (const chainId of chains) {
      const owner = ctx.walletOn(chainId)
      const info = CHAINS[chainId as ChainId]
      const evm = chainId !== SOLANA_CHAIN_ID
      const [amount, keyAmount] = await onChain(chainId, () =>
        Promise.all([
          evm
            ? ctx.balanceClient(chainId).getBalance({ address: owner as Address })
            : connection!.getBalance(new PublicKey(owner)).then(BigInt),
          evm && key ? ctx.balanceClient(chainId).getBalance({ address: key }) : undefined,
        ]),
      )
      out.push({
        chainId,
        token: chainId === SOLANA_CHAIN_ID ? SOLANA_NATIVE_TOKEN : EVM_NATIVE_TOKEN,
        symbol: info.nativeSymbol,
        decimals: info.nativeDecimals,
        isNative: true,
        owner,
        amount,
        priceUsd: await prices.get(chainId),
        ...(key && keyAmount !== undefined
          ? { gasPayer: { address: key, amount: keyAmount } }
          : {}),
      })
    }
    return out
  }
}
