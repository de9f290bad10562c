"""The points turntable: prizes drawn by integer weights out of 10 000 (spec 001 §2.16)."""
