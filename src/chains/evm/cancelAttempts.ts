import type { Hex } from 'viem'
import { CancelOrderError } from './CancelOrderError.ts'
import type { CancelAttemptRecord, CancelJournal } from './cancelJournal.ts'
import type { EvmSender } from './createEvmSender.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'

const FINAL_ATTEMPT = ['confirmed', 'failed', 'dropped']

/** A journaled cancel that may still land must settle first: two cancels would race. */
export async function refuseInFlight(
  orderId: Hex,
  sender: EvmSender,
  attempts: CancelAttemptRecord[],
  journal: CancelJournal,
): Promise<void> {
  const open = attempts.filter((a) => a.kind === 'cancel' && !FINAL_ATTEMPT.includes(a.state))
  for (const a of open) {
    const receipt = await receiptOf(sender, a.hash as Hex)
    if (!receipt) {
      throw new CancelOrderError('inFlight', orderId, `its cancel ${a.hash} is not mined yet`, {
        fix: 'wait for it to be mined (or replaced), then run `ferry cancel` again',
      })
    }
    const includedAt = Number(receipt.blockNumber)
    await journal.setAttemptState(a.hash, receipt.status === 'success' ? 'confirmed' : 'failed', {
      includedAt,
    })
  }
}

/** The hash of our mined cancel, if the journal has one. */
export async function minedCancel(
  sender: EvmSender,
  attempts: CancelAttemptRecord[],
  journal: CancelJournal,
): Promise<Hex | undefined> {
  for (const a of attempts.filter((x) => x.kind === 'cancel')) {
    const receipt = await receiptOf(sender, a.hash as Hex)
    if (receipt?.status !== 'success') continue
    await journal.setAttemptState(a.hash, 'confirmed', { includedAt: Number(receipt.blockNumber) })
    return a.hash as Hex
  }
  return undefined
}

function receiptOf(sender: EvmSender, hash: Hex) {
  return receiptOrUndefined(sender.rpc.read, hash)
}
