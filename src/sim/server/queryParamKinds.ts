/** How a query-string value is read before the request schema sees it. */
export type QueryParamKind = 'number' | 'boolean' | 'json' | 'numberOrText'

/**
 * create-tx parameters that are not plain strings (docs/service.md §4.4). Everything else is passed as text.
 * Chain ids are numbers; netHook and externalCall are stringified JSON.
 */
export const CREATE_TX_PARAM_KINDS: Record<string, QueryParamKind> = {
  srcChainId: 'number',
  dstChainId: 'number',
  additionalTakerRewardBps: 'number',
  intermediaryTokenUSDPrice: 'number',
  referralCode: 'number',
  affiliateFeePercent: 'number',
  enableEstimate: 'boolean',
  prependOperatingExpenses: 'boolean',
  otc: 'boolean',
  ptp: 'boolean',
  skipSolanaRecipientValidation: 'boolean',
  netHook: 'json',
  externalCall: 'json',
}

/** chain/transaction parameters that are not plain strings (docs/service.md §4.5). slippage is `auto` or a number. */
export const SWAP_TX_PARAM_KINDS: Record<string, QueryParamKind> = {
  chainId: 'number',
  affiliateFeePercent: 'number',
  referralCode: 'number',
  slippage: 'numberOrText',
}
