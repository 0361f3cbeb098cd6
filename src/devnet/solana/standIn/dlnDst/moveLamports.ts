import { PublicKey } from '@solana/web3.js'
import { type StandInContext, StandInError } from '../StandInProgram.ts'

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
