import { FerryError } from '../common/FerryError.ts'

/**
 * The RPC cannot simulate what was asked: no eth_simulateV1 and a sequence of several calls
 * (debug_traceCall traces one call), or neither method at all. The caller simulates the
 * approval alone and the order after the approval mined, or refuses to sign (safety P-8.10).
 */
export class SimulationUnsupportedError extends FerryError {
  override name = 'SimulationUnsupportedError'
  readonly reason: 'sequence' | 'no-method'

  constructor(reason: 'sequence' | 'no-method', detail: string[] = []) {
    super(
      reason === 'sequence'
        ? 'the RPC lacks eth_simulateV1: a sequence of calls cannot be simulated as one'
        : 'the RPC offers neither eth_simulateV1 nor debug_traceCall',
      { metaMessages: detail },
    )
    this.reason = reason
  }
}
