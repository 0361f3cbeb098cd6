// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IExternalCallExecutor} from "./IExternalCallExecutor.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title DlnExternalCallAdapter (devnet)
/// @notice Runs an order's hook at fulfillment. DlnDestination sends it the take amount and
/// calls `receiveCall`. The order's externalCall bytes (what src/sim/quote/encodeHookBytes.ts
/// writes) are `0x01 ‖ abi.encode(ExternalCallEnvelopV1)`:
/// - executionFee (the hook `reward`) is paid first, from the take amount, to the fulfill's
///   _externalCallRewardBeneficiary;
/// - executorAddress 0 selects the universal ExternalCallExecutor (evm_transaction_call),
///   otherwise the address is a custom IExternalCallExecutor (evm_hook_data_v1 `target`);
/// - the rest goes to the executor, which is called with `payload` (hook `targetPayload`).
/// Outcome rules (docs/dln.md §1.6):
/// - success: done;
/// - failure of an atomic (allowDelayedExecution = false), success-required hook: the whole
///   fulfill reverts;
/// - any other failure (optional, or non-atomic): the tokens go to fallbackAddress (the
///   receiver when it is zero) and the order stays fulfilled. The devnet runs a non-atomic hook
///   in the fill transaction too; there is no delayed retry.
contract DlnExternalCallAdapter {
    using SafeTransfer for address;

    struct ExternalCallEnvelopV1 {
        address fallbackAddress;
        address executorAddress;
        uint160 executionFee;
        bool allowDelayedExecution;
        bool requireSuccessfullExecution;
        bytes payload;
    }

    bool public initialized;
    address public dlnDestination;
    address public defaultExecutor;

    /// @notice One hook run: `amount` (after the `reward` paid to the reward beneficiary) went to
    /// the executor (success) or to `fallbackAddress`.
    event ExecutedExternalCall(
        bytes32 orderId,
        address executor,
        bool callSucceeded,
        uint256 amount,
        uint256 reward,
        address fallbackAddress,
        bytes callResult
    );

    error AlreadyInitialized();
    error OnlyDlnDestination();
    error OnlySelf();
    error UnknownEnvelopeVersion(uint8 version);
    error RewardExceedsAmount(uint256 reward, uint256 amount);
    error ExternalCallFailed(bytes reason);
    error ExecutorReturnedFalse(bytes callResult);

    function initialize(address _dlnDestination, address _defaultExecutor) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        dlnDestination = _dlnDestination;
        defaultExecutor = _defaultExecutor;
    }

    /// @param _token take token, zero for native (then msg.value = `_amount`)
    /// @param _receiver the order's receiverDst, fallback when the envelope has none
    function receiveCall(
        bytes32 _orderId,
        address _token,
        uint256 _amount,
        bytes calldata _externalCall,
        address _receiver,
        address _rewardBeneficiary
    ) external payable {
        if (msg.sender != dlnDestination) revert OnlyDlnDestination();
        uint8 version = uint8(_externalCall[0]);
        if (version != 1) revert UnknownEnvelopeVersion(version);
        ExternalCallEnvelopV1 memory e = abi.decode(_externalCall[1:], (ExternalCallEnvelopV1));
        address fallbackAddress = e.fallbackAddress == address(0) ? _receiver : e.fallbackAddress;

        uint256 reward = e.executionFee;
        if (reward > _amount) revert RewardExceedsAmount(reward, _amount);
        _token.transferAny(_rewardBeneficiary, reward);
        uint256 amount = _amount - reward;

        address executor = e.executorAddress == address(0) ? defaultExecutor : e.executorAddress;
        (bool ok, bytes memory result) = _run(_orderId, _token, amount, executor, fallbackAddress, e);
        emit ExecutedExternalCall(
            _orderId, executor, ok, amount, reward, fallbackAddress, result
        );
    }

    function _run(
        bytes32 _orderId,
        address _token,
        uint256 _amount,
        address _executor,
        address _fallbackAddress,
        ExternalCallEnvelopV1 memory _e
    ) private returns (bool ok, bytes memory result) {
        // The self-call lets a failed hook roll back its transfers while the fill goes on.
        try this.execute(_orderId, _token, _amount, _executor, _fallbackAddress, _e.payload) returns (
            bytes memory r
        ) {
            return (true, r);
        } catch (bytes memory reason) {
            if (!_e.allowDelayedExecution && _e.requireSuccessfullExecution) {
                revert ExternalCallFailed(reason);
            }
            _token.transferAny(_fallbackAddress, _amount);
            return (false, reason);
        }
    }

    /// @notice Internal step of receiveCall (external only for try/catch): hands the tokens to
    /// the executor and calls it; reverts when the executor fails or reports failure.
    function execute(
        bytes32 _orderId,
        address _token,
        uint256 _amount,
        address _executor,
        address _fallbackAddress,
        bytes memory _payload
    ) external returns (bytes memory) {
        if (msg.sender != address(this)) revert OnlySelf();
        bool succeeded;
        bytes memory result;
        if (_token == address(0)) {
            (succeeded, result) = IExternalCallExecutor(_executor).onEtherReceived{value: _amount}(
                _orderId, _fallbackAddress, _payload
            );
        } else {
            _token.safeTransfer(_executor, _amount);
            (succeeded, result) = IExternalCallExecutor(_executor).onERC20Received(
                _orderId, _token, _amount, _fallbackAddress, _payload
            );
        }
        if (!succeeded) revert ExecutorReturnedFalse(result);
        return result;
    }
}
