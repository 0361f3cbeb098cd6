import type { Hex } from 'viem'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import { toEvmRevertError } from '../../chains/evm/EvmRevertError.ts'
import type { Logger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import {
  type CheckEvmValueFlowParams,
  checkEvmValueFlow,
  type EvmSimulationMode,
} from '../../verify/checkEvmValueFlow.ts'

/**
 * The chain checks of a verified call our destination authority is about to sign (a cancel or a
 * take patch), after its field checks: its gas is estimated (a revert is an EvmRevertError
 * `simulation`) and given 30 % headroom, which must stay within the sender's gas cap; then its
 * value flow is simulated and judged against `expected` (P-8.1, P-8.2). Returns the gas limit.
 * @throws VerificationError `tx.gasLimit` above the cap; what checkEvmValueFlow throws.
 */
export async function checkAuthorityCall(
  sender: EvmSender,
  tx: { to: Hex; data: Hex; value: bigint },
  expected: CheckEvmValueFlowParams['expected'],
  options: { simulation?: EvmSimulationMode | undefined; logger: Logger },
): Promise<bigint> {
  const estimate = await sender.rpc.read
    .estimateGas({ account: sender.address, to: tx.to, data: tx.data, value: tx.value })
    .catch((error: unknown) => {
      throw toEvmRevertError('simulation', error) ?? error
    })
  const gasLimit = (estimate * 13n) / 10n
  if (gasLimit > sender.gasLimitCap) {
    throw new VerificationError(
      'tx.gasLimit',
      `<= ${sender.gasLimitCap}`,
      gasLimit,
      'is above the chain cap',
    )
  }
  await checkEvmValueFlow(sender, {
    calls: [{ to: tx.to, data: tx.data, value: tx.value, gas: gasLimit }],
    expected,
    ...(options.simulation ? { simulation: options.simulation } : {}),
    logger: options.logger,
  })
  return gasLimit
}
