import { type Address, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { contractAnswerOf } from '../../chains/evm/contractAnswerOf.ts'
import { judgeRolesAccount } from '../../chains/evm/safe/judgeRolesAccount.ts'
import { judgeSafeAccount } from '../../chains/evm/safe/judgeSafeAccount.ts'
import { safeAbi } from '../../chains/evm/safe/safeAbi.ts'
import { UsageError } from '../../common/UsageError.ts'
import { ChainReadError } from '../../execute/market/ChainReadError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { readRolesAccount } from './readRolesAccount.ts'

const SOLANA = 7565164
const TIMEOUT_MS = 5_000

/**
 * The start check of a Safe account (docs/safety.md "Treasury accounts"): on every configured EVM
 * chain the Safe has code, and in owner mode ferry's key owns it and its threshold is 1; in roles
 * mode the modifier has code, acts for the Safe, is enabled on it and the key holds the role
 * ({@link judgeRolesAccount}). Reads the first RPC of each chain. @throws UsageError (exit 2)
 * naming the field, before anything is sent; ChainReadError (exit 1, the chain and the RPC's
 * host) when the RPC fails rather than the contract answering.
 */
export async function checkSafeAccount(
  config: DeepReadonly<Pick<FerryConfig, 'chains' | 'wallets'>>,
): Promise<void> {
  const wallet = config.wallets.evm
  const account = wallet?.account
  if (!wallet || typeof account !== 'object') return
  const safe = account.safe as Address
  const roles = account.roles
  for (const [id, chain] of Object.entries(config.chains)) {
    const chainId = Number(id)
    if (chainId === SOLANA) continue
    const url = chain.rpcUrls[0]!
    const client = createPublicClient({
      transport: http(url, { retryCount: 0, timeout: TIMEOUT_MS }),
    })
    if (roles) {
      const p = {
        chainId,
        safe,
        modifier: roles.modifier as Address,
        roleKey: roles.roleKey as Hex,
        key: wallet.address as Address,
      }
      let rolesFacts: Awaited<ReturnType<typeof readRolesAccount>>
      try {
        rolesFacts = await readRolesAccount(client as PublicClient, p)
      } catch (error) {
        // An outage, a timeout or a quorum not met is no fault of the config: a failure, exit 1.
        if (contractAnswerOf(error) === undefined) throw new ChainReadError(chainId, [url], error)
        throw new UsageError(
          'wallets.evm.account.roles.modifier',
          `chain ${chainId}: ${roles.modifier} does not answer as a Roles modifier v2 of a Safe (avatar, target, isModuleEnabled)`,
          'give the Roles modifier v2 enabled on the Safe, deployed on every configured EVM chain',
        )
      }
      const refusal = judgeRolesAccount(rolesFacts)
      if (refusal) throw refusal
      continue
    }
    let facts: Parameters<typeof judgeSafeAccount>[0]
    try {
      const code = await client.getCode({ address: safe })
      const empty = code === undefined || code === '0x'
      const [owners, threshold] = empty
        ? [[], 0n]
        : await Promise.all([
            client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' }),
            client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' }),
          ])
      facts = { chainId, safe, key: wallet.address, code, owners, threshold }
    } catch (error) {
      if (contractAnswerOf(error) === undefined) throw new ChainReadError(chainId, [url], error)
      throw new UsageError(
        'wallets.evm.account.safe',
        `chain ${chainId}: ${safe} does not answer as a Safe (getOwners, getThreshold)`,
        'give the address of a Safe 1.3 or later deployed on every configured EVM chain',
      )
    }
    const refusal = judgeSafeAccount(facts)
    if (refusal) throw refusal
  }
}
