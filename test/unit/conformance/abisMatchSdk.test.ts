import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AbiParameter } from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { deBridgeGateAbi } from '../../../src/chains/abi/deBridgeGateAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { evmRevertAbi } from '../../../src/chains/evm/evmRevertAbi.ts'
import { claimAbi } from '../../../src/devnet/solver/claimAbi.ts'
import { readSdkAbi, type SdkContract } from '../../helpers/readSdkAbi.ts'

// Every ABI fragment ferry declares for a deBridge contract against deBridge's own SDK ABIs
// (@debridge-finance/dln-client 8.3.6): same signature (so same selector / topic0), same outputs,
// same mutability, same indexed flags. Where the SDK is older than the contracts ferry meets,
// the difference is listed below with its source (docs/dln.md §10).
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

type Fragment = {
  type: string
  name?: string
  inputs?: readonly AbiParameter[]
  outputs?: readonly AbiParameter[]
  stateMutability?: string
  anonymous?: boolean
}

/** ferry's ABIs of deBridge contracts, each with the SDK contract it models. */
const DEBRIDGE_ABIS: { file: string; contract: SdkContract; abi: readonly Fragment[] }[] = [
  { file: 'src/chains/abi/dlnSourceAbi.ts', contract: 'DlnSource', abi: dlnSourceAbi },
  {
    file: 'src/chains/abi/dlnDestinationAbi.ts',
    contract: 'DlnDestination',
    abi: dlnDestinationAbi,
  },
  { file: 'src/chains/abi/deBridgeGateAbi.ts', contract: 'DeBridgeGate', abi: deBridgeGateAbi },
  {
    file: 'src/chains/abi/crosschainForwarderAbi.ts',
    contract: 'CrosschainForwarder',
    abi: crosschainForwarderAbi,
  },
  { file: 'src/devnet/solver/claimAbi.ts', contract: 'DlnSource', abi: claimAbi },
]

/** Files with ABIs of contracts that are not deBridge's, and what they are. */
const OTHER_ABIS: Record<string, string> = {
  'src/chains/evm/evmRevertAbi.ts':
    'custom errors: deBridge contracts and devnet stand-ins, checked below',
  'src/devnet/devnetMessengerAbi.ts':
    "DevnetMessenger, the devnet's stand-in for the gate's messaging",
  'src/devnet/publishDevnetPrices.ts': 'SimPriceFeed.setAnswer (devnet only)',
  'src/devnet/solver/fillOnEvm.ts': "the devnet adapter's ExecutedExternalCall event (devnet only)",
  'src/chains/evm/safe/safeAbi.ts': "Safe 1.4.1 and its proxy factory (Safe's own artifacts)",
  'src/chains/evm/readPermitSupport.ts': 'EIP-2612 and EIP-5267 reads of the give token',
  'src/execute/evm/permitForOrder.ts': 'ERC-20 allowance and EIP-2612 nonces probes',
  'src/devnet/fundEvmChain.ts': 'SimSwapRouter.setRate and SimToken.mint (devnet only)',
  'src/devnet/installDevnetSafe.ts': "Safe 1.4.1 setup on the devnet (Safe's own artifacts)",
  'src/chains/evm/safe/rolesAbi.ts':
    "Zodiac Roles modifier v2, checked against @gnosis.pm/zodiac's ABI (rolesAbiMatchesZodiac.test.ts)",
  'src/devnet/installDevnetRoles.ts': 'SimToken.mint for the roles-mode treasury (devnet only)',
  'src/sim/quote/simSwapRouterAbi.ts': "the simulator's swap router (opaque router calldata)",
  'src/verify/prices/aggregatorV3Abi.ts': "Chainlink's AggregatorV3Interface read side",
}

/**
 * Fragments where the SDK's ABI is older than the contract ferry meets, with the source that
 * says what the contract really is. Keyed `Contract.type signature`.
 */
