"""Consult doctors (spec 001 §2.14): each works at a hospital of the list."""
