import { FerryError } from '../../common/FerryError.ts'

/** `ferry run` ended because its last ticks all failed: a fault at run time, exit 1. */
export class RunFailedError extends FerryError {
  override name = 'RunFailedError'

  /**
   * @param failedTicks the failed ticks in a row that ended the run.
   * @param lastError the last failed tick's one-line error.
   */
  constructor(failedTicks: number, lastError: string | undefined) {
    super(
      `the last ${failedTicks} tick(s) all failed${lastError ? `; the last: ${lastError}` : ''}`,
      {
        metaMessages: [
          'fix: see the errors of the ticks above (each names the service, the RPC or the strategy at fault); the run stops after --max-failed-ticks failed ticks in a row',
        ],
      },
    )
  }
}
