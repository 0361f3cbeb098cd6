import { describe, expect, test } from 'vitest'
import { EvmSendError } from '../../../src/chains/evm/EvmSendError.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { decideIntentEnd } from '../../../src/execute/decideIntentEnd.ts'
import { outcomeOfError } from '../../../src/execute/outcomeOfError.ts'
import { RiskRecheckError } from '../../../src/execute/RiskRecheckError.ts'
import { PriceFeedUnavailableError } from '../../../src/verify/prices/PriceFeedUnavailableError.ts'
import { TrustedPriceError } from '../../../src/verify/prices/TrustedPriceError.ts'
import { QuoteMovedError } from '../../../src/verify/QuoteMovedError.ts'

describe('outcomeOfError', () => {
  test('behavior: a send whose bytes may still land stays in flight, never failed (P-2.3)', () => {
    const lost = new EvmSendError('unknown', 'no final receipt in time', { nonce: 4, hashes: [] })
    expect(outcomeOfError(lost)).toEqual({ kind: 'unknown', detail: lost.message.split('\n')[0] })
  })

  test('behavior: a refusal of the verifier is refused; a send that provably did not go out is failed', () => {
    expect(outcomeOfError(new VerificationError('tx.to', '0xa', '0xb'))).toMatchObject({
      kind: 'refused',
      detail: 'refusing to sign: tx.to does not match the intent',
    })
    const rejected = new EvmSendError('rejected', 'the node refused the transaction', {})
    expect(outcomeOfError(rejected)).toMatchObject({ kind: 'failed' })
    expect(outcomeOfError(new Error('balance below the order input\n\ntoken: x'))).toEqual({
      kind: 'failed',
      detail: 'balance below the order input',
    })
  })

  test('behavior: economics (a moved quote, a stale trusted price, a risk limit at the last check) is moved, never refused', () => {
    const quote = new QuoteMovedError('order.takeAmount', '>= 100', 99n)
    expect(outcomeOfError(quote)).toEqual({ kind: 'moved', detail: quote.shortMessage })
    const stale = new TrustedPriceError('42161:0xusdc', 'the feed is stale')
    expect(outcomeOfError(stale)).toEqual({ kind: 'moved', detail: stale.shortMessage })
    const cap = new RiskRecheckError('dailyNotionalExceeded', '1 600 USD over 1 500 USD')
    expect(outcomeOfError(cap)).toEqual({
      kind: 'moved',
      detail: 'risk check before signing: dailyNotionalExceeded: 1 600 USD over 1 500 USD',
    })
  })

  test('behavior: a feed that is not there is the config at fault, named with the feed, never economics', () => {
    const dead = new PriceFeedUnavailableError(
      { chainId: 42161, address: '0xFEED' },
      '42161:0xusdc',
      'reverts latestRoundData()',
    )
    expect(outcomeOfError(dead)).toEqual({
      kind: 'config',
      detail:
        'configuration: price feed 0xFEED on chain 42161 (pricing 42161:0xusdc) reverts latestRoundData()',
    })
    expect(decideIntentEnd(outcomeOfError(dead))).toMatchObject({
      kind: 'end',
      state: 'failed',
      economics: false,
      config: true,
    })
  })
})
