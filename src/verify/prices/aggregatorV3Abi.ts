import { parseAbi } from 'viem'

/** The read side of a Chainlink-style aggregator (AggregatorV3Interface) ferry uses. */
export const aggregatorV3Abi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
  'function description() view returns (string)',
])
