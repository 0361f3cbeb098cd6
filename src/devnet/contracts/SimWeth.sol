// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SimToken} from "./SimToken.sol";

/// @title SimWeth
/// @notice SimToken with WETH9's deposit/withdraw. Minted WETH has no ether behind it, so the
/// installer gives this contract a large ether balance to keep withdraw working.
contract SimWeth is SimToken {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error WithdrawFailed();

    function deposit() public payable {
        totalSupply += msg.value;
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
        emit Transfer(address(0), msg.sender, msg.value);
    }

    function withdraw(uint256 _wad) external {
        _burn(msg.sender, _wad);
        emit Withdrawal(msg.sender, _wad);
        (bool ok,) = msg.sender.call{value: _wad}("");
        if (!ok) revert WithdrawFailed();
    }

    receive() external payable {
        deposit();
    }
}
