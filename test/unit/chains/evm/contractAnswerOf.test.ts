import {
  AbiDecodingZeroDataError,
  encodeErrorResult,
  getContractError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { contractAnswerOf } from '../../../../src/chains/evm/contractAnswerOf.ts'
import { RpcQuorumError } from '../../../../src/chains/evm/RpcQuorumError.ts'
import { rolesAbi } from '../../../../src/chains/evm/safe/rolesAbi.ts'

// docs/safety.md "Treasury accounts", roles mode: a start check tells the RPC's failure (exit 1)
// from the contract's answer (the config's fault, exit 2). Each error is built as viem builds it
// for a read: the transport's or node's error through getContractError.
const URL = 'https://user:secret@rpc.example/v2/KEY'
const asRead = (cause: Error) =>
  getContractError(cause as RpcRequestError, {
    abi: rolesAbi,
    functionName: 'execTransactionWithRole',
    args: [],
  })
const rpcError = (code: number, message: string, data?: string) =>
  asRead(new RpcRequestError({ body: {}, error: { code, message, data }, url: URL }))

describe('contractAnswerOf', () => {
  test('behavior: an RPC that does not answer, times out, limits, errs inside or misses its quorum is no contract answer', () => {
    const failures = [
      asRead(new HttpRequestError({ url: URL, details: 'fetch failed' })),
      asRead(new HttpRequestError({ url: URL, status: 503, details: 'Service Unavailable' })),
      asRead(new TimeoutError({ body: {}, url: URL })),
      rpcError(-32005, 'rate limited'),
      // viem reads a -32603 as a revert of the contract; without data or a revert message it is
      // the node's own failure, not the modifier's answer.
      rpcError(-32603, 'internal error'),
      new RpcQuorumError('unavailable', 'eth_call', 42161, []),
      new Error('socket hang up'),
    ]
    for (const error of failures) expect(contractAnswerOf(error), String(error)).toBeUndefined()
  })

  test('behavior: a revert is the contract answering, with its data (0x when it gave none)', () => {
    const noMembership = encodeErrorResult({ abi: rolesAbi, errorName: 'NoMembership' })
    expect(contractAnswerOf(rpcError(3, 'execution reverted', noMembership))).toEqual({
      kind: 'revert',
      data: noMembership,
    })
    expect(contractAnswerOf(rpcError(3, 'execution reverted', '0x'))).toEqual({
      kind: 'revert',
      data: '0x',
    })
    // geth answers a revert without data as -32000.
    expect(contractAnswerOf(rpcError(-32000, 'execution reverted'))).toEqual({
      kind: 'revert',
      data: '0x',
    })
  })

  test('behavior: return data the ABI cannot decode is the contract answering, not as the ABI says', () => {
    expect(contractAnswerOf(asRead(new AbiDecodingZeroDataError()))).toEqual({
      kind: 'badReturn',
    })
  })
})
