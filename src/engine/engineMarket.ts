import type {
  QuoteObservation,
  RouteRequest,
  TokenBalance,
} from '../common/strategy/marketTypes.ts'

/**
 * What the engine reads of the world besides the journal: balances, quotes, and the kill switch.
 * Built over the service and the chains by the composition root; tests build their own. Every
 * method may throw; the engine turns throws into events and failed ticks.
 */
export type EngineMarket = {
  /**
   * Balances of the watched tokens and natives, in base units. `signal` aborts the reads (the
   * tick's deadline, or a stop).
   */
  readBalances(signal?: AbortSignal): Promise<TokenBalance[]>
  /**
   * Quotes one route; the observation's USD figures come from the service. `signal` aborts the
   * request (the tick's deadline, or a stop).
   */
  quote(request: RouteRequest, nowMs: number, signal?: AbortSignal): Promise<QuoteObservation>
  /** Whether the kill-switch file exists now. */
  killSwitchEngaged(): boolean
  /**
   * Engages the kill switch with a reason (creates its file); false when it already was engaged.
   * Only a person clears it (`ferry kill off`).
   */
  engageKillSwitch(reason: string): boolean
}
