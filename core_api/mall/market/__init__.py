"""Marketing activities: group buys of a shop goods item (spec 001 §2.16)."""
