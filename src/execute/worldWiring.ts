import type { Address } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { EvmKeySource } from '../chains/evm/createEvmSigner.ts'
import type { RolesRoute } from '../chains/evm/safe/SafeRoute.ts'
import type { TrustedPriceSource } from '../verify/prices/tokenUsdPrice.ts'
import type { TrustedPriceEntry } from '../verify/prices/trustedPriceEntry.ts'
import type { StuckPolicy } from './decideStuckAction.ts'
import type { FailPoint } from './failPoints.ts'

/** Where each chain is and who ferry is on it; resolved from the config or the devnet. */
export type WorldWiring = {
  /** EVM chains: RPC URL, confirmations and fee cap. */
  evm: {
    chainId: ChainId
    /** In order of preference; reads fail over, sends use the first (createEvmRpc). */
    rpcUrls: readonly string[]
    /** `chains.<id>.sendUrl`: where signed transactions go instead of rpcUrls[0]. */
    sendUrl?: string
    /** `chains.<id>.rpcQuorum`: identical answers a money-deciding read needs. Default a majority. */
    rpcQuorum?: number
    confirmations: number
    maxFeePerGasWei: bigint
    /** Default: the maxFeePerGas cap. */
    maxPriorityFeePerGasWei?: bigint
    /** Default DEFAULT_GAS_LIMIT_CAP. */
    gasLimitCap?: bigint
    /** `chains.<id>.verify.simulation` (P-8.10). Default 'on'. */
    simulation?: 'on' | 'off'
    /** `chains.<id>.approvals` (docs/safety.md §10). Default 'permit'. */
    approvals?: 'permit' | 'approve'
  }[]
  solana:
    | {
        rpcUrl: string
        /**
         * Every read URL (`chains.<id>.rpcUrls`) and the quorum of identical answers a
         * money-deciding read needs (`rpcQuorum`, default a majority): lookup-table reads.
         * Default: rpcUrl alone.
         */
        readUrls?: string[]
        rpcQuorum?: number
        /** `chains.<id>.sendUrl`: where signed transactions go instead of rpcUrl. */
        sendUrl?: string
        commitment: 'confirmed' | 'finalized'
        /** The DlnDestination program whose take-state accounts prove fills. Default the real one. */
        takeProgramId?: string
      }
    | undefined
  /**
   * Our EVM address, and its key when the run sends (a dry run reads balances with the address
   * alone); the key never leaves the signer, which checks it derives to the address (P-1.9).
   */
  evmWallet:
    | {
        address: Address
        key: EvmKeySource | undefined
        /** The Safe the key executes for (owner or roles mode): the wallet whose funds move. */
        safe?: Address
        /** Roles mode: the modifier and role the key executes through (docs/safety.md "Treasury accounts"). */
        roles?: RolesRoute
      }
    | undefined
  /** Our Solana address, and its secret key when the run sends. */
  solanaWallet: { address: string; secretKey: Uint8Array | undefined } | undefined
  /** Tokens whose balances the strategies read, per chain. */
  watched: { chainId: number; token: string }[]
  killSwitchFile: string
  sending: boolean
  trackingDeadlineMs: number
  /**
   * What happens to a route's order still unfilled at the tracking deadline (`tracking.onStuck`
   * with `tracking.routes[]` laid over, `tracking.autoCancel` meaning `cancel`; P-7.4, P-7.12):
   * `cancel` cancels through our destination authority and waits (up to the deadline again) for
   * the refund; `patch` lowers the take first. Default: `alert` for every route.
   */
  stuckPolicyOf?: (key: {
    strategyId: string
    srcChainId: number
    dstChainId: number
  }) => StuckPolicy
  pollIntervalMs: number
  /** Crash-test hook at each pipeline step (execute/failPoints.ts). Default: none. */
  failPoint?: FailPoint
  /** Trusted prices the value-flow judge weighs every payload with when `priceEntries` is empty. */
  prices: TrustedPriceSource
  /** The config's `prices` section: read through this world's own RPCs (P-8.6, P-8.8). */
  priceEntries?: readonly TrustedPriceEntry[]
  /** The route's all-in cost cap in bps (`risk.maxCostBps` with `risk.routes[]` laid over). */
  maxCostBpsOf: (key: { strategyId: string; srcChainId: number; dstChainId: number }) => number
}
