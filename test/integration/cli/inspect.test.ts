import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair, TransactionInstruction } from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'
import { mutateSolanaTx, randomSolanaKey, simLookupTable } from '../../helpers/mutateSolanaTx.ts'
import type { FerryRun } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { startLookupTableRpc } from '../../helpers/startLookupTableRpc.ts'

/** `ferry inspect` in-process, through the binary's own runCli. */
const runInspect = (args: string[]): Promise<FerryRun> => runFerryInProcess(['inspect', ...args])

const USER = '0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8'
const ORDER_ID = '0x19499ede9b21fa5cc0ce5f74a155482576ff7d85b51863fb5231dbf648300b6a'
const { tx } = createTxJsonExample
const evmArgs = ['--chain', '42161', '--to', tx.to, '--data', tx.data, '--value', tx.value]
const dir = mkdtempSync(join(tmpdir(), 'ferry-inspect-'))

function intentFile(name: string, intent: object): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(intent))
  return path
}

describe('ferry inspect', () => {
  test('default: the real forwarder-wrapped calldata gives the documented orderId', async () => {
    const [withFrom, without] = await Promise.all([
      runInspect([...evmArgs, '--from', USER]),
      runInspect(evmArgs),
    ])
    expect(withFrom.stderr).toBe('')
    expect(withFrom.code).toBe(0)
    expect(withFrom.stdout).toContain(`orderId: ${ORDER_ID}`)
    expect(withFrom.stdout).toContain('entry: strictlySwapAndCall → createSaltedOrder')
    expect(withFrom.stdout).toMatch(/takeAmount\s+1414379129275580318365/)
    expect(withFrom.stdout).toMatch(/giveAmount\s+336644199/)
    expect(withFrom.stdout).toContain('✓ tx.to')
    expect(withFrom.stdout).toContain('verdict: ok')
    expect(without.code).toBe(0)
    expect(without.stdout).toContain(`orderId: ${ORDER_ID}`)
    expect(without.stdout).toContain('assumed: givePatchAuthoritySrc, no --from given')
  })

  test('behavior: against an intent each check shows ✓ or ✗ with expected and actual', async () => {
    const intent = intentFile('real.json', {
      srcChainId: 42161,
      dstChainId: 137,
      sender: USER,
      tokenIn: '0x912ce59144191c1204e64559fe8253a0e49e6548',
      amountIn: '1000000000000000000000',
      maxPrependedOpex: '97362178910640486',
      tokenOut: '0x0000000000000000000000000000000000000000',
      minTakeAmount: '1414379129275580318365',
      receiver: USER,
      srcAuthority: USER,
      dstAuthority: USER,
      cancelBeneficiary: USER,
      allowedTaker: 'any',
      referralCode: 31805,
      orderId: ORDER_ID,
    })
    const [run, json, wrongId] = await Promise.all([
      runInspect([...evmArgs, '--intent', intent]),
      runInspect([...evmArgs, '--intent', intent, '--json']),
      runInspect([...evmArgs, '--order-id', `0x${'ab'.repeat(32)}`]),
    ])
    // The real order sets no cancel beneficiary; ferry's intent insists on its own (P-7.2).
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('✓ order.receiverDst')
    expect(run.stdout).toContain('✓ orderId')
    expect(run.stdout).toContain('✗ order.allowedCancelBeneficiarySrc')
    expect(run.stdout).toContain(`expected: ${USER.toLowerCase()}`)
    expect(run.stderr).toContain('order.allowedCancelBeneficiarySrc')
    const report = JSON.parse(json.stdout)
    expect(report.orderId).toBe(ORDER_ID)
    expect(report.ok).toBe(false)
    expect(report.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([
      expect.objectContaining({ field: 'order.allowedCancelBeneficiarySrc', actual: '0x' }),
    ])
    expect(wrongId.code).toBe(1)
    expect(wrongId.stdout).toContain('✗ orderId')
  })

  test('behavior: a Solana order tx decodes, verifies, and an unknown program is named', async () => {
    const maker = Keypair.fromSeed(new Uint8Array(32).fill(3)).publicKey.toBase58()
    const evm = '0x2222222222222222222222222222222222222222'
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const params = {
      srcChainId: 7565164,
      srcChainTokenIn: usdc,
      srcChainTokenInAmount: 100_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      dstChainTokenOutRecipient: evm,
      srcChainOrderAuthorityAddress: maker,
      dstChainOrderAuthorityAddress: evm,
      srcAllowedCancelBeneficiary: maker,
      senderAddress: maker,
    }
    const quote = buildOrderQuote(createTxParamsSchema.parse(params), {
      market: createMarket(),
      nowMs: 1_000,
    })
    const intent = intentFile('solana.json', {
      srcChainId: 7565164,
      dstChainId: 8453,
      sender: maker,
      tokenIn: usdc,
      amountIn: '100000000',
      tokenOut: params.dstChainTokenOut,
      minTakeAmount: '99000000',
      receiver: evm,
      srcAuthority: maker,
      dstAuthority: evm,
      cancelBeneficiary: maker,
      allowedTaker: 'empty',
      orderId: quote.orderId,
    })
    const txData = quote.tx!.data as Hex
    // The simulator's create-tx loads its accounts through its lookup table: read through --rpc.
    const rpc = await startLookupTableRpc([simLookupTable()])
    try {
      const ok = await runInspect(['--solana-tx', txData, '--intent', intent, '--rpc', rpc.url])
      expect(ok.stderr).toBe('')
      expect(ok.code).toBe(0)
      expect(ok.stdout).toContain(`orderId: ${quote.orderId}`)
      expect(ok.stdout).toContain('✓ computeBudget.priorityFee')
      expect(ok.stdout).toMatch(/giveOriginalAmount\s+100000000/)
      const rogue = randomSolanaKey()
      const bad = mutateSolanaTx(txData, (ixs) => [
        ...ixs,
        new TransactionInstruction({ programId: rogue, keys: [], data: Buffer.from([1]) }),
      ])
      const refused = await runInspect(['--solana-tx', bad.slice(2), '--rpc', rpc.url])
      expect(refused.code).toBe(2)
      expect(refused.stdout).toContain('✗ instructions[3].programId')
      expect(refused.stderr).toContain(rogue.toBase58())
    } finally {
      await rpc.close()
    }
  })

  test('behavior: bad or conflicting flags are usage errors (exit 2)', async () => {
    const [missing, both, badChain] = await Promise.all([
      runInspect(['--chain', '42161', '--to', tx.to]),
      runInspect([...evmArgs, '--solana-tx', '0x00']),
      runInspect(['--chain', '5', '--to', tx.to, '--data', tx.data]),
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--chain/--to/--data')
    expect(both.code).toBe(2)
    expect(badChain.code).toBe(2)
  })
})
