"""Consult services (spec 001 §2.14): hospital services, doctors, hospitals and independent consult."""
