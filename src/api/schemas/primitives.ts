import { z } from 'zod'

/** An EVM address: 0x and 40 hex digits, any case. */
export const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
/** A base58 address of 32-44 characters (Solana public keys, TRON `T…` addresses). */
export const BASE58_ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** 0x-prefixed hex of any even length, including the empty `0x`. */
export const HEX_RE = /^0x([0-9a-fA-F]{2})*$/
/** An orderId: 0x and 64 hex digits (docs/dln.md §4.4, a keccak256 hash). */
export const ORDER_ID_RE = /^0x[0-9a-fA-F]{64}$/
/** A non-negative integer written in decimal without leading zeros. */
export const INTEGER_STRING_RE = /^(0|[1-9][0-9]*)$/

/**
 * A token amount in base units as the service writes it: a decimal integer string.
 * Being exact here means a malformed amount is caught at the boundary, not in fee maths later.
 */
export const amountStringSchema = z
  .string()
  .regex(INTEGER_STRING_RE, { error: 'must be an integer amount in base units, as a string' })

/** An integer JSON number. */
export const intSchema = z.number().int()
