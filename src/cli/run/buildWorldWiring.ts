import type { Address, Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { devnetEvmAccount, devnetSolanaKeypair } from '../../devnet/devnetAccounts.ts'
import type { Devnet } from '../../devnet/startDevnet.ts'
import type { FailPoint } from '../../execute/failPoints.ts'
import type { WorldWiring } from '../../execute/worldWiring.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveKillSwitchPath } from '../../settings/resolveKillSwitchPath.ts'
import { resolveRouteRiskLimits } from '../../settings/resolveRouteRiskLimits.ts'
import { resolveStuckPolicy } from '../../settings/resolveStuckPolicy.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { createMarket } from '../../sim/market/createMarket.ts'
import { marketPriceEntries } from '../../sim/market/marketPriceEntries.ts'
import { fixedPriceSource } from '../../verify/prices/fixedPriceSource.ts'
import type { TrustedPriceSource } from '../../verify/prices/tokenUsdPrice.ts'
import { resolveEvmKeySource } from '../resolveEvmKeySource.ts'
import { resolveSolanaSecretKey } from '../resolveSolanaSecretKey.ts'
import { collectWatchedTokens } from './collectWatchedTokens.ts'
import { instanceTokensOf } from './instanceTokensOf.ts'

const SOLANA = 7565164
/** maxFeePerGas cap when a chain sets none, gwei: high enough for a busy L1, a bound all the same. */
export const DEFAULT_MAX_FEE_PER_GAS_GWEI = 200

const gweiToWei = (gwei: number): bigint => BigInt(Math.round(gwei * 1e9))

/**
 * One EVM chain's settings as the senders and readers take them (`chains.<id>`): RPC URLs in order,
 * confirmations (default the chain registry's depth), and the fee and gas caps in base units. `devnetRpcUrl` replaces the config's
 * RPCs in the embedded world.
 */
export function evmChainWiring(
  config: DeepReadonly<FerryConfig>,
  chainId: number,
  devnetRpcUrl?: string,
): WorldWiring['evm'][number] {
  const settings = config.chains[String(chainId)]
  return {
    chainId: chainId as ChainId,
    rpcUrls: devnetRpcUrl ? [devnetRpcUrl] : [...(settings?.rpcUrls ?? [])],
    ...(devnetRpcUrl || settings?.sendUrl === undefined ? {} : { sendUrl: settings.sendUrl }),
    ...(devnetRpcUrl || settings?.rpcQuorum === undefined ? {} : { rpcQuorum: settings.rpcQuorum }),
    // Unset: the registry's depth for the chain (P-2.14), as the schema documents; the devnet's
    // anvil chains mine at once and cannot reorg, so 1 there.
    confirmations:
      settings?.confirmations ?? (devnetRpcUrl ? 1 : CHAINS[chainId as ChainId].confirmations),
    maxFeePerGasWei: gweiToWei(settings?.maxFeePerGasGwei ?? DEFAULT_MAX_FEE_PER_GAS_GWEI),
    ...(settings?.maxPriorityFeePerGasGwei === undefined
      ? {}
      : { maxPriorityFeePerGasWei: gweiToWei(settings.maxPriorityFeePerGasGwei) }),
    ...(settings?.gasLimitCap === undefined ? {} : { gasLimitCap: BigInt(settings.gasLimitCap) }),
    simulation: settings?.verify.simulation ?? 'on',
    approvals: settings?.approvals ?? 'permit',
  }
}

/** Inputs of {@link buildWorldWiring}. */
export type BuildWorldWiringParams = {
  config: DeepReadonly<FerryConfig>
  env: EnvMap
  configPath: string
  /** The embedded world, when the config says `embedded`: its URLs and public test keys. */
  devnet: Devnet | undefined
  /** Whether this run sends (embedded, or `mode: live` with `--live`). */
  sending: boolean
  failPoint?: FailPoint
  /**
   * Trusted prices of the value-flow judge when the config has no `prices` section (P-8.6, P-8.8).
   * Default: the embedded world's market prices with a devnet, else an empty table (every order
   * refused as unpriced). A config with `prices` is always priced from it.
   */
  prices?: TrustedPriceSource
  /**
   * The strategies by strategyKey (loadStrategies): the tokens each instance's `tokens(params)`
   * names are watched too, so a plugin whose params write tokens another way still sees its
   * balances. Default: the `{ chainId, token }` objects of the params alone.
   */
  strategies?: Readonly<Record<string, Strategy<never>>>
}

/**
 * Resolves where each chain is and who ferry is on it (the composition root of `ferry run`):
 * the devnet's URLs and test keys for the embedded world, else the config's RPCs, fee caps and
 * wallets. Keys are read only when the run sends: a dry run needs the wallets' addresses alone
 * (P-4.1). A missing env var, an unreadable keystore or keypair, or a key that does not derive to
 * the configured address is a UsageError (exit 2) before any intent or send (P-1.9, P-5.4).
 */
export function buildWorldWiring(params: BuildWorldWiringParams): WorldWiring {
  const { config, env, configPath, devnet, sending } = params
  const chainIds = Object.keys(config.chains).map(Number)
  const evmIds = chainIds.filter((id) => id !== SOLANA)
  const wallets = config.wallets
  const evmWallet: WorldWiring['evmWallet'] = devnet
    ? {
        address: devnetEvmAccount('user').address,
        key: { privateKey: devnetEvmAccount('user').privateKey },
      }
    : wallets.evm
      ? {
          address: wallets.evm.address as Address,
          key: sending ? resolveEvmKeySource(wallets.evm, env, configPath).source : undefined,
          ...(typeof wallets.evm.account === 'object' ? safeWiringOf(wallets.evm.account) : {}),
        }
      : undefined
  const solanaWallet: WorldWiring['solanaWallet'] = devnet
    ? {
        address: devnetSolanaKeypair('user').publicKey.toBase58(),
        secretKey: devnetSolanaKeypair('user').secretKey,
      }
    : wallets.solana
      ? {
          address: wallets.solana.address,
          secretKey: sending ? resolveSolanaSecretKey(wallets.solana, env, configPath) : undefined,
        }
      : undefined
  return {
    evm: evmIds.map((id) =>
      evmChainWiring(
        config,
        id,
        devnet ? devnet.evm.find((c) => c.chainId === id)!.rpcUrl : undefined,
      ),
    ),
    solana: chainIds.includes(SOLANA)
      ? {
          rpcUrl: devnet?.solana
            ? devnet.solana.rpcUrl
            : config.chains[String(SOLANA)]!.rpcUrls[0]!,
          ...(devnet?.solana || config.chains[String(SOLANA)]?.sendUrl === undefined
            ? {}
            : { sendUrl: config.chains[String(SOLANA)]!.sendUrl! }),
          commitment: 'confirmed',
          ...(devnet?.solana
            ? {}
            : {
                readUrls: [...config.chains[String(SOLANA)]!.rpcUrls],
                ...(config.chains[String(SOLANA)]!.rpcQuorum === undefined
                  ? {}
                  : { rpcQuorum: config.chains[String(SOLANA)]!.rpcQuorum }),
              }),
        }
      : undefined,
    evmWallet,
    solanaWallet,
    watched: collectWatchedTokens([
      ...config.strategies.map((s) => s.params),
      ...(params.strategies ? config.strategies.map(instanceTokensOf(params.strategies)) : []),
    ]),
    killSwitchFile: resolveKillSwitchPath(config.risk.killSwitchFile, configPath),
    sending,
    trackingDeadlineMs: config.tracking.deadlineMs,
    stuckPolicyOf: (key) => resolveStuckPolicy(config.tracking, key),
    pollIntervalMs: devnet ? 250 : config.tracking.pollIntervalMs,
    prices:
      params.prices ??
      fixedPriceSource(devnet ? marketPriceEntries(createMarket({ seed: 1 }), chainIds) : []),
    priceEntries: config.prices,
    maxCostBpsOf: (key) => resolveRouteRiskLimits(config.risk, key).maxCostBps,
    ...(params.failPoint ? { failPoint: params.failPoint } : {}),
  }
}

/** The Safe (and, in roles mode, the modifier and role) of a Safe account, as the wiring holds them. */
function safeWiringOf(account: {
  safe: string
  roles?: { modifier: string; roleKey: string } | undefined
}): { safe: Address; roles?: { modifier: Address; roleKey: Hex } } {
  const safe = account.safe as Address
  if (!account.roles) return { safe }
  return {
    safe,
    roles: { modifier: account.roles.modifier as Address, roleKey: account.roles.roleKey as Hex },
  }
}
