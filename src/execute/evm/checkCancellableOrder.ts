import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { CancelOrderError } from '../../chains/evm/CancelOrderError.ts'
import type { CancelOrderRecord, CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'

/**
 * Journal states a cancel may start from: `Created` sends the cancel; `OrderCancelled` and
 * `SentOrderCancel` (a cancel already on chain) only follow the refund.
 */
export const CANCEL_START_STATES: readonly CancelOrderState[] = [
  'Created',
  'OrderCancelled',
  'SentOrderCancel',
]

/**
 * Whether ferry can cancel a journaled order, judged from the journal alone before any RPC or key
 * is touched: the source must be an EVM chain with known DLN contracts (the refund is claimed
 * there from DlnSource), the destination such an EVM chain (sendEvmOrderCancel) or Solana (the
 * Solana cancel, cancelSolanaOrder), and the order must be in one of {@link CANCEL_START_STATES}.
 * Pure.
 * @throws CancelOrderError `unsupported` or `notCancellable`, naming the chain or state and the fix.
 */
export function checkCancellableOrder(
  order: Pick<CancelOrderRecord, 'orderId' | 'srcChainId' | 'dstChainId' | 'state'>,
): void {
  for (const [side, chainId] of [
    ['source', order.srcChainId],
    ['destination', order.dstChainId],
  ] as const) {
    const info = CHAINS[chainId as ChainId]
    const evm = info?.kind === 'evm' && evmAllowList(chainId as ChainId) !== undefined
    if (evm || (side === 'destination' && info?.kind === 'solana')) continue
    throw new CancelOrderError(
      'unsupported',
      order.orderId,
      `its ${side} chain ${chainId} (${info?.name ?? 'unknown'}) is not supported: ferry cancels orders from EVM chains into EVM chains or Solana`,
      { fix: 'cancel it with the service cancel-tx endpoint or the deBridge app' },
    )
  }
  if (!CANCEL_START_STATES.includes(order.state)) {
    throw new CancelOrderError(
      'notCancellable',
      order.orderId,
      order.state === 'ClaimedOrderCancel'
        ? 'it is already cancelled and refunded (ClaimedOrderCancel)'
        : `its journaled state is ${order.state}`,
      {
        fix:
          order.state === 'ClaimedOrderCancel'
            ? 'nothing to do: it is already cancelled and refunded'
            : 'only an order still in Created can be cancelled',
      },
    )
  }
}
