import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEventLogs,
  stringToHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { ROLES_STATUS, rolesAbi } from '../../../src/chains/evm/safe/rolesAbi.ts'
import { unwrapSafeExec } from '../../../src/chains/evm/safe/unwrapSafeExec.ts'
import { checkSafeAccount } from '../../../src/cli/run/checkSafeAccount.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { execFromSafe } from '../../../src/devnet/installDevnetRoles.ts'
import { deployRolesModifier } from '../../../src/devnet/installRoles.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { loadConfig } from '../../../src/settings/loadConfig.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

// Roles mode (docs/safety.md "Treasury accounts"): the Safe is owned by the treasury's signers
// (the devnet's deployer key), ferry's key holds a role on the Roles modifier v2 enabled on it and
// can make exactly the calls of `ferry safe permissions`, nothing else.
const user = devnetEvmAccount('user')
const owner = devnetEvmAccount('deployer')
const attacker = '0x000000000000000000000000000000000000a77a' as Address
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
let devnet: Devnet
let dir: string
let safe: Address
let modifier: Address
let roleKey: Hex

beforeAll(async () => {
  devnet = await startDevnet({
    evmChainIds: [42161, 8453],
    solana: false,
    roles: true,
    fillDelayMs: 50,
  })
  ;({ safe, modifier, roleKey } = devnet.treasuryRoles!)
  dir = mkdtempSync(join(tmpdir(), 'ferry-roles-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const chain = (id: number) => devnet.evm.find((c) => c.chainId === id)!
const arb = () => chain(42161).client
const usdcOf = (who: Address) =>
  arb().readContract({ address: USDC_ARB, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const rolesAccount = (over: { modifier?: Address; roleKey?: Hex } = {}) =>
  `{ safe: "${safe}", execution: roles, roles: { modifier: "${over.modifier ?? modifier}", roleKey: "${over.roleKey ?? roleKey}" } }`
const writeConfig = (name: string, account = rolesAccount()) =>
  writeDevnetLiveConfig(devnet, join(dir, `${name}.yaml`), {
    killSwitchFile: `${name}.kill`,
    hook: true,
    tracking: '  pollIntervalMs: 200\n',
    account,
  })
const keyWallet = () =>
  createWalletClient({ account: user.account, transport: http(chain(42161).rpcUrl) })

/** The key's execTransactionWithRole of `call`, sent straight to the modifier (no ferry check). */
async function sendThroughRole(call: {
  to: Address
  data: Hex
  value?: bigint
}): Promise<'success' | string> {
  const args = [call.to, call.value ?? 0n, call.data, 0, roleKey, true] as const
  try {
    await arb().simulateContract({
      account: user.address,
      address: modifier,
      abi: rolesAbi,
      functionName: 'execTransactionWithRole',
      args,
    })
  } catch (err) {
    const reverted = (err as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
    const data = (reverted as ContractFunctionRevertedError | null)?.data
    if (data?.errorName === 'ConditionViolation') {
      return `ConditionViolation(${ROLES_STATUS[Number(data.args?.[0])]})`
    }
    return data?.errorName ?? 'reverted'
  }
  const hash = await keyWallet().writeContract({
    chain: null,
    address: modifier,
    abi: rolesAbi,
    functionName: 'execTransactionWithRole',
    args,
  })
  return (await arb().waitForTransactionReceipt({ hash })).status
}

describe('roles mode: start refusals, exit 2 and nothing sent', () => {
  test('behavior: a role not assigned to the key stops ferry run --live with exit 2 naming roleKey', async () => {
    const nonce = await arb().getTransactionCount({ address: user.address })
    const config = writeConfig(
      'norole',
      rolesAccount({ roleKey: stringToHex('other', { size: 32 }) }),
    )
    const run = await runFerry(
      ['run', config, '--live', '--once', '--journal', join(dir, 'norole.sqlite')],
      {
        [DEVNET_KEY_ENV]: user.privateKey,
      },
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('wallets.evm.account.roles.roleKey')
    expect(run.stderr).toContain('NoMembership')
    expect(run.stderr).not.toContain('    at ')
    expect(await arb().getTransactionCount({ address: user.address })).toBe(nonce)
  }, 60_000)

  test('behavior: a modifier with no code, or one not enabled on the Safe, is a UsageError naming the modifier', async () => {
    const check = (account: string) =>
      checkSafeAccount(loadConfig({ path: writeConfig('check', account) }).config)
    await expect(check(rolesAccount({ modifier: attacker }))).rejects.toThrow(/has no code/)
    // A real modifier for this Safe that its owners never enabled.
    const stray = await deployRolesModifier(chain(42161).rpcUrl, owner, {
      owner: owner.address,
      avatar: safe,
      target: safe,
    })
    await deployRolesModifier(chain(8453).rpcUrl, owner, {
      owner: owner.address,
      avatar: safe,
      target: safe,
    })
    const refusal = await check(rolesAccount({ modifier: stray })).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(UsageError)
    expect((refusal as UsageError).field).toBe('wallets.evm.account.roles.modifier')
    expect((refusal as UsageError).message).toContain('is not enabled on the Safe')
    await expect(check(rolesAccount())).resolves.toBeUndefined()
  }, 60_000)
})

describe('roles mode: permissions as code, then a live rebalance from the Safe', () => {
  test('behavior: ferry safe permissions prints the set and --apply sets it on the devnet', async () => {
    // The devnet's roles treasury is where config/treasury-roles.example.yaml says, on every chain.
    expect(devnet.treasuryRoles).toEqual({
      safe: '0xB0d543191779654E8149967D62b529be877b36Dc',
      modifier: '0x111B719139d50F5239d5974bEe16191645AbfF71',
      roleKey: stringToHex('ferry', { size: 32 }),
    })
    expect(devnet.evm.map((c) => c.treasuryRoles)).toEqual([
      devnet.treasuryRoles,
      devnet.treasuryRoles,
    ])
    const config = writeConfig('perms')
    const printed = await runFerry(['safe', 'permissions', config])
    expect(printed.code).toBe(0)
    expect(printed.stdout).toContain(`allowedCancelBeneficiarySrc = ${safe}`)
    expect(printed.stdout).toContain('scopeFunction')
    const json = await runFerry(['safe', 'permissions', config, '--json'])
    const batches = (
      JSON.parse(json.stdout) as { batches: { chainId: string; transactions: { to: string }[] }[] }
    ).batches
    expect(batches.map((b) => b.chainId).sort()).toEqual(['42161', '8453'])
    expect(batches.every((b) => b.transactions.every((t) => t.to === modifier))).toBe(true)
    // Before the set: the role may do nothing, not even the approve ferry needs.
    const approveDln = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [chain(42161).contracts.dlnSource, 0n],
    })
    expect(await sendThroughRole({ to: USDC_ARB, data: approveDln })).toBe(
      'ConditionViolation(TargetAddressNotAllowed)',
    )
    const applied = await runFerry(['safe', 'permissions', config, '--apply'], {}, 60_000)
    expect(applied.stderr).toBe('')
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain(
      `applied on chain 42161: ${batches.find((b) => b.chainId === '42161')!.transactions.length} Safe transactions`,
    )
    expect(await sendThroughRole({ to: USDC_ARB, data: approveDln })).toBe('success')
  }, 90_000)

  test('attack: calls outside the set revert in the Roles modifier, though they are real (the Safe itself can make them)', async () => {
    const approveAttacker = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [attacker, maxUint256],
    })
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [attacker, 1_000_000n],
    })
    // Real: made by the Safe (its owner's execTransaction), each moves or exposes the Safe's USDC.
    const before = await usdcOf(attacker)
    await execFromSafe(chain(42161).rpcUrl, owner, safe, {
      to: USDC_ARB,
      value: 0n,
      data: transfer,
    })
    expect(await usdcOf(attacker)).toBe(before + 1_000_000n)
    // Through ferry's role, sent straight to the modifier with ferry's key, past ferry's checks.
    // The spender is pinned to DlnSource or the forwarder: neither branch of the Or passes.
    expect(await sendThroughRole({ to: USDC_ARB, data: approveAttacker })).toBe(
      'ConditionViolation(OrViolation)',
    )
    expect(await sendThroughRole({ to: USDC_ARB, data: transfer })).toBe(
      'ConditionViolation(FunctionNotAllowed)',
    )
    expect(await sendThroughRole({ to: attacker, data: '0x' })).toBe(
      'ConditionViolation(TargetAddressNotAllowed)',
    )
    // A Safe call to itself (owners, modules, threshold) is outside the set too.
    expect(await sendThroughRole({ to: safe, data: '0x' })).toBe(
      'ConditionViolation(TargetAddressNotAllowed)',
    )
    expect(await usdcOf(attacker)).toBe(before + 1_000_000n)
  }, 60_000)

  test('behavior: a USDC rebalance from the Safe through the role: approval, order, fill and hook; the key only pays gas', async () => {
    const [safeBefore, keyBefore] = await Promise.all([usdcOf(safe), usdcOf(user.address)])
    const run = await runFerry(
      [
        'run',
        writeConfig('rebalance'),
        '--live',
        '--once',
        '--json',
        '--journal',
        join(dir, 'rebalance.sqlite'),
      ],
      { [DEVNET_KEY_ENV]: user.privateKey },
      90_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const created = events.find((e) => e.type === 'created')!
    expect(created).toBeDefined()
    expect(events.find((e) => e.type === 'hook')).toMatchObject({
      steps: [{ stepNumber: 1, status: 'Executed' }],
    })
    const [safeAfter, keyAfter] = await Promise.all([usdcOf(safe), usdcOf(user.address)])
    expect(keyAfter).toBe(keyBefore)
    expect(safeBefore - safeAfter).toBeGreaterThan(0n)
    const logs = await arb().getContractEvents({
      address: chain(42161).contracts.dlnSource,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: 0n,
    })
    const mine = logs.find((l) => l.args.orderId === created.orderId)!
    const receipt = await arb().getTransactionReceipt({ hash: mine.transactionHash })
    // The key sent the transaction, to the modifier: execTransactionWithRole.
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(modifier.toLowerCase())
    const [log] = parseEventLogs({
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      logs: receipt.logs,
    })
    const order = log!.args.order
    expect(order.makerSrc.toLowerCase()).toBe(user.address.toLowerCase())
    expect(order.givePatchAuthoritySrc.toLowerCase()).toBe(safe.toLowerCase())
    expect(order.allowedCancelBeneficiarySrc.toLowerCase()).toBe(safe.toLowerCase())
    const allowance = await arb().readContract({
      address: USDC_ARB,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [safe, chain(42161).contracts.dlnSource],
    })
    expect(allowance).toBe(0n)
  }, 120_000)

  test('attack: an order with a foreign cancel beneficiary reverts in the modifier, though DlnSource takes it from the Safe', async () => {
    // ferry's own order, as the key sent it through the role.
    const logs = await arb().getContractEvents({
      address: chain(42161).contracts.dlnSource,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: 0n,
    })
    const sent = await arb().getTransaction({ hash: logs.at(-1)!.transactionHash })
    expect(sent.to?.toLowerCase()).toBe(modifier.toLowerCase())
    const outer = decodeFunctionData({ abi: rolesAbi, data: sent.input })
    const fee = outer.args[1] as bigint
    const inner = unwrapSafeExec({ to: sent.to!, data: sent.input })
    const order = decodeFunctionData({ abi: dlnSourceAbi, data: inner.data })
    expect(order.functionName).toBe('createSaltedOrder')
    const [creation, salt, ...rest] = order.args as readonly [
      { giveAmount: bigint; allowedCancelBeneficiarySrc: Hex },
      bigint,
      ...unknown[],
    ]
    const foreign = (n: bigint) =>
      encodeFunctionData({
        abi: dlnSourceAbi,
        functionName: 'createSaltedOrder',
        args: [{ ...creation, allowedCancelBeneficiarySrc: attacker }, salt + n, ...rest] as never,
      })
    // Real: made by the Safe (its owner), DlnSource takes it, and a cancel would pay the attacker.
    const dln = chain(42161).contracts.dlnSource
    const approveGive = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [dln, creation.giveAmount],
    })
    await execFromSafe(chain(42161).rpcUrl, owner, safe, {
      to: USDC_ARB,
      value: 0n,
      data: approveGive,
    })
    await execFromSafe(chain(42161).rpcUrl, owner, safe, { to: dln, value: fee, data: foreign(1n) })
    const made = await arb().getContractEvents({
      address: dln,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: 0n,
    })
    expect(made.at(-1)!.args.order!.allowedCancelBeneficiarySrc.toLowerCase()).toBe(attacker)
    // Through ferry's role, straight to the modifier with ferry's key: the pinned field refuses it.
    expect(await sendThroughRole({ to: dln, value: fee, data: foreign(2n) })).toBe(
      'ConditionViolation(ParameterNotAllowed)',
    )
  }, 60_000)

  test('behavior: an unfilled order is cancelled through the role on the destination and refunded to the Safe', async () => {
    devnet.solver!.setPolicy({ neverFill: true })
    const before = await usdcOf(safe)
    const fromBlock = (await chain(8453).client.getBlockNumber()) + 1n
    const config = writeDevnetLiveConfig(devnet, join(dir, 'cancel.yaml'), {
      killSwitchFile: 'cancel.kill',
      // Far off target whatever the tests before moved: the run finds a move to make.
      targets: { arbitrum: '900000000000', base: '1100000000000' },
      tracking: '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
      account: rolesAccount(),
    })
    const run = await runFerry(
      ['run', config, '--live', '--once', '--json', '--journal', join(dir, 'cancel.sqlite')],
      { [DEVNET_KEY_ENV]: user.privateKey },
      90_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const created = events.find((e) => e.type === 'created')
    expect(created, run.stdout.slice(-2000)).toBeDefined()
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({
      orderId: created!.orderId,
      chainId: 8453,
    })
    expect(events.at(-1)).toMatchObject({ type: 'terminal', state: 'cancelled' })
    expect(await usdcOf(safe)).toBe(before)
    // The cancel on Base was the key's execTransactionWithRole on the modifier there.
    const base = chain(8453).client
    const txs = []
    for (let n = fromBlock; n <= (await base.getBlockNumber()); n++) {
      const block = await base.getBlock({ blockNumber: n, includeTransactions: true })
      txs.push(
        ...block.transactions.filter((t) => t.from.toLowerCase() === user.address.toLowerCase()),
      )
    }
    expect(txs.length).toBeGreaterThan(0)
    expect(txs.every((t) => t.to?.toLowerCase() === modifier.toLowerCase())).toBe(true)
  }, 120_000)
})
