import type { Hex } from 'viem'
import { EVM_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import { decodeOrderCalldata } from '../../verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../verify/deriveOrder.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'
import { checkEvmOrderTx } from '../../verify/verifyEvmOrderTx.ts'
import {
  type InspectCheck,
  type InspectReport,
  textFields,
  toInspectCheck,
} from './inspectReport.ts'

/** Inputs of {@link inspectEvmTx}; chain facts come from flags (inspect reads no chain). */
export type InspectEvmTxParams = {
  chainId: ChainId
  to: string
  data: Hex
  /** `tx.value` in wei; without it the value check is skipped (and said so). */
  value?: bigint
  /** The sender (maker); default the intent's sender, else givePatchAuthoritySrc. */
  from?: string
  /** `globalTransferFeeBps()`; default 4 (docs/dln.md §1.5). */
  transferFeeBps: bigint
  /** `globalFixedNativeFee()` in wei; default the registry's fallback. */
  fixedFeeWei: bigint
  /** The maker's nonce, needed only for the deprecated createOrder. */
  masterNonce?: bigint
  intent?: OrderIntent
  /** The orderId the service announced; without it, the orderId check is skipped. */
  announcedOrderId?: string
}

/**
 * Decodes an EVM order transaction and reports every field, the orderId it creates
 * (docs/dln.md §4.4) and the verifier's checks: all of checkEvmOrderTx against an intent, or, without one,
 * the checks that need none (allow-listed `to`, canonical calldata, value, announced orderId).
 * @throws VerificationError when the calldata is not an order-creating call at all.
 */
export function inspectEvmTx(p: InspectEvmTxParams): InspectReport {
  const call = decodeOrderCalldata(p.data)
  const c = call.creation
  const notes: string[] = []
  const [maker, makerSource]: [string, InspectReport['makerSource']] = p.from
    ? [p.from, 'from']
    : p.intent
      ? [p.intent.sender, 'intent']
      : [c.givePatchAuthoritySrc, 'givePatchAuthoritySrc']
  if (makerSource === 'givePatchAuthoritySrc') {
    notes.push('maker assumed to be givePatchAuthoritySrc (no --from given)')
  }
  const nonce = call.salt ?? p.masterNonce
  const order =
    nonce === undefined
      ? undefined
      : deriveOrder(call, {
          sender: toAddressBytes(maker, p.chainId),
          srcChainId: p.chainId,
          transferFeeBps: p.transferFeeBps,
          masterNonce: nonce,
        })
  if (!order) notes.push('createOrder uses the maker nonce: give --master-nonce for the orderId')
  const orderId = order ? computeOrderId(order) : undefined

  let checks: InspectCheck[]
  if (p.intent) {
    const result = checkEvmOrderTx({
      tx: { to: p.to, data: p.data, value: p.value ?? 0n },
      intent: { ...p.intent, sender: maker },
      onChain: {
        fixedFeeWei: p.fixedFeeWei,
        transferFeeBps: p.transferFeeBps,
        masterNonce: p.masterNonce,
      },
      announcedOrderId: p.announcedOrderId ?? orderId ?? '',
    })
    checks = result.checks.map(toInspectCheck)
  } else {
    checks = basicChecks(
      p,
      call.swap?.tokenIn ?? c.giveTokenAddress,
      call.swap?.amountIn ?? c.giveAmount,
    )
    if (p.announcedOrderId !== undefined) {
      checks.push(
        p.announcedOrderId.toLowerCase() === orderId?.toLowerCase()
          ? { field: 'orderId', ok: true }
          : {
              field: 'orderId',
              ok: false,
              expected: orderId ?? 'unknown',
              actual: p.announcedOrderId,
              reason: 'announced is not the one the calldata creates',
            },
      )
    }
    notes.push('no --intent: only the checks that need none were run')
  }
  if (p.value === undefined) {
    checks = checks.filter((k) => k.field !== 'tx.value')
    notes.push('no --value: the value check was skipped')
  }
  if (p.announcedOrderId === undefined) {
    checks = checks.filter((k) => k.field !== 'orderId')
    notes.push('no announced orderId (--order-id or the intent file): not compared')
  }
  const sections: InspectReport['sections'] = {
    tx: textFields({
      to: p.to,
      value: p.value === undefined ? '(not given)' : p.value,
      selector: p.data.slice(0, 10),
    }),
  }
  if (call.swap) sections.swap = textFields(call.swap)
  if (order) sections.order = textFields(order)
  sections.call = textFields({
    creationGiveAmount: c.giveAmount,
    salt: call.salt ?? '(none: createOrder)',
    affiliateFee: call.affiliateFee,
    referralCode: call.referralCode,
    permitEnvelope: call.permitEnvelope,
    metadata: call.metadata,
  })
  return {
    chainId: p.chainId,
    chainName: CHAINS[p.chainId].name,
    entry: call.swap ? `${call.entry} → createSaltedOrder` : call.entry,
    maker,
    makerSource,
    notes,
    sections,
    orderId,
    checks,
    ok: checks.every((k) => k.ok),
  }
}

function basicChecks(p: InspectEvmTxParams, tokenIn: Hex, amountIn: bigint): InspectCheck[] {
  const checks: InspectCheck[] = [{ field: 'tx.data', ok: true }]
  const allow = evmAllowList(p.chainId)
  const to = p.to.toLowerCase()
  if (!allow) {
    checks.unshift({ field: 'tx.to', ok: false, reason: 'the chain has no allow-list', actual: to })
  } else if (to === allow.dlnSource || to === allow.forwarder) {
    checks.unshift({ field: 'tx.to', ok: true })
  } else {
    checks.unshift({
      field: 'tx.to',
      ok: false,
      expected: `${allow.dlnSource} or ${allow.forwarder}`,
      actual: p.to,
      reason: 'is not allow-listed',
    })
  }
  const expected = p.fixedFeeWei + (tokenIn.toLowerCase() === EVM_NATIVE_TOKEN ? amountIn : 0n)
  checks.push(
    p.value === expected
      ? { field: 'tx.value', ok: true }
      : {
          field: 'tx.value',
          ok: false,
          expected: expected.toString(),
          actual: String(p.value),
          reason: 'is not the fixed fee (plus native input)',
        },
  )
  return checks
}
