import {
  type Address,
  domainSeparator,
  type PublicClient,
  parseAbi,
  type TypedDataDomain,
} from 'viem'

const permitAbi = parseAbi([
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function nonces(address) view returns (uint256)',
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])',
])

/** A token's EIP-2612 support as read on chain: its EIP-712 domain and the owner's next nonce. */
export type PermitSupport = { domain: TypedDataDomain; nonce: bigint }

/**
 * Whether `token` takes EIP-2612 permits (docs/dln.md §4.9), read in one multicall: its
 * `DOMAIN_SEPARATOR()`, `nonces(owner)`, and its domain from `eip712Domain()` (EIP-5267) or from
 * `name()` and `version()` (Circle's FiatToken v2). Supported only when the domain ferry would
 * sign under hashes to the token's own DOMAIN_SEPARATOR: a token that merely has the functions
 * but another domain would reject the signature, so it counts as unsupported. Undefined then.
 */
export async function readPermitSupport(
  client: PublicClient,
  params: { token: Address; owner: Address; chainId: number },
): Promise<PermitSupport | undefined> {
  const { token, owner } = params
  const [separator, nonce, name, version, eip712] = await client.multicall({
    allowFailure: true,
    // viem's deployless multicall: Multicall3's code runs inside the call (as readEvmOrderFacts).
    deployless: true,
    contracts: [
      { address: token, abi: permitAbi, functionName: 'DOMAIN_SEPARATOR' },
      { address: token, abi: permitAbi, functionName: 'nonces', args: [owner] },
      { address: token, abi: permitAbi, functionName: 'name' },
      { address: token, abi: permitAbi, functionName: 'version' },
      { address: token, abi: permitAbi, functionName: 'eip712Domain' },
    ],
  })
  if (separator.status !== 'success' || nonce.status !== 'success') return undefined
  const domain: TypedDataDomain | undefined =
    eip712.status === 'success'
      ? {
          name: eip712.result[1],
          version: eip712.result[2],
          chainId: Number(eip712.result[3]),
          verifyingContract: eip712.result[4],
        }
      : name.status === 'success' && version.status === 'success'
        ? {
            name: name.result,
            version: version.result,
            chainId: params.chainId,
            verifyingContract: token,
          }
        : undefined
  if (!domain || domainSeparator({ domain }).toLowerCase() !== separator.result.toLowerCase()) {
    return undefined
  }
  return { domain, nonce: nonce.result }
}
