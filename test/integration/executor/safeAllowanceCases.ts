import {
  type Abi,
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  zeroAddress,
} from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { readEvmOrderFacts } from '../../../src/chains/evm/readEvmOrderFacts.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import type { Devnet } from '../../../src/devnet/startDevnet.ts'
import { checkEvmValueFlow } from '../../../src/verify/checkEvmValueFlow.ts'
import { ValueFlowError } from '../../../src/verify/ValueFlowError.ts'
import { placeAttackContract } from './attackContracts.ts'
import { type Answer, honestOrderAnswer, wrapOrderInForwarder } from './attackOrders.ts'
import { allowanceOf, balanceOf, rpcCall, user } from './executorHarness.ts'
import { supportRouters } from './valueFlowAttackWorld.ts'

/** What the Safe attack suite lends these cases (safeValueFlowAttacks.test.ts). */
export type SafeAttackWorld = {
  devnet: Devnet
  arb: DevnetEvmChain
  safe: Address
  sender: EvmSender
  /** The owner key executing a call through the Safe, without ferry. */
  ownerExec(to: Address, data: Hex, value?: bigint): Promise<{ status: string }>
  /** ferry with the tampering service: it throws, nothing was signed, sent or approved. */
  ferryRefuses(mutate: (a: Answer) => void): Promise<unknown>
  /** Runs `run`, then rolls the chain back. */
  withSnapshot(run: () => Promise<void>): Promise<void>
}

const attacker = '0x000000000000000000000000000000000000a77a' as Address
const mirror = '0x000000000000000000000000000000000000f00d' as Address
const dlnSource = EVM_CONTRACTS.dlnSource as Address
const forwarder = EVM_CONTRACTS.forwarder as Address
const AMOUNT = 100_000_000n

/**
 * "Leaves an allowance" against a Safe account (docs/safety.md "Treasury accounts", P-8.3): a
 * service answer whose Safe transaction leaves the Safe approving a third party, or the
 * forwarder approving one over the Safe's funds. Each is first proven real (executed through
 * the Safe without ferry, the attacker then spends the allowance with transferFrom), then
 * refused by ferry's rules and by the simulated value flow of the Safe, with nothing sent.
 */
