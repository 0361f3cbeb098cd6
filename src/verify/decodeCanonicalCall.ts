import { type Abi, decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import { VerificationError } from '../common/VerificationError.ts'

/**
 * Decodes calldata with `abi` and demands that re-encoding the decoded arguments gives the same
 * bytes, so trailing or non-canonical bytes cannot hide anything (docs/safety.md P-1.2). A call
 * that does not decode, or does not re-encode byte for byte, is a {@link VerificationError} at
 * `field`, expecting `expected` (default 'ABI-encoded call').
 */
export function decodeCanonicalCall(
  abi: Abi,
  data: Hex,
  field: string,
  expected = 'ABI-encoded call',
): { functionName: string; args: readonly unknown[] } {
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi, data }) as {
      functionName: string
      args: readonly unknown[]
    }
  } catch (error) {
    throw new VerificationError(
      field,
      expected,
      data.slice(0, 10),
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  // The decoded args come from this very ABI, so re-encoding them is type-safe at run time.
  const reencoded = encodeFunctionData({
    abi,
    functionName: decoded.functionName,
    args: decoded.args,
  } as Parameters<typeof encodeFunctionData>[0])
  if (reencoded.toLowerCase() !== data.toLowerCase()) {
    throw new VerificationError(
      field,
      `${reencoded.length} hex chars (canonical encoding)`,
      `${data.length} hex chars`,
      'is not canonically encoded',
    )
  }
  return decoded
}
