// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title DevnetMessenger
/// @notice Stands in for the deBridge gate between devnet chains, which are separate anvil
/// nodes that cannot see each other. Two halves, the same contract on every chain:
/// - outbound: DlnDestination calls `send`, which only emits `MessageSent`;
/// - inbound: the relayer (the devnet solver) reads `MessageSent` on the destination chain and
///   calls `deliver(target, data)` here, on the chain `dstChainId`; `deliver` forwards the call,
///   so DlnSource sees this messenger as msg.sender and accepts claimUnlock/claimCancel.
/// No proof crosses chains: the relayer is trusted, which is why `deliver` is restricted to it.
/// Like the gate, it charges a flat native fee per message (`globalFixedNativeFee`), which
/// DlnDestination reads and requires on every unlock and cancel; the fee stays here.
contract DevnetMessenger {
    bool public initialized;
    /// @notice The only account allowed to deliver; the zero address lets anyone deliver.
    address public relayer;
    /// @notice The only contract allowed to send (DlnDestination on this chain).
    address public sender;
    /// @notice Messages sent so far; each one's nonce enters its submissionId.
    uint256 public nonce;
    /// @notice The gate's flat fee per message, in native wei (the real gate's getter name).
    uint256 public globalFixedNativeFee;

    /// @notice A message for `target` on chain `dstChainId`; `data` is the full calldata.
    event MessageSent(uint256 dstChainId, address target, bytes data);
    /// @notice A delivered message and the outcome of the forwarded call.
    event MessageDelivered(address target, bytes data, bool success, bytes result);

    error AlreadyInitialized();
    error OnlySender();
    error OnlyRelayer();
    error DeliveryFailed(bytes reason);

    function initialize(address _relayer, address _sender, uint256 _globalFixedNativeFee) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        relayer = _relayer;
        sender = _sender;
        globalFixedNativeFee = _globalFixedNativeFee;
    }

    /// @return submissionId an id for the message, as the gate's submissionId
    function send(uint256 _dstChainId, address _target, bytes calldata _data)
        external
        payable
        returns (bytes32 submissionId)
    {
        if (msg.sender != sender) revert OnlySender();
        submissionId = keccak256(abi.encode(block.chainid, _dstChainId, nonce++, _target, _data));
        emit MessageSent(_dstChainId, _target, _data);
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
}
