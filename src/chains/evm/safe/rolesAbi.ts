import { parseAbi } from 'viem'

/**
 * The parts of the Zodiac Roles modifier v2 ferry calls, reads or decodes, as in the ABI that
 * `@gnosis.pm/zodiac` 4.0.3 ships for `roles_v2` (docs/safety.md "Treasury accounts", roles mode).
 * `ConditionViolation`'s first field is the modifier's `Status` enum.
 */
export const rolesAbi = parseAbi([
  'function execTransactionWithRole(address to, uint256 value, bytes data, uint8 operation, bytes32 roleKey, bool shouldRevert) returns (bool success)',
  'function assignRoles(address module, bytes32[] roleKeys, bool[] memberOf)',
  'function scopeTarget(bytes32 roleKey, address targetAddress)',
  'function allowFunction(bytes32 roleKey, address targetAddress, bytes4 selector, uint8 options)',
  'function scopeFunction(bytes32 roleKey, address targetAddress, bytes4 selector, (uint8 parent, uint8 paramType, uint8 operator, bytes compValue)[] conditions, uint8 options)',
  'function isModuleEnabled(address module) view returns (bool)',
  'function owner() view returns (address)',
  'function avatar() view returns (address)',
  'function target() view returns (address)',
  'error NoMembership()',
  'error NotAuthorized(address module)',
  'error ConditionViolation(uint8 status, bytes32 info)',
  'error ModuleTransactionFailed()',
  'error OwnableUnauthorizedAccount(address account)',
])

/**
 * The Roles v2 `Status` names of `ConditionViolation(status, info)`, by value, as the modifier's
 * `contracts/Types.sol` declares them (docs/safety.md "Treasury accounts").
 */
export const ROLES_STATUS = [
  'Ok',
  'DelegateCallNotAllowed',
  'TargetAddressNotAllowed',
  'FunctionNotAllowed',
  'SendNotAllowed',
  'OrViolation',
  'NorViolation',
  'ParameterNotAllowed',
  'ParameterLessThanAllowed',
  'ParameterGreaterThanAllowed',
  'ParameterNotAMatch',
  'NotEveryArrayElementPasses',
  'NoArrayElementPasses',
  'ParameterNotSubsetOfAllowed',
  'BitmaskOverflow',
  'BitmaskNotAllowed',
  'CustomConditionViolation',
  'AllowanceExceeded',
  'CallAllowanceExceeded',
  'EtherAllowanceExceeded',
] as const
