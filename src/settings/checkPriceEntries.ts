import type { z } from 'zod'
import { priceTokenKey } from '../common/priceTokenKey.ts'
import { withFix } from './withFix.ts'

const SOLANA = 7565164
const SOLANA_NATIVE = '11111111111111111111111111111111'
const EVM_HEX = /^0x[0-9a-fA-F]{40}$/

/** The fields of a `prices[]` entry this check reads (the schema's output). */
type Entry = {
  chainId: number
  token: string
  decimals?: number | undefined
  usd?: number | undefined
  feed?: { chainId?: number | undefined; address: string } | undefined
  sameAs?: { chainId: number; token: string } | undefined
}

/**
 * The cross-entry rules of `prices` (a zod superRefine): exactly one of usd/feed/sameAs per
 * entry, addresses written for their chain, one entry per token, every `sameAs` target listed
 * and no `sameAs` cycle, feeds on EVM chains, decimals given for Solana tokens. Each issue names
 * its entry's path and the fix. Pure.
 */
export function checkPriceEntries(entries: readonly Entry[], ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], problem: string, fix: string): void => {
    ctx.addIssue({ code: 'custom', path, message: withFix(problem, fix) })
  }
  const byKey = new Map<string, number>()
  entries.forEach((e, i) => {
    const kinds = [e.usd, e.feed, e.sameAs].filter((k) => k !== undefined).length
    if (kinds !== 1)
      issue(
        [i],
        kinds === 0 ? 'says nothing about the price' : 'gives more than one price kind',
        'give exactly one of usd (a peg), feed (an on-chain feed) or sameAs (another token)',
      )
    checkAddressOfChain(e.chainId, e.token, [i, 'token'], issue)
    if (e.sameAs)
      checkAddressOfChain(e.sameAs.chainId, e.sameAs.token, [i, 'sameAs', 'token'], issue)
    if (e.chainId === SOLANA && e.token !== SOLANA_NATIVE && e.decimals === undefined)
      issue(
        [i, 'decimals'],
        'is needed for a Solana token (ferry does not read mint accounts for prices)',
        'give the mint decimals, e.g. decimals: 6 for USDC',
      )
    if (e.feed && (e.feed.chainId ?? e.chainId) === SOLANA)
      issue(
        [i, 'feed', 'chainId'],
        'feeds are read on EVM chains only',
        'set feed.chainId to the EVM chain of the feed, e.g. 42161 for SOL/USD on Arbitrum',
      )
    const key = priceTokenKey(e.chainId, e.token)
    const first = byKey.get(key)
    if (first !== undefined)
      issue([i, 'token'], `is already priced by prices[${first}]`, 'keep one entry per token')
    else byKey.set(key, i)
  })
  entries.forEach((e, i) => {
    if (!e.sameAs) return
    const seen = new Set<number>([i])
    let at: Entry = e
    while (at.sameAs) {
      const next = byKey.get(priceTokenKey(at.sameAs.chainId, at.sameAs.token))
      if (next === undefined) {
        if (at === e)
          issue(
            [i, 'sameAs'],
            `names ${at.sameAs.token} on ${at.sameAs.chainId}, which has no prices entry`,
            'add a prices entry for that token (a peg or a feed)',
          )
        return
      }
      if (seen.has(next)) {
        issue([i, 'sameAs'], 'is part of a sameAs cycle', 'end the chain at a usd peg or a feed')
        return
      }
      seen.add(next)
      at = entries[next]!
    }
  })
}

function checkAddressOfChain(
  chainId: number,
  token: string,
  path: (string | number)[],
  issue: (path: (string | number)[], problem: string, fix: string) => void,
): void {
  const evm = EVM_HEX.test(token)
  if (chainId === SOLANA && evm)
    issue(path, 'is an EVM address on Solana', 'write the base58 mint (native SOL: 111…1, 32 ones)')
  else if (chainId !== SOLANA && !evm)
    issue(path, `is not an EVM address (chain ${chainId})`, 'write 0x and 40 hex digits')
}
