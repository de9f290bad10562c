"""Finance: pay codes and withdrawals (spec 001 §2.13)."""
