import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint256,
  parseEventLogs,
  stringToHex,
} from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { rolesAbi } from '../../../src/chains/evm/safe/rolesAbi.ts'
import { unwrapSafeExec } from '../../../src/chains/evm/safe/unwrapSafeExec.ts'
import { checkSafeAccount } from '../../../src/cli/run/checkSafeAccount.ts'
import { UsageError } from '../../../src/common/UsageError.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { execFromSafe } from '../../../src/devnet/installDevnetRoles.ts'
import { deployRolesModifier } from '../../../src/devnet/installRoles.ts'
import { loadConfig } from '../../../src/settings/loadConfig.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { sendThroughRole as sendThroughRole_ } from '../../helpers/sendThroughRole.ts'
import { txsFromSince } from '../../helpers/txsFromSince.ts'
import { useRolesDevnet } from '../../helpers/useRolesDevnet.ts'
import { withCancelBeneficiary } from '../../helpers/withCancelBeneficiary.ts'
import { DEVNET_KEY_ENV } from '../../helpers/writeDevnetLiveConfig.ts'

// Roles mode (docs/safety.md "Treasury accounts"): the Safe is owned by the treasury's signers
// (the devnet's deployer key), ferry's key holds a role on the Roles modifier v2 enabled on it and
// can make exactly the calls of `ferry safe permissions`, nothing else.
const user = devnetEvmAccount('user')
const owner = devnetEvmAccount('deployer')
const attacker = '0x000000000000000000000000000000000000a77a' as Address
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const world = useRolesDevnet()
let safe: Address
let modifier: Address
let roleKey: Hex
beforeAll(() => {
  ;({ safe, modifier, roleKey } = world.roles)
})
const { chain, rolesAccount } = world
const arb = () => chain(42161).client
const usdcOf = (who: Address) =>
  arb().readContract({ address: USDC_ARB, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const writeConfig = (name: string, account = rolesAccount()) => world.writeConfig(name, { account })

/** `ferry run <config> --live --once --json` with ferry's key, its journal beside the config. */
const liveRun = (config: string) =>
  runFerry(
    ['run', config, '--live', '--once', '--json', '--journal', config.replace(/yaml$/, 'sqlite')],
    { [DEVNET_KEY_ENV]: user.privateKey },
    90_000,
  )
const sendThroughRole = (call: { to: Address; data: Hex; value?: bigint }) =>
  sendThroughRole_(chain(42161).rpcUrl, user, { modifier, roleKey }, call)

describe('roles mode: start refusals, exit 2 and nothing sent', () => {
  test('behavior: a role not assigned to the key stops ferry run --live with exit 2 naming roleKey', async () => {
    const nonce = await arb().getTransactionCount({ address: user.address })
    const config = writeConfig(
      'norole',
      rolesAccount({ roleKey: stringToHex('other', { size: 32 }) }),
    )
    const run = await liveRun(config)
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
    expect(world.devnet.treasuryRoles).toEqual({
      safe: '0xB0d543191779654E8149967D62b529be877b36Dc',
      modifier: '0x111B719139d50F5239d5974bEe16191645AbfF71',
      roleKey: stringToHex('ferry', { size: 32 }),
    })
    expect(world.devnet.evm.map((c) => c.treasuryRoles)).toEqual([
      world.devnet.treasuryRoles,
      world.devnet.treasuryRoles,
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
    const run = await liveRun(writeConfig('rebalance'))
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
    const foreign = (bump: bigint) => withCancelBeneficiary(inner.data, attacker, bump)
    // Real: made by the Safe (its owner), DlnSource takes it, and a cancel would pay the attacker.
    const dln = chain(42161).contracts.dlnSource
    const approveGive = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [dln, foreign(1n).giveAmount],
    })
    await execFromSafe(chain(42161).rpcUrl, owner, safe, {
      to: USDC_ARB,
      value: 0n,
      data: approveGive,
    })
    await execFromSafe(chain(42161).rpcUrl, owner, safe, {
      to: dln,
      value: fee,
      data: foreign(1n).data,
    })
    const made = await arb().getContractEvents({
      address: dln,
      abi: dlnSourceAbi,
      eventName: 'CreatedOrder',
      fromBlock: 0n,
    })
    expect(made.at(-1)!.args.order!.allowedCancelBeneficiarySrc.toLowerCase()).toBe(attacker)
    // Through ferry's role, straight to the modifier with ferry's key: the pinned field refuses it.
    expect(await sendThroughRole({ to: dln, value: fee, data: foreign(2n).data })).toBe(
      'ConditionViolation(ParameterNotAllowed)',
    )
  }, 60_000)

  test('behavior: an unfilled order is cancelled through the role on the destination and refunded to the Safe', async () => {
    world.devnet.solver!.setPolicy({ neverFill: true })
    const before = await usdcOf(safe)
    const fromBlock = (await chain(8453).client.getBlockNumber()) + 1n
    const config = world.writeConfig('cancel', {
      // Far off target whatever the tests before moved: the run finds a move to make.
      targets: { arbitrum: '900000000000', base: '1100000000000' },
      tracking: '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
      hook: false,
    })
    const run = await liveRun(config)
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
    const txs = await txsFromSince(chain(8453).client, user.address, fromBlock)
    expect(txs.length).toBeGreaterThan(0)
    expect(txs.every((t) => t.to?.toLowerCase() === modifier.toLowerCase())).toBe(true)
  }, 120_000)
})
