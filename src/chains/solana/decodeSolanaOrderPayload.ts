import { bytesToHex, type Hex, hexToBigInt, hexToBytes } from 'viem'
import type { SolanaOrderPayload } from './solanaOrderPayload.ts'

/**
 * Reads the instruction data written by encodeSolanaOrderPayload (layout documented there).
 * Throws a RangeError on an unknown version or when the data is truncated or too long.
 */
export function decodeSolanaOrderPayload(data: Hex): SolanaOrderPayload {
  const bytes = hexToBytes(data)
  let at = 0
  const take = (n: number): Uint8Array => {
    if (at + n > bytes.length) throw new RangeError(`payload truncated at byte ${at}`)
    const out = bytes.slice(at, at + n)
    at += n
    return out
  }
  const uint = (n: number): bigint => (n === 0 ? 0n : hexToBigInt(bytesToHex(take(n))))
  const prefixed = (lengthBytes: number): Hex => bytesToHex(take(Number(uint(lengthBytes))))
  const version = Number(uint(1))
  if (version !== 1) throw new RangeError(`unknown Solana order payload version ${version}`)
  const makerOrderNonce = uint(8)
  const makerSrc = prefixed(1)
  const giveChainId = uint(32)
  const giveTokenAddress = prefixed(1)
  const giveAmount = uint(32)
  const takeChainId = uint(32)
  const takeTokenAddress = prefixed(1)
  const takeAmount = uint(32)
  const receiverDst = prefixed(1)
  const givePatchAuthoritySrc = prefixed(1)
  const orderAuthorityAddressDst = prefixed(1)
  const allowedTakerDst = prefixed(1)
  const allowedCancelBeneficiarySrc = prefixed(1)
  const externalCall = prefixed(2)
  const creationGiveAmount = uint(32)
  const affiliateFee = prefixed(1)
  const referralCode = Number(uint(4))
  const metadata = prefixed(2)
  if (at !== bytes.length) throw new RangeError(`${bytes.length - at} bytes after the payload`)
  return {
    order: {
      makerOrderNonce,
      makerSrc,
      giveChainId,
      giveTokenAddress,
      giveAmount,
      takeChainId,
      takeTokenAddress,
      takeAmount,
      receiverDst,
      givePatchAuthoritySrc,
      orderAuthorityAddressDst,
      allowedTakerDst,
      allowedCancelBeneficiarySrc,
      externalCall,
    },
    creationGiveAmount,
    affiliateFee,
    referralCode,
    metadata,
  }
}
