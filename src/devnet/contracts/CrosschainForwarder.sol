// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Permit} from "./Permit.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title CrosschainForwarder (devnet)
/// @notice The forwarder / DeBridgeRouter at 0x663D…C251 as deBridge's published source defines
/// the two entries ferry meets (docs/dln.md §6): `strictlySwapAndCall`, whose `_target` must be a
/// supported router (or DlnDestination) that pulls the swap's output, and the router's
/// single-chain `swap`, which pays the recipient and emits SameChainSwapExecuted. Reverts of a
/// called router or target come back wrapped in CallFailed(target, data), as the real one does.
contract CrosschainForwarder {
    using SafeTransfer for address;

    uint256 public constant BPS_DENOMINATOR = 10_000;

    struct SameChainSwapDetails {
        address allowanceAggregator;
        address swapRouter;
        bytes swapCalldata;
        address tokenOut;
        uint256 tokenOutMinAmount;
        uint16 surplusShareBps;
        bytes affiliateFeeEnvelope;
        address recipient;
    }

    bool public initialized;
    address public admin;
    address public dlnDestination;
    address public feeTreasury;
    uint16 public swapVariableFeeBps;
    mapping(address => bool) public supportedRouters;

    event SwapExecuted(address router, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut);
    event Refund(address token, uint256 amount, address recipient);
    event CollectedFee(address token, uint256 amount);
    event AffiliateFeePaid(address token, uint256 amount, address recipient, uint32 referralCode);
    event SameChainSwapExecuted(
        address sender,
        address recipient,
        address tokenIn,
        uint256 amountIn,
        address tokenOut,
        uint256 amountOut,
        uint256 fee,
        uint256 affiliateFee,
        uint32 referralCode
    );
    event SupportedRouter(address srcSwapRouter, bool isSupported);

    error AlreadyInitialized();
    error AdminBadRole();
    error ExcessiveMsgValue(uint256 requiredAmount, uint256 providedAmount);
    error SwapToSameToken();
    error ZeroFeeTreasuryAddress();
    error SwapOutcomeTooLow(address tokenOut, uint256 amountOut, uint256 actualAmountOut, uint256 expectedAmountOut);
    error SwapEmptyResult(address srcTokenOut);
    error NotEnoughSrcFundsIn(uint256 amount);
    error NotSupportedRouter();
    error CallFailed(address target, bytes data);
    error CallCausedBalanceDiscrepancy(address target, address token, uint256 expectedBalance, uint256 actualBalance);
    error InvalidAffiliateFeeDataLength(uint256 length);
    error InvalidAffiliateFeeData(uint16 bps, address recipient);

    /// @notice `_routers` are the supported routers and targets (the swap router, DlnSource);
    /// DlnDestination is always a valid target. A non-zero `_swapVariableFeeBps` needs a treasury.
    function initialize(
        address _admin,
        address _dlnDestination,
        address[] calldata _routers,
        address _feeTreasury,
        uint16 _swapVariableFeeBps
    ) external {
        if (initialized) revert AlreadyInitialized();
        if (_swapVariableFeeBps > 0 && _feeTreasury == address(0)) revert ZeroFeeTreasuryAddress();
        initialized = true;
        admin = _admin;
        dlnDestination = _dlnDestination;
        feeTreasury = _feeTreasury;
        swapVariableFeeBps = _swapVariableFeeBps;
        for (uint256 i = 0; i < _routers.length; i++) {
            supportedRouters[_routers[i]] = true;
            emit SupportedRouter(_routers[i], true);
        }
    }

    function updateSupportedRouter(address _router, bool _isSupported) external {
        if (msg.sender != admin) revert AdminBadRole();
        supportedRouters[_router] = _isSupported;
        emit SupportedRouter(_router, _isSupported);
    }

    /// @notice Pulls the input from the caller (native: exactly msg.value), swaps it through a
    /// supported router, takes the variable fee and the affiliate fee from the output, requires at
    /// least `tokenOutMinAmount` left, keeps the share of the surplus above it that
    /// `surplusShareBps` does not give the recipient, and pays the rest to `recipient` (the caller
    /// when zero). Returns what the recipient got.
    function swap(
        address _tokenIn,
        uint256 _amountIn,
        bytes memory _tokenInPermitEnvelope,
        SameChainSwapDetails calldata _swapDetails,
        uint32 _referralCode
    ) external payable returns (uint256 actualAmountOut) {
        Permit.executePermit(_tokenIn, _tokenInPermitEnvelope);
        if (msg.value != 0 && _tokenIn != address(0)) revert ExcessiveMsgValue(0, msg.value);
        if (_tokenIn == _swapDetails.tokenOut) revert SwapToSameToken();
        _obtainIn(_tokenIn, _amountIn, true);
        uint256 amountOut = _performSwap(
            _tokenIn, _amountIn, _swapDetails.swapRouter, _swapDetails.swapCalldata, _swapDetails.tokenOut
        );
        (uint256 fee, uint256 affiliateFee) = _takeFees(_swapDetails, amountOut, _referralCode);
        actualAmountOut = amountOut - fee - affiliateFee;
        address recipient = _swapDetails.recipient == address(0) ? msg.sender : _swapDetails.recipient;
        _swapDetails.tokenOut.transferAny(recipient, actualAmountOut);
        emit SameChainSwapExecuted(
            msg.sender, recipient, _tokenIn, _amountIn, _swapDetails.tokenOut, amountOut, fee, affiliateFee, _referralCode
        );
    }

    /// @dev The variable fee and the affiliate fee come off the output; below `tokenOutMinAmount`
    /// it reverts; the share of the surplus that `surplusShareBps` does not give the recipient is
    /// kept as fee. `fee` (all of it, paid to the treasury) and `affiliateFee` (paid) come back.
    function _takeFees(SameChainSwapDetails calldata _d, uint256 _amountOut, uint32 _referralCode)
        private
        returns (uint256 fee, uint256 affiliateFee)
    {
        fee = (_amountOut * swapVariableFeeBps) / BPS_DENOMINATOR;
        affiliateFee = _payAffiliateFee(_d.tokenOut, _amountOut - fee, _d.affiliateFeeEnvelope, _referralCode);
        uint256 left = _amountOut - fee - affiliateFee;
        if (left < _d.tokenOutMinAmount) revert SwapOutcomeTooLow(_d.tokenOut, _amountOut, left, _d.tokenOutMinAmount);
        uint256 surplus = left - _d.tokenOutMinAmount;
        fee += surplus - (surplus * _d.surplusShareBps) / BPS_DENOMINATOR;
        if (fee > 0) {
            if (feeTreasury == address(0)) revert ZeroFeeTreasuryAddress();
            _d.tokenOut.transferAny(feeTreasury, fee);
            emit CollectedFee(_d.tokenOut, fee);
        }
    }

    /// @notice Pulls `_srcAmountIn` (native: part of msg.value), swaps it through a supported
    /// router, requires at least `_srcTokenExpectedAmountOut`, refunds the surplus to
    /// `_srcTokenRefundRecipient`, approves the expected amount to `_target` and calls it with
    /// `_targetData` and the rest of msg.value. `_target` must be a supported router or
    /// DlnDestination and must pull the whole expected amount and spend that value, else
    /// CallCausedBalanceDiscrepancy: a wallet cannot receive the output this way.
    function strictlySwapAndCall(
        address _srcTokenIn,
        uint256 _srcAmountIn,
        bytes memory _srcTokenInPermitEnvelope,
        address _srcSwapRouter,
        bytes calldata _srcSwapCalldata,
        address _srcTokenOut,
        uint256 _srcTokenExpectedAmountOut,
        address _srcTokenRefundRecipient,
        address _target,
        bytes calldata _targetData
    ) external payable {
        // The permit envelope is executed before the input is pulled (docs/dln.md §4.9).
        Permit.executePermit(_srcTokenIn, _srcTokenInPermitEnvelope);
        _obtainIn(_srcTokenIn, _srcAmountIn, false);
        uint256 valueLeft = msg.value - (_srcTokenIn == address(0) ? _srcAmountIn : 0);
        uint256 amountOut = _performSwap(_srcTokenIn, _srcAmountIn, _srcSwapRouter, _srcSwapCalldata, _srcTokenOut);
        if (_srcTokenExpectedAmountOut > amountOut) revert NotEnoughSrcFundsIn(_srcTokenExpectedAmountOut);
        if (_srcTokenOut == address(0)) valueLeft += _srcTokenExpectedAmountOut;
        if (amountOut > _srcTokenExpectedAmountOut) {
            uint256 refund = amountOut - _srcTokenExpectedAmountOut;
            _srcTokenOut.transferAny(_srcTokenRefundRecipient, refund);
            emit Refund(_srcTokenOut, refund, _srcTokenRefundRecipient);
        }
        _callTarget(_target, _targetData, valueLeft, _srcTokenOut, _srcTokenExpectedAmountOut);
    }

    function _callTarget(address _target, bytes calldata _data, uint256 _value, address _token, uint256 _amount)
        private
    {
        uint256 tokenBefore = _balance(_token);
        uint256 nativeBefore = address(this).balance;
        if (_token != address(0)) _token.forceApprove(_target, _amount);
        _callCustom(_target, _data, _value);
        // The target spent the allowance; zeroing it leaves no doubt (ferry's P-8.3 reads events).
        if (_token != address(0)) _token.forceApprove(_target, 0);
        uint256 tokenAfter = _balance(_token);
        uint256 nativeAfter = address(this).balance;
        // The target must have pulled the output (and spent the value it was sent).
        if (tokenBefore - tokenAfter < _amount) {
            revert CallCausedBalanceDiscrepancy(_target, _token, tokenBefore - _amount, tokenBefore - tokenAfter);
        }
        if (nativeBefore - nativeAfter < _value) {
            revert CallCausedBalanceDiscrepancy(_target, address(0), nativeBefore - _value, nativeBefore - nativeAfter);
        }
    }

    function _obtainIn(address _token, uint256 _amount, bool _strictValue) private {
        if (_token == address(0)) {
            if (msg.value < _amount) revert NotEnoughSrcFundsIn(_amount);
            if (_strictValue && msg.value > _amount) revert ExcessiveMsgValue(_amount, msg.value);
            return;
        }
        uint256 before = _balance(_token);
        _token.safeTransferFrom(msg.sender, address(this), _amount);
        if (_balance(_token) - before < _amount) revert NotEnoughSrcFundsIn(_amount);
    }

    function _performSwap(address _tokenIn, uint256 _amountIn, address _router, bytes calldata _data, address _tokenOut)
        private
        returns (uint256 amountOut)
    {
        uint256 before = _balance(_tokenOut);
        if (_tokenIn == address(0)) {
            _callCustom(_router, _data, _amountIn);
        } else {
            _tokenIn.forceApprove(_router, _amountIn);
            _callCustom(_router, _data, 0);
            // As CrosschainForwarder 2.0 does; the newer router leaves a standing maximum
            // approval instead, which ferry's P-8.3 would refuse (docs/dln.md §6).
            _tokenIn.forceApprove(_router, 0);
        }
        uint256 afterSwap = _balance(_tokenOut);
        // Native output: the input's own value left this contract before the balance was read.
        if (afterSwap <= before) revert SwapEmptyResult(_tokenOut);
        amountOut = afterSwap - before;
        emit SwapExecuted(_router, _tokenIn, _amountIn, _tokenOut, amountOut);
    }

    function _callCustom(address _to, bytes calldata _data, uint256 _value) private {
        if (_to != dlnDestination && !supportedRouters[_to]) revert NotSupportedRouter();
        (bool ok, bytes memory ret) = _to.call{value: _value}(_data);
        if (!ok) revert CallFailed(_to, ret);
    }

    function _payAffiliateFee(address _token, uint256 _total, bytes calldata _envelope, uint32 _referralCode)
        private
        returns (uint256 fee)
    {
        if (_envelope.length == 0) return 0;
        if (_envelope.length != 22) revert InvalidAffiliateFeeDataLength(_envelope.length);
        uint16 bps = uint16(bytes2(_envelope[:2]));
        address recipient = address(bytes20(_envelope[2:22]));
        if (bps > BPS_DENOMINATOR || (bps != 0 && recipient == address(0))) {
            revert InvalidAffiliateFeeData(bps, recipient);
        }
        if (bps == 0) return 0;
        fee = (_total * bps) / BPS_DENOMINATOR;
        _token.transferAny(recipient, fee);
        emit AffiliateFeePaid(_token, fee, recipient, _referralCode);
    }

    function _balance(address _token) private view returns (uint256) {
        if (_token == address(0)) return address(this).balance;
        (bool ok, bytes memory ret) = _token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        return ok && ret.length >= 32 ? abi.decode(ret, (uint256)) : 0;
    }

    receive() external payable {}
}
