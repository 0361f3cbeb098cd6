// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IExternalCallExecutor} from "./IExternalCallExecutor.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title ExternalCallExecutor (devnet universal hook)
/// @notice The default executor (envelope executorAddress = 0). Payload, as
/// src/sim/quote/encodeHookBytes.ts writes it: abi.encode(CallPayload{to, txGas, callData}).
/// It approves `to` for the whole amount (or attaches it as value for native), calls
/// `to` with `callData` (gas `txGas`, or all remaining gas when 0) and sends what `to` left
/// behind to the fallback address. A failing call reverts, so the adapter gets its tokens back
/// and applies the atomic / success-required rules.
contract ExternalCallExecutor is IExternalCallExecutor {
    using SafeTransfer for address;

    struct CallPayload {
        address to;
        uint32 txGas;
        bytes callData;
    }

    error CallFailed(bytes reason);

    function onEtherReceived(bytes32, address _fallbackAddress, bytes memory _payload)
        external
        payable
        returns (bool callSucceeded, bytes memory callResult)
    {
        CallPayload memory p = abi.decode(_payload, (CallPayload));
        callResult = _call(p, msg.value);
        SafeTransfer.safeTransferNative(_fallbackAddress, address(this).balance);
        return (true, callResult);
    }

    function onERC20Received(
        bytes32,
        address _token,
        uint256 _transferredAmount,
        address _fallbackAddress,
        bytes memory _payload
    ) external returns (bool callSucceeded, bytes memory callResult) {
        CallPayload memory p = abi.decode(_payload, (CallPayload));
        _token.forceApprove(p.to, _transferredAmount);
        callResult = _call(p, 0);
        _token.forceApprove(p.to, 0);
        (bool ok, bytes memory ret) = _token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        if (ok && ret.length >= 32) _token.safeTransfer(_fallbackAddress, abi.decode(ret, (uint256)));
        return (true, callResult);
    }

    function _call(CallPayload memory _p, uint256 _value) private returns (bytes memory) {
        uint256 gasLimit = _p.txGas == 0 ? gasleft() : _p.txGas;
        (bool ok, bytes memory result) = _p.to.call{value: _value, gas: gasLimit}(_p.callData);
        if (!ok) revert CallFailed(result);
        return result;
    }

    receive() external payable {}
}
