// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SafeTransfer} from "./SafeTransfer.sol";

/// @title SimSwapRouter
/// @notice The swap router of ferry's simulator (src/chains/abi/simSwapRouterAbi.ts). It swaps
/// at a rate the owner sets per pair, in base units: amountOut = amountIn * num / den, and pays
/// out of its own balance (the installer mints it liquidity). The zero address is native.
contract SimSwapRouter {
    using SafeTransfer for address;

    struct Rate {
        uint256 num;
        uint256 den;
    }

    bool public initialized;
    address public owner;
    mapping(address => mapping(address => Rate)) public rates;

    event Swapped(address sender, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut, address recipient);
    event RateSet(address tokenIn, address tokenOut, uint256 num, uint256 den);

    error AlreadyInitialized();
    error OnlyOwner();
    error NoRate(address tokenIn, address tokenOut);
    error WrongNativeAmount(uint256 received, uint256 expected);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);

    function initialize(address _owner) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        owner = _owner;
    }

    /// @notice Sets the rate of tokenIn -> tokenOut; den 0 removes the pair.
    function setRate(address _tokenIn, address _tokenOut, uint256 _num, uint256 _den) external {
        if (msg.sender != owner) revert OnlyOwner();
        rates[_tokenIn][_tokenOut] = Rate(_num, _den);
        emit RateSet(_tokenIn, _tokenOut, _num, _den);
    }

    /// @notice Pulls `amountIn` from msg.sender (or takes it as msg.value) and sends at least
    /// `minAmountOut` of `tokenOut` to `recipient`, else reverts.
    function swap(address tokenIn, uint256 amountIn, address tokenOut, uint256 minAmountOut, address recipient)
        external
        payable
        returns (uint256 amountOut)
    {
        Rate memory r = rates[tokenIn][tokenOut];
        if (r.den == 0) revert NoRate(tokenIn, tokenOut);
        if (tokenIn == address(0)) {
            if (msg.value != amountIn) revert WrongNativeAmount(msg.value, amountIn);
        } else {
            if (msg.value != 0) revert WrongNativeAmount(msg.value, 0);
            tokenIn.safeTransferFrom(msg.sender, address(this), amountIn);
        }
        amountOut = (amountIn * r.num) / r.den;
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        tokenOut.transferAny(recipient, amountOut);
        emit Swapped(msg.sender, tokenIn, amountIn, tokenOut, amountOut, recipient);
    }

    receive() external payable {}
}
