import type { EngineEvent } from './engineEvents.ts'
import { holdsAlerts, type RateLimitState } from './rateLimitAlerts.ts'

/**
 * Event types decideAlerts never alerts on nor remembers: most of a tick's events (quotes,
 * observations, broadcasts, fills). Every type its switch handles must be missing here.
 */
export const QUIET_EVENT_TYPES: ReadonlySet<EngineEvent['type']> = new Set<EngineEvent['type']>([
  'tick',
  'tickEnd',
  'quote',
  'quoteFailed',
  'held',
  'observation',
  'reconcile',
  'approval',
  'sent',
  'created',
  'filled',
  'patched',
  'cancelled',
  'lease',
  'clusterView',
  'clusterTurnFailed',
])

/**
 * Whether `event` leaves decideAlerts' answer empty and its state as it is, decided without
 * building anything: a quiet type (or an accepted decision, a hook without a Failed step) while
 * `rateLimit` holds no alert back for a summary. The alerter skips such events before it reads
 * the clock: they are about nine in ten of a tick's events.
 */
export function isQuietEvent(event: EngineEvent, rateLimit: RateLimitState): boolean {
  const quiet =
    QUIET_EVENT_TYPES.has(event.type) ||
    (event.type === 'decision' && event.verdict === 'accept') ||
    (event.type === 'hook' && !event.steps.some((s) => s.status === 'Failed'))
  return quiet && !holdsAlerts(rateLimit)
}
