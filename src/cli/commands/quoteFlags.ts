import type { CreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'

/** How a flag's value is parsed. */
export type QuoteFlagKind = 'string' | 'integer' | 'number' | 'boolean' | 'json'

/**
 * Every create-tx parameter (docs/service.md §4.4) as a kebab-case flag. The short forms of the issue
 * (--src-chain, --token-in, --amount, --dst-chain, --token-out) name the five required ones. Shared
 * by the registration (the flags) and the action (flag to parameter).
 */
export const QUOTE_FLAGS: readonly [
  flag: string,
  param: keyof CreateTxParams,
  kind: QuoteFlagKind,
  help: string,
][] = [
  ['--src-chain <id>', 'srcChainId', 'integer', 'source chain id (required)'],
  [
    '--token-in <address>',
    'srcChainTokenIn',
    'string',
    'input token on the source chain (required)',
  ],
  [
    '--amount <baseUnits>',
    'srcChainTokenInAmount',
    'string',
    'input amount in base units (required)',
  ],
  ['--dst-chain <id>', 'dstChainId', 'integer', 'destination chain id (required)'],
  [
    '--token-out <address>',
    'dstChainTokenOut',
    'string',
    'output token on the destination chain (required)',
  ],
  [
    '--dst-chain-token-out-amount <auto|baseUnits>',
    'dstChainTokenOutAmount',
    'string',
    'auto (market) or a fixed amount (limit order)',
  ],
  [
    '--additional-taker-reward-bps <bps>',
    'additionalTakerRewardBps',
    'integer',
    'extra taker reward in bps',
  ],
  [
    '--src-intermediary-token-address <address>',
    'srcIntermediaryTokenAddress',
    'string',
    'source intermediary token',
  ],
  [
    '--dst-intermediary-token-address <address>',
    'dstIntermediaryTokenAddress',
    'string',
    'destination intermediary token',
  ],
  [
    '--dst-intermediary-token-spender-address <address>',
    'dstIntermediaryTokenSpenderAddress',
    'string',
    'spender of the intermediary token',
  ],
  [
    '--intermediary-token-usd-price <usd>',
    'intermediaryTokenUSDPrice',
    'number',
    'USD price of the intermediary token',
  ],
  [
    '--dst-chain-token-out-recipient <address>',
    'dstChainTokenOutRecipient',
    'string',
    'receiver on the destination chain',
  ],
  [
    '--sender-address <address>',
    'senderAddress',
    'string',
    'address that sends the source transaction',
  ],
  [
    '--src-chain-order-authority-address <address>',
    'srcChainOrderAuthorityAddress',
    'string',
    'source-side order authority',
  ],
  [
    '--src-allowed-cancel-beneficiary <address>',
    'srcAllowedCancelBeneficiary',
    'string',
    'fixed refund recipient on cancel',
  ],
  ['--referral-code <code>', 'referralCode', 'integer', 'referral code'],
  [
    '--affiliate-fee-percent <percent>',
    'affiliateFeePercent',
    'number',
    'affiliate fee in percent of the input (0..10)',
  ],
  [
    '--affiliate-fee-recipient <address>',
    'affiliateFeeRecipient',
    'string',
    'source-chain receiver of the affiliate fee',
  ],
  [
    '--src-chain-token-in-sender-permit <hex>',
    'srcChainTokenInSenderPermit',
    'string',
    'permit envelope (hex)',
  ],
  [
    '--dst-chain-order-authority-address <address>',
    'dstChainOrderAuthorityAddress',
    'string',
    'destination-side order authority',
  ],
  [
    '--enable-estimate',
    'enableEstimate',
    'boolean',
    'let the service simulate and estimate gas (needs --sender-address)',
  ],
  ['--allowed-taker <address>', 'allowedTaker', 'string', 'the only taker allowed'],
  ['--external-call <json>', 'externalCall', 'json', 'deprecated hook JSON (use --net-hook)'],
  ['--net-hook <json>', 'netHook', 'json', 'hook JSON of docs/service.md §4.4'],
  [
    '--prepend-operating-expenses',
    'prependOperatingExpenses',
    'boolean',
    'add operating expenses to the input',
  ],
  ['--metadata <text>', 'metadata', 'string', 'free order metadata'],
  ['--otc', 'otc', 'boolean', 'deprecated: sent as --ptp'],
  ['--ptp', 'ptp', 'boolean', 'peer-to-peer order: no swaps'],
  [
    '--skip-solana-recipient-validation',
    'skipSolanaRecipientValidation',
    'boolean',
    'skip the Solana recipient check',
  ],
  [
    '--src-chain-priority-level <normal|aggressive>',
    'srcChainPriorityLevel',
    'string',
    'fee-estimation priority',
  ],
]
