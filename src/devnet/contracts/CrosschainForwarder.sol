// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Permit} from "./Permit.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title CrosschainForwarder (devnet)
/// @notice The forwarder ("DeBridgeRouter") with the real strictlySwapAndCall ABI, the one entry
/// of both pre-swapped orders and single-chain swaps (docs/dln.md §4.3, §6). With receiver
/// calldata the output is approved to the receiver and the receiver is called (an order through
/// DlnSource); without it the output is paid to the receiver (a single-chain swap). Reverts of
/// the swap and of the receiver are bubbled up unchanged, so the user sees DlnSource's own errors.
contract CrosschainForwarder {
    using SafeTransfer for address;

    bool public initialized;

    event SwapExecuted(address srcSwapRouter, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut);

    error AlreadyInitialized();
    error WrongNativeAmount(uint256 received, uint256 expected);
    error NotEnoughSrcFundsOut(uint256 amountOut, uint256 expectedAmountOut);

    function initialize() external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
    }

    /// @notice Pulls `_srcAmountIn` of `_srcTokenIn` from the caller (native: part of msg.value),
    /// swaps it with `_srcSwapCalldata` on `_srcSwapRouter`, requires at least
    /// `_srcTokenExpectedAmountOut` of `_srcTokenOut`, refunds the surplus to
    /// `_srcTokenRefundRecipient`, then approves exactly the expected amount to `_receiver` and
    /// calls it with `_receiverCalldata` and the rest of msg.value (the flat fee); with empty
    /// `_receiverCalldata` it pays the expected amount to `_receiver` instead. tx.origin is still
    /// the user, so DlnSource records the user as maker.
    function strictlySwapAndCall(
        address _srcTokenIn,
        uint256 _srcAmountIn,
        bytes memory _srcTokenInPermitEnvelope,
        address _srcSwapRouter,
        bytes memory _srcSwapCalldata,
        address _srcTokenOut,
        uint256 _srcTokenExpectedAmountOut,
        address _srcTokenRefundRecipient,
        address _receiver,
        bytes memory _receiverCalldata
    ) external payable {
        // The permit envelope is executed before the input is pulled (docs/dln.md §4.7).
        Permit.executePermit(_srcTokenIn, _srcTokenInPermitEnvelope);
        uint256 amountOut = _swapIn(_srcTokenIn, _srcAmountIn, _srcSwapRouter, _srcSwapCalldata, _srcTokenOut);
        if (amountOut < _srcTokenExpectedAmountOut) {
            revert NotEnoughSrcFundsOut(amountOut, _srcTokenExpectedAmountOut);
        }
        _srcTokenOut.transferAny(_srcTokenRefundRecipient, amountOut - _srcTokenExpectedAmountOut);
        uint256 callValue = msg.value - (_srcTokenIn == address(0) ? _srcAmountIn : 0);
        _callReceiver(_srcTokenOut, _srcTokenExpectedAmountOut, callValue, _receiver, _receiverCalldata);
    }

    function _swapIn(address _tokenIn, uint256 _amountIn, address _router, bytes memory _calldata, address _tokenOut)
        private
        returns (uint256 amountOut)
    {
        uint256 swapValue = _pullIn(_tokenIn, _amountIn, _router);
        uint256 before = _balance(_tokenOut);
        (bool ok, bytes memory ret) = _router.call{value: swapValue}(_calldata);
        if (!ok) _bubble(ret);
        if (_tokenIn != address(0)) _tokenIn.forceApprove(_router, 0);
        amountOut = _balance(_tokenOut) - before;
        emit SwapExecuted(_router, _tokenIn, _amountIn, _tokenOut, amountOut);
    }

    function _callReceiver(address _token, uint256 _amount, uint256 _value, address _receiver, bytes memory _calldata)
        private
    {
        if (_calldata.length == 0) {
            if (_value != 0) revert WrongNativeAmount(_value, 0);
            _token.transferAny(_receiver, _amount);
            return;
        }
        if (_token == address(0)) _value += _amount;
        else _token.forceApprove(_receiver, _amount);
        (bool ok, bytes memory ret) = _receiver.call{value: _value}(_calldata);
        if (!ok) _bubble(ret);
        if (_token != address(0)) _token.forceApprove(_receiver, 0);
    }

    function _pullIn(address _token, uint256 _amount, address _router) private returns (uint256 swapValue) {
        if (_token == address(0)) {
            if (msg.value < _amount) revert WrongNativeAmount(msg.value, _amount);
            return _amount;
        }
        _token.safeTransferFrom(msg.sender, address(this), _amount);
        _token.forceApprove(_router, _amount);
        return 0;
    }

    function _balance(address _token) private view returns (uint256) {
        if (_token == address(0)) return address(this).balance;
        (bool ok, bytes memory ret) = _token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        return ok && ret.length >= 32 ? abi.decode(ret, (uint256)) : 0;
    }

    function _bubble(bytes memory _reason) private pure {
        assembly {
            revert(add(_reason, 32), mload(_reason))
        }
    }

    receive() external payable {}
}
