"""Goods: categories, attributes and values, the SKU matrix, and the platform's review of a shop's goods."""
