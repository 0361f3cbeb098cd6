import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
} from 'viem'
import { ROLES_STATUS, rolesAbi } from '../../src/chains/evm/safe/rolesAbi.ts'
import type { DevnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'

/**
 * Sends `member`'s `execTransactionWithRole(call, operation 0, roleKey, shouldRevert true)`
 * straight to the Roles modifier, past every check of ferry's (docs/safety.md "Treasury
 * accounts", roles mode). Returns 'success' once mined, else the modifier's refusal by name:
 * `ConditionViolation(<Status>)`, `NoMembership`, `NotAuthorized` (nothing is sent then).
 */
export async function sendThroughRole(
  rpcUrl: string,
  member: DevnetEvmAccount,
  roles: { modifier: Address; roleKey: Hex },
  call: { to: Address; data: Hex; value?: bigint },
): Promise<string> {
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
  const args = [call.to, call.value ?? 0n, call.data, 0, roles.roleKey, true] as const
  const request = {
    address: roles.modifier,
    abi: rolesAbi,
    functionName: 'execTransactionWithRole',
    args,
  } as const
  try {
    await client.simulateContract({ account: member.address, ...request })
  } catch (err) {
    const reverted = (err as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
    const data = (reverted as ContractFunctionRevertedError | null)?.data
    if (data?.errorName === 'ConditionViolation') {
      return `ConditionViolation(${ROLES_STATUS[Number(data.args?.[0])]})`
    }
    return data?.errorName ?? 'reverted'
  }
  const wallet = createWalletClient({ account: member.account, transport: http(rpcUrl) })
  const hash = await wallet.writeContract({ chain: null, ...request })
  return (await client.waitForTransactionReceipt({ hash })).status
}
