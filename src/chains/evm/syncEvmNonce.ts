import { FerryError } from '../../common/FerryError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'

/**
 * The signer's next nonce from the chain's `pending` count. Throws a FerryError when the RPC
 * serves another chain than the sender's, so nothing is signed for the wrong chain.
 */
export async function syncEvmNonce(ctx: EvmSenderContext): Promise<number> {
  const client = ctx.rpc.read
  const [count, nodeChainId] = await Promise.all([
    client.getTransactionCount({ address: ctx.signer.address, blockTag: 'pending' }),
    client.getChainId(),
  ])
  if (nodeChainId !== ctx.nativeChainId) {
    throw new FerryError('the RPC serves another chain', {
      metaMessages: [`expected: ${ctx.nativeChainId}`, `rpc: ${nodeChainId}`],
    })
  }
  return count
}
