import { describe, expect, test } from 'vitest'
import { judgeQuorum, type QuorumAnswer } from '../../../src/chains/evm/judgeQuorum.ts'

const ok = (host: string, json: string): QuorumAnswer => ({ host, ok: true, json })
const down = (host: string): QuorumAnswer => ({ host, ok: false, error: 'fetch failed\nmore' })

describe('judgeQuorum (reads that decide money)', () => {
  test('default: quorum identical answers agree, whoever failed', () => {
    expect(judgeQuorum([ok('a', '"0x1"'), ok('b', '"0x1"'), down('c')], 2)).toEqual({
      kind: 'agreed',
      json: '"0x1"',
    })
  })

  test('behavior: any two answers that differ are a disagreement, even when outvoted', () => {
    const verdict = judgeQuorum([ok('a', '"0x1"'), ok('b', '"0x1"'), ok('liar', '"0x9"')], 2)
    expect(verdict.kind).toBe('disagreement')
    expect(verdict).toMatchObject({ detail: ['a: "0x1"', 'b: "0x1"', 'liar: "0x9"'] })
  })

  test('behavior: too few answers is unavailable, naming the failures', () => {
    expect(judgeQuorum([ok('a', '"0x1"'), down('b'), down('c')], 2)).toEqual({
      kind: 'unavailable',
      detail: ['1 of 3 answered, 2 must agree', 'b: fetch failed', 'c: fetch failed'],
    })
  })

  test('behavior: for receipts a node that has not seen the tx yet is "not yet", not a liar', () => {
    const receipt = '{"status":"0x1"}'
    expect(
      judgeQuorum([ok('a', receipt), ok('b', 'null'), ok('c', 'null')], 2, { nullIsNotYet: true }),
    ).toEqual({ kind: 'agreed', json: 'null' })
    expect(
      judgeQuorum([ok('a', receipt), ok('b', receipt), ok('c', 'null')], 2, { nullIsNotYet: true }),
    ).toEqual({ kind: 'agreed', json: receipt })
    expect(
      judgeQuorum([ok('a', receipt), ok('b', '{"status":"0x0"}')], 2, { nullIsNotYet: true }).kind,
    ).toBe('disagreement')
  })
})
