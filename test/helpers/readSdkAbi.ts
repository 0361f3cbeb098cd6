import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Abi } from 'viem'

/** The EVM contracts whose ABIs deBridge's SDK ships (@debridge-finance/dln-client 8.3.6). */
export type SdkContract = 'DlnSource' | 'DlnDestination' | 'DeBridgeGate' | 'CrosschainForwarder'

/**
 * The ABI deBridge's SDK ships for `contract`, read from its dist/esm/evm/assets/abi/*.json
 * (some files are bare ABIs, some hardhat artifacts with an `abi` field). The SDK is GPL-3.0: it
 * is read from test/ only (docs/dln.md §10).
 */
export function readSdkAbi(contract: SdkContract): Abi {
  const main = createRequire(import.meta.url).resolve('@debridge-finance/dln-client')
  // main is <package>/dist/cjs/index.js
  const file = join(dirname(dirname(main)), 'esm', 'evm', 'assets', 'abi', `${contract}.json`)
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Abi | { abi: Abi }
  return Array.isArray(parsed) ? parsed : (parsed as { abi: Abi }).abi
}
