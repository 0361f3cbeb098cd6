// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {DlnOrderLib} from "./DlnOrderLib.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

interface IDevnetMessenger {
    function send(uint256 _dstChainId, address _target, bytes calldata _data, uint256 _executionFee)
        external
        payable
        returns (bytes32);
}

interface IDlnExternalCallAdapter {
    function receiveCall(
        bytes32 _orderId,
        address _token,
        uint256 _amount,
        bytes calldata _externalCall,
        address _receiver,
        address _rewardBeneficiary
    ) external payable;
}

/// @title DlnDestination (devnet)
/// @notice The destination side of DLN with the real 1.4.0 ABI for both fulfillOrder overloads,
/// sendEvmUnlock, sendEvmOrderCancel, takeOrders, getOrderId, getChainId and the FulfilledOrder /
/// SentOrderUnlock / SentOrderCancel events (docs/dln.md §4.3, §4.5). As the real DlnBase, the
/// chain id orders carry is `getChainId()`: `subscriptionId` when set (Gnosis 100000002 on a node
/// whose block.chainid is 100), else block.chainid (docs/dln.md §5). Unlock and cancel messages
/// go through the DevnetMessenger instead of the deBridge gate, with all of msg.value and the
/// execution fee, as `_sendCrossChainMessage` does; the messenger takes the gate's fees
/// (docs/dln.md §3.5). `deBridgeGate()` names the messenger as the real contract names its gate.
/// `patchOrderTake` keeps the real signature and checks and, as the real one, identifies the
/// order by `getOrderIdWithExternalCallHash` (the order's externalCall is keccak256(hook),
/// docs/dln.md §4.4): only the order's destination authority lowers the take, each new
/// subtrahend above the last, and a fill must then deliver takeAmount - takePatches. No batch
/// unlock, Solana unlock or permits.
contract DlnDestination {
    using SafeTransfer for address;

    enum OrderTakeStatus {
        NotSet,
        Fulfilled,
        SentUnlock,
        SentCancel
    }

    struct OrderTakeState {
        OrderTakeStatus status;
        address takerAddress;
        uint256 giveChainId;
    }

    bool public initialized;
    /// @notice deBridge's internal id of this chain where it differs from block.chainid, else 0.
    uint32 public subscriptionId;
    address public messenger;
    address public externalCallAdapter;
    /// @notice DlnSource's address on the give chains (the same everywhere on the devnet).
    address public dlnSource;
    mapping(bytes32 => OrderTakeState) public takeOrders;
    /// @notice How much the destination authority has lowered each order's take (the real getter).
    mapping(bytes32 => uint256) public takePatches;

    event FulfilledOrder(DlnOrderLib.Order order, bytes32 orderId, address sender, address unlockAuthority);
    event SentOrderUnlock(bytes32 orderId, bytes beneficiary, bytes32 submissionId);
    event SentOrderCancel(DlnOrderLib.Order order, bytes32 orderId, bytes cancelBeneficiary, bytes32 submissionId);
    event DecreasedTakeAmount(bytes32 orderId, uint256 orderTakeFinalAmount);

    error AlreadyInitialized();
    error WrongChain();
    error MismatchedOrderId();
    error IncorrectOrderStatus();
    error Unauthorized();
    error MismatchTakerAmount();
    error MismatchNativeTakerAmount();
    error WrongAddressLength();
    error AllowOnlyForBeneficiary(bytes expectedBeneficiary);
    error WrongArgument();

    function initialize(address _messenger, address _externalCallAdapter, address _dlnSource, uint32 _subscriptionId)
        external
    {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        subscriptionId = _subscriptionId;
        messenger = _messenger;
        externalCallAdapter = _externalCallAdapter;
        dlnSource = _dlnSource;
    }

    /// @notice The contract that carries unlock and cancel messages (the real DlnBase getter).
    function deBridgeGate() external view returns (address) {
        return messenger;
    }

    /// @notice The chain id orders carry: subscriptionId when set, else block.chainid (DlnBase).
    function getChainId() public view returns (uint256 cid) {
        cid = subscriptionId;
        if (cid == 0) cid = block.chainid;
    }

    /// @dev All of msg.value and the asked execution fee go to the gate, which takes its fees.
    function _sendMessage(uint256 _chainIdTo, bytes memory _data, uint256 _executionFee) internal returns (bytes32) {
        return IDevnetMessenger(messenger).send{value: msg.value}(_chainIdTo, dlnSource, _data, _executionFee);
    }

    /// @notice Fills with the hook reward going to msg.sender.
    function fulfillOrder(
        DlnOrderLib.Order memory _order,
        uint256 _fulFillAmount,
        bytes32 _orderId,
        bytes calldata _permitEnvelope,
        address _unlockAuthority
    ) external payable {
        _permitEnvelope;
        _fulfill(_order, _fulFillAmount, _orderId, _unlockAuthority, msg.sender);
    }

    function fulfillOrder(
        DlnOrderLib.Order memory _order,
        uint256 _fulFillAmount,
        bytes32 _orderId,
        bytes calldata _permitEnvelope,
        address _unlockAuthority,
        address _externalCallRewardBeneficiary
    ) external payable {
        _permitEnvelope;
        _fulfill(_order, _fulFillAmount, _orderId, _unlockAuthority, _externalCallRewardBeneficiary);
    }

    /// @notice Only the recorded taker; Fulfilled -> SentUnlock; asks the messenger to call
    /// DlnSource.claimUnlock(orderId, beneficiary) on the give chain.
    function sendEvmUnlock(bytes32 _orderId, address _beneficiary, uint256 _executionFee) external payable {
        OrderTakeState storage s = takeOrders[_orderId];
        if (s.status != OrderTakeStatus.Fulfilled) revert IncorrectOrderStatus();
        if (s.takerAddress != msg.sender) revert Unauthorized();
        s.status = OrderTakeStatus.SentUnlock;
        bytes32 submissionId = _sendMessage(
            s.giveChainId, abi.encodeWithSignature("claimUnlock(bytes32,address)", _orderId, _beneficiary), _executionFee
        );
        emit SentOrderUnlock(_orderId, abi.encodePacked(_beneficiary), submissionId);
    }

    /// @notice Only orderAuthorityAddressDst; NotSet -> SentCancel; the beneficiary must be
    /// allowedCancelBeneficiarySrc when set; asks the messenger to call
    /// DlnSource.claimCancel(orderId, beneficiary) on the give chain.
    function sendEvmOrderCancel(DlnOrderLib.Order memory _order, address _cancelBeneficiary, uint256 _executionFee)
        external
        payable
    {
        if (_order.takeChainId != getChainId()) revert WrongChain();
        bytes32 orderId = DlnOrderLib.getOrderId(_order);
        OrderTakeState storage s = takeOrders[orderId];
        if (s.status != OrderTakeStatus.NotSet) revert IncorrectOrderStatus();
        if (_order.orderAuthorityAddressDst.length != 20) revert WrongAddressLength();
        if (DlnOrderLib.toAddress(_order.orderAuthorityAddressDst) != msg.sender) revert Unauthorized();
        if (_order.allowedCancelBeneficiarySrc.length > 0) {
            if (_order.allowedCancelBeneficiarySrc.length != 20
                || DlnOrderLib.toAddress(_order.allowedCancelBeneficiarySrc) != _cancelBeneficiary) {
                revert AllowOnlyForBeneficiary(_order.allowedCancelBeneficiarySrc);
            }
        }
        s.status = OrderTakeStatus.SentCancel;
        s.giveChainId = _order.giveChainId;
        bytes32 submissionId = _sendMessage(
            _order.giveChainId,
            abi.encodeWithSignature("claimCancel(bytes32,address)", orderId, _cancelBeneficiary),
            _executionFee
        );
        emit SentOrderCancel(_order, orderId, abi.encodePacked(_cancelBeneficiary), submissionId);
    }

    /// @notice Only orderAuthorityAddressDst, only while the order is NotSet here: lowers the take
    /// a taker must deliver to takeAmount - _newSubtrahend. A new subtrahend must be above the last
    /// one and below takeAmount (`WrongArgument`), as in the real contract.
    function patchOrderTake(DlnOrderLib.Order memory _order, uint256 _newSubtrahend) external {
        if (_order.takeChainId != getChainId()) revert WrongChain();
        bytes32 orderId = DlnOrderLib.getOrderIdWithExternalCallHash(_order);
        if (_order.orderAuthorityAddressDst.length != 20) revert WrongAddressLength();
        if (DlnOrderLib.toAddress(_order.orderAuthorityAddressDst) != msg.sender) revert Unauthorized();
        if (takePatches[orderId] >= _newSubtrahend) revert WrongArgument();
        if (_order.takeAmount <= _newSubtrahend) revert WrongArgument();
        if (takeOrders[orderId].status != OrderTakeStatus.NotSet) revert IncorrectOrderStatus();
        takePatches[orderId] = _newSubtrahend;
        emit DecreasedTakeAmount(orderId, _order.takeAmount - _newSubtrahend);
    }

    function getOrderId(DlnOrderLib.Order memory _order) external pure returns (bytes32) {
        return DlnOrderLib.getOrderId(_order);
    }

    function _fulfill(
        DlnOrderLib.Order memory _order,
        uint256 _amount,
        bytes32 _orderId,
        address _unlockAuthority,
        address _rewardBeneficiary
    ) internal {
        if (_order.takeChainId != getChainId()) revert WrongChain();
        if (DlnOrderLib.getOrderId(_order) != _orderId) revert MismatchedOrderId();
        OrderTakeState storage s = takeOrders[_orderId];
        if (s.status != OrderTakeStatus.NotSet) revert IncorrectOrderStatus();
        if (_order.allowedTakerDst.length > 0) {
            if (_order.allowedTakerDst.length != 20 || DlnOrderLib.toAddress(_order.allowedTakerDst) != _unlockAuthority) {
                revert Unauthorized();
            }
        }
        if (_amount != _order.takeAmount - takePatches[_orderId]) revert MismatchTakerAmount();
        if (_order.takeTokenAddress.length != 20 || _order.receiverDst.length != 20) revert WrongAddressLength();
        address token = DlnOrderLib.toAddress(_order.takeTokenAddress);
        if (token == address(0) && msg.value != _amount) revert MismatchNativeTakerAmount();

        s.status = OrderTakeStatus.Fulfilled;
        s.takerAddress = _unlockAuthority;
        s.giveChainId = _order.giveChainId;

        address receiver = DlnOrderLib.toAddress(_order.receiverDst);
        if (_order.externalCall.length == 0) {
            if (token == address(0)) SafeTransfer.safeTransferNative(receiver, _amount);
            else token.safeTransferFrom(msg.sender, receiver, _amount);
        } else {
            if (token != address(0)) token.safeTransferFrom(msg.sender, externalCallAdapter, _amount);
            IDlnExternalCallAdapter(externalCallAdapter).receiveCall{value: token == address(0) ? _amount : 0}(
                _orderId, token, _amount, _order.externalCall, receiver, _rewardBeneficiary
            );
        }
        emit FulfilledOrder(_order, _orderId, msg.sender, _unlockAuthority);
    }
}
