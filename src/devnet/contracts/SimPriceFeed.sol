// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SimPriceFeed
/// @notice A Chainlink-style USD price feed (the AggregatorV3Interface read side) for the devnet:
/// ferry's trusted prices read it as they read a real feed. The owner sets the answer; each
/// `setAnswer` starts a new round stamped with the block time.
contract SimPriceFeed {
    bool public initialized;
    address public owner;
    uint8 public decimals;
    string public description;

    uint80 private round;
    int256 private answer;
    uint256 private updatedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    error AlreadyInitialized();
    error OnlyOwner();

    function initialize(address _owner, uint8 _decimals, string calldata _description) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        owner = _owner;
        decimals = _decimals;
        description = _description;
    }

    /// @notice Publishes `_answer` (USD per whole token, `decimals` decimals) as a new round.
    function setAnswer(int256 _answer) external {
        if (msg.sender != owner) revert OnlyOwner();
        round += 1;
        answer = _answer;
        updatedAt = block.timestamp;
        emit AnswerUpdated(_answer, round, block.timestamp);
    }

    /// @notice Publishes `_answer` stamped `_updatedAt` (tests of stale feeds).
    function setAnswerAt(int256 _answer, uint256 _updatedAt) external {
        if (msg.sender != owner) revert OnlyOwner();
        round += 1;
        answer = _answer;
        updatedAt = _updatedAt;
        emit AnswerUpdated(_answer, round, _updatedAt);
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer_, uint256 startedAt, uint256 updatedAt_, uint80 answeredInRound)
    {
        return (round, answer, updatedAt, updatedAt, round);
    }
}
