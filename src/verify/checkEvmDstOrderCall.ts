import type { Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../chains/abi/dlnDestinationAbi.ts'
import { DLN_ORDER_COMPONENTS } from '../chains/abi/dlnOrderAbiParameters.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { nativeChainIdOf } from '../chains/nativeChainIdOf.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { withExternalCallHash } from '../chains/orderId/withExternalCallHash.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { decodeCanonicalCall } from './decodeCanonicalCall.ts'

/** DlnDestination functions that identify the order by getOrderIdWithExternalCallHash. */
const HASH_FORM_FUNCTIONS: readonly string[] = ['patchOrderTake']

/** Inputs of {@link checkEvmDstOrderCall}. */
export type CheckEvmDstOrderCallParams = {
  /** The transaction about to be signed, and the address that will sign it. */
  tx: { to: string; data: Hex; from: string }
  /** The order as DlnSource emitted it in CreatedOrder on the source chain (not from memory). */
  order: DlnOrder
  /** The orderId journaled when the order was created. */
  orderId: Hex
  dstChainId: ChainId
  /** Our wallet on the destination chain: the order's destination authority (P-7.1). */
  ourDstAddress: string
  /** The DlnDestination function the call must be, and its 4-byte selector. */
  functionName: 'patchOrderTake' | 'sendEvmOrderCancel'
  selector: string
  allowListOverride?: Partial<EvmAllowList>
}

/**
 * The checks a call by the order's destination authority to DlnDestination shares, cancel or take
 * patch (docs/safety.md P-1.1, P-1.2, P-7.1): `to` is the destination chain's allow-listed
 * DlnDestination; the selector is `functionName`'s and the calldata re-encodes byte for byte; the
 * decoded order equals the order read from the source chain field by field (in the hook-hash
 * form for patchOrderTake, docs/dln.md §4.4) and recomputes to the journaled orderId; its take
 * chain is this chain's internal id (docs/dln.md §5); its destination authority is our address
 * and the signer. Pure. Throws the first failed check as a {@link VerificationError}; returns the
 * decoded order, its recomputed id and the call's arguments after the order.
 */
export function checkEvmDstOrderCall(params: CheckEvmDstOrderCallParams): {
  decoded: DlnOrder
  /** The recomputed orderId (lower-case hex). */
  orderId: Hex
  rest: readonly unknown[]
} {
  const { tx, order, dstChainId, functionName } = params
  const allow = evmAllowList(dstChainId, params.allowListOverride)
  if (!allow || CHAINS[dstChainId]?.kind !== 'evm') {
    throw new VerificationError(
      'dstChainId',
      'an EVM chain with known DLN contracts',
      dstChainId,
      'has no allow-list',
    )
  }
  if (tx.to.toLowerCase() !== allow.dlnDestination) {
    throw new VerificationError('tx.to', allow.dlnDestination, tx.to, 'is not DlnDestination')
  }
  const selector = tx.data.slice(0, 10).toLowerCase()
  if (selector !== params.selector) {
    throw new VerificationError(
      'tx.data',
      `${functionName} (${params.selector})`,
      selector,
      'has an unexpected selector',
    )
  }
  const call = decodeCanonicalCall(
    dlnDestinationAbi,
    tx.data,
    'tx.data',
    `ABI-encoded ${functionName}`,
  )
  if (call.functionName !== functionName) {
    throw new VerificationError(
      'tx.data',
      `ABI-encoded ${functionName}`,
      tx.data.slice(0, 10),
      `does not decode: ${call.functionName}`,
    )
  }
  const [decoded, ...rest] = call.args as readonly [DlnOrder, ...unknown[]]
  // patchOrderTake takes the order with the hook's hash (getOrderIdWithExternalCallHash,
  // docs/dln.md §4.4); sendEvmOrderCancel takes it with the hook itself.
  const externalCallIsHash = HASH_FORM_FUNCTIONS.includes(functionName)
  const expected = externalCallIsHash ? withExternalCallHash(order) : order
  for (const { name } of DLN_ORDER_COMPONENTS) {
    const want = expected[name]
    const got = decoded[name]
    const same =
      typeof want === 'bigint'
        ? want === got
        : String(want).toLowerCase() === String(got).toLowerCase()
    if (!same)
      throw new VerificationError(`order.${name}`, want, got, 'differs from the order on chain')
  }
  let recomputed: Hex
  try {
    recomputed = computeOrderId(decoded, { externalCallIsHash })
  } catch (error) {
    throw new VerificationError(
      'order.externalCall',
      'a 32-byte hook hash',
      decoded.externalCall,
      (error as Error).message,
    )
  }
  if (recomputed.toLowerCase() !== params.orderId.toLowerCase()) {
    throw new VerificationError('orderId', params.orderId, recomputed, 'is not the journaled order')
  }
  // Orders carry the internal id (getChainId() = subscriptionId when set), never the native one.
  if (decoded.takeChainId !== BigInt(dstChainId)) {
    const native = nativeChainIdOf(dstChainId)
    throw new VerificationError(
      'order.takeChainId',
      native !== undefined && native !== dstChainId
        ? `${dstChainId} (internal id of native chain ${native})`
        : dstChainId,
      decoded.takeChainId,
      'is not this destination chain (docs/dln.md §5)',
    )
  }
  const ourDst = toAddressBytes(params.ourDstAddress, dstChainId)
  const authority = decoded.orderAuthorityAddressDst.toLowerCase()
  if (authority !== ourDst) {
    throw new VerificationError(
      'order.orderAuthorityAddressDst',
      ourDst,
      authority,
      'is not our destination address (P-7.1)',
    )
  }
  if (tx.from.toLowerCase() !== authority) {
    throw new VerificationError('tx.from', authority, tx.from, 'is not the destination authority')
  }
  return { decoded, orderId: recomputed, rest }
}
