import { describe, expect, test } from 'vitest'
import { formatDevnetListenNotice } from '../../../src/cli/format/formatDevnetListenNotice.ts'

describe('formatDevnetListenNotice', () => {
  test('behavior: loopback needs no notice', () => {
    expect(formatDevnetListenNotice('127.0.0.1', true)).toEqual([])
    expect(formatDevnetListenNotice('::1', false)).toEqual([])
  })

  test('behavior: a wildcard host warns of the exposure and says the URLs are local', () => {
    const text = formatDevnetListenNotice('0.0.0.0', false).join(' ')
    expect(text).toContain('listen on all interfaces (0.0.0.0)')
    expect(text).toContain('container network only')
    expect(text).toContain("The URLs below are this machine's own.")
    expect(text).not.toContain('Solana')
  })

  test('behavior: a specific address is named as it is, and Solana is said to stay on loopback', () => {
    const text = formatDevnetListenNotice('10.0.0.7', true).join(' ')
    expect(text).toContain('listen on 10.0.0.7:')
    expect(text).toContain('(Solana listens on loopback only)')
  })
})
