"""Regions and maps (spec 001 §2.15): administrative divisions, places and nearby search."""
