import { FerryError, type FerryErrorOptions } from '../../common/FerryError.ts'

/**
 * A configured price feed that is not a working feed (docs/safety.md, refusal classes): no
 * contract at its address, `latestRoundData()` or `decimals()` reverts or answers nothing, or it
 * has never answered a round. The config's fault, not the market's: the intent ends as a
 * configuration failure that alerts, never economics, and starts no route cooldown. Names the
 * feed (chain and address) and the token it prices.
 */
export class PriceFeedUnavailableError extends FerryError {
  override name = 'PriceFeedUnavailableError'
  /** `chainId:address` of the feed, address lower case. */
  readonly feed: string
  /** `chainId:token` of the token the feed prices. */
  readonly token: string

  constructor(
    feed: { chainId: number; address: string },
    token: string,
    problem: string,
    options: FerryErrorOptions = {},
  ) {
    super(
      `price feed ${feed.address} on chain ${feed.chainId} (pricing ${token}) ${problem}`,
      options,
    )
    this.feed = `${feed.chainId}:${feed.address.toLowerCase()}`
    this.token = token
  }
}
