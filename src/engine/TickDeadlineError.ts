import { FerryError } from '../common/FerryError.ts'

/** A tick's reads (balances, quotes) did not finish within the per-tick deadline. */
export class TickDeadlineError extends FerryError {
  override name = 'TickDeadlineError'
  readonly deadlineMs: number

  constructor(deadlineMs: number) {
    super(`the tick's reads did not finish within its deadline of ${deadlineMs} ms`, {
      metaMessages: [
        'fix: check the service and the RPCs, or raise --tick-deadline-ms for slow ones',
      ],
    })
    this.deadlineMs = deadlineMs
  }
}
