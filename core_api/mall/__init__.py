"""The multi-shop mall (spec 001 §2.16): shops and their staff, goods, marketing and the supply chain."""
