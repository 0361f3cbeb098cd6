import { PublicKey } from '@solana/web3.js'
import { DEBRIDGE_SOLANA_PROGRAMS } from '../../../../chains/solana/debridgeSendingAccounts.ts'
import { type StandInContext, StandInError } from '../StandInProgram.ts'
import { rentLamports } from '../standInAccounts.ts'

/**
 * Moves `lamports` from `from` to `to` inside a stand-in instruction, as the System program's
 * transfer does; `to` is created with `owner` when it does not exist.
 * @throws StandInError, worded as the System program's, when `from` holds too little.
 */
export function moveLamports(
  ctx: StandInContext,
  from: string,
  to: string,
  lamports: bigint,
  owner: string,
): void {
  const source = ctx.get(from)
  const have = BigInt(source?.lamports ?? 0)
  if (!source || have < lamports) {
    throw new StandInError(`Transfer: insufficient lamports ${have}, need ${lamports}`)
  }
  ctx.set(from, { ...source, lamports: Number(have - lamports) })
  const target = ctx.get(to) ?? {
    lamports: 0,
    data: new Uint8Array(0),
    owner: new PublicKey(owner),
    executable: false,
    rentEpoch: 0,
  }
  ctx.set(to, { ...target, lamports: Number(BigInt(target.lamports) + lamports) })
}

/**
 * Creates `key` with `space` zeroed bytes, owned by deBridge's gate program, its rent-exempt
 * minimum paid by `payer`, as deBridge's send creates its external-call accounts.
 * @throws StandInError when `key` already exists or `payer` holds too little.
 */
export function createAccount(
  ctx: StandInContext,
  payer: string,
  key: string,
  space: number,
): void {
  if ((ctx.get(key)?.lamports ?? 0) > 0) {
    throw new StandInError(`Allocate: account ${key} already in use`)
  }
  moveLamports(ctx, payer, key, BigInt(rentLamports(space)), DEBRIDGE_SOLANA_PROGRAMS.debridge)
  ctx.set(key, { ...ctx.get(key)!, data: new Uint8Array(space) })
}
