import type { ChainId } from '../api/schemas/chainId.ts'

/** Canonical DLN contracts on the classic EVM chains (docs/dln.md §4.1). */
export const EVM_CONTRACTS = {
  dlnSource: '0xeF4fB24aD0916217251F553c0596F8Edc630EB66',
  dlnDestination: '0xE7351Fd770A37282b91D153Ee690B63579D6dd7f',
  forwarder: '0x663DC15D3C1aC63ff12E45Ab68FeA3F0a883C251',
  externalCallAdapter: '0x61eF2e01E603aEB5Cd96F9eC9AE76cc6A68f6cF9',
  externalCallExecutor: '0xFC2CA4022d26AD4dCb3866ae30669669F6A28f19',
} as const

/** Solana program ids (docs/dln.md §4.1). */
export const SOLANA_PROGRAMS = {
  dlnSource: 'src5qyZHqTqecJV4aY6Cb6zDZLMDzrDKKezs22MPHr4',
  dlnDestination: 'dst5MGcFPoBeREFAA5E3tU5ij8m5uVYwkzkSAbsLbNo',
} as const

/** The DLN contracts of one chain: EVM addresses, or Solana program ids. */
export type ChainContracts =
  | { kind: 'evm'; dlnSource: string; dlnDestination: string; forwarder: string }
  | { kind: 'solana'; dlnSource: string; dlnDestination: string }

/**
 * EVM chains whose DLN addresses are not confirmed to be the classic ones (docs/dln.md §4.1, §8.7):
 * zkStack chains (Abstract, Sophon) and TRON. Their `contracts` are undefined, so nothing is
 * signed there until the config names them.
 */
export const UNCONFIRMED_CONTRACT_CHAINS: readonly number[] = [100000017, 100000025, 100000026]

/** What ferry knows of one chain of the spec. */
export type ChainInfo = {
  /** The service's internal id (docs/service.md §4.4). */
  chainId: ChainId
  /** The chain's own id (EIP-155), undefined for Solana (docs/dln.md §5). */
  nativeChainId: number | undefined
  name: string
  kind: 'evm' | 'solana' | 'tron'
  nativeSymbol: string
  nativeDecimals: number
  /**
   * Flat fee in native base units from the 2026 fee table (docs/dln.md §1.5). A fallback only: the
   * chain's own `globalFixedNativeFee()` is authoritative. Undefined where the table has no value.
   */
  fixedFeeFallback: bigint | undefined
  /** Confirmations before an order counts as created (docs/dln.md §4.6, safety P-2.14). */
  confirmations: number
  /** Canonical DLN contracts (docs/dln.md §4.1); undefined where they are not confirmed. */
  contracts: ChainContracts | undefined
}

const e18 = 10n ** 18n
const row = (
  chainId: ChainId,
  nativeChainId: number | undefined,
  name: string,
  nativeSymbol: string,
  fixedFeeFallback: bigint | undefined,
  confirmations: number,
  kind: ChainInfo['kind'] = 'evm',
  nativeDecimals = 18,
): ChainInfo => ({
  chainId,
  nativeChainId,
  name,
  kind,
  nativeSymbol,
  nativeDecimals,
  fixedFeeFallback,
  confirmations,
  contracts:
    kind === 'solana'
      ? { kind: 'solana', ...SOLANA_PROGRAMS }
      : UNCONFIRMED_CONTRACT_CHAINS.includes(chainId)
        ? undefined
        : {
            kind: 'evm',
            dlnSource: EVM_CONTRACTS.dlnSource,
            dlnDestination: EVM_CONTRACTS.dlnDestination,
            forwarder: EVM_CONTRACTS.forwarder,
          },
})

/**
 * The 24 chains of docs/service.md §4.4: native ids (docs/dln.md §5), native currencies and flat fees
 * (docs/dln.md §1.5), confirmation depths (docs/dln.md §4.6: 15 for the large chains, 256 for Polygon;
 * 12 elsewhere as a conservative default, configurable per chain).
 */
export const CHAINS: Readonly<Record<ChainId, ChainInfo>> = {
  1: row(1, 1, 'Ethereum', 'ETH', e18 / 1000n, 15),
  10: row(10, 10, 'Optimism', 'ETH', e18 / 1000n, 15),
  56: row(56, 56, 'BNB Chain', 'BNB', (5n * e18) / 1000n, 15),
  137: row(137, 137, 'Polygon', 'POL', e18 / 2n, 256),
  8453: row(8453, 8453, 'Base', 'ETH', e18 / 1000n, 15),
  42161: row(42161, 42161, 'Arbitrum', 'ETH', e18 / 1000n, 15),
  43114: row(43114, 43114, 'Avalanche', 'AVAX', (5n * e18) / 100n, 15),
  59144: row(59144, 59144, 'Linea', 'ETH', e18 / 1000n, 15),
  7565164: row(7565164, undefined, 'Solana', 'SOL', 15_000_000n, 32, 'solana', 9),
  100000001: row(100000001, 245022934, 'Neon', 'NEON', (75n * e18) / 100n, 12),
  100000002: row(100000002, 100, 'Gnosis', 'xDAI', e18, 12),
  100000008: row(100000008, 32769, 'Zilliqa', 'ZIL', 50n * e18, 12),
  100000009: row(100000009, 747, 'Flow EVM', 'FLOW', (25n * e18) / 10n, 12),
  100000013: row(100000013, 1514, 'Story', 'IP', e18 / 100n, 12),
  100000014: row(100000014, 146, 'Sonic', 'S', e18, 12),
  100000017: row(100000017, 2741, 'Abstract', 'ETH', (4n * e18) / 10000n, 12),
  100000020: row(100000020, 80094, 'Berachain', 'BERA', (2n * e18) / 100n, 12),
  100000021: row(100000021, 60808, 'BOB', 'ETH', e18 / 1000n, 12),
  100000022: row(100000022, 999, 'HyperEVM', 'HYPE', (5n * e18) / 100n, 12),
  100000023: row(100000023, 5000, 'Mantle', 'MNT', 2n * e18, 12),
  100000025: row(100000025, 50104, 'Sophon', 'SOPH', e18, 12),
  100000026: row(100000026, 728126428, 'TRON', 'TRX', 4_000_000n, 19, 'tron', 6),
  100000027: row(100000027, 1329, 'Sei EVM', 'SEI', 6n * e18, 12),
  100000028: row(100000028, 9745, 'Plasma', 'XPL', e18 / 100n, 12),
}

/** The registry entry of a spec chain id. */
export function getChainInfo(chainId: ChainId): ChainInfo {
  return CHAINS[chainId]
}
