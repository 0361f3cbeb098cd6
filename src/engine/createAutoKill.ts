import type { EngineEvent } from '../observe/engineEvents.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'

type Terminal = Extract<EngineEvent, { type: 'terminal' }>

/**
 * `risk.autoKill` (P-4.4, P-4.6) as a pure rule over intent ends: the reason to engage the kill
 * switch after this end, or undefined. A refusal (integrity) trips `onRefusal`; any other end
 * without success counts toward `afterConsecutiveFailures`, except economics (a moved quote, a
 * risk limit at the last check) and the config's faults (a missing feed: alerted as such), which
 * count toward nothing; a completed intent resets the count.
 */
export function createAutoKill(
  rules: DeepReadonly<FerryConfig['risk']['autoKill']>,
): (end: Terminal) => string | undefined {
  let failuresInARow = 0
  return (end) => {
    if (end.state === 'completed') failuresInARow = 0
    else if (end.state !== 'refused' && !end.economics && !end.config) failuresInARow++
    if (end.state === 'refused' && rules.onRefusal) {
      return `the verifier refused a transaction of the service for ${end.intentId}: ${end.detail}`
    }
    if (rules.afterConsecutiveFailures > 0 && failuresInARow >= rules.afterConsecutiveFailures) {
      return `${failuresInARow} intents in a row ended without success, the last ${end.intentId}: ${end.detail}`
    }
    return undefined
  }
}
