import { type Address, decodeFunctionData, encodeFunctionData, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { ensureAllowance } from '../../../src/execute/evm/ensureAllowance.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import {
  allowanceOf,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'

const attacker = '0x000000000000000000000000000000000000a77a' as Address
const dlnSource = EVM_CONTRACTS.dlnSource as Address
const forwarder = EVM_CONTRACTS.forwarder as Address
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let sender: EvmSender
let journal: MemorySendJournal
let proxy: TamperProxy

beforeAll(async () => {
  devnet = await startDevnet({ solana: false })
  ;[arb, base] = chainsOf(devnet)
  ;({ sender, journal } = testSender(arb))
  proxy = await startTamperProxy(devnet.sim.baseUrl)
})
afterAll(async () => {
  sender?.close()
  await proxy?.close()
  await devnet?.stop()
})

type Answer = { tx: { to: string; data: Hex; value: string }; orderId: string }
type SaltedArgs = NonNullable<ReturnType<typeof decodeSalted>>

function decodeSalted(data: Hex) {
  const decoded = decodeFunctionData({ abi: dlnSourceAbi, data })
  if (decoded.functionName !== 'createSaltedOrder') throw new Error('not createSaltedOrder')
  return decoded.args
}

/** Re-encodes createSaltedOrder after `change` edits its decoded arguments. */
function rewriteOrder(change: (args: [...SaltedArgs]) => void): (a: Answer) => void {
  return (a) => {
    const args = [...decodeSalted(a.tx.data)] as [...SaltedArgs]
    args[0] = { ...args[0] }
    change(args)
    a.tx.data = encodeFunctionData({ abi: dlnSourceAbi, functionName: 'createSaltedOrder', args })
  }
}

const CASES: [string, string, (a: Answer) => void][] = [
  [
    'wrong to',
    'tx.to',
    (a) => {
      a.tx.to = attacker
    },
  ],
  [
    'wrong selector',
    'tx.data',
    (a) => {
      a.tx.data = `0xdeadbeef${a.tx.data.slice(10)}`
    },
  ],
  [
    'different receiver',
    'order.receiverDst',
    rewriteOrder((x) => {
      x[0].receiverDst = attacker
    }),
  ],
  [
    'different authority',
    'order.orderAuthorityAddressDst',
    rewriteOrder((x) => {
      x[0].orderAuthorityAddressDst = attacker
    }),
  ],
  [
    'different cancel beneficiary',
    'order.allowedCancelBeneficiarySrc',
    rewriteOrder((x) => {
      x[0].allowedCancelBeneficiarySrc = attacker
    }),
  ],
  [
    'different token',
    'order.takeTokenAddress',
    rewriteOrder((x) => {
      x[0].takeTokenAddress = attacker
    }),
  ],
  [
    'different amount',
    'order.giveAmount',
    rewriteOrder((x) => {
      x[0].giveAmount *= 2n
    }),
  ],
  [
    'different take chain',
    'order.takeChainId',
    rewriteOrder((x) => {
      x[0].takeChainId = 10n
    }),
  ],
  [
    'injected affiliate fee',
    'tx.data._affiliateFee',
    rewriteOrder((x) => {
      x[2] = `${attacker}${'00'.repeat(31)}64` as Hex
    }),
  ],
  [
    'injected hook',
    'order.externalCall',
    rewriteOrder((x) => {
      x[0].externalCall = '0x1234'
    }),
  ],
  [
    'take below the answer’s own estimation',
    'order.takeAmount',
    rewriteOrder((x) => {
      x[0].takeAmount /= 2n
    }),
  ],
  [
    'inflated value',
    'tx.value',
    (a) => {
      a.tx.value = (BigInt(a.tx.value) + parseEther('1')).toString()
    },
  ],
  [
    'different orderId',
    'orderId',
    (a) => {
      a.orderId = `0x${'ab'.repeat(32)}`
    },
  ],
]

async function attempt(mutate: (a: Answer) => void, onlyEstimate = false): Promise<unknown> {
  proxy.tamper = (path, query, body) => {
    if (!path.endsWith('/create-tx')) return body
    if (onlyEstimate && query.get('enableEstimate') !== 'true') return body
    mutate(body as Answer)
    return body
  }
  try {
    const usdc = arb.contracts.tokens.USDC.address
    await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdc, 100_000_000n, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    })
    return undefined
  } catch (error) {
    return error
  } finally {
    proxy.tamper = undefined
  }
}

describe('executeEvmOrder against a malicious service', () => {
  test.each(CASES)(
    'behavior: %s is refused at %s; no tx, no allowance',
    async (_name, field, mutate) => {
      const usdc = arb.contracts.tokens.USDC.address
      const nonce = await arb.client.getTransactionCount({
        address: user.address,
        blockTag: 'pending',
      })
      const journalled = journal.records.length
      const error = await attempt(mutate)
      expect(error).toBeInstanceOf(VerificationError)
      expect((error as VerificationError).field).toBe(field)
      expect(
        await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' }),
      ).toBe(nonce)
      expect(journal.records.length).toBe(journalled)
      expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
      expect(await allowanceOf(arb.client, usdc, user.address, forwarder)).toBe(0n)
    },
  )

  test('behavior: a refusal after ferry approved revokes the leftover allowance (P-1.12)', async () => {
    const usdc = arb.contracts.tokens.USDC.address
    const journalled = journal.records.length
    const error = await attempt(
      rewriteOrder((x) => {
        x[0].receiverDst = attacker
      }),
      true,
    )
    expect((error as VerificationError).field).toBe('order.receiverDst')
    expect(journal.records.slice(journalled).map((r) => r.kind)).toEqual(['approve', 'revoke'])
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
  })

  test('behavior: with the allowance already exact, a tampered estimate answer changes nothing', async () => {
    const usdc = arb.contracts.tokens.USDC.address
    await ensureAllowance({ sender, token: usdc, spender: dlnSource, amount: 100_000_000n })
    const nonce = await arb.client.getTransactionCount({
      address: user.address,
      blockTag: 'pending',
    })
    const error = await attempt(
      rewriteOrder((x) => {
        x[0].receiverDst = attacker
      }),
      true,
    )
    expect((error as VerificationError).field).toBe('order.receiverDst')
    expect(
      await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' }),
    ).toBe(nonce)
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(100_000_000n)
    // And the honest service still gets the order through on the same allowance.
    const ok = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdc, 100_000_000n, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    })
    expect(ok.allowance).toBeUndefined()
    expect(ok.orderId).toBe(ok.quote.orderId)
  })
})
