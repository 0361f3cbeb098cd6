import { describe, expect, test } from 'vitest'
import { decodeBase58 } from '../../../../src/chains/base58.ts'
import {
  judgeSolanaValueFlow,
  type SolanaAccountState,
  type SolanaValueFlowExpectation,
} from '../../../../src/chains/verify/judgeSolanaValueFlow.ts'
import { fixedPriceSource } from '../../../../src/chains/verify/prices/fixedPriceSource.ts'

const wallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const attacker = 'BPFLoaderUpgradeab1e11111111111111111111111'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNh3XD5bZ5pGDpNPvZPpRsS2VR'
const SOL = '11111111111111111111111111111111'

function tokenAccount(amount: bigint, owner = wallet, delegate = false): SolanaAccountState {
  const data = Buffer.alloc(165)
  Buffer.from(decodeBase58(mint)).copy(data, 0)
  Buffer.from(decodeBase58(owner)).copy(data, 32)
  data.writeBigUInt64LE(amount, 64)
  data.writeUInt32LE(delegate ? 1 : 0, 72)
  return { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data }
}
const lamports = (n: bigint): SolanaAccountState => ({
  lamports: n,
  owner: SOL,
  data: new Uint8Array(),
})
const expected: SolanaValueFlowExpectation = {
  wallet,
  tokenAccount: 'TokenAcc1111111111111111111111111111111111',
  amountIn: 250_000_000n,
  fixedFeeLamports: 15_000_000n,
  txFeeLamports: 10_000n,
  maxRentLamports: 5_000_000n,
}
const pre = { wallet: lamports(1_000_000_000n), tokenAccount: tokenAccount(1_000_000_000n) }
const honestPost = {
  wallet: lamports(1_000_000_000n - 15_005_000n),
  tokenAccount: tokenAccount(750_000_000n),
}
const rules = (post: typeof honestPost, e = expected) =>
  judgeSolanaValueFlow(pre, post, e).map((v) => v.rule)

describe('judgeSolanaValueFlow', () => {
  test('default: exactly the give and the fee with tx fees leave: no violation', () => {
    expect(rules(honestPost)).toEqual([])
  })

  test.each([
    ['tokenOutflow', { ...honestPost, tokenAccount: tokenAccount(700_000_000n) }],
    ['lamportOutflow', { ...honestPost, wallet: lamports(900_000_000n) }],
    ['lamportOutflow', { ...honestPost, wallet: lamports(1_000_000_000n) }],
    ['accountClosed', { ...honestPost, tokenAccount: null }],
    ['authority', { ...honestPost, tokenAccount: tokenAccount(750_000_000n, attacker) }],
    ['approval', { ...honestPost, tokenAccount: tokenAccount(750_000_000n, wallet, true) }],
  ])('behavior: refuses with %s', (rule, post) => {
    expect(rules(post as typeof honestPost)).toContain(rule)
  })

  test('behavior: value conservation at trusted prices, and no price is a refusal', async () => {
    const prices = await fixedPriceSource([
      {
        chainId: 7565164,
        token: mint,
        price: { usdE18: 10n ** 18n, decimals: 6, source: 'peg 1' },
      },
      {
        chainId: 7565164,
        token: SOL,
        price: { usdE18: 150n * 10n ** 18n, decimals: 9, source: 'feed' },
      },
    ]).snapshot([])
    const conservation = { prices, giveToken: mint, orderGiveAmount: 249_900_000n, maxCostBps: 150 }
    expect(rules(honestPost, { ...expected, conservation })).toEqual([])
    expect(
      rules(honestPost, {
        ...expected,
        conservation: { ...conservation, orderGiveAmount: 200_000_000n },
      }),
    ).toEqual(['valueConserved'])
    const none = await fixedPriceSource([]).snapshot([])
    expect(
      rules(honestPost, { ...expected, conservation: { ...conservation, prices: none } }),
    ).toEqual(['unpriced'])
  })
})
