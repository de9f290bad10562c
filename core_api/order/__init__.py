"""Orders: placement, payment, fulfilment, after-sale and refunds (spec 001 §2.17, DOMAIN.md)."""
