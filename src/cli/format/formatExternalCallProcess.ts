import { EXECUTED_STATUS, type ExternalCallProcess } from '../../api/schemas/externalCallProcess.ts'
import { formatTable } from './formatTable.ts'

/**
 * The hook steps of an order as a table: step, status, transaction hash, block, time, initiator
 * and beneficiaries.
 * @see docs/service.md §2.3
 */
export function formatExternalCallProcess(orderId: string, process: ExternalCallProcess): string {
  const done = process.steps.filter((s) => s.status === EXECUTED_STATUS).length
  const rows = [
    ['step', 'status', 'transaction', 'block', 'time (UTC)', 'initiator', 'beneficiaries'],
  ]
  for (const step of [...process.steps].sort((a, b) => a.stepNumber - b.stepNumber)) {
    const m = step.eventMetadata
    rows.push([
      String(step.stepNumber),
      step.status,
      m.transactionHash.stringValue,
      String(m.blockNumber),
      new Date(m.blockTimeStamp * 1000).toISOString().replace('.000Z', 'Z'),
      m.initiator.stringValue,
      step.extcallBeneficiaries.map((b) => b.stringValue).join(', ') || '-',
    ])
  }
  return [
    `Hook of order ${orderId}: ${done} of ${process.totalInstructionsCount} instruction(s) executed`,
    formatTable(rows),
  ].join('\n')
}