const NEWER_THAN_SDK: Record<string, { differs: 'outputs' | 'absent'; source: string }> = {
  'DlnDestination.function takeOrders(bytes32)': {
    differs: 'outputs',
    source:
      'dln-contracts d54e94f (1.4.0) OrderTakeState: status, takerAddress, uint32 giveChainId, uint256 bigGiveChainId; the SDK has the older three (ferry reads the three words both share, readTakeOrder)',
  },
  'DeBridgeGate.function getChainToConfig(uint256)': {
    differs: 'absent',
    source:
      "debridge-contracts-v1 2e9f9c7 DeBridgeGate.sol: the public mapping getChainToConfig (fixedNativeFee, isSupported, transferFeeBps) the gate's fee reads; the SDK's older gate ABI has getChainSupport with the same outputs",
  },
  'CrosschainForwarder.function swap(address,uint256,bytes,(address,address,bytes,address,uint256,uint16,bytes,address),uint32)':
    {
      differs: 'absent',
      source:
        "the DeBridgeRouter source behind 0x663D…C251 (swap, SameChainSwapExecuted); the SDK's forwarder ABI is CrosschainForwarder 2.0 (sendV2/V3, swapAndSendV2/V3, strictlySwapAndCall)",
    },
}

/**
 * Custom errors of deBridge contracts the SDK ships no ABI for (DlnExternalCallAdapter,
 * ExternalCallExecutor, Permit) or ships an older ABI of (DeBridgeGate), with their source.
 */
const ERRORS_BEYOND_SDK: Record<string, string> = {
  'DlnBadRole()': 'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'BadRole()': 'dln-contracts d54e94f adapters (ExternalCallExecutor)',
  'AdapterBadRole()': 'dln-contracts d54e94f adapters (ExternalCallExecutor)',
  'InvalideState()': 'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'InvalideAmount()': 'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'IncorrectExecutionFee(uint256,uint256)':
    'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'DisabledDelayedExecution()': 'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'FailedExecuteExternalCall()': 'dln-contracts d54e94f adapters (DlnExternalCallAdapter)',
  'CallFailed()': 'dln-contracts d54e94f adapters (ExternalCallExecutor)',
  'NotEnoughTxGas()': 'dln-contracts d54e94f adapters (ExternalCallExecutor)',
  'PermitFailure()': 'dln-contracts d54e94f libraries/Permit.sol',
  'WrongChainFrom()': 'debridge-contracts-v1 2e9f9c7 DeBridgeGate.sol',
  'InvalidTokenToSend()': 'debridge-contracts-v1 2e9f9c7 DeBridgeGate.sol',
}

const canonical = (p: AbiParameter): string => {
  if (!p.type.startsWith('tuple')) return p.type
  const components = (p as { components: readonly AbiParameter[] }).components
  return `(${components.map(canonical).join(',')})${p.type.slice(5)}`
}
const signature = (f: Fragment): string => `${f.name}(${(f.inputs ?? []).map(canonical).join(',')})`
const keyOf = (contract: string, f: Fragment): string => `${contract}.${f.type} ${signature(f)}`
const outputsOf = (f: Fragment): string => `(${(f.outputs ?? []).map(canonical).join(',')})`
const indexedOf = (f: Fragment): boolean[] =>
  (f.inputs ?? []).map((i) => Boolean((i as { indexed?: boolean }).indexed))
const sdk = (contract: SdkContract): Fragment[] => readSdkAbi(contract) as Fragment[]
const SDK_CONTRACTS: SdkContract[] = [
  'DlnSource',
  'DlnDestination',
  'DeBridgeGate',
  'CrosschainForwarder',
]

/** What differs between ferry's fragment and the SDK's one of the same signature. */
function differences(ours: Fragment, theirs: Fragment | undefined): string[] {
  if (!theirs) return ['absent']
  const out: string[] = []
  if (ours.type === 'function') {
    if (outputsOf(ours) !== outputsOf(theirs)) out.push('outputs')
    if (ours.stateMutability !== theirs.stateMutability) out.push('stateMutability')
  }
  if (ours.type === 'event') {
    if (JSON.stringify(indexedOf(ours)) !== JSON.stringify(indexedOf(theirs))) out.push('indexed')
    if (Boolean(ours.anonymous) !== Boolean(theirs.anonymous)) out.push('anonymous')
  }
  return out
}

function abiFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'artifacts' ? [] : abiFilesUnder(path)
    if (!/\.(ts|mjs|js)$/.test(name)) return []
    const text = readFileSync(path, 'utf8')
    return /parseAbi\(|type: '(function|event|error)'/.test(text) ? [relative(ROOT, path)] : []
  })
}

