/** The run's record of failed ticks, for the rule that stops a run that only fails. */
export type FailedTickStreak = {
  /** Ticks in a row, up to the last one, in which every strategy that ran failed. */
  streak: number
  /** Ticks so far in which at least one strategy ran. */
  ticksWithWork: number
}

/** The record before the first tick. */
export const NO_FAILED_TICKS: FailedTickStreak = { streak: 0, ticksWithWork: 0 }

/**
 * Counts one tick into the record. A tick with nothing due leaves it as it was (it neither fails
 * nor recovers); a tick in which every strategy that ran failed (no snapshot, every quote failed,
 * the tick's deadline) extends the streak; any other resets it. Pure.
 * @param ran strategy instances that ran in the tick.
 * @param failures those of them that failed.
 */
export function countFailedTick(
  record: FailedTickStreak,
  ran: number,
  failures: number,
): FailedTickStreak {
  if (ran === 0) return record
  return {
    streak: failures >= ran ? record.streak + 1 : 0,
    ticksWithWork: record.ticksWithWork + 1,
  }
}
