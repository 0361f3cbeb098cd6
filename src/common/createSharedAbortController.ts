import { setMaxListeners } from 'node:events'

/**
 * Listeners a shared stop signal may carry before Node warns of a leak. Each request, sleep and
 * tracked order under way adds one (fetch does, per request) and removes it when it ends, so a
 * run with a few dozen routes passes Node's default of 10 without leaking anything; a real leak
 * (a listener per tick, never removed) still reaches this bound and gets its warning.
 */
export const SHARED_SIGNAL_MAX_LISTENERS = 10_000

/**
 * An AbortController whose signal is shared by everything a run does at once (its stop): it
 * takes up to {@link SHARED_SIGNAL_MAX_LISTENERS} listeners without Node's
 * MaxListenersExceededWarning, which a user would otherwise see on stderr as a leak.
 */
export function createSharedAbortController(): AbortController {
  const controller = new AbortController()
  shareSignal(controller.signal)
  return controller
}

/**
 * `signal`, made to take {@link SHARED_SIGNAL_MAX_LISTENERS} listeners: for a signal made
 * elsewhere (AbortSignal.any, AbortSignal.timeout) that many concurrent calls share, such as a
 * tick's reads.
 */
export function shareSignal(signal: AbortSignal): AbortSignal {
  setMaxListeners(SHARED_SIGNAL_MAX_LISTENERS, signal)
  return signal
}