describe("ferry's ABIs against deBridge's SDK (docs/dln.md §10)", () => {
  test('default: every file under src/ and strategies/ that declares an ABI is classified', () => {
    const declared = ['src', 'strategies'].flatMap((d) => abiFilesUnder(join(ROOT, d))).sort()
    const classified = [...DEBRIDGE_ABIS.map((a) => a.file), ...Object.keys(OTHER_ABIS)]
    expect(declared.filter((f) => !classified.includes(f))).toEqual([])
  })

  test('default: every function and event fragment matches the SDK, or is a listed newer-than-SDK fact', () => {
    const found: Record<string, string[]> = {}
    for (const { contract, abi } of DEBRIDGE_ABIS) {
      const theirs = sdk(contract)
      for (const ours of abi.filter((f) => f.type === 'function' || f.type === 'event')) {
        const match = theirs.find((t) => t.type === ours.type && signature(t) === signature(ours))
        const diff = differences(ours, match)
        if (diff.length > 0) found[keyOf(contract, ours)] = diff
      }
    }
    // Each difference must be a listed one, of the listed kind.
    const unlisted = Object.entries(found).filter(
      ([key, diff]) => diff.join() !== NEWER_THAN_SDK[key]?.differs,
    )
    expect(unlisted).toEqual([])
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining([
        'DlnDestination.function takeOrders(bytes32)',
        'CrosschainForwarder.function swap(address,uint256,bytes,(address,address,bytes,address,uint256,uint16,bytes,address),uint32)',
      ]),
    )
  })

  test("behavior: takeOrders is where ferry and the SDK disagree, and ferry's is 1.4.0's", () => {
    const theirs = sdk('DlnDestination').find((f) => f.name === 'takeOrders')
    const ours = dlnDestinationAbi.find((f) => f.name === 'takeOrders') as Fragment
    expect(theirs && outputsOf(theirs)).toBe('(uint8,address,uint256)')
    expect(outputsOf(ours)).toBe('(uint8,address,uint32,uint256)')
  })

  test("default: every custom error ferry decodes is in the SDK, in a listed deBridge source, or a devnet stand-in's", () => {
    const devnetSources = readdirSync(join(ROOT, 'src/devnet/contracts'))
      .filter((n) => n.endsWith('.sol'))
      .map((n) => readFileSync(join(ROOT, 'src/devnet/contracts', n), 'utf8'))
      .join('\n')
    const sdkErrors = new Set(
      SDK_CONTRACTS.flatMap((c) =>
        sdk(c)
          .filter((f) => f.type === 'error')
          .map(signature),
      ),
    )
    const devnetErrors = new Set(
      [...devnetSources.matchAll(/error\s+(\w+)\(([^)]*)\)/g)].map(
        ([, name, params]) =>
          `${name}(${(params ?? '')
            .split(',')
            .map((p) => p.trim().split(/\s+/)[0])
            .filter(Boolean)
            .join(',')})`,
      ),
    )
    const unknown = (evmRevertAbi as readonly Fragment[])
      .filter((f) => f.type === 'error')
      .map(signature)
      .filter((sig) => !sdkErrors.has(sig) && !devnetErrors.has(sig) && !ERRORS_BEYOND_SDK[sig])
    expect(unknown).toEqual([])
  })

  test('default: the SDK agrees on the selectors and topics docs/dln.md §4.3 pins', () => {
    const sigs = new Set(
      SDK_CONTRACTS.flatMap((c) => sdk(c).map((f) => `${f.type} ${signature(f)}`)),
    )
    for (const sig of [
      'function createSaltedOrder((address,uint256,bytes,uint256,uint256,bytes,address,bytes,bytes,bytes,bytes),uint64,bytes,uint32,bytes,bytes)',
      'function sendEvmOrderCancel((uint64,bytes,uint256,bytes,uint256,uint256,bytes,uint256,bytes,bytes,bytes,bytes,bytes,bytes),address,uint256)',
      'function patchOrderTake((uint64,bytes,uint256,bytes,uint256,uint256,bytes,uint256,bytes,bytes,bytes,bytes,bytes,bytes),uint256)',
      'function strictlySwapAndCall(address,uint256,bytes,address,bytes,address,uint256,address,address,bytes)',
      'event CreatedOrder((uint64,bytes,uint256,bytes,uint256,uint256,bytes,uint256,bytes,bytes,bytes,bytes,bytes,bytes),bytes32,bytes,uint256,uint256,uint32,bytes)',
    ]) {
      expect(sigs.has(sig)).toBe(true)
    }
  })
})
