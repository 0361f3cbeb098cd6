import { describe, expect, test } from 'vitest'
import { permanentNetworkError } from '../../../src/api/permanentNetworkError.ts'

/** What undici's fetch throws: TypeError('fetch failed') with the system error as its cause. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause })
}
const systemError = (code: string): Error => Object.assign(new Error(`connect ${code}`), { code })

describe('permanentNetworkError (pure)', () => {
  test.each([
    {
      name: 'a refused port',
      error: fetchFailed(systemError('ECONNREFUSED')),
      code: 'ECONNREFUSED',
    },
    {
      name: 'a name that does not resolve',
      error: fetchFailed(systemError('ENOTFOUND')),
      code: 'ENOTFOUND',
    },
    { name: "fetch's blocked port", error: fetchFailed(new Error('bad port')), code: 'BAD_PORT' },
    {
      name: 'every address of a host refused (AggregateError)',
      error: fetchFailed(
        new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')], 'x'),
      ),
      code: 'ECONNREFUSED',
    },
    {
      name: 'a certificate for another host',
      error: fetchFailed(systemError('ERR_TLS_CERT_ALTNAME_INVALID')),
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    },
  ])('permanent: $name', ({ error, code }) => {
    expect(permanentNetworkError(error)?.code).toBe(code)
  })

  test.each([
    { name: 'a reset connection', error: fetchFailed(systemError('ECONNRESET')) },
    {
      name: 'a DNS server that did not answer in time',
      error: fetchFailed(systemError('EAI_AGAIN')),
    },
    { name: 'a timeout', error: new DOMException('timed out', 'TimeoutError') },
    { name: 'the other side closed', error: fetchFailed(new Error('other side closed')) },
    { name: 'not an error at all', error: 'fetch failed' },
  ])('retryable: $name', ({ error }) => {
    expect(permanentNetworkError(error)).toBeUndefined()
  })
})
