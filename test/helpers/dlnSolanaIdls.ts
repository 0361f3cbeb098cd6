import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { BorshInstructionCoder, type Idl } from '@coral-xyz/anchor'
import { DLN_SRC_300_CREATE_ORDER_WITH_NONCE } from '../fixtures/solana/dlnSrcCreateOrderWithNonceIdl.ts'

const require = createRequire(import.meta.url)
// The SDK exports only its index; its IDL modules are read by path (test-only oracle, GPL-3.0).
const sdkRoot = dirname(require.resolve('@debridge-finance/dln-client'))
const load = (name: string): Idl => require(join(sdkRoot, 'solana', 'idl', `${name}.js`)).IDL as Idl

/** deBridge's own dln_src IDL from the npm SDK, plus createOrderWithNonce from dln_src 3.0.0. */
export function dlnSrcIdl(): Idl {
  const idl = load('src')
  return {
    ...idl,
    instructions: [...idl.instructions, DLN_SRC_300_CREATE_ORDER_WITH_NONCE as never],
  }
}

/** deBridge's own dln_dst IDL from the npm SDK. */
export function dlnDstIdl(): Idl {
  return load('dst')
}

/** Anchor's instruction coders over deBridge's IDLs (the conformance oracle, docs/dln.md §4.10). */
export function dlnIdlCoders(): { src: BorshInstructionCoder; dst: BorshInstructionCoder } {
  return {
    src: new BorshInstructionCoder(dlnSrcIdl()),
    dst: new BorshInstructionCoder(dlnDstIdl()),
  }
}
