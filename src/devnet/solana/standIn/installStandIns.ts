import { MINT_SIZE, MintLayout, NATIVE_MINT, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { PublicKey, SystemProgram } from '@solana/web3.js'
import type { LiteSVM } from 'litesvm'
import { SOLANA_CHAIN_ID } from '../../../api/schemas/chainId.ts'
import { CHAINS, SOLANA_PROGRAMS } from '../../../chains/chainRegistry.ts'
import { authorizedDstNativeSenderAddress } from '../../../chains/solana/authorizedDstNativeSender.ts'
import {
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeStateAddress,
} from '../../../chains/solana/debridgeSendingAccounts.ts'
import {
  encodeDebridgeChainSupportInfo,
  encodeDebridgeSettingsState,
} from '../../../chains/solana/debridgeSettingsAccounts.ts'
import { dlnSrcOrderAccounts } from '../../../chains/solana/dlnSrcOrderAccounts.ts'
import type { Market } from '../../../sim/market/market.ts'
import {
  SOLANA_ORDER_LOOKUP_TABLE,
  solanaMintOf,
  solanaOrderLookupTable,
} from '../../../sim/quote/solanaOrderLookupTable.ts'
import {
  SOLANA_SWAP_POOL_AUTHORITY,
  solanaSwapPoolAccount,
} from '../../../sim/quote/solanaSwapPool.ts'
import { SIM_DEBRIDGE_FEE_BENEFICIARY } from '../../../sim/server/simDlnSendTable.ts'
import { lookupTableAccount } from '../lookupTableAccount.ts'
import {
  encodeAuthorizedNativeSender,
  encodeDlnSrcState,
  pdaOf,
} from './dlnSrc/dlnSrcAccountLayouts.ts'
import { rentLamports, tokenAccountData } from './standInAccounts.ts'
import { workingDebridgeState } from './workingDebridgeState.ts'

/** dln_src's fixed fee on Solana: 0.015 SOL (docs/dln.md §1.5). */
const FIXED_FEE_LAMPORTS = 15_000_000n
/** dln_src's percent fee on Solana: 4 bps (docs/dln.md §1.5). */
const PERCENT_FEE_BPS = 4n
// The swap pool's depth per token, in whole units: enough for every test and demo order.
const POOL_UNITS = 1_000_000n
/**
 * deBridge's global fixed fee of a send from Solana: the 15 000 000 lamports every devnet figure
 * of a cancel already counts (docs/dln.md §1.4, §4.12); with a global transfer fee of 0 and no
 * chain fee of its own, a cancel costs on the devnet what it cost before the stand-in read them.
 */
const DEBRIDGE_GLOBAL_FIXED_FEE_LAMPORTS = 15_000_000n

/**
 * Writes the accounts the stand-in programs need (docs/dln.md §4.12): dln_src's State (fixed fee,
 * percent fee, working), an AuthorizedNativeSender per take chain, dln_dst's shared sender, a fee-ledger wallet per mint,
 * the market's Solana mints (wSOL's native mint, USDC, USDT), the swap pool's funded token
 * accounts, the simulator's lookup table at its fixed address, and deBridge's settings `State`
 * with a `ChainSupportInfo` per EVM chain, which dln_dst's sends read their fee from.
 */
export function installStandIns(svm: LiteSVM, market: Market): void {
  const program = SOLANA_PROGRAMS.dlnSource
  const owner = new PublicKey(program)
  const set = (key: string | PublicKey, data: Uint8Array, by: PublicKey, extra = 0): void =>
    svm.setAccount(new PublicKey(key), {
      lamports: rentLamports(data.length) + extra,
      data,
      owner: by,
      executable: false,
    })
  const [state, stateBump] = pdaOf(program, Buffer.from('STATE'))
  set(
    state,
    encodeDlnSrcState({
      protocolAuthority: state,
      fixedFee: FIXED_FEE_LAMPORTS,
      percentFeeBps: PERCENT_FEE_BPS,
      isFeeRefund: false,
      feeBeneficiary: state,
      bump: stateBump,
      stopTap: state,
      isWorking: true,
    }),
    owner,
  )
  const tokens = market.tokensOf(SOLANA_CHAIN_ID)
  const takeChains = Object.keys(CHAINS)
    .map(Number)
    .filter((id) => id !== SOLANA_CHAIN_ID)
  for (const id of takeChains) {
    const chain = Buffer.from(BigInt(id).toString(16).padStart(64, '0'), 'hex')
    const [sender, bump] = pdaOf(program, Buffer.from('AUTHORIZED_NATIVE_SENDER'), chain)
    set(sender, encodeAuthorizedNativeSender('0x', bump), owner)
  }
  for (const token of tokens) {
    const mint = solanaMintOf(token.address)
    const native = mint === NATIVE_MINT.toBase58()
    if (!native || !svm.getAccount(NATIVE_MINT)) {
      const data = Buffer.alloc(MINT_SIZE)
      MintLayout.encode(
        {
          mintAuthorityOption: native ? 0 : 1,
          mintAuthority: SOLANA_SWAP_POOL_AUTHORITY,
          supply: 0n,
          decimals: token.decimals,
          isInitialized: true,
          freezeAuthorityOption: 0,
          freezeAuthority: PublicKey.default,
        },
        data,
      )
      set(mint, data, TOKEN_PROGRAM_ID)
    }
    const ledger = dlnSrcOrderAccounts({
      program,
      maker: state.toBase58(),
      tokenMint: mint,
      takeChainId: 1n,
      orderId: undefined,
    }).feeLedgerWallet!
    set(ledger, tokenAccountData(mint, state.toBase58(), 0n, native), TOKEN_PROGRAM_ID)
    const depth = POOL_UNITS * 10n ** BigInt(token.decimals)
    set(
      solanaSwapPoolAccount(mint),
      tokenAccountData(mint, SOLANA_SWAP_POOL_AUTHORITY.toBase58(), depth, native),
      TOKEN_PROGRAM_ID,
      native ? Number(depth) : 0,
    )
  }
  // dln_dst's shared sender, which its initializeState creates and prepareSend funds per send.
  set(
    authorizedDstNativeSenderAddress(SOLANA_PROGRAMS.dlnDestination),
    new Uint8Array(0),
    SystemProgram.programId,
  )
  const table = solanaOrderLookupTable(
    program,
    tokens.map((t) => t.address),
  )
  svm.setAccount(SOLANA_ORDER_LOOKUP_TABLE, lookupTableAccount(table.state.addresses, rentLamports))
  installDebridgeSettings(set)
}

/**
 * deBridge's settings `State` at its PDA `["DEBRIDGE_STATE"]`, working, its fee beneficiary the
 * one the simulator names in its cancels, global fees 15 000 000 lamports and 0 bps; and per EVM
 * chain of the registry its `ChainSupportInfo` at `["CHAIN_SUPPORT_INFO", chainId u256]`:
 * supported, no fee of its own (the global ones apply), 20-byte addresses (docs/dln.md §4.12).
 */
function installDebridgeSettings(
  set: (key: string | PublicKey, data: Uint8Array, by: PublicKey) => void,
): void {
  const settings = new PublicKey(DEBRIDGE_SOLANA_PROGRAMS.settings)
  const state = debridgeStateAddress().toBase58()
  const encoded = encodeDebridgeSettingsState(
    workingDebridgeState(state, {
      feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
      globalFixedFee: DEBRIDGE_GLOBAL_FIXED_FEE_LAMPORTS,
      globalTransferFeeBps: 0n,
    }),
  )
  set(state, encoded, settings)
  for (const chain of Object.values(CHAINS).filter((c) => c.kind === 'evm')) {
    const id = Buffer.from(BigInt(chain.chainId).toString(16).padStart(64, '0'), 'hex')
    const [key, bump] = pdaOf(settings.toBase58(), Buffer.from('CHAIN_SUPPORT_INFO'), id)
    const info = encodeDebridgeChainSupportInfo({
      supported: true,
      fixedFee: undefined,
      transferFeeBps: undefined,
      chainAddressLen: 20,
      bump,
    })
    set(key, info, settings)
  }
}
