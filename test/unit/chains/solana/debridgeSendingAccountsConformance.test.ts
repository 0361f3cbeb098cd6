import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Keypair, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { SOLANA_PROGRAMS } from '../../../../src/chains/chainRegistry.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  claimCancelCalldata,
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeSendingAccounts,
} from '../../../../src/chains/solana/debridgeSendingAccounts.ts'
import { takeOrderStateAddress } from '../../../../src/chains/solana/takeOrderStateLayout.ts'

// ferry's derivation of deBridge's sending accounts and of the cancel's call (docs/dln.md §4.10)
// against deBridge's own SDK: @debridge-finance/solana-utils (seeds, program ids) and dln-client's
// DLNDst.buildCancelCalldata (test-only oracles, GPL-3.0, loaded from where dln-client finds them).
const require = createRequire(import.meta.url)
const sdkRoot = dirname(require.resolve('@debridge-finance/dln-client'))
const utils = require(require.resolve('@debridge-finance/solana-utils', { paths: [sdkRoot] }))
const { DLNDst } = require(`${sdkRoot}/solana/dlnDst.js`)

const sender = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
const feeBeneficiary = Keypair.fromSeed(new Uint8Array(32).fill(8)).publicKey.toBase58()
const orderId: Hex = `0x${'ab'.repeat(32)}`
const beneficiary: Hex = '0x2222222222222222222222222222222222222222'

describe('deBridge sending accounts, against deBridge’s Solana SDK', () => {
  test('the program ids are the SDK’s', () => {
    expect(DEBRIDGE_SOLANA_PROGRAMS).toEqual({
      debridge: utils.programs.deBridge,
      settings: utils.programs.settings,
    })
    expect(SOLANA_PROGRAMS.dlnDestination).toBe(utils.programs.dlnDst)
  })

  test('every account of the sending group derives as the SDK derives it (buildSendContext)', () => {
    const r = utils.DeBridgeResolver(
      new PublicKey(utils.programs.deBridge),
      new PublicKey(utils.programs.settings),
    ).methods
    const chainTo = 42161n
    const call = claimCancelCalldata(orderId, beneficiary)
    const wsol = new PublicKey(utils.WRAPPED_SOL_MINT)
    const [bridge] = r.getBridgeAddress(wsol)
    const [mintAuthority] = r.getMintAuthorityAddress(bridge)
    const shortcut = utils.crypto.hashExternalCallBytes(Buffer.from(call.slice(2), 'hex'))
    const [externalCallStorage] = r.getExternalCallStorageAddress(
      shortcut,
      sender,
      utils.crypto.normalizeChainId(utils.constants.SOLANA_CHAIN_ID),
    )
    const want = {
      nonceStorage: r.getNonceAddress()[0],
      sendFrom: sender,
      sendFromWallet: utils.findAssociatedTokenAddress(sender, wsol)[0],
      systemProgram: new PublicKey('11111111111111111111111111111111'),
      externalCallStorage,
      externalCallMeta: r.getExternalCallMetaAddress(externalCallStorage)[0],
      discount: r.getNoDiscountAddress()[0],
      bridgeFee: r.getNoBridgeFeeAddress()[0],
      bridge,
      tokenMint: wsol,
      stakingWallet: utils.findAssociatedTokenAddress(mintAuthority, wsol)[0],
      mintAuthority,
      chainSupportInfo: r.getChainSupportInfoAddress(
        utils.crypto.normalizeChainId(Number(chainTo)),
      )[0],
      settingsProgram: new PublicKey(utils.programs.settings),
      splTokenProgram: new PublicKey(utils.TOKEN_PROGRAM_ID),
      state: r.getStateAddress()[0],
      feeBeneficiary: new PublicKey(feeBeneficiary),
      debridgeProgram: new PublicKey(utils.programs.deBridge),
    }
    const got = debridgeSendingAccounts({
      sendFrom: sender.toBase58(),
      chainIdTo: chainTo,
      externalCall: call,
      feeBeneficiary,
    })
    expect(got).toEqual(Object.fromEntries(Object.entries(want).map(([k, v]) => [k, v.toBase58()])))
  })

  test('dln_dst’s take-state and authorized-source PDAs are the SDK’s', () => {
    const r = utils.dlnDstResolver(new PublicKey(utils.programs.dlnDst)).methods
    const id = Buffer.from(orderId.slice(2), 'hex')
    expect(takeOrderStateAddress(SOLANA_PROGRAMS.dlnDestination, orderId).toBase58()).toBe(
      r.getTakeOrderStateAddress(id)[0].toBase58(),
    )
    expect(authorizedSrcContractAddress(SOLANA_PROGRAMS.dlnDestination, 42161n).toBase58()).toBe(
      r.getAuthorizedSrcContractAddress(utils.crypto.normalizeChainId(42161))[0].toBase58(),
    )
  })

  test('the cancel’s call is dln-client’s claimCancel calldata', () => {
    const sdk: Buffer = DLNDst.prototype.buildCancelCalldata.call(
      { alignBeneficiary: DLNDst.prototype.alignBeneficiary },
      Buffer.from(orderId.slice(2), 'hex'),
      Buffer.from(beneficiary.slice(2), 'hex'),
    )
    expect(claimCancelCalldata(orderId, beneficiary)).toBe(`0x${sdk.toString('hex')}`)
  })
})
