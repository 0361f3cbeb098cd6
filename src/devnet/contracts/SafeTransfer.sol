// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SafeTransfer (devnet)
/// @notice ERC-20 and native transfers that accept tokens returning nothing (old USDT) and
/// approvals that work with USDT's "approve to zero first" rule.
library SafeTransfer {
    error TransferFailed(address token, address to, uint256 amount);
    error NativeTransferFailed(address to, uint256 amount);
    error ApproveFailed(address token, address spender);

    function safeTransfer(address _token, address _to, uint256 _amount) internal {
        if (_amount == 0) return;
        (bool ok, bytes memory ret) = _token.call(abi.encodeWithSelector(0xa9059cbb, _to, _amount));
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool))) || _token.code.length == 0) {
            revert TransferFailed(_token, _to, _amount);
        }
    }

    function safeTransferFrom(address _token, address _from, address _to, uint256 _amount) internal {
        if (_amount == 0) return;
        (bool ok, bytes memory ret) =
            _token.call(abi.encodeWithSelector(0x23b872dd, _from, _to, _amount));
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool))) || _token.code.length == 0) {
            revert TransferFailed(_token, _to, _amount);
        }
    }

    /// @dev Sets the allowance to zero first when it is non-zero, as USDT requires.
    function forceApprove(address _token, address _spender, uint256 _amount) internal {
        if (_callApprove(_token, _spender, _amount)) return;
        if (!_callApprove(_token, _spender, 0) || !_callApprove(_token, _spender, _amount)) {
            revert ApproveFailed(_token, _spender);
        }
    }

    function safeTransferNative(address _to, uint256 _amount) internal {
        if (_amount == 0) return;
        (bool ok,) = _to.call{value: _amount}("");
        if (!ok) revert NativeTransferFailed(_to, _amount);
    }

    /// @dev Native when `_token` is the zero address, else ERC-20.
    function transferAny(address _token, address _to, uint256 _amount) internal {
        if (_token == address(0)) safeTransferNative(_to, _amount);
        else safeTransfer(_token, _to, _amount);
    }

    function _callApprove(address _token, address _spender, uint256 _amount) private returns (bool) {
        (bool ok, bytes memory ret) = _token.call(abi.encodeWithSelector(0x095ea7b3, _spender, _amount));
        return ok && (ret.length == 0 || abi.decode(ret, (bool))) && _token.code.length > 0;
    }
}
