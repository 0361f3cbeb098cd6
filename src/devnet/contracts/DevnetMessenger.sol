// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title DevnetMessenger
/// @notice Stands in for the deBridge gate between devnet chains, which are separate anvil
/// nodes that cannot see each other. Two halves, the same contract on every chain:
/// - outbound: DlnDestination calls `send`, which takes the gate's fees and emits `MessageSent`;
/// - inbound: the relayer (the devnet solver) reads `MessageSent` on the destination chain and
///   calls `deliver(target, data)` here, on the chain `dstChainId`; `deliver` forwards the call,
///   so DlnSource sees this messenger as msg.sender and accepts claimUnlock/claimCancel.
/// No proof crosses chains: the relayer is trusted, which is why `deliver` is restricted to it.
/// Fees follow DeBridgeGate `_send` (native branch) and `send` (docs/dln.md §3.5): the fixed fee
/// is `getChainToConfig[chainIdTo].fixedNativeFee` when non-zero, else `globalFixedNativeFee`,
/// minus the caller's `feeDiscount.discountFixBps`; the transfer fee is the chain's
/// `transferFeeBps` (else `globalTransferFeeBps`) of what is left, minus `discountTransferBps`;
/// too little value reverts `TransferAmountNotCoverFees()`, an unsupported chain `WrongChainTo()`;
/// the execution fee is floored to 8 decimals and capped to the rest. The fees and any surplus
/// stay here (the real gate bridges the surplus; no test relies on it).
contract DevnetMessenger {
    struct ChainSupportInfo {
        uint256 fixedNativeFee;
        bool isSupported;
        uint16 transferFeeBps;
    }

    struct DiscountInfo {
        uint16 discountFixBps;
        uint16 discountTransferBps;
    }

    uint256 public constant BPS_DENOMINATOR = 10000;

    bool public initialized;
    /// @notice The only account allowed to deliver; the zero address lets anyone deliver.
    address public relayer;
    /// @notice The only contract allowed to send (DlnDestination on this chain).
    address public sender;
    /// @notice The account allowed to change fees (the installer).
    address public admin;
    /// @notice Messages sent so far; each one's nonce enters its submissionId.
    uint256 public nonce;
    /// @notice Fallback fixed fee in native wei, used where a chain's own fee is 0 (the real getter).
    uint256 public globalFixedNativeFee;
    /// @notice Fallback transfer fee in bps, used where a chain's own is 0 (the real getter).
    uint16 public globalTransferFeeBps;
    /// @notice Per destination chain: fixed fee, support, transfer fee (the real getter).
    mapping(uint256 => ChainSupportInfo) public getChainToConfig;
    /// @notice Fee discount per caller (the real getter).
    mapping(address => DiscountInfo) public feeDiscount;

    /// @notice A message for `target` on chain `dstChainId`; `data` is the full calldata;
    /// `executionFee` what the keeper would get after the gate's fees.
    event MessageSent(uint256 dstChainId, address target, bytes data, uint256 executionFee);
    /// @notice A delivered message and the outcome of the forwarded call.
    event MessageDelivered(address target, bytes data, bool success, bytes result);

    error AlreadyInitialized();
    error OnlySender();
    error OnlyRelayer();
    error AdminBadRole();
    error DeliveryFailed(bytes reason);
    error WrongChainTo();
    error WrongArgument();
    error TransferAmountNotCoverFees();

    function initialize(
        address _relayer,
        address _sender,
        address _admin,
        uint256 _globalFixedNativeFee,
        uint16 _globalTransferFeeBps,
        uint256[] calldata _supportedChainIds
    ) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        relayer = _relayer;
        sender = _sender;
        admin = _admin;
        globalFixedNativeFee = _globalFixedNativeFee;
        globalTransferFeeBps = _globalTransferFeeBps;
        for (uint256 i = 0; i < _supportedChainIds.length; i++) {
            getChainToConfig[_supportedChainIds[i]].isSupported = true;
        }
    }

    /// @notice As the gate's updateChainSupport for one chain: its own fixed fee and transfer fee.
    function updateChainSupport(uint256 _chainId, uint256 _fixedNativeFee, bool _isSupported, uint16 _transferFeeBps)
        external
    {
        if (msg.sender != admin) revert AdminBadRole();
        if (_transferFeeBps > BPS_DENOMINATOR) revert WrongArgument();
        getChainToConfig[_chainId] = ChainSupportInfo(_fixedNativeFee, _isSupported, _transferFeeBps);
    }

    /// @notice As the gate's updateFeeDiscount.
    function updateFeeDiscount(address _address, uint16 _discountFixBps, uint16 _discountTransferBps) external {
        if (msg.sender != admin) revert AdminBadRole();
        if (_address == address(0) || _discountFixBps > BPS_DENOMINATOR || _discountTransferBps > BPS_DENOMINATOR) {
            revert WrongArgument();
        }
        feeDiscount[_address] = DiscountInfo(_discountFixBps, _discountTransferBps);
    }

    /// @return submissionId an id for the message, as the gate's submissionId
    function send(uint256 _dstChainId, address _target, bytes calldata _data, uint256 _executionFee)
        external
        payable
        returns (bytes32 submissionId)
    {
        if (msg.sender != sender) revert OnlySender();
        ChainSupportInfo memory chainFees = getChainToConfig[_dstChainId];
        if (!chainFees.isSupported) revert WrongChainTo();
        DiscountInfo memory discount = feeDiscount[msg.sender];
        uint256 amount = msg.value;
        uint256 fixedFee = chainFees.fixedNativeFee == 0 ? globalFixedNativeFee : chainFees.fixedNativeFee;
        fixedFee = fixedFee - fixedFee * discount.discountFixBps / BPS_DENOMINATOR;
        if (amount < fixedFee) revert TransferAmountNotCoverFees();
        uint256 transferFee = (chainFees.transferFeeBps == 0 ? globalTransferFeeBps : chainFees.transferFeeBps)
            * (amount - fixedFee) / BPS_DENOMINATOR;
        transferFee = transferFee - transferFee * discount.discountTransferBps / BPS_DENOMINATOR;
        if (amount < fixedFee + transferFee) revert TransferAmountNotCoverFees();
        uint256 amountAfterFee = amount - fixedFee - transferFee;
        uint256 executionFee = _normalize(_executionFee);
        if (executionFee > amountAfterFee) executionFee = _normalize(amountAfterFee);
        submissionId = keccak256(abi.encode(block.chainid, _dstChainId, nonce++, _target, _data));
        emit MessageSent(_dstChainId, _target, _data, executionFee);
    }

    /// @notice Forwards `_data` to `_target`; reverts with the target's reason when it fails, so
    /// the relayer sees the failure and may retry.
    function deliver(address _target, bytes calldata _data) external returns (bytes memory) {
        if (relayer != address(0) && msg.sender != relayer) revert OnlyRelayer();
        (bool ok, bytes memory result) = _target.call(_data);
        if (!ok) revert DeliveryFailed(result);
        emit MessageDelivered(_target, _data, ok, result);
        return result;
    }

    /// @dev The gate rounds native amounts down to 8 decimals (`_normalizeTokenAmount`).
    function _normalize(uint256 _amount) internal pure returns (uint256) {
        return _amount / 1e10 * 1e10;
    }
}
