// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SimToken} from "./SimToken.sol";

/// @title SimUsdc
/// @notice SimToken with the EIP-2612 permit of Circle's FiatToken v2 (docs/dln.md §4.9): the
/// EIP-712 domain is (name, version "2", chainId, the token's address), `nonces(owner)` counts
/// permits, an expired deadline or a signature by anyone but the owner reverts, and a valid
/// permit sets the allowance and emits Approval. The domain separator is computed per call, as
/// FiatToken v2.2 does, because the code is placed with anvil_setCode (no constructor).
contract SimUsdc is SimToken {
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    mapping(address => uint256) public nonces;

    error PermitExpired();
    error InvalidSignature();

    function version() external pure returns (string memory) {
        return "2";
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256("2"), block.chainid, address(this))
        );
    }

    function permit(address _owner, address _spender, uint256 _value, uint256 _deadline, uint8 _v, bytes32 _r, bytes32 _s)
        external
    {
        if (_deadline < block.timestamp) revert PermitExpired();
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, _owner, _spender, _value, nonces[_owner]++, _deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        address signer = ecrecover(digest, _v, _r, _s);
        if (signer == address(0) || signer != _owner) revert InvalidSignature();
        allowance[_owner][_spender] = _value;
        emit Approval(_owner, _spender, _value);
    }
}
