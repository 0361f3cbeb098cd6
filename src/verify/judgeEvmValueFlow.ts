import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import type { EvmValueFlow } from './evmValueFlow.ts'
import {
  EVM_NATIVE,
  type EvmValueFlowExpectation,
  type ValueFlowViolation,
} from './evmValueFlowExpectation.ts'
import { swapReceived, walletOutflows } from './flowTotals.ts'
import { formatFlowAmount } from './formatFlowAmount.ts'
import { judgeValueConserved } from './judgeValueConserved.ts'

const lc = (a: string): string => a.toLowerCase()

/**
 * Judges a simulated value flow against ferry's own plan (pure, safety P-8.2..P-8.6) and returns
 * every broken rule, in rule order: `simulationFailed`, `outflow`, `approval`, `createdOrder`,
 * `swapOutput`, `unpriced`, `valueConserved`. Empty means the sequence may be signed.
 */
export function judgeEvmValueFlow(
  flow: EvmValueFlow,
  expected: EvmValueFlowExpectation,
): ValueFlowViolation[] {
  const out: ValueFlowViolation[] = []
  flow.calls.forEach((c, i) => {
    if (c.status !== 'success') {
      out.push({ rule: 'simulationFailed', message: `call ${i + 1} reverted (${c.returnData})` })
    }
  })
  out.push(...judgeOutflow(flow, expected))
  out.push(...judgeApprovals(flow, expected))
  out.push(...judgeCreatedOrder(flow, expected))
  out.push(...judgeSwapOutput(flow, expected))
  // A reverted sequence moved nothing: there is no value to weigh.
  if (out.every((v) => v.rule !== 'simulationFailed')) {
    out.push(...judgeValueConserved(flow, expected))
  }
  return out
}

function judgeOutflow(flow: EvmValueFlow, e: EvmValueFlowExpectation): ValueFlowViolation[] {
  const planned = new Map<string, bigint>()
  if (e.outflow && e.outflow.amount > 0n) planned.set(lc(e.outflow.token), e.outflow.amount)
  if (e.nativeFeeWei > 0n) planned.set(EVM_NATIVE, (planned.get(EVM_NATIVE) ?? 0n) + e.nativeFeeWei)
  const actual = walletOutflows(flow, e.wallet)
  const out: ValueFlowViolation[] = []
  const show = (token: string, amount: bigint): string => formatFlowAmount(e, token, amount)
  for (const [token, amount] of actual) {
    const want = planned.get(token)
    if (want === undefined) {
      out.push({ rule: 'outflow', message: `${show(token, amount)} left the wallet unplanned` })
    } else if (amount !== want) {
      out.push({
        rule: 'outflow',
        message: `${show(token, amount)} left the wallet, planned exactly ${show(token, want)}`,
      })
    }
  }
  for (const [token, want] of planned) {
    if (!actual.has(token)) {
      out.push({ rule: 'outflow', message: `planned ${show(token, want)} never left the wallet` })
    }
  }
  return out
}

function judgeApprovals(flow: EvmValueFlow, e: EvmValueFlowExpectation): ValueFlowViolation[] {
  const owners = new Set([lc(e.wallet), ...(e.watchedOwners ?? []).map(lc)])
  // The allowance an Approval event sets replaces the earlier one: the last event wins.
  const last = new Map<string, { token: string; owner: string; spender: string; amount: bigint }>()
  for (const a of flow.approvals) {
    if (!owners.has(lc(a.owner))) continue
    const key = `${lc(a.token)}/${lc(a.owner)}/${lc(a.spender)}`
    last.set(key, {
      token: lc(a.token),
      owner: lc(a.owner),
      spender: lc(a.spender),
      amount: a.amount,
    })
  }
  const out: ValueFlowViolation[] = []
  const p = e.approval
  const isPlanned = (a: { token: string; owner: string; spender: string }): boolean =>
    p !== undefined &&
    a.owner === lc(e.wallet) &&
    a.token === lc(p.token) &&
    a.spender === lc(p.spender)
  for (const a of last.values()) {
    const who = a.owner === lc(e.wallet) ? 'the wallet' : a.owner
    const line = `${who} is left approving ${a.spender} for ${formatFlowAmount(e, a.token, a.amount)}`
    if (isPlanned(a)) {
      const ok = e.kind === 'approval' ? a.amount === p!.amount : a.amount <= p!.amount
      if (!ok) out.push({ rule: 'approval', message: `${line}, planned ${p!.amount}` })
    } else if (a.amount !== 0n) {
      out.push({ rule: 'approval', message: `${line}, not planned` })
    }
  }
  if (e.kind === 'approval' && p && ![...last.values()].some(isPlanned)) {
    out.push({ rule: 'approval', message: `the planned approval of ${p.spender} never happened` })
  }
  return out
}

const ORDER_FIELDS: (keyof DlnOrder)[] = [
  'makerOrderNonce',
  'makerSrc',
  'giveChainId',
  'giveTokenAddress',
  'giveAmount',
  'takeChainId',
  'takeTokenAddress',
  'takeAmount',
  'receiverDst',
  'givePatchAuthoritySrc',
  'orderAuthorityAddressDst',
  'allowedTakerDst',
  'allowedCancelBeneficiarySrc',
  'externalCall',
]

function judgeCreatedOrder(flow: EvmValueFlow, e: EvmValueFlowExpectation): ValueFlowViolation[] {
  const created = flow.createdOrders
  if (e.kind !== 'order') {
    return created.length === 0
      ? []
      : [{ rule: 'createdOrder', message: `${created.length} CreatedOrder in a ${e.kind}` }]
  }
  if (!e.order) return [{ rule: 'createdOrder', message: 'no verified order to hold it against' }]
  const mine = created.filter((c) => lc(c.orderId) === lc(e.order!.orderId))
  if (created.length !== 1 || mine.length !== 1) {
    return [
      {
        rule: 'createdOrder',
        message: `${created.length} CreatedOrder events (${mine.length} with ${e.order.orderId}), expected exactly 1`,
      },
    ]
  }
  const got = mine[0]!
  const out: ValueFlowViolation[] = []
  for (const field of ORDER_FIELDS) {
    const want = e.order.order[field]
    const have = got.order[field]
    const same = typeof want === 'string' ? lc(want) === lc(String(have)) : want === have
    if (!same) {
      out.push({ rule: 'createdOrder', message: `order.${field} is ${have}, expected ${want}` })
    }
  }
  if (lc(computeOrderId(got.order)) !== lc(got.orderId)) {
    out.push({ rule: 'createdOrder', message: `the event's orderId is not its order's hash` })
  }
  if (got.order.giveAmount <= 0n) {
    out.push({ rule: 'createdOrder', message: 'the order gives nothing (giveAmount 0)' })
  }
  return out
}

function judgeSwapOutput(flow: EvmValueFlow, e: EvmValueFlowExpectation): ValueFlowViolation[] {
  if (e.kind !== 'swap') return []
  if (!e.swap) return [{ rule: 'swapOutput', message: 'no swap minimum to hold it against' }]
  const received = swapReceived(flow, e.swap)
  if (received >= e.swap.minAmountOut) return []
  const show = (a: bigint): string => formatFlowAmount(e, e.swap!.tokenOut, a)
  return [
    {
      rule: 'swapOutput',
      message: `${show(received)} reached ${e.swap.recipient}, ferry's minimum is ${show(e.swap.minAmountOut)}`,
    },
  ]
}
