// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20PermitLike {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
    function allowance(address owner, address spender) external view returns (uint256);
}

/// @title Permit (devnet)
/// @notice deBridge's permit envelope as DlnSource and the forwarder execute it (docs/dln.md §4.9):
/// `amount (32 bytes) ‖ deadline (32) ‖ r (32) ‖ s (32) ‖ v (1)` (129 bytes), an EIP-2612 permit from
/// msg.sender to the calling contract. A permit that reverts is tolerated when the allowance is
/// already there (someone front-ran it); else PermitFailure. An empty envelope, or native input,
/// does nothing.
library Permit {
    error PermitFailure();
    error WrongPermitLength(uint256 length);

    function executePermit(address _token, bytes memory _envelope) internal {
        // Native input has no permit; an empty envelope means none.
        if (_token == address(0) || _envelope.length == 0) return;
        if (_envelope.length < 129) revert WrongPermitLength(_envelope.length);
        uint256 amount;
        uint256 deadline;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            amount := mload(add(_envelope, 32))
            deadline := mload(add(_envelope, 64))
            r := mload(add(_envelope, 96))
            s := mload(add(_envelope, 128))
            v := and(mload(add(_envelope, 129)), 0xff)
        }
        if (v < 27) v += 27;
        try IERC20PermitLike(_token).permit(msg.sender, address(this), amount, deadline, v, r, s) {
            return;
        } catch {
            if (IERC20PermitLike(_token).allowance(msg.sender, address(this)) >= amount) return;
        }
        revert PermitFailure();
    }
}
