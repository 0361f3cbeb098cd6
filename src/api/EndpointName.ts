/** The five endpoints of the spec; each has its own queue and budget (docs/dln.md §2.3). */
export type EndpointName =
  | 'create-tx'
  | 'chain/transaction'
  | 'externalCallProcess'
  | 'usersLeaderboard'
  | 'referralProgramLeaderboard'
