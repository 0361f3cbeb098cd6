// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title DlnOrderLib (devnet)
/// @notice The order structs and the orderId of dln-contracts 1.4.0 (docs/dln.md §4.2, §4.4).
/// The field order of both structs is part of the ABI: do not reorder.
library DlnOrderLib {
    /// @notice Argument of createOrder/createSaltedOrder. The last two fields are swapped
    /// relative to `Order` (docs/dln.md §4.2 gotcha).
    struct OrderCreation {
        address giveTokenAddress;
        uint256 giveAmount;
        bytes takeTokenAddress;
        uint256 takeAmount;
        uint256 takeChainId;
        bytes receiverDst;
        address givePatchAuthoritySrc;
        bytes orderAuthorityAddressDst;
        bytes allowedTakerDst;
        bytes externalCall;
        bytes allowedCancelBeneficiarySrc;
    }

    /// @notice The order as emitted and as passed to fulfill/cancel. Addresses are raw bytes
    /// (20 for EVM, 32 for Solana).
    struct Order {
        uint64 makerOrderNonce;
        bytes makerSrc;
        uint256 giveChainId;
        bytes giveTokenAddress;
        uint256 giveAmount;
        uint256 takeChainId;
        bytes takeTokenAddress;
        uint256 takeAmount;
        bytes receiverDst;
        bytes givePatchAuthoritySrc;
        bytes orderAuthorityAddressDst;
        bytes allowedTakerDst;
        bytes allowedCancelBeneficiarySrc;
        bytes externalCall;
    }

    error WrongAddressLength();
    error WrongExternalCallHash();

    /// @notice orderId = keccak256 of the packed order (docs/dln.md §4.4): every address is
    /// prefixed by its 1-byte length, then a has-external-call flag and keccak256(externalCall).
    function getOrderId(Order memory _order) internal pure returns (bytes32) {
        return _orderId(_order, false);
    }

    /// @notice The same id from an order whose externalCall already is keccak256(hook), as
    /// patchOrderTake and patchOrderGive take it; any other length than 32 reverts
    /// `WrongExternalCallHash()` (docs/dln.md §4.4).
    function getOrderIdWithExternalCallHash(Order memory _order) internal pure returns (bytes32) {
        return _orderId(_order, true);
    }

    function _orderId(Order memory _order, bool _externalCallIsHash) private pure returns (bytes32) {
        bool hasExternalCall = _order.externalCall.length > 0;
        // Two halves keep the legacy code generator clear of "stack too deep".
        bytes memory head = abi.encodePacked(
            _order.makerOrderNonce,
            _len(_order.makerSrc),
            _order.makerSrc,
            _order.giveChainId,
            _len(_order.giveTokenAddress),
            _order.giveTokenAddress,
            _order.giveAmount,
            _order.takeChainId,
            _len(_order.takeTokenAddress),
            _order.takeTokenAddress,
            _order.takeAmount
        );
        bytes memory tail = abi.encodePacked(
            _len(_order.receiverDst),
            _order.receiverDst,
            _len(_order.givePatchAuthoritySrc),
            _order.givePatchAuthoritySrc,
            _len(_order.orderAuthorityAddressDst),
            _order.orderAuthorityAddressDst,
            _len(_order.allowedTakerDst),
            _order.allowedTakerDst,
            _len(_order.allowedCancelBeneficiarySrc),
            _order.allowedCancelBeneficiarySrc,
            hasExternalCall
        );
        if (hasExternalCall) {
            if (!_externalCallIsHash) {
                return keccak256(abi.encodePacked(head, tail, keccak256(_order.externalCall)));
            }
            if (_order.externalCall.length != 32) revert WrongExternalCallHash();
            return keccak256(abi.encodePacked(head, tail, _order.externalCall));
        }
        return keccak256(abi.encodePacked(head, tail));
    }

    /// @notice The EVM address held in `_bytes`, which must be exactly 20 bytes long.
    function toAddress(bytes memory _bytes) internal pure returns (address result) {
        require(_bytes.length == 20, "DlnOrderLib: not 20 bytes");
        assembly {
            result := shr(96, mload(add(_bytes, 32)))
        }
    }

    function _len(bytes memory _field) private pure returns (uint8) {
        if (_field.length > 255) revert WrongAddressLength();
        return uint8(_field.length);
    }
}
