import type { Address, Hex } from 'viem'
import type { EvmSender } from './createEvmSender.ts'
import { EvmRevertError, toEvmRevertError } from './EvmRevertError.ts'
import { outerCallOf } from './safe/outerCallOf.ts'

/**
 * Runs the transaction as an eth_call as ferry's key sends it (through the Safe in Safe mode) with its value and gas limit, just
 * before signing (safety P-1.8, P-2.15). A revert throws an {@link EvmRevertError} with the
 * contract's error by name; network faults are rethrown as they are.
 */
export async function simulateEvmTx(
  sender: EvmSender,
  tx: { to: Address; data: Hex; value: bigint; gasLimit?: bigint | undefined },
): Promise<void> {
  try {
    await sender.rpc.read.call(outerCallOf(sender, { ...tx, gas: tx.gasLimit }))
  } catch (error) {
    throw toEvmRevertError('simulation', error) ?? error
  }
}

/**
 * Names the error of a mined transaction that reverted: replays it as an eth_call on the state
 * before its block (close enough for the contracts' own checks). Never throws.
 */
export async function explainRevert(
  sender: EvmSender,
  tx: { to: Address; data: Hex; value: bigint; gasLimit: bigint },
  blockNumber: bigint,
): Promise<EvmRevertError> {
  try {
    await sender.rpc.read.call({
      ...outerCallOf(sender, { ...tx, gas: tx.gasLimit }),
      blockNumber: blockNumber - 1n,
    })
  } catch (error) {
    const named = toEvmRevertError('transaction', error)
    if (named) return named
  }
  return new EvmRevertError('transaction', 'Unknown', [], undefined)
}
