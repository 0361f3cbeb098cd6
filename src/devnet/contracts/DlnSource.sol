// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {DlnOrderLib} from "./DlnOrderLib.sol";
import {Permit} from "./Permit.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title DlnSource (devnet)
/// @notice The source side of DLN with the real 1.4.0 ABI for order creation, the fee getters,
/// giveOrders/masterNonce/getOrderId and the CreatedOrder/Claimed* events (docs/dln.md §4.2-§4.5).
/// Differences from the real contract, all deliberate:
/// - state comes from `initialize` (the code is placed with anvil_setCode, storage starts empty);
/// - claimUnlock/claimCancel are gated by the devnet messenger instead of the deBridge call
///   proxy: the solver relays DlnDestination's message through `DevnetMessenger.deliver`;
/// - patchOrderGive keeps the real signature, checks and fee: it identifies the order by
///   `getOrderIdWithExternalCallHash` (externalCall = keccak256(hook), docs/dln.md §4.4),
///   givePatchAuthoritySrc only, the order still Created, the added amount pulled from
///   msg.sender or paid as msg.value, `globalTransferFeeBps` of it booked as percent fee; the
///   permit is ignored; an order's permit envelope is executed before the give is pulled
///   (docs/dln.md §4.9);
/// - the chain id an order carries is `getChainId()`: `subscriptionId` when set, else
///   block.chainid, as in the real DlnBase (docs/dln.md §5);
/// - no batch claims, pausing or fee withdrawal.
contract DlnSource {
    using SafeTransfer for address;

    enum OrderGiveStatus {
        NotSet,
        Created,
        ClaimedUnlock,
        ClaimedCancel
    }

    /// @dev Field order = the public getter's outputs (docs/dln.md §4.5).
    struct GiveOrderState {
        OrderGiveStatus status;
        uint160 giveTokenAddress;
        uint88 nativeFixFee;
        uint48 takeChainId;
        uint208 percentFee;
        uint256 giveAmount;
        address affiliateBeneficiary;
        uint256 affiliateAmount;
    }

    uint256 public constant BPS_DENOMINATOR = 10000;

    bool public initialized;
    /// @notice deBridge's internal id of this chain where it differs from block.chainid, else 0.
    uint32 public subscriptionId;
    /// @notice The only caller allowed to claim (the devnet messenger on this chain).
    address public messenger;
    /// @notice Flat fee in native base units, paid with every order (docs/dln.md §1.5).
    uint88 public globalFixedNativeFee;
    /// @notice Protocol fee on the creation giveAmount in bps, floored (docs/dln.md §1.5).
    uint16 public globalTransferFeeBps;
    /// @notice Address length (20 or 32) of each supported destination chain; 0 = unsupported.
    mapping(uint256 => uint8) public dstChainAddressLength;
    mapping(address => uint256) public masterNonce;
    mapping(bytes32 => GiveOrderState) public giveOrders;
    /// @notice Give amount added to each order by its give patch authority (the real getter).
    mapping(bytes32 => uint256) public givePatches;
    /// @notice allowedCancelBeneficiarySrc of each order, enforced again at claimCancel.
    mapping(bytes32 => address) public allowedCancelBeneficiary;
    /// @notice Protocol and flat fees booked at claimUnlock, per token (zero = native).
    mapping(address => uint256) public collectedFee;

    event CreatedOrder(
        DlnOrderLib.Order order,
        bytes32 orderId,
        bytes affiliateFee,
        uint256 nativeFixFee,
        uint256 percentFee,
        uint32 referralCode,
        bytes metadata
    );
    event ClaimedUnlock(bytes32 orderId, address beneficiary, uint256 giveAmount, address giveTokenAddress);
    event ClaimedOrderCancel(bytes32 orderId, address beneficiary, uint256 paidAmount, address giveTokenAddress);
    event AffiliateFeePaid(bytes32 _orderId, address beneficiary, uint256 affiliateFee, address giveTokenAddress);
    event IncreasedGiveAmount(bytes32 orderId, uint256 orderGiveFinalAmount, uint256 finalPercentFee);
    event UnexpectedOrderStatusForClaim(bytes32 orderId, OrderGiveStatus status, address beneficiary);
    event UnexpectedOrderStatusForCancel(bytes32 orderId, OrderGiveStatus status, address beneficiary);

    error AlreadyInitialized();
    error LengthMismatch();
    error NotSupportedDstChain();
    error WrongAddressLength();
    error WrongFixedFee(uint256 received, uint256 actual);
    error MismatchNativeGiveAmount();
    error WrongAffiliateFeeLength();
    error ZeroAddress();
    error IncorrectOrderStatus();
    error OnlyMessenger();
    error AllowOnlyForBeneficiary(bytes expectedBeneficiary);
    error Unauthorized();
    error WrongChain();
    error WrongArgument();

    modifier onlyMessenger() {
        if (msg.sender != messenger) revert OnlyMessenger();
        _;
    }

    /// @param _messenger the devnet messenger of this chain (the only claim caller)
    /// @param _fixedNativeFee flat fee in wei
    /// @param _transferFeeBps protocol fee in bps
    /// @param _dstChainIds supported destination chain ids
    /// @param _addressLengths their address lengths (20 EVM, 32 Solana), same order
    /// @param _subscriptionId the chain's internal id where it differs from block.chainid, else 0
    function initialize(
        address _messenger,
        uint88 _fixedNativeFee,
        uint16 _transferFeeBps,
        uint256[] calldata _dstChainIds,
        uint8[] calldata _addressLengths,
        uint32 _subscriptionId
    ) external {
        if (initialized) revert AlreadyInitialized();
        if (_dstChainIds.length != _addressLengths.length) revert LengthMismatch();
        if (_messenger == address(0)) revert ZeroAddress();
        initialized = true;
        subscriptionId = _subscriptionId;
        messenger = _messenger;
        globalFixedNativeFee = _fixedNativeFee;
        globalTransferFeeBps = _transferFeeBps;
        for (uint256 i = 0; i < _dstChainIds.length; i++) {
            dstChainAddressLength[_dstChainIds[i]] = _addressLengths[i];
        }
    }

    /// @notice Deprecated in the real contract; the nonce is `masterNonce[tx.origin]++`.
    function createOrder(
        DlnOrderLib.OrderCreation calldata _orderCreation,
        bytes calldata _affiliateFee,
        uint32 _referralCode,
        bytes calldata _permitEnvelope
    ) external payable returns (bytes32) {
        Permit.executePermit(_orderCreation.giveTokenAddress, _permitEnvelope);
        uint64 nonce = uint64(masterNonce[tx.origin]++);
        return _createOrder(_orderCreation, nonce, _affiliateFee, _referralCode, "");
    }

    function createSaltedOrder(
        DlnOrderLib.OrderCreation calldata _orderCreation,
        uint64 _salt,
        bytes calldata _affiliateFee,
        uint32 _referralCode,
        bytes calldata _permitEnvelope,
        bytes calldata _metadata
    ) external payable returns (bytes32) {
        Permit.executePermit(_orderCreation.giveTokenAddress, _permitEnvelope);
        return _createOrder(_orderCreation, _salt, _affiliateFee, _referralCode, _metadata);
    }

    function getOrderId(DlnOrderLib.Order memory _order) external pure returns (bytes32) {
        return DlnOrderLib.getOrderId(_order);
    }

    /// @notice The chain id orders carry: subscriptionId when set, else block.chainid (DlnBase).
    function getChainId() public view returns (uint256 cid) {
        cid = subscriptionId;
        if (cid == 0) cid = block.chainid;
    }

    /// @notice Only givePatchAuthoritySrc, only while the order is Created: adds `_addGiveAmount`
    /// to what the taker unlocks (and a cancel refunds), pulled from msg.sender (ERC-20) or paid
    /// as msg.value (native), less `globalTransferFeeBps` of it, booked as percent fee. The order
    /// is passed with keccak256(hook) as externalCall (getOrderIdWithExternalCallHash).
    function patchOrderGive(DlnOrderLib.Order memory _order, uint256 _addGiveAmount, bytes calldata _permit)
        external
        payable
    {
        _permit;
        bytes32 orderId = DlnOrderLib.getOrderIdWithExternalCallHash(_order);
        if (_order.givePatchAuthoritySrc.length != 20) revert WrongAddressLength();
        if (DlnOrderLib.toAddress(_order.givePatchAuthoritySrc) != msg.sender) revert Unauthorized();
        if (_addGiveAmount == 0) revert WrongArgument();
        GiveOrderState storage s = giveOrders[orderId];
        if (s.status != OrderGiveStatus.Created) revert IncorrectOrderStatus();
        address token = DlnOrderLib.toAddress(_order.giveTokenAddress);
        if (token == address(0)) {
            if (msg.value != _addGiveAmount) revert MismatchNativeGiveAmount();
        } else {
            token.safeTransferFrom(msg.sender, address(this), _addGiveAmount);
        }
        uint256 percentFee = (globalTransferFeeBps * _addGiveAmount) / BPS_DENOMINATOR;
        s.percentFee += uint208(percentFee);
        givePatches[orderId] += _addGiveAmount - percentFee;
        emit IncreasedGiveAmount(orderId, _order.giveAmount + givePatches[orderId], s.percentFee);
    }

    /// @notice Pays the taker's beneficiary giveAmount + givePatches and the affiliate its fee
    /// (docs/dln.md §4.5). A wrong status only logs, as the real contract does.
    function claimUnlock(bytes32 _orderId, address _beneficiary) external onlyMessenger {
        GiveOrderState storage s = giveOrders[_orderId];
        if (s.status != OrderGiveStatus.Created) {
            emit UnexpectedOrderStatusForClaim(_orderId, s.status, _beneficiary);
            return;
        }
        s.status = OrderGiveStatus.ClaimedUnlock;
        address token = address(s.giveTokenAddress);
        uint256 unlocked = s.giveAmount + givePatches[_orderId];
        token.transferAny(_beneficiary, unlocked);
        collectedFee[token] += s.percentFee;
        collectedFee[address(0)] += s.nativeFixFee;
        if (s.affiliateAmount > 0) {
            // Native affiliate fees get 2300 gas like the real contract; a failure is kept here.
            bool paid = true;
            if (token == address(0)) {
                (paid,) = s.affiliateBeneficiary.call{value: s.affiliateAmount, gas: 2300}("");
            } else {
                token.safeTransfer(s.affiliateBeneficiary, s.affiliateAmount);
            }
            if (paid) emit AffiliateFeePaid(_orderId, s.affiliateBeneficiary, s.affiliateAmount, token);
        }
        emit ClaimedUnlock(_orderId, _beneficiary, unlocked, token);
    }

    /// @notice Refunds giveAmount + percentFee + affiliateAmount + givePatches in the give token and the flat
    /// fee in native to `_beneficiary` (docs/dln.md §4.5).
    function claimCancel(bytes32 _orderId, address _beneficiary) external onlyMessenger {
        GiveOrderState storage s = giveOrders[_orderId];
        if (s.status != OrderGiveStatus.Created) {
            emit UnexpectedOrderStatusForCancel(_orderId, s.status, _beneficiary);
            return;
        }
        address allowed = allowedCancelBeneficiary[_orderId];
        if (allowed != address(0) && allowed != _beneficiary) {
            revert AllowOnlyForBeneficiary(abi.encodePacked(allowed));
        }
        s.status = OrderGiveStatus.ClaimedCancel;
        address token = address(s.giveTokenAddress);
        uint256 amount = s.giveAmount + s.percentFee + s.affiliateAmount + givePatches[_orderId];
        token.transferAny(_beneficiary, amount);
        SafeTransfer.safeTransferNative(_beneficiary, s.nativeFixFee);
        emit ClaimedOrderCancel(_orderId, _beneficiary, amount, token);
    }

    function _createOrder(
        DlnOrderLib.OrderCreation calldata _oc,
        uint64 _nonce,
        bytes calldata _affiliateFee,
        uint32 _referralCode,
        bytes memory _metadata
    ) internal returns (bytes32 orderId) {
        _validate(_oc);
        (address affiliateBeneficiary, uint256 affiliateAmount) = _parseAffiliateFee(_affiliateFee);
        _pullGive(_oc.giveTokenAddress, _oc.giveAmount);

        uint256 percentFee = (_oc.giveAmount * globalTransferFeeBps) / BPS_DENOMINATOR;
        DlnOrderLib.Order memory order = _toOrder(_oc, _nonce);
        order.giveAmount = _oc.giveAmount - percentFee - affiliateAmount;
        orderId = DlnOrderLib.getOrderId(order);

        GiveOrderState storage s = giveOrders[orderId];
        if (s.status != OrderGiveStatus.NotSet) revert IncorrectOrderStatus();
        s.status = OrderGiveStatus.Created;
        s.giveTokenAddress = uint160(_oc.giveTokenAddress);
        s.nativeFixFee = globalFixedNativeFee;
        s.takeChainId = uint48(_oc.takeChainId);
        s.percentFee = uint208(percentFee);
        s.giveAmount = order.giveAmount;
        s.affiliateBeneficiary = affiliateBeneficiary;
        s.affiliateAmount = affiliateAmount;
        if (_oc.allowedCancelBeneficiarySrc.length == 20) {
            allowedCancelBeneficiary[orderId] = DlnOrderLib.toAddress(_oc.allowedCancelBeneficiarySrc);
        }
        emit CreatedOrder(
            order, orderId, _affiliateFee, globalFixedNativeFee, percentFee, _referralCode, _metadata
        );
    }

    function _validate(DlnOrderLib.OrderCreation calldata _oc) internal view {
        uint256 len = dstChainAddressLength[_oc.takeChainId];
        if (len == 0 || _oc.takeChainId == getChainId()) revert NotSupportedDstChain();
        if (
            _oc.takeTokenAddress.length != len || _oc.receiverDst.length != len
                || _oc.orderAuthorityAddressDst.length != len
                || (_oc.allowedTakerDst.length > 0 && _oc.allowedTakerDst.length != len)
                || (_oc.allowedCancelBeneficiarySrc.length > 0 && _oc.allowedCancelBeneficiarySrc.length != 20)
        ) revert WrongAddressLength();
    }

    function _parseAffiliateFee(bytes calldata _affiliateFee)
        internal
        pure
        returns (address beneficiary, uint256 amount)
    {
        if (_affiliateFee.length == 0) return (address(0), 0);
        if (_affiliateFee.length != 52) revert WrongAffiliateFeeLength();
        beneficiary = address(bytes20(_affiliateFee[0:20]));
        amount = uint256(bytes32(_affiliateFee[20:52]));
        if (beneficiary == address(0) && amount > 0) revert ZeroAddress();
    }

    /// @dev Native: msg.value = giveAmount + flat fee; ERC-20: msg.value = flat fee and the
    /// tokens come from msg.sender (the forwarder on the swap path) (docs/dln.md §1.4).
    function _pullGive(address _token, uint256 _amount) internal {
        uint256 fixFee = globalFixedNativeFee;
        if (_token == address(0)) {
            if (msg.value != _amount + fixFee) revert MismatchNativeGiveAmount();
        } else {
            if (msg.value != fixFee) revert WrongFixedFee(msg.value, fixFee);
            _token.safeTransferFrom(msg.sender, address(this), _amount);
        }
    }

    function _toOrder(DlnOrderLib.OrderCreation calldata _oc, uint64 _nonce)
        internal
        view
        returns (DlnOrderLib.Order memory order)
    {
        // tx.origin, not msg.sender: an order placed through the forwarder keeps the user as maker.
        order.makerOrderNonce = _nonce;
        order.makerSrc = abi.encodePacked(tx.origin);
        order.giveChainId = getChainId();
        order.giveTokenAddress = abi.encodePacked(_oc.giveTokenAddress);
        order.takeChainId = _oc.takeChainId;
        order.takeTokenAddress = _oc.takeTokenAddress;
        order.takeAmount = _oc.takeAmount;
        order.receiverDst = _oc.receiverDst;
        order.givePatchAuthoritySrc = abi.encodePacked(_oc.givePatchAuthoritySrc);
        order.orderAuthorityAddressDst = _oc.orderAuthorityAddressDst;
        order.allowedTakerDst = _oc.allowedTakerDst;
        order.allowedCancelBeneficiarySrc = _oc.allowedCancelBeneficiarySrc;
        order.externalCall = _oc.externalCall;
    }
}
