import { describe, expect, test } from 'vitest'
import { isWildcardHost, localUrlOf } from '../../../src/devnet/localUrlOf.ts'

describe('localUrlOf', () => {
  test('behavior: a wildcard address gives the loopback of its family', () => {
    expect(localUrlOf('0.0.0.0', 8545)).toBe('http://127.0.0.1:8545')
    expect(localUrlOf('::', 8546)).toBe('http://[::1]:8546')
  })

  test('behavior: any other address is reached at itself, IPv6 bracketed', () => {
    expect(localUrlOf('127.0.0.1', 8787)).toBe('http://127.0.0.1:8787')
    expect(localUrlOf('10.0.0.7', 8545)).toBe('http://10.0.0.7:8545')
    expect(localUrlOf('::1', 8545)).toBe('http://[::1]:8545')
  })

  test('behavior: only 0.0.0.0 and :: are wildcards', () => {
    expect(isWildcardHost('0.0.0.0')).toBe(true)
    expect(isWildcardHost('::')).toBe(true)
    expect(isWildcardHost('127.0.0.1')).toBe(false)
    expect(isWildcardHost('::1')).toBe(false)
  })
})