export function safeAllowanceCases(world: () => SafeAttackWorld): void {
  let mirrorAbi: Abi
  let usdc: Address
  beforeAll(async () => {
    const { arb } = world()
    usdc = arb.contracts.tokens.USDC.address as Address
    mirrorAbi = await placeAttackContract(arb.rpcUrl, 'MirrorToken', mirror)
    // The forwarder calls only listed routers (docs/dln.md §6): the attacks ride on the token.
    await supportRouters(arb, [usdc])
  })

  /** The attacker, an EOA with gas, calling what it likes (impersonated; rolled back after). */
  async function asAttacker(to: Address, data: Hex) {
    const { arb } = world()
    await rpcCall(arb.rpcUrl, 'anvil_impersonateAccount', [attacker])
    await rpcCall(arb.rpcUrl, 'anvil_setBalance', [attacker, '0xde0b6b3a7640000'])
    const thief = createWalletClient({ account: attacker, transport: http(arb.rpcUrl) })
    const hash = await thief.sendTransaction({ chain: null, to, data, gas: 1_000_000n })
    const receipt = await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
  }

  async function pointMirror(watched: Address, holder: Address, spender: Address = zeroAddress) {
    const { arb } = world()
    const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: mirror,
      abi: mirrorAbi,
      functionName: 'point',
      args: [watched, holder, spender],
    })
    await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }

  // Anyone can make the forwarder spend an allowance granted to it: a `swap` of nothing through
  // the listed token "router", whose calldata is transferFrom(Safe, attacker), and the mirror
  // as output (it reports the attacker's USDC balance, so the output check is met).
  const stealThroughForwarder = () =>
    encodeFunctionData({
      abi: crosschainForwarderAbi,
      functionName: 'swap',
      args: [
        zeroAddress,
        0n,
        '0x',
        {
          allowanceAggregator: zeroAddress,
          swapRouter: usdc,
          swapCalldata: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transferFrom',
            args: [world().safe, attacker, AMOUNT],
          }),
          tokenOut: mirror,
          tokenOutMinAmount: 0n,
          surplusShareBps: 10_000,
          affiliateFeeEnvelope: '0x',
          recipient: attacker,
        },
        0,
      ],
    })

  describe('"leaves an allowance" attacks against a Safe account', () => {
    test.each([
      {
        name: 'approves the attacker',
        spender: attacker,
        amount: AMOUNT,
        spend: () =>
          asAttacker(
            usdc,
            encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transferFrom',
              args: [world().safe, attacker, AMOUNT],
            }),
          ),
      },
      {
        name: 'approves the forwarder for more than the give',
        spender: forwarder,
        amount: maxUint256,
        spend: async () => {
          await pointMirror(usdc, attacker)
          await asAttacker(forwarder, stealThroughForwarder())
        },
      },
    ])(
      'behavior: an answer whose Safe transaction $name is real, and refused by rule, by the sender and by the simulated flow of the Safe',
      async ({ spender, amount, spend }) => {
        const { arb, safe, sender } = world()
        const approve = encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [spender, amount],
        })
        await world().withSnapshot(async () => {
          expect((await world().ownerExec(usdc, approve)).status).toBe('success')
          expect(await allowanceOf(arb.client, usdc, safe, spender)).toBe(amount)
          const safeUsdc = await balanceOf(arb.client, usdc, safe)
          await spend()
          expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
          expect(await balanceOf(arb.client, usdc, safe)).toBe(safeUsdc - AMOUNT)
        })
        const error = await world().ferryRefuses((a) => {
          a.tx.to = usdc
          a.tx.data = approve
        })
        expect((error as VerificationError).field).toBe('tx.data')
        const bypass = await sender
          .send({ kind: 'order', to: usdc, data: approve, value: 0n, gasLimit: 300_000n })
          .catch((e: unknown) => e)
        // Bypassing every check above the sender: an approve is signed only as an approval.
        expect(bypass).toBeInstanceOf(VerificationError)
        expect((bypass as VerificationError).field).toBe('request.kind')
        // The simulation of the exact Safe transaction, judged from the Safe, refuses it too.
        const judged = await checkEvmValueFlow(sender, {
          calls: [{ to: usdc, data: approve, value: 0n }],
          expected: {
            kind: 'order',
            outflow: { token: usdc, amount: AMOUNT },
            nativeFeeWei: 0n,
            approval: { token: usdc, spender: dlnSource, amount: AMOUNT },
          },
        }).catch((e: unknown) => e)
        expect(judged).toBeInstanceOf(ValueFlowError)
        const approvals = (judged as ValueFlowError).violations.filter((v) => v.rule === 'approval')
        expect(approvals.map((v) => v.message)).toEqual([
          expect.stringMatching(
            new RegExp(`^the wallet is left approving ${spender.toLowerCase()} for .*not planned$`),
          ),
        ])
        expect(await allowanceOf(arb.client, usdc, safe, spender)).toBe(0n)
        expect(await balanceOf(arb.client, usdc, attacker)).toBe(0n)
      },
    )

    test('behavior: a pre-swap that leaves the forwarder approving the attacker over the Safe USDC is real, passes the rules, and is refused by the simulated flow (approval)', async () => {
      const { arb, safe, devnet } = world()
      // The forwarder pulls the Safe's 100 USDC and approves the attacker for them (router =
      // the token); the mirror reports that allowance as swap output, so the order is created
      // with a worthless give and the USDC waits in the forwarder for the attacker.
      await pointMirror(usdc, forwarder, attacker)
      const { transferFeeBps } = await readEvmOrderFacts(arb.client, { dlnSource, owner: safe })
      const attack = wrapOrderInForwarder(
        { arb, wallet: safe, usdc, transferFeeBps },
        {
          router: usdc,
          swapCalldata: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [attacker, AMOUNT],
          }),
          tokenOut: mirror,
          expectedAmountOut: AMOUNT,
        },
      )
      const answer = await honestOrderAnswer({ devnet, wallet: safe, usdc, amount: AMOUNT })
      attack(answer)
      await world().withSnapshot(async () => {
        const approve = encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [forwarder, AMOUNT],
        })
        expect((await world().ownerExec(usdc, approve)).status).toBe('success')
        const receipt = await world().ownerExec(
          answer.tx.to as Address,
          answer.tx.data,
          BigInt(answer.tx.value),
        )
        expect(receipt.status).toBe('success')
        expect(await allowanceOf(arb.client, usdc, forwarder, attacker)).toBe(AMOUNT)
        await asAttacker(
          usdc,
          encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transferFrom',
            args: [forwarder, attacker, AMOUNT],
          }),
        )
        expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
      })
      // A ValueFlowError comes only from the simulated flow: every field rule let it through.
      const error = await world().ferryRefuses(attack)
      expect(error).toBeInstanceOf(ValueFlowError)
      expect((error as ValueFlowError).rule).toBe('approval')
      expect((error as ValueFlowError).violations[0]!.message).toContain(
        `${forwarder.toLowerCase()} is left approving ${attacker}`,
      )
      expect(await allowanceOf(arb.client, usdc, forwarder, attacker)).toBe(0n)
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(0n)
    })
  })
}
