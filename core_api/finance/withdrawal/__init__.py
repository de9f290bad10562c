"""Withdrawals: wallets, their ledger, and the approve/pay state machine."""
