import type { BorshAccountsCoder } from '@coral-xyz/anchor'
import { type AddressLookupTableAccount, Connection, PublicKey } from '@solana/web3.js'
import { SOLANA_PROGRAMS } from '../../src/chains/chainRegistry.ts'
import { DLN_SEND_LOOKUP_TABLE } from '../../src/chains/solana/debridgeSendingAccounts.ts'
import { callSolanaDevnet } from '../../src/devnet/solana/callSolanaDevnet.ts'
import { createSolanaDevnet } from '../../src/devnet/solana/createSolanaDevnet.ts'
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  lookupTableAccount,
} from '../../src/devnet/solana/lookupTableAccount.ts'
import { startSolanaRpc } from '../../src/devnet/solana/startSolanaRpc.ts'
import { DLNDst, debridgeIdl, SdkOrder, sdkAnchor, sdkUtils, settingsIdl } from './debridgeSdk.ts'
import { dlnDstIdl } from './dlnSolanaIdls.ts'

// deBridge's Solana SDK in front of ferry's Solana devnet over loopback, holding every account the
// SDK's cancel builder reads, encoded with the SDK's own Anchor coders over deBridge's own IDLs
// (docs/dln.md §4.10).
const anchor = sdkAnchor

export { DLNDst, SdkOrder, sdkUtils }

/** What the SDK reads besides its own derivations, as the test chooses it. */
export type DebridgeWorld = {
  /** `state.feeBeneficiary` of deBridge's settings program (base58). */
  feeBeneficiary: string
  /** Give chains with a chain-support account and dln_dst's authorized source contract. */
  giveChains: { chainId: bigint; dlnSource: `0x${string}` }[]
  /** Keys of the send lookup table at deBridge's address, in order. */
  table: PublicKey[]
}

/** The part of dln-client's `DLNDst` (Prod) the conformance test calls. */
export type SdkDlnDst = {
  buildFullCancelTransaction(
    canceler: PublicKey,
    orderId: Buffer,
    giveChain: number,
    orderWithId: unknown,
    cancelBeneficiary: Buffer,
    executionFee: bigint,
    cancelerWallet?: PublicKey,
  ): Promise<{ serialize(): Uint8Array }>
  /** What deBridge's send lookup table holds for `chains` (the SDK's own list). */
  getDLNSendALTAccounts(chains: number[]): Promise<{ toBase58(): string }[]>
  /** Lamports a send from Solana costs besides deBridge's fees; `transactionCost.totalCost`. */
  getSendCost(
    giveChainId: number,
    executionFeeLamports: bigint,
    mode: 'cancel' | 'unlock',
  ): Promise<{
    fixFee: bigint
    accountedExecutionFee: bigint
    transactionCost: { totalCost: bigint }
  }>
  /** Lamports a fill costs the taker: the take state's rent plus one signature. */
  getFulfillCost(): Promise<bigint>
}

export type DebridgeSdkDevnet = {
  url: string
  connection: Connection
  /** deBridge's `DLNDst` on this RPC, fresh (its table and state caches empty). */
  sdkClient(): SdkDlnDst
  /** The table as the devnet serves it, read back through web3.js. */
  table(): Promise<AddressLookupTableAccount>
  /** Replaces the send lookup table at deBridge's address. */
  setTable(keys: PublicKey[]): Promise<void>
  /** Installs deBridge's nonce master (`nonce`), or removes it (`undefined`). */
  setNonceMaster(nonce: bigint | undefined): Promise<void>
  close(): Promise<void>
}

const bn = (n: bigint | number) => new anchor.BN(n.toString())

/**
 * Starts ferry's Solana devnet (no stand-in programs: the SDK only reads) and its RPC, and
 * installs with `devnet_setAccount` deBridge's state, its wSOL bridge, the chain-support account
 * of every give chain, dln_dst's authorized source contract of it, and the send lookup table.
 * deBridge's nonce master starts missing; {@link DebridgeSdkDevnet.setNonceMaster} installs it.
 */
