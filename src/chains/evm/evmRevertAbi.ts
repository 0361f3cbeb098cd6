import { parseAbi } from 'viem'

/**
 * Custom errors of DlnSource, DlnOrderLib, the forwarder, the swap router and the devnet tokens
 * (docs/dln.md §4.2, §4.5; src/devnet/contracts), so that reverts are reported by name.
 */
export const evmRevertAbi = parseAbi([
  'error NotSupportedDstChain()',
  'error WrongAddressLength()',
  'error WrongFixedFee(uint256 received, uint256 actual)',
  'error MismatchNativeGiveAmount()',
  'error WrongAffiliateFeeLength()',
  'error ZeroAddress()',
  'error IncorrectOrderStatus()',
  'error AllowOnlyForBeneficiary(bytes expectedBeneficiary)',
  'error AddressTooLong()',
  'error WrongChain()',
  'error MismatchedOrderId()',
  'error Unauthorized()',
  'error MismatchTakerAmount()',
  'error MismatchNativeTakerAmount()',
  'error WrongNativeAmount(uint256 received, uint256 expected)',
  'error NoRate(address tokenIn, address tokenOut)',
  'error InsufficientOutput(uint256 amountOut, uint256 minAmountOut)',
  'error TransferFailed(address token, address to, uint256 amount)',
  'error NativeTransferFailed(address to, uint256 amount)',
  'error ApproveFailed(address token, address spender)',
  'error ApproveFromNonZero(uint256 currentAllowance)',
  'error InsufficientBalance(uint256 balance, uint256 needed)',
  'error InsufficientAllowance(uint256 allowance, uint256 needed)',
])
