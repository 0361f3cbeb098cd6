import { NATIVE_MINT } from '@solana/spl-token'
import { SOLANA_NATIVE_TOKEN } from '../../../../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../../../../api/schemas/chainId.ts'
import { decodeJupiterRoute } from '../../../../chains/solana/decodeJupiterRoute.ts'
import type { Market } from '../../../../sim/market/market.ts'
import {
  JUPITER_V6_PROGRAM,
  SOLANA_SWAP_POOL_AUTHORITY,
} from '../../../../sim/quote/solanaSwapPool.ts'
import { StandInError, type StandInProgram } from '../StandInProgram.ts'
import { moveTokens, readTokenAccount } from '../standInAccounts.ts'

const jupiterError = (code: string, number: number): StandInError =>
  new StandInError(`AnchorError occurred. Error Code: ${code}. Error Number: ${number}.`)

/**
 * The devnet's Jupiter v6 (docs/dln.md §4.12): `route` and `sharedAccountsRoute` swap inAmount of
 * the user's source token account, signed by its owner, into the destination token account (the
 * `destinationTokenAccount` override of `route` when set) out of the devnet pool's liquidity (the
 * pool accounts the route names) at the devnet market's current price (`marketNow`), and fail with SlippageToleranceExceeded
 * (6001) below quotedOutAmount × (1 − slippageBps / 10 000), as Jupiter does. Platform fees are not
 * modelled: a route with platformFeeBps > 0 fails.
 */
export function jupiterStandIn(marketNow: () => Market): StandInProgram {
  const tokenOf = (market: Market, mint: string) =>
    market.findToken(SOLANA_CHAIN_ID, mint === NATIVE_MINT.toBase58() ? SOLANA_NATIVE_TOKEN : mint)
  return {
    programId: JUPITER_V6_PROGRAM,
    name: 'Jupiter v6',
    apply(ctx, ix) {
      const keys = ix.accounts.map((a) => a.pubkey)
      const route = decodeJupiterRoute(ix.programId, keys, ix.data)
      if (!route) {
        throw new StandInError(
          'AnchorError occurred. Error Code: InstructionFallbackNotFound. Error Number: 101.',
        )
      }
      if (ix.data.at(-1) !== 0) throw jupiterError('InvalidCalculation', 6002)
      const authority = ix.accounts.find((a) => a.pubkey === route.userTransferAuthority)
      if (!authority?.isSigner) throw new StandInError('Error: MissingRequiredSignature')
      const source = readTokenAccount(ctx.get(route.sourceTokenAccount))
      const destinationKey = route.destinationOverride ?? route.destinationTokenAccount
      const destination = readTokenAccount(ctx.get(destinationKey))
      if (!source || !destination) throw new StandInError('Error: InvalidAccountData')
      if (source.owner !== route.userTransferAuthority)
        throw new StandInError('Error: owner does not match')
      const market = marketNow()
      const from = tokenOf(market, source.mint)
      const to = tokenOf(market, destination.mint)
      if (!from || !to) throw jupiterError('EmptyRoute', 6000)
      const pool = (mint: string): string => {
        const found = keys.find((k) => {
          const t = readTokenAccount(ctx.get(k))
          return t?.mint === mint && t.owner === SOLANA_SWAP_POOL_AUTHORITY.toBase58()
        })
        if (!found) throw jupiterError('EmptyRoute', 6000)
        return found
      }
      const out = market.swap(from, route.inAmount, to).amountOut
      const least = (route.quotedOutAmount * BigInt(10_000 - route.slippageBps)) / 10_000n
      if (out < least) throw jupiterError('SlippageToleranceExceeded', 6001)
      moveTokens(ctx, route.sourceTokenAccount, pool(source.mint), route.inAmount)
      moveTokens(ctx, pool(destination.mint), destinationKey, out)
      ctx.log(`Instruction: ${route.name === 'route' ? 'Route' : 'SharedAccountsRoute'}`)
      ctx.log(`swapped ${route.inAmount} ${source.mint} for ${out} ${destination.mint}`)
    },
  }
}
