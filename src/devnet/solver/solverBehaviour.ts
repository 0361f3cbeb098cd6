/**
 * How the devnet solver treats an order: the happy path by default, misbehaviour on demand for
 * ferry's own tests (tracking, deadlines, alerts).
 */
export type SolverBehaviour = {
  /** Never fill: the order stays Created until its authority cancels it. Default false. */
  neverFill?: boolean
  /**
   * Fill only once the order's effective take (takeAmount − takePatches) is at most this share of
   * its takeAmount, in bps: a taker that judges the take too high and waits for the destination
   * authority to lower it with patchOrderTake. EVM destinations only. Default: no such bar.
   */
  fillAtMostTakeBps?: number
  /** Wait this long after seeing the order before filling, in ms. Default 500. */
  fillDelayMs?: number
  /**
   * What happens to a hook: `run` executes it as the order says (default); `fail` records its
   * step as Failed although the fill went through (a hook the service reports failed);
   * `revert` skips the fill, as a solver does when an atomic success-required hook reverts.
   */
  hook?: 'run' | 'fail' | 'revert'
  /** Record only the first of the hook's steps; the rest stay Pending. Default false. */
  partialSteps?: boolean
  /** Do not send the unlock after the fill. Default false. */
  skipUnlock?: boolean
}

/** The solver's policy: one behaviour for all orders, or one chosen per orderId. */
export type SolverPolicy = SolverBehaviour | ((orderId: string) => SolverBehaviour)
