"""The points ledger: balances that change only by a conditional update writing an append-only entry."""
