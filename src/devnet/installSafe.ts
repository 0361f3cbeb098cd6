import { createRequire } from 'node:module'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  pad,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { SAFE_1_4_1, safeAbi, safeProxyFactoryAbi } from '../chains/evm/safe/safeAbi.ts'
import { FerryError } from '../common/FerryError.ts'
import type { DevnetEvmAccount } from './devnetAccounts.ts'

const require = createRequire(import.meta.url)
const ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts'

/** Deployed bytecode of a Safe 1.4.1 contract, from Safe's own published artifacts. */
function deployedBytecodeOf(path: string): Hex {
  return (require(`${ARTIFACTS}/${path}.json`) as { deployedBytecode: Hex }).deployedBytecode
}

/**
 * Places Safe 1.4.1 (SafeL2 singleton, SafeProxyFactory, CompatibilityFallbackHandler) at its
 * canonical addresses with anvil_setCode, from `@safe-global/safe-contracts` 1.4.1's artifacts.
 * None of the three has immutables, so the runtime code is the whole contract; the singleton's
 * threshold slot (4) is set to 1 as its constructor does, so the singleton itself cannot be set
 * up. Idempotent.
 */
export async function installSafeContracts(rpcUrl: string): Promise<void> {
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await Promise.all([
    test.setCode({ address: SAFE_1_4_1.safeL2, bytecode: deployedBytecodeOf('SafeL2.sol/SafeL2') }),
    test.setCode({
      address: SAFE_1_4_1.proxyFactory,
      bytecode: deployedBytecodeOf('proxies/SafeProxyFactory.sol/SafeProxyFactory'),
    }),
    test.setCode({
      address: SAFE_1_4_1.fallbackHandler,
      bytecode: deployedBytecodeOf(
        'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler',
      ),
    }),
  ])
  await test.setStorageAt({
    address: SAFE_1_4_1.safeL2,
    index: pad('0x04', { size: 32 }),
    value: pad('0x01', { size: 32 }),
  })
}

/** Options of {@link deployTreasurySafe}. */
export type DeployTreasurySafeOptions = {
  /** The Safe's owners; the first one sends the deployment. */
  owners: readonly DevnetEvmAccount[]
  /** Default 1. */
  threshold?: number
  /** CREATE2 salt nonce: the same owners, threshold and salt give the same address on every chain. Default 0. */
  saltNonce?: bigint
  /** Ether the Safe starts with (the orders' fixed fees), in wei. Default 10 ETH. */
  etherWei?: bigint
}

/**
 * Deploys a Safe proxy through the canonical SafeProxyFactory (createProxyWithNonce with
 * `setup(owners, threshold, fallback handler)`) and gives it ether. Returns its address, which is
 * the same on every devnet chain for the same options.
 */
export async function deployTreasurySafe(
  rpcUrl: string,
  options: DeployTreasurySafeOptions,
): Promise<Address> {
  const [sender] = options.owners
  if (!sender) throw new FerryError('deployTreasurySafe: a Safe needs an owner')
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
  const wallet = createWalletClient({ account: sender.account, transport: http(rpcUrl) })
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      options.owners.map((o) => o.address),
      BigInt(options.threshold ?? 1),
      zeroAddress,
      '0x',
      SAFE_1_4_1.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const hash = await wallet.writeContract({
    chain: null,
    address: SAFE_1_4_1.proxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [SAFE_1_4_1.safeL2, initializer, options.saltNonce ?? 0n],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const [created] = parseEventLogs({
    abi: safeProxyFactoryAbi,
    eventName: 'ProxyCreation',
    logs: receipt.logs,
  })
  if (receipt.status !== 'success' || !created) {
    throw new FerryError('deployTreasurySafe: the Safe proxy was not created', {
      metaMessages: [`tx: ${hash}`],
    })
  }
  const safe = created.args.proxy
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await test.setBalance({ address: safe, value: options.etherWei ?? parseEther('10') })
  return safe
}
