import { FerryError } from '../../common/FerryError.ts'

/**
 * A read that decides money did not get its quorum (docs/safety.md P-2.12): the RPCs disagree
 * (`disagreement`, an alert: one of them lies or lags) or too few answered (`unavailable`). The
 * read is refused; ferry never picks one answer over another. Hosts only: no URL secrets.
 */
export class RpcQuorumError extends FerryError {
  override name = 'RpcQuorumError'
  readonly problem: 'disagreement' | 'unavailable'
  readonly method: string

  constructor(
    problem: 'disagreement' | 'unavailable',
    method: string,
    chainId: number | undefined,
    detail: string[],
  ) {
    const where = chainId === undefined ? '' : ` on chain ${chainId}`
    super(
      problem === 'disagreement'
        ? `the RPCs${where} disagree on ${method}: nothing is decided on it`
        : `too few RPCs${where} answered ${method}`,
      {
        metaMessages: [
          ...detail,
          problem === 'disagreement'
            ? 'fix: check each RPC against a block explorer; remove or replace the one that lies'
            : `fix: check the RPCs of chains.${chainId ?? '<id>'}.rpcUrls, or lower rpcQuorum`,
        ],
      },
    )
    this.problem = problem
    this.method = method
  }
}
