import {
  type Address,
  concat,
  type Hex,
  hexToBigInt,
  numberToHex,
  parseSignature,
  serializeSignature,
  size,
  slice,
  type TypedDataDomain,
} from 'viem'

/** EIP-2612's Permit struct (docs/dln.md §4.9). */
export const PERMIT_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** One EIP-2612 permit ferry plans to sign: exactly the give, to the verified spender. */
export type OrderPermit = {
  token: Address
  domain: TypedDataDomain
  owner: Address
  spender: Address
  /** Exactly the order's input, in token base units. */
  value: bigint
  nonce: bigint
  /** Unix seconds. */
  deadline: bigint
}

/** The permit ready for the signer: EIP-712 typed data (`eth_signTypedData_v4`). */
export function permitTypedData(permit: OrderPermit) {
  return {
    domain: permit.domain,
    types: PERMIT_TYPES,
    primaryType: 'Permit' as const,
    message: {
      owner: permit.owner,
      spender: permit.spender,
      value: permit.value,
      nonce: permit.nonce,
      deadline: permit.deadline,
    },
  }
}

/**
 * deBridge's permit envelope, as DlnSource and the forwarder read it (docs/dln.md §4.9):
 * `amount (32 bytes) ‖ deadline (32) ‖ r (32) ‖ s (32) ‖ v (1)`, 129 bytes. Pure.
 */
export function encodePermitEnvelope(value: bigint, deadline: bigint, signature: Hex): Hex {
  const { r, s, v, yParity } = parseSignature(signature)
  const vByte = v ?? BigInt(27 + yParity)
  return concat([
    numberToHex(value, { size: 32 }),
    numberToHex(deadline, { size: 32 }),
    r,
    s,
    numberToHex(vByte, { size: 1 }),
  ])
}

/** The parts of a permit envelope; undefined when it is not 129 bytes. Pure. */
export function decodePermitEnvelope(
  envelope: Hex,
): { value: bigint; deadline: bigint; signature: Hex } | undefined {
  if (size(envelope) !== 129) return undefined
  const v = hexToBigInt(slice(envelope, 128, 129))
  return {
    value: hexToBigInt(slice(envelope, 0, 32)),
    deadline: hexToBigInt(slice(envelope, 32, 64)),
    signature: serializeSignature({
      r: slice(envelope, 64, 96),
      s: slice(envelope, 96, 128),
      v: v < 27n ? v + 27n : v,
    }),
  }
}
