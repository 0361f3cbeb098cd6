// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice The hook executor interface of dln-contracts (IExternalCallExecutor): the adapter
/// transfers the tokens first, then calls one of these. A custom `evm_hook_data_v1` target
/// implements it; the universal ExternalCallExecutor does too.
interface IExternalCallExecutor {
    function onEtherReceived(bytes32 _orderId, address _fallbackAddress, bytes memory _payload)
        external
        payable
        returns (bool callSucceeded, bytes memory callResult);

    function onERC20Received(
        bytes32 _orderId,
        address _token,
        uint256 _transferredAmount,
        address _fallbackAddress,
        bytes memory _payload
    ) external returns (bool callSucceeded, bytes memory callResult);
}
