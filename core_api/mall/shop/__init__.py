"""Shops, their onboarding (settlement applications) and their staff accounts, bound to one shop each."""
