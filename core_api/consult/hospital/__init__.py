"""Hospitals of the consult services (spec 001 §2.14)."""
