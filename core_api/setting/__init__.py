"""Settings area (spec 001 §2.12): configuration pages and the common config records."""
