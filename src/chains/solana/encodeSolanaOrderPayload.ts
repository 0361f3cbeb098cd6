import { encodePacked, type Hex, size } from 'viem'
import type { SolanaOrderPayload } from './solanaOrderPayload.ts'

/**
 * Instruction data of the simulator's Solana order program, packed (big-endian integers, no
 * padding) so a transaction stays under Solana's 1232-byte packet limit:
 * u8 version (1) ‖ u64 makerOrderNonce ‖ u8 len + makerSrc ‖ u256 giveChainId ‖ u8 len +
 * giveTokenAddress ‖ u256 giveAmount ‖ u256 takeChainId ‖ u8 len + takeTokenAddress ‖ u256
 * takeAmount ‖ u8 len + receiverDst ‖ u8 len + givePatchAuthoritySrc ‖ u8 len +
 * orderAuthorityAddressDst ‖ u8 len + allowedTakerDst ‖ u8 len + allowedCancelBeneficiarySrc ‖
 * u16 len + externalCall ‖ u256 creationGiveAmount ‖ u8 len + affiliateFee ‖ u32 referralCode ‖
 * u16 len + metadata. Inverse: decodeSolanaOrderPayload.
 */
export function encodeSolanaOrderPayload(p: SolanaOrderPayload): Hex {
  const o = p.order
  return encodePacked(
    [
      'uint8',
      'uint64',
      'uint8',
      'bytes',
      'uint256',
      'uint8',
      'bytes',
      'uint256',
      'uint256',
      'uint8',
      'bytes',
      'uint256',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint8',
      'bytes',
      'uint16',
      'bytes',
      'uint256',
      'uint8',
      'bytes',
      'uint32',
      'uint16',
      'bytes',
    ],
    [
      1,
      o.makerOrderNonce,
      size(o.makerSrc),
      o.makerSrc,
      o.giveChainId,
      size(o.giveTokenAddress),
      o.giveTokenAddress,
      o.giveAmount,
      o.takeChainId,
      size(o.takeTokenAddress),
      o.takeTokenAddress,
      o.takeAmount,
      size(o.receiverDst),
      o.receiverDst,
      size(o.givePatchAuthoritySrc),
      o.givePatchAuthoritySrc,
      size(o.orderAuthorityAddressDst),
      o.orderAuthorityAddressDst,
      size(o.allowedTakerDst),
      o.allowedTakerDst,
      size(o.allowedCancelBeneficiarySrc),
      o.allowedCancelBeneficiarySrc,
      size(o.externalCall),
      o.externalCall,
      p.creationGiveAmount,
      size(p.affiliateFee),
      p.affiliateFee,
      p.referralCode,
      size(p.metadata),
      p.metadata,
    ],
  )
}
