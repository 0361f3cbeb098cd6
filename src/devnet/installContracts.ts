import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  zeroAddress,
} from 'viem'
import { type ChainId, SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { CHAINS, EVM_CONTRACTS } from '../chains/chainRegistry.ts'
import { FerryError } from '../common/FerryError.ts'
import { loadContractArtifacts } from './compileContracts.ts'
import { DEVNET_ADDRESSES } from './devnetAddresses.ts'
import { type DevnetToken, type DevnetTokenSymbol, devnetTokens } from './devnetTokens.ts'

/** A destination chain DlnSource accepts, with the byte length of its addresses. */
export type SupportedDstChain = { chainId: number; addressLength: 20 | 32 }

/** The gate's own fees for messages to one chain (DeBridgeGate `getChainToConfig`). */
export type GateChainFee = { chainId: number; fixedNativeFeeWei: bigint; transferFeeBps: number }

/** Options of {@link installContracts}. */
export type InstallContractsOptions = {
  /**
   * The chain's internal (deBridge) id, e.g. 42161 or 100000002 for Gnosis. The node must report
   * its native id (CHAINS[chainId].nativeChainId, e.g. 100); where the two differ, DlnSource and
   * DlnDestination get it as their `subscriptionId` (docs/dln.md §5).
   */
  chainId: number
  /**
   * Destination chains of DlnSource (others revert NotSupportedDstChain). Default: every chain of
   * CHAINS but this one, 32-byte addresses for Solana, 20 for the rest.
   */
  supportedChains?: SupportedDstChain[]
  /** globalFixedNativeFee in wei. Default: CHAINS[chainId].fixedFeeFallback, else 0.001 ETH. */
  fixedFeeWei?: bigint
  /** globalTransferFeeBps. Default 4 (docs/dln.md §1.5). */
  transferFeeBps?: number
  /**
   * The messenger's flat fee per unlock or cancel message (the gate's globalFixedNativeFee), in
   * wei. Default 0.0005 ETH: apart from DlnSource's fee, so a test can tell which one was paid.
   */
  messageFeeWei?: bigint
  /** The gate's globalTransferFeeBps on a message's value after the fixed fee. Default 10. */
  gateTransferFeeBps?: number
  /**
   * The gate's own fees per destination chain (`getChainToConfig`), over the global ones.
   * Default: none.
   */
  gateChainFees?: GateChainFee[]
  /**
   * The only account that may call DevnetMessenger.deliver (the solver's relayer). Default: the
   * zero address, which lets anyone deliver.
   */
  relayer?: Address
  /** Owner of SimSwapRouter (sets rates) and of the SimPriceFeeds (set answers). Default: anvil account 0. */
  routerOwner?: Address
  /** Token addresses to use instead of devnetTokens(chainId). */
  tokens?: Partial<Record<DevnetTokenSymbol, Address>>
  /** Liquidity minted to SimSwapRouter per token, in whole tokens; also its ether. Default 1e9. */
  routerLiquidity?: bigint
}

/** What {@link installContracts} placed on the chain, by role. Addresses are as viem prints them. */
export type InstalledContracts = {
  /** The internal (deBridge) id; `nativeChainId` is the node's. */
  chainId: number
  nativeChainId: number
  dlnSource: Address
  dlnDestination: Address
  forwarder: Address
  externalCallAdapter: Address
  externalCallExecutor: Address
  messenger: Address
  swapRouter: Address
  hookTarget: Address
  /** SimPriceFeed per price symbol (DEVNET_ADDRESSES.priceFeeds), owned by `routerOwner`. */
  priceFeeds: Record<DevnetFeedSymbol, Address>
  tokens: Record<DevnetTokenSymbol, DevnetToken>
  fixedFeeWei: bigint
  transferFeeBps: number
  messageFeeWei: bigint
  gateTransferFeeBps: number
  gateChainFees: GateChainFee[]
  relayer: Address
  routerOwner: Address
  supportedChains: SupportedDstChain[]
}

/** Price symbols with a devnet USD feed. */
export type DevnetFeedSymbol = keyof typeof DEVNET_ADDRESSES.priceFeeds
/** Decimals of the devnet feeds' answers, as Chainlink's USD feeds. */
export const DEVNET_FEED_DECIMALS = 8

/** Anvil's account 0 of the well-known test mnemonic (a public key, test use only). */
const ANVIL_ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// Minted WETH has no ether behind it; this much ether keeps withdraw and native payouts working.
const ETHER_RESERVE = parseEther('1000000000')

/**
 * Places every devnet contract at its canonical address (docs/dln.md §4.1; devnet-only contracts at
 * DEVNET_ADDRESSES, tokens per devnetTokens) with anvil_setCode, then sets their state through
 * their `initialize` calls, sent by an impersonated installer account so that no test account's
 * nonce moves. Also mints router liquidity and funds SimSwapRouter and WETH with ether.
 * Compiles the contracts first when the sources changed. Throws a FerryError when the node's
 * chain id differs from `chainId`, when the contracts are already installed, or when an
 * initialize call fails.
 */
export async function installContracts(
  rpcUrl: string,
  options: InstallContractsOptions,
): Promise<InstalledContracts> {
  const artifacts = await loadContractArtifacts()
  const transport = http(rpcUrl)
  const testClient = createTestClient({ mode: 'anvil', transport })
  const publicClient = createPublicClient({ transport, pollingInterval: 50 })
  const walletClient = createWalletClient({ transport })

  const nativeChainId = CHAINS[options.chainId as ChainId]?.nativeChainId ?? options.chainId
  const nodeChainId = await publicClient.getChainId()
  if (nodeChainId !== nativeChainId) {
    throw new FerryError('installContracts: wrong chain', {
      metaMessages: [`expected: ${nativeChainId}`, `node: ${nodeChainId}`, `rpc: ${rpcUrl}`],
    })
  }
  // The contracts' getChainId() answers the internal id where it is not the node's (DlnBase).
  const subscriptionId = nativeChainId === options.chainId ? 0 : options.chainId

  const tokens = devnetTokens(options.chainId)
  for (const [symbol, address] of Object.entries(options.tokens ?? {})) {
    const token = tokens[symbol as DevnetTokenSymbol]
    tokens[symbol as DevnetTokenSymbol] = { ...token, address, canonical: false }
  }
  const installed: InstalledContracts = {
    chainId: options.chainId,
    nativeChainId,
    ...EVM_CONTRACTS,
    messenger: DEVNET_ADDRESSES.messenger,
    swapRouter: DEVNET_ADDRESSES.swapRouter,
    hookTarget: DEVNET_ADDRESSES.hookTarget,
    priceFeeds: { ...DEVNET_ADDRESSES.priceFeeds },
    tokens,
    fixedFeeWei:
      options.fixedFeeWei ??
      CHAINS[options.chainId as keyof typeof CHAINS]?.fixedFeeFallback ??
      parseEther('0.001'),
    transferFeeBps: options.transferFeeBps ?? 4,
    messageFeeWei: options.messageFeeWei ?? parseEther('0.0005'),
    gateTransferFeeBps: options.gateTransferFeeBps ?? 10,
    gateChainFees: options.gateChainFees ?? [],
    relayer: options.relayer ?? zeroAddress,
    routerOwner: options.routerOwner ?? ANVIL_ACCOUNT_0,
    supportedChains: options.supportedChains ?? defaultSupportedChains(options.chainId),
  }

  const placements: [Address, string][] = [
    [installed.dlnSource, 'DlnSource'],
    [installed.dlnDestination, 'DlnDestination'],
    [installed.forwarder, 'CrosschainForwarder'],
    [installed.externalCallAdapter, 'DlnExternalCallAdapter'],
    [installed.externalCallExecutor, 'ExternalCallExecutor'],
    [installed.messenger, 'DevnetMessenger'],
    [installed.swapRouter, 'SimSwapRouter'],
    [installed.hookTarget, 'SimHookTarget'],
    ...Object.values(installed.priceFeeds).map((a): [Address, string] => [a, 'SimPriceFeed']),
    ...Object.values(tokens).map((t): [Address, string] => [t.address, t.contract]),
  ]
  const artifactOf = (name: string): { abi: Abi; deployedBytecode: `0x${string}` } => {
    const artifact = artifacts[name]
    if (!artifact) throw new FerryError(`installContracts: no artifact for ${name}`)
    return artifact
  }
  const existing = await publicClient.getCode({ address: installed.dlnSource })
  if (existing && existing !== '0x') {
    throw new FerryError('installContracts: contracts are already installed on this chain', {
      metaMessages: [`rpc: ${rpcUrl}`, `DlnSource: ${installed.dlnSource}`],
    })
  }
  await Promise.all(
    placements.map(([address, name]) =>
      testClient.setCode({ address, bytecode: artifactOf(name).deployedBytecode }),
    ),
  )
  const installer = DEVNET_ADDRESSES.installer
  await Promise.all([
    testClient.setBalance({ address: installer, value: parseEther('1000') }),
    testClient.setBalance({ address: installed.swapRouter, value: ETHER_RESERVE }),
    testClient.setBalance({ address: tokens.WETH.address, value: ETHER_RESERVE }),
    testClient.impersonateAccount({ address: installer }),
  ])

  // Sequential: every call comes from the one impersonated installer and its nonce.
  const call = async (
    address: Address,
    contract: string,
    functionName: string,
    args: readonly unknown[],
  ): Promise<void> => {
    const hash = await walletClient.writeContract({
      account: installer,
      chain: null,
      address,
      abi: artifactOf(contract).abi,
      functionName,
      args,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') {
      throw new FerryError(`installContracts: ${contract}.${functionName} reverted`, {
        metaMessages: [`tx: ${hash}`],
      })
    }
  }
  try {
    for (const token of Object.values(tokens)) {
      await call(token.address, token.contract, 'initialize', [
        token.name,
        token.symbol,
        token.decimals,
      ])
    }
    await call(installed.messenger, 'DevnetMessenger', 'initialize', [
      installed.relayer,
      installed.dlnDestination,
      installer,
      installed.messageFeeWei,
      installed.gateTransferFeeBps,
      installed.supportedChains.map((c) => BigInt(c.chainId)),
    ])
    for (const fee of installed.gateChainFees) {
      await call(installed.messenger, 'DevnetMessenger', 'updateChainSupport', [
        BigInt(fee.chainId),
        fee.fixedNativeFeeWei,
        true,
        fee.transferFeeBps,
      ])
    }
    await call(installed.dlnSource, 'DlnSource', 'initialize', [
      installed.messenger,
      installed.fixedFeeWei,
      installed.transferFeeBps,
      installed.supportedChains.map((c) => BigInt(c.chainId)),
      installed.supportedChains.map((c) => c.addressLength),
      subscriptionId,
    ])
    await call(installed.dlnDestination, 'DlnDestination', 'initialize', [
      installed.messenger,
      installed.externalCallAdapter,
      installed.dlnSource,
      subscriptionId,
    ])
    await call(installed.externalCallAdapter, 'DlnExternalCallAdapter', 'initialize', [
      installed.dlnDestination,
      installed.externalCallExecutor,
    ])
    // The real router's allow-list (docs/dln.md §6): the swap router and DlnSource may be called;
    // no variable swap fee, so quotes need no fee leg.
    await call(installed.forwarder, 'CrosschainForwarder', 'initialize', [
      installed.routerOwner,
      installed.dlnDestination,
      [installed.swapRouter, installed.dlnSource],
      installed.routerOwner,
      0,
    ])
    await call(installed.swapRouter, 'SimSwapRouter', 'initialize', [installed.routerOwner])
    // No answer yet (round 0, answer 0: ferry takes no price); startDevnet publishes the market's.
    for (const [symbol, address] of Object.entries(installed.priceFeeds)) {
      await call(address, 'SimPriceFeed', 'initialize', [
        installed.routerOwner,
        DEVNET_FEED_DECIMALS,
        `${symbol} / USD`,
      ])
    }
    const liquidity = options.routerLiquidity ?? 1_000_000_000n
    for (const token of Object.values(tokens)) {
      await call(token.address, token.contract, 'mint', [
        installed.swapRouter,
        liquidity * 10n ** BigInt(token.decimals),
      ])
    }
  } finally {
    await testClient.stopImpersonatingAccount({ address: installer })
  }
  return installed
}

function defaultSupportedChains(chainId: number): SupportedDstChain[] {
  return Object.values(CHAINS)
    .filter((c) => c.chainId !== chainId)
    .map((c) => ({ chainId: c.chainId, addressLength: c.chainId === SOLANA_CHAIN_ID ? 32 : 20 }))
}
