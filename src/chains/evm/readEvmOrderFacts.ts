import { type Address, erc20Abi, type PublicClient } from 'viem'
import { dlnSourceAbi } from '../abi/dlnSourceAbi.ts'

/** Inputs of {@link readEvmOrderFacts}. */
export type ReadEvmOrderFactsParams = {
  dlnSource: Address
  owner: Address
  /** The ERC-20 input; undefined for native input (no allowance, no token balance). */
  token?: Address
  /** Spenders whose allowance to read (the allow-listed DlnSource and forwarder). */
  spenders?: Address[]
}

/** The chain facts an order decision needs, read in one call. */
export type EvmOrderFacts = {
  /** DlnSource.globalFixedNativeFee() in wei: authoritative over the service's fixFee (P-1.4). */
  fixedFeeWei: bigint
  transferFeeBps: bigint
  /** allowance(owner, spenders[i]) in token base units; empty for native input. */
  allowances: bigint[]
  /** The owner's token balance in base units; undefined for native input. */
  tokenBalance: bigint | undefined
}

/**
 * Reads the fixed fee, the transfer fee, the allowances and the token balance in one eth_call
 * (viem's deployless multicall: the Multicall3 code runs inside the call, so nothing needs to be
 * deployed and every node, anvil included, answers it). One pinned RPC for the whole decision
 * (P-2.12).
 */
export async function readEvmOrderFacts(
  client: PublicClient,
  params: ReadEvmOrderFactsParams,
): Promise<EvmOrderFacts> {
  const { dlnSource, owner, token } = params
  const spenders = token ? (params.spenders ?? []) : []
  const contracts = [
    { address: dlnSource, abi: dlnSourceAbi, functionName: 'globalFixedNativeFee' },
    { address: dlnSource, abi: dlnSourceAbi, functionName: 'globalTransferFeeBps' },
    ...(token
      ? [
          { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] },
          ...spenders.map((s) => ({
            address: token,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [owner, s],
          })),
        ]
      : []),
  ] as const
  const results = (await client.multicall({
    contracts: contracts as unknown as Parameters<PublicClient['multicall']>[0]['contracts'],
    allowFailure: false,
    deployless: true,
  })) as unknown as (bigint | number)[]
  const big = (v: bigint | number | undefined): bigint => BigInt(v ?? 0)
  return {
    fixedFeeWei: big(results[0]),
    transferFeeBps: big(results[1]),
    tokenBalance: token ? big(results[2]) : undefined,
    allowances: token ? spenders.map((_, i) => big(results[3 + i])) : [],
  }
}
