import type { ExternalCallProcess } from '../../api/schemas/externalCallProcess.ts'
import type { SimHookStepRecord, SimOrderRecord } from './statsObserver.ts'
import { toAddressObject } from './toAddressObject.ts'
import { toBytesValue } from './toBytesValue.ts'

/**
 * Builds the external-call process answer (docs/service.md §2.3, §4.1) of a recorded order. The count is the
 * order's hook instruction count, raised to the highest step seen so it never undercounts.
 * @see docs/service.md §4.1
 */
export function buildExternalCallProcess(
  order: SimOrderRecord,
  steps: SimHookStepRecord[],
): ExternalCallProcess {
  const highestStep = steps.reduce((max, s) => Math.max(max, s.stepNumber), 0)
  return {
    totalInstructionsCount: Math.max(order.hookInstructionsCount ?? 0, highestStep),
    steps: steps.map((s) => ({
      stepNumber: s.stepNumber,
      eventMetadata: {
        transactionHash: toBytesValue(s.transactionHash),
        blockNumber: s.blockNumber,
        blockHash: toBytesValue(s.blockHash),
        blockTimeStamp: s.blockTimeStampS,
        initiator: toAddressObject(s.initiator),
      },
      extcallBeneficiaries: s.beneficiaries.map(toAddressObject),
      status: s.status,
    })),
  }
}
