// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SimToken
/// @notice A plain ERC-20 for the devnet (USDC, WBTC). Name, symbol and decimals come from
/// `initialize` because the code is placed with anvil_setCode at the real token's address.
/// `mint` is open to anyone: it is the devnet faucet, and the chain holds nothing of value.
contract SimToken {
    bool public initialized;
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error AlreadyInitialized();
    error InsufficientBalance(uint256 balance, uint256 needed);
    error InsufficientAllowance(uint256 allowance, uint256 needed);

    function initialize(string calldata _name, string calldata _symbol, uint8 _decimals) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
    }

    function mint(address _to, uint256 _amount) external {
        totalSupply += _amount;
        balanceOf[_to] += _amount;
        emit Transfer(address(0), _to, _amount);
    }

    function approve(address _spender, uint256 _amount) public virtual returns (bool) {
        allowance[msg.sender][_spender] = _amount;
        emit Approval(msg.sender, _spender, _amount);
        return true;
    }

    function transfer(address _to, uint256 _amount) external returns (bool) {
        _transfer(msg.sender, _to, _amount);
        return true;
    }

    function transferFrom(address _from, address _to, uint256 _amount) external returns (bool) {
        uint256 allowed = allowance[_from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < _amount) revert InsufficientAllowance(allowed, _amount);
            allowance[_from][msg.sender] = allowed - _amount;
        }
        _transfer(_from, _to, _amount);
        return true;
    }

    function _transfer(address _from, address _to, uint256 _amount) internal {
        uint256 balance = balanceOf[_from];
        if (balance < _amount) revert InsufficientBalance(balance, _amount);
        balanceOf[_from] = balance - _amount;
        balanceOf[_to] += _amount;
        emit Transfer(_from, _to, _amount);
    }

    function _burn(address _from, uint256 _amount) internal {
        uint256 balance = balanceOf[_from];
        if (balance < _amount) revert InsufficientBalance(balance, _amount);
        balanceOf[_from] = balance - _amount;
        totalSupply -= _amount;
        emit Transfer(_from, address(0), _amount);
    }
}
