"""Points (spec 001 §2.16, DOMAIN.md "Points, turntable")."""
