import {
  type Connection,
  type Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import {
  bytesToHex,
  createWalletClient,
  decodeEventLog,
  erc20Abi,
  type Hex,
  hexToBytes,
  http,
} from 'viem'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { readCreatedOrder } from '../../../src/chains/evm/readCreatedOrder.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildDlnCancelTx } from '../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  DLN_SEND_LOOKUP_TABLE,
  debridgeSendRentLamports,
} from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import { TAKE_ORDER_STATE_RENT_LAMPORTS } from '../../../src/chains/solana/takeOrderStateLayout.ts'
import { type Devnet, SOLANA_USDC_MINT } from '../../../src/devnet/startDevnet.ts'
import {
  SIM_DEBRIDGE_FEE_BENEFICIARY,
  simDlnSendTable,
} from '../../../src/sim/server/simDlnSendTable.ts'
import type { Journal } from '../../../src/store/sqlite/openJournal.ts'
import { simulateSolanaCancelValueFlow } from '../../../src/verify/simulateSolanaCancelValueFlow.ts'
import type { EventRecorder } from '../../helpers/recordEvents.ts'
import { testApi, user } from './executorHarness.ts'

/**
 * What the Solana cancel attacks of evmToSolana.test.ts build on the shared devnet: the service's
 * real dln_dst cancel tampered with, a cancel refunding anyone, sent blindly with our key or
 * simulated as ferry does before signing, and an order that names no cancel beneficiary.
 */
export function solanaCancelAttackKit(w: {
  devnet: Devnet
  connection: Connection
  solver: EventRecorder
  journal: Journal
  solUser: Keypair
  attacker: PublicKey
  stolenLamports: bigint
}) {
  const { solUser, attacker, stolenLamports } = w
  const table = simDlnSendTable()
  const lookupTables = new Map([[DLN_SEND_LOOKUP_TABLE, table.state.addresses]])
  const attackerEvm: Hex = '0x6666666666666666666666666666666666666666'

  /** The service's cancel with one more transfer: our SOL to the attacker, the fees still paid. */
  async function attackCancel(orderId: Hex): Promise<Hex> {
    const { data } = await testApi(w.devnet.sim.baseUrl).getOrderCancelTx(orderId)
    const honest = VersionedTransaction.deserialize(hexToBytes(data as Hex))
    const message = TransactionMessage.decompile(honest.message, {
      addressLookupTableAccounts: [table],
    })
    message.instructions.push(
      SystemProgram.transfer({
        fromPubkey: solUser.publicKey,
        toPubkey: attacker,
        lamports: stolenLamports,
      }),
    )
    return bytesToHex(new VersionedTransaction(message.compileToV0Message([table])).serialize())
  }

  /** The real cancel of `orderId`, refunding `beneficiary`, as the service builds it. */
  async function cancelRefunding(orderId: Hex, beneficiary: Hex): Promise<Hex> {
    const order = await orderOf(orderId)
    return buildDlnCancelTx({
      authority: solUser.publicKey.toBase58(),
      order,
      orderId,
      beneficiary,
      dlnDestination: SOLANA_PROGRAMS.dlnDestination,
      feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
      lookupTables: [table],
    }).data
  }

  /** Signs `txData` with our Solana key and sends it straight to the devnet, no ferry. */
  async function sendBlind(txData: Hex): Promise<void> {
    const tx = VersionedTransaction.deserialize(hexToBytes(txData))
    tx.message.recentBlockhash = (await w.connection.getLatestBlockhash()).blockhash
    tx.sign([solUser])
    await w.connection.sendRawTransaction(tx.serialize())
  }

  /** Simulates `txData` as ferry would before signing, expecting what the honest cancel pays. */
  async function simulateAsFerry(txData: Hex): Promise<unknown> {
    const tx = VersionedTransaction.deserialize(hexToBytes(txData))
    tx.message.recentBlockhash = (await w.connection.getLatestBlockhash()).blockhash
    return simulateSolanaCancelValueFlow({
      connection: w.connection,
      tx,
      wallet: solUser.publicKey.toBase58(),
      feeLamports: 15_000_000n,
      // The take state and deBridge's external-call accounts for claimCancel's 68 bytes.
      rentLamports: TAKE_ORDER_STATE_RENT_LAMPORTS + debridgeSendRentLamports(68),
      // deBridge's SDK's budget: 500 000 units at 1 000 µlamports.
      priorityFeeLamports: 500n,
      lookupTables,
    }).catch((e: unknown) => e)
  }

  /** An order 42161 → Solana created by the user straight on DlnSource, naming no cancel beneficiary. */
  async function createOrderWithoutBeneficiary(amount: bigint): Promise<Hex> {
    const arb = w.devnet.evm[0]!
    const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
    const usdc = arb.contracts.tokens.USDC.address
    const dlnSource = arb.contracts.dlnSource
    const fixFee = await arb.client.readContract({
      address: dlnSource,
      abi: dlnSourceAbi,
      functionName: 'globalFixedNativeFee',
    })
    const approve = await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [dlnSource, amount],
    })
    await arb.client.waitForTransactionReceipt({ hash: approve })
    const me = `0x${Buffer.from(solUser.publicKey.toBytes()).toString('hex')}` as Hex
    const hash = await wallet.writeContract({
      chain: null,
      address: dlnSource,
      abi: dlnSourceAbi,
      functionName: 'createSaltedOrder',
      value: fixFee,
      args: [
        {
          giveTokenAddress: usdc,
          giveAmount: amount,
          takeTokenAddress: `0x${Buffer.from(new PublicKey(SOLANA_USDC_MINT).toBytes()).toString('hex')}`,
          takeAmount: (amount * 8n) / 10n,
          takeChainId: 7565164n,
          receiverDst: me,
          givePatchAuthoritySrc: user.address,
          orderAuthorityAddressDst: me,
          allowedTakerDst: '0x',
          externalCall: '0x',
          allowedCancelBeneficiarySrc: '0x',
        },
        BigInt(Date.now()),
        '0x',
        0,
        '0x',
        '0x',
      ],
    })
    const receipt = await arb.client.waitForTransactionReceipt({ hash })
    const created = receipt.logs.flatMap((log) => {
      try {
        const e = decodeEventLog({ abi: dlnSourceAbi, data: log.data, topics: log.topics })
        return e.eventName === 'CreatedOrder' ? [e.args as { orderId: Hex; order: DlnOrder }] : []
      } catch {
        return []
      }
    })[0]!
    blindOrders.set(created.orderId, created.order)
    await w.solver.waitFor<{ orderId: Hex }>('seen', (e) => e.orderId === created.orderId)
    return created.orderId
  }
  const blindOrders = new Map<Hex, DlnOrder>()

  /** The order as its create transaction emitted it. */
  async function orderOf(orderId: Hex): Promise<DlnOrder> {
    const blind = blindOrders.get(orderId)
    if (blind) return blind
    const arb = w.devnet.evm[0]!
    const created = await readCreatedOrder(arb.client, {
      orderId,
      dlnSource: arb.contracts.dlnSource,
      createTxHashes: [w.journal.getOrder(orderId)!.createTxHash as Hex],
    })
    return created.order
  }

  return {
    lookupTables,
    attackerEvm,
    attackCancel,
    cancelRefunding,
    sendBlind,
    simulateAsFerry,
    createOrderWithoutBeneficiary,
    blindOrders,
  }
}
