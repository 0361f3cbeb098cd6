// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SafeTransfer} from "./SafeTransfer.sol";

/// @title SimHookTarget
/// @notice A hook target for the devnet and its tests. `pull` takes the approved tokens (or the
/// attached ether) from the executor and credits `beneficiary`, so "the hook ran" is visible as
/// a balance and a `HookCalled` event; `fail` always reverts, for the failing-hook cases.
contract SimHookTarget {
    using SafeTransfer for address;

    mapping(address => mapping(address => uint256)) public credited;

    event HookCalled(address caller, address token, uint256 amount, address beneficiary);

    error HookFailed(string reason);

    /// @param _token zero for native (then `_amount` must be msg.value)
    function pull(address _token, uint256 _amount, address _beneficiary) external payable {
        if (_token == address(0)) {
            if (msg.value != _amount) revert HookFailed("wrong value");
        } else {
            _token.safeTransferFrom(msg.sender, address(this), _amount);
        }
        credited[_beneficiary][_token] += _amount;
        emit HookCalled(msg.sender, _token, _amount, _beneficiary);
    }

    function fail() external payable {
        revert HookFailed("SimHookTarget.fail");
    }
}
