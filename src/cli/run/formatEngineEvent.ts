import type { EngineEvent } from '../../observe/engineEvents.ts'

/**
 * One line for people per engine event (the live view of `ferry run` on a terminal), or undefined
 * for the bookkeeping events a person need not read (balances, tick ends without failures).
 */
export function formatEngineEvent(e: EngineEvent): string | undefined {
  const t = new Date().toISOString().slice(11, 19)
  switch (e.type) {
    case 'tick':
      return `${t} tick ${e.tick}${e.strategies.length ? `: ${e.strategies.join(', ')}` : ''}`
    case 'tickEnd':
      return e.failures === 0
        ? undefined
        : `${t}   tick ${e.tick} ✗ ${e.failures} strategy run(s) failed: ${e.error ?? 'see the log'}`
    case 'balances':
      return undefined
    case 'rpcDisagreement':
      return `${t} RPCs of chain ${e.chainId} DISAGREE on ${e.method}: the read is refused (${e.detail.join('; ')})`
    case 'killSwitch':
      return `${t} kill switch ${e.engaged ? 'ENGAGED: no new intents (tracking goes on)' : 'released'}`
    case 'stuck':
      return `${t}   stuck ⚠   ${e.intentId} ${e.orderId}: no ${e.waitingFor} after ${Math.round(e.ageMs / 1000)} s`
    case 'quote':
      return `${t}   quote     ${e.strategy} ${e.route} in ${e.amountIn} → out ${e.amountOut} (cost ${e.costBps} bps)`
    case 'quoteFailed':
      return `${t}   quote ✗   ${e.strategy} ${e.requestId}: ${e.error}`
    case 'held':
      return `${t}   held      ${e.strategy} ${e.requestId}: postponed (${e.reason}) until ${new Date(e.untilMs).toISOString()}`
    case 'observation':
      return `${t}   observe   ${e.strategy} ${e.kind}${e.valueBps === undefined ? '' : ` ${e.valueBps.toFixed(1)} bps`}${e.thresholdBps === undefined ? '' : ` vs ${e.thresholdBps}`} ${e.acted ? '→ act' : '→ skip'}: ${e.note}`
    case 'intent':
      return `${t}   intent    ${e.intentId} ${e.route} $${e.notionalUsd.toFixed(2)}: ${e.reason}`
    case 'decision':
      return `${t}   decision  ${e.intentId} ${e.verdict}${e.reason ? ` (${e.check}: ${e.reason}) ${e.detail}` : ''}`
    case 'dryRun':
      return `${t}   dry-run   ${e.intentId}: ${e.note}`
    case 'reconcile':
      return `${t}   reconcile ${e.intentId} → ${e.plan}: ${e.detail}`
    case 'unsettled':
      return `${t}   unsettled ${e.intentId}: ${e.detail} (stays in flight; reconciled again on start)`
    case 'approval':
      return `${t}   approval  ${e.intentId} on ${e.chainId}: ${e.actions.join(', ') || 'none needed'}`
    case 'sent':
      return `${t}   sent      ${e.intentId} on ${e.chainId}: ${e.hash}`
    case 'created':
      return `${t}   created   ${e.intentId} order ${e.orderId}`
    case 'filled':
      return `${t}   filled    order ${e.orderId} on ${e.chainId}: ${e.txHash}`
    case 'patched':
      return `${t}   patched   order ${e.orderId} on ${e.chainId}: take ${e.takeAmount} (patch ${e.patch}, cost ${e.costBps} bps) ${e.txHash}`
    case 'cancelled':
      return `${t}   cancel    order ${e.orderId} on ${e.chainId}: ${e.txHash} (refund pending)`
    case 'hook':
      return `${t}   hook      order ${e.orderId}: ${e.steps.map((s) => `step ${s.stepNumber} ${s.status}`).join(', ')}`
    case 'terminal':
      return `${t}   ${e.state.padEnd(9)} ${e.intentId}${e.orderId ? ` order ${e.orderId}` : ''}${e.economics ? ' (economics)' : ''}: ${e.detail}`
  }
}
