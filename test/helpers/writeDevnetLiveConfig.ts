import { writeFileSync } from 'node:fs'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'

/** The env var the configs below name for the EVM key; pass `devnetEvmAccount('user').privateKey`. */
export const DEVNET_KEY_ENV = 'FERRY_TEST_EVM_KEY'

/** USDC on each devnet destination (the market's canonical addresses). */
const DST_USDC: Record<number, string> = {
  8453: '833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  100000002: '2a22f9c3b484c3629090feed35f17ff8f88f76f0',
}

/** The demo's hook: SimHookTarget pulls 1 USDC of the fill on Base (see config/demo.yaml). */
const DEMO_HOOK = `          hook:
            type: evm_transaction_call
            data:
              to: "0xde70000000000000000000000000000000000002"
              calldata: "0x07251d88000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda0291300000000000000000000000000000000000000000000000000000000000f424000000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8"
              gas: 200000
`

const USDC_ARB = '{ chainId: 42161, token: "0xaf88d065e77c8cc2239327c5edb3a432268e5831" }'
const ETH_FEED = '{ address: "0xde70000000000000000000000000000000000f01" }'
const PRICE_LINES: Record<number, string> = {
  42161: `  - { chainId: 42161, token: "0xaf88d065e77c8cc2239327c5edb3a432268e5831", usd: 1 }
  - { chainId: 42161, token: "0x0000000000000000000000000000000000000000", feed: ${ETH_FEED} }
  - chainId: 42161
    token: "0x82af49447d8a07e3bd95bd0d56f35241523fbab1"
    sameAs: { chainId: 42161, token: "0x0000000000000000000000000000000000000000" }
`,
  8453: `  - { chainId: 8453, token: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", sameAs: ${USDC_ARB} }
  - { chainId: 8453, token: "0x0000000000000000000000000000000000000000", feed: ${ETH_FEED} }
`,
  100000002: `  - { chainId: 100000002, token: "0x2a22f9c3b484c3629090feed35f17ff8f88f76f0", sameAs: ${USDC_ARB} }
  - { chainId: 100000002, token: "0x0000000000000000000000000000000000000000", usd: 1 }
`,
}

/**
 * The `prices` section of a live config against the devnet's `chainIds` (42161 must be one):
 * USDC pegged (the same asset on Base), ETH from the devnet's ETH/USD feed on each chain, WETH as
 * ETH (config/demo.yaml names the same feeds).
 */
export function devnetPricesYaml(chainIds: readonly number[] = [42161, 8453]): string {
  return `prices:\n${chainIds.map((id) => PRICE_LINES[id] ?? '').join('')}`
}

/** Options of {@link writeDevnetLiveConfig}. */
export type DevnetLiveConfigOptions = {
  killSwitchFile: string
  /** `chains.42161.approvals`. Default unset (permit where the token takes one). */
  approvals?: 'permit' | 'approve'
  /** Extra lines of the `risk` section, each indented by two spaces and ending in a newline. */
  extraRisk?: string
  /** USDC targets (base units) on 42161 and 8453. Default 998 000 and 1 002 000 USDC. */
  targets?: { arbitrum: string; base: string }
  /** Whether arrivals on Base run the demo hook. Default false. */
  hook?: boolean
  /** The `tracking` section's lines, indented by two spaces. Default none. */
  tracking?: string
  /**
   * The entries of the `strategies` section, each line indented by two spaces (`  - module: …`).
   * Default: one USDC rebalance between Arbitrum and Base (`targets`, `hook`).
   */
  strategies?: string
  /** The rebalance's other chain: Base (8453, default) or Gnosis (100000002, an internal id). */
  dstChainId?: 8453 | 100000002
  /** `wallets.evm.account`'s YAML value, e.g. `{ safe: "0x…", execution: owner }`. Default none. */
  account?: string
}

/**
 * Writes a `mode: live` config for real networks pointed at a devnet's chains and simulator: one
 * USDC rebalance between Arbitrum and Base (or `strategies`), the user's key from
 * {@link DEVNET_KEY_ENV}. Returns `path`.
 */
export function writeDevnetLiveConfig(
  devnet: Devnet,
  path: string,
  options: DevnetLiveConfigOptions,
): string {
  const rpc = (id: number) => devnet.evm.find((c) => c.chainId === id)!.rpcUrl
  const targets = options.targets ?? { arbitrum: '998000000000', base: '1002000000000' }
  const dst = options.dstChainId ?? 8453
  writeFileSync(
    path,
    `mode: live
service:
  apiUrl: ${devnet.sim.baseUrl}
  statsUrl: ${devnet.sim.statsUrl}
chains:
  42161:
    rpcUrls: [${rpc(42161)}]
    rpcQuorum: 1 # the devnet is one node per chain
    confirmations: 1
${options.approvals ? `    approvals: ${options.approvals}\n` : ''}  ${dst}:
    rpcUrls: [${rpc(dst)}]
    rpcQuorum: 1
    confirmations: 1
wallets:
  evm:
    privateKeyEnv: ${DEVNET_KEY_ENV}
    address: "${devnetEvmAccount('user').address}"
${options.account ? `    account: ${options.account}\n` : ''}risk:
  maxNotionalUsdPerOrder: 5000
  maxCostBps: 150
  killSwitchFile: ${options.killSwitchFile}
${options.extraRisk ?? ''}${devnetPricesYaml([42161, dst])}strategies:
${options.strategies ?? rebalanceEntry(targets, options.hook === true, dst)}${options.tracking ? `tracking:\n${options.tracking}` : ''}`,
  )
  return path
}

/** The default strategy: a USDC rebalance between Arbitrum and Base to `targets`. */
function rebalanceEntry(
  targets: { arbitrum: string; base: string },
  hook: boolean,
  dst: number,
): string {
  const usdc = DST_USDC[dst]!
  return `  - name: rebalance
    id: usdc
    schedule: { intervalMs: 1000 }
    params:
      chains:
        - { chainId: 42161, token: "0xaf88d065e77c8cc2239327c5edb3a432268e5831", targetAmount: "${targets.arbitrum}" }
        - chainId: ${dst}
          token: "0x${usdc}"
          targetAmount: "${targets.base}"
${hook ? DEMO_HOOK.replace(DST_USDC[8453]!, usdc) : ''}      toleranceBps: 1
      maxCostBps: 100
      minMoveAmount: "10000000"
      maxMoveAmount: "1000000000"
`
}
