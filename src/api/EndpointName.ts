/**
 * The five endpoints of the spec, plus the real service's cancel-tx (docs/dln.md §3.5); each has
 * its own queue and budget (docs/dln.md §2.3).
 */
export type EndpointName =
  | 'create-tx'
  | 'cancel-tx'
  | 'chain/transaction'
  | 'externalCallProcess'
  | 'usersLeaderboard'
  | 'referralProgramLeaderboard'
