import { type GateNativeFees, gateFixedFeeWei } from '../../chains/evm/gateSendValueWei.ts'

/**
 * The default cap on a cancel's value, in native wei of the destination chain (docs/safety.md
 * §7): twice the gate's fixed fee for the message's destination plus the execution fee asked
 * for, when the gate's config was read on chain; else twice the chain's flat DLN fee
 * (`fallbackFeeWei`). Reading the gate matters because a per-chain fee can be well above the
 * global one, and a cap under it would refuse every cancel to that chain. Pure.
 */
export function cancelValueCapWei(params: {
  gateFees: GateNativeFees | undefined
  executionFeeWei: bigint
  fallbackFeeWei: bigint
}): bigint {
  if (!params.gateFees) return 2n * params.fallbackFeeWei + params.executionFeeWei
  return 2n * gateFixedFeeWei(params.gateFees) + params.executionFeeWei
}