export async function startDebridgeSdkDevnet(world: DebridgeWorld): Promise<DebridgeSdkDevnet> {
  const devnet = createSolanaDevnet({ programs: [] })
  const rpc = await startSolanaRpc(devnet)
  const settings = new anchor.BorshAccountsCoder(settingsIdl) as BorshAccountsCoder
  const dst = new anchor.BorshAccountsCoder(dlnDstIdl()) as BorshAccountsCoder
  const { programs } = sdkUtils
  const resolver = sdkUtils.DeBridgeResolver(
    new PublicKey(programs.deBridge),
    new PublicKey(programs.settings),
  ).methods
  const dstResolver = sdkUtils.dlnDstResolver(new PublicKey(programs.dlnDst)).methods
  const install = (key: PublicKey, data: Buffer, owner: string) =>
    callSolanaDevnet(rpc.url, 'devnet_setAccount', [key.toBase58(), data.toString('base64'), owner])

  // getStateSafe (init): only feeBeneficiary is used by a send; the rest is a working state.
  const [state] = resolver.getStateAddress()
  const zeroKey = PublicKey.default
  await install(
    state,
    await settings.encode('state', {
      status: { working: {} },
      protocolAuthority: zeroKey,
      stopTap: zeroKey,
      feeBeneficiary: new PublicKey(world.feeBeneficiary),
      oracles: [],
      requiredOracles: [],
      confirmationGuard: {
        currentTimeslot: null,
        submissionInTimeslotCount: 0,
        confirmationThreshold: 0,
        excessConfirmations: 0,
        minConfirmations: 0,
        excessConfirmationTimeslot: bn(0),
      },
      globalFixedFee: bn(15_000_000),
      globalTransferFeeBps: bn(10),
    }),
    programs.settings,
  )

  // getBridgeInfoSafe: the wSOL send bridge, working (a paused one throws BridgePaused).
  const wsol = new PublicKey(sdkUtils.WRAPPED_SOL_MINT)
  const [bridge, bridgeBump] = resolver.getBridgeAddress(wsol)
  const [mintAuthority, mintAuthorityBump] = resolver.getMintAuthorityAddress(bridge)
  const stakingBump = sdkUtils.findAssociatedTokenAddress(mintAuthority, wsol)[1]
  const zero = bn(0)
  await install(
    bridge,
    await settings.encode('bridge', {
      data: {
        send: {
          info: {
            maxAmount: bn(2n ** 64n - 1n),
            balance: zero,
            lockedInStrategies: zero,
            minReservesBps: zero,
            state: { work: {} },
            collectedFee: zero,
            withdrawnFee: zero,
            collectedNativeFee: zero,
          },
          nativeTokenAddress: wsol,
        },
      },
      bumps: { bridge: bridgeBump, mintAuthority: mintAuthorityBump, stakingWallet: stakingBump },
    }),
    programs.settings,
  )

  for (const { chainId, dlnSource } of world.giveChains) {
    // getChainSupportInfoSafe: supported, EVM addresses (the receiver and fallback lengths).
    const normalized = sdkUtils.crypto.normalizeChainId(Number(chainId))
    const [chainInfo, chainBump] = resolver.getChainSupportInfoAddress(normalized)
    await install(
      chainInfo,
      await settings.encode('chainSupportInfo', {
        data: { supported: { fixedFee: null, transferFeeBps: null, chainAddressLen: 20 } },
        chainSupportInfoBump: chainBump,
      }),
      programs.settings,
    )
    // buildSendingContext: dln_dst's authorizedSrcContract names DlnSource, the message's receiver.
    const [authorized, authorizedBump] = dstResolver.getAuthorizedSrcContractAddress(normalized)
    await install(
      authorized,
      await dst.encode('authorizedSrcContract', {
        srcContract: Buffer.from(dlnSource.slice(2), 'hex'),
        bump: authorizedBump,
        isWorking: true,
      }),
      SOLANA_PROGRAMS.dlnDestination,
    )
  }

  const connection = new Connection(rpc.url, 'confirmed')
  const setTable = async (keys: PublicKey[]) => {
    const account = lookupTableAccount(keys, () => 0)
    await install(
      new PublicKey(DLN_SEND_LOOKUP_TABLE),
      Buffer.from(account.data),
      ADDRESS_LOOKUP_TABLE_PROGRAM.toBase58(),
    )
  }
  await setTable(world.table)
  // deBridge's nonce master (["NONCE"] of the deBridge program), a send's counter.
  const [nonceMaster] = resolver.getNonceAddress()
  const debridgeCoder = new anchor.BorshAccountsCoder(debridgeIdl) as BorshAccountsCoder
  const setNonceMaster = async (nonce: bigint | undefined) => {
    if (nonce === undefined) {
      devnet.svm.setAccount(nonceMaster, {
        lamports: 0,
        data: new Uint8Array(),
        owner: PublicKey.default,
        executable: false,
      })
      return
    }
    await install(
      nonceMaster,
      await debridgeCoder.encode('nonceMaster', { nonce: bn(nonce) }),
      programs.deBridge,
    )
  }
  return {
    url: rpc.url,
    connection,
    sdkClient: () =>
      new DLNDst(
        new PublicKey(programs.dlnDst),
        new PublicKey(programs.deBridge),
        new PublicKey(programs.settings),
        connection,
      ),
    table: async () => {
      const found = await connection.getAddressLookupTable(new PublicKey(DLN_SEND_LOOKUP_TABLE))
      if (!found.value) throw new Error('the devnet serves no send lookup table')
      return found.value
    },
    setTable,
    setNonceMaster,
    close: rpc.close,
  }
}
