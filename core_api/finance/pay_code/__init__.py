"""Pay codes: a QR code through the wallet adapter, paid by the provider's signed callback."""
