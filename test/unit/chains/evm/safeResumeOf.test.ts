import { describe, expect, test } from 'vitest'
import { safeResumeOf } from '../../../../src/chains/evm/safe/safeResumeOf.ts'

// docs/safety.md "Treasury accounts": a restart never runs a journaled Safe tx at another nonce.
const journaled = { safeNonce: 7n, safeTxHash: `0x${'5a'.repeat(32)}` } as const

describe('safeResumeOf', () => {
  test('default: while the Safe is still at the journaled nonce, the journaled bytes may be sent again', () => {
    expect(safeResumeOf(journaled, 7n)).toEqual({ rebroadcast: true })
  })

  test('behavior: a Safe nonce another Safe transaction took abandons the bytes, naming both nonces and the hash', () => {
    const verdict = safeResumeOf(journaled, 8n)
    expect(verdict.rebroadcast).toBe(false)
    expect(verdict).toMatchObject({
      detail: expect.stringMatching(/^abandoned: Safe nonce 7 of 0x(5a){32} .*at 8\)/),
    })
    expect(safeResumeOf(journaled, 2n ** 200n).rebroadcast).toBe(false)
  })

  test('edge: a Safe nonce below the journaled one (a reorg) still allows the same bytes, which bind no nonce', () => {
    expect(safeResumeOf(journaled, 6n)).toEqual({ rebroadcast: true })
  })
})
