// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SimToken} from "./SimToken.sol";

/// @title SimUsdt
/// @notice SimToken with Tether's approve quirk: changing a non-zero allowance to another
/// non-zero value reverts; the spender must be approved to zero first.
contract SimUsdt is SimToken {
    error ApproveFromNonZero(uint256 currentAllowance);

    function approve(address _spender, uint256 _amount) public override returns (bool) {
        uint256 current = allowance[msg.sender][_spender];
        if (_amount != 0 && current != 0) revert ApproveFromNonZero(current);
        return super.approve(_spender, _amount);
    }
}
