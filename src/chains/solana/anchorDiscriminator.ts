import { createHash } from 'node:crypto'

/**
 * Anchor's instruction discriminator: the first 8 bytes of sha256("global:<snake_case name>")
 * (docs/dln.md §4.10). `name` is the Rust name, e.g. `create_order_with_nonce`.
 */
export function anchorDiscriminator(name: string): Buffer {
  return createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)
}
