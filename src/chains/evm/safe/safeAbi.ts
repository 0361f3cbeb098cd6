import { parseAbi } from 'viem'

/**
 * The parts of Safe 1.4.1 (SafeL2, SafeProxyFactory) ferry calls or reads, as in
 * `@safe-global/safe-contracts` 1.4.1 (docs/safety.md "Treasury accounts").
 */
export const safeAbi = parseAbi([
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function nonce() view returns (uint256)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function isOwner(address owner) view returns (bool)',
  'function VERSION() view returns (string)',
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function enableModule(address module)',
  'function isModuleEnabled(address module) view returns (bool)',
  'function setGuard(address guard)',
  'function changeThreshold(uint256 _threshold)',
  'event ExecutionSuccess(bytes32 txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 txHash, uint256 payment)',
])

/** SafeProxyFactory 1.4.1: the one call that deploys a Safe proxy. */
export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
])

/** Safe 1.4.1's canonical deployments (the same address on every chain, safe-deployments). */
export const SAFE_1_4_1 = {
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
} as const
