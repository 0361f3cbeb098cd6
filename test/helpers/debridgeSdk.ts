import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Idl } from '@coral-xyz/anchor'

// deBridge's Solana SDK (dln-client 8.3.6 and the packages it loads; GPL-3.0, test-only), loaded
// as dln-client itself resolves them, for conformance tests (docs/dln.md §4.10).
const require = createRequire(import.meta.url)
const sdkRoot = dirname(require.resolve('@debridge-finance/dln-client'))
const sdkRequire = createRequire(join(sdkRoot, 'index.js'))
const contractsRoot = dirname(sdkRequire.resolve('@debridge-finance/solana-contracts-client'))
/** The Anchor copy the SDK uses (its coders). */
export const sdkAnchor = sdkRequire('@coral-xyz/anchor')
/** solana-utils as dln-client loads it: program ids, seeds, resolvers. */
export const sdkUtils = sdkRequire('@debridge-finance/solana-utils')
/** dln-client's Solana destination client (`DLNDst`) and its order helpers. */
export const { DLNDst } = require(join(sdkRoot, 'solana', 'dlnDst.js'))
export const { Order: SdkOrder } = require(join(sdkRoot, 'order.js'))
/** deBridge's settings and gate program IDLs, as solana-contracts-client ships them. */
export const settingsIdl: Idl = require(
  join(contractsRoot, 'idl', 'debridge_settings_program.js'),
).IDL
export const debridgeIdl: Idl = require(join(contractsRoot, 'idl', 'debridge_program.js')).IDL
