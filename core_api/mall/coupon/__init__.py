"""Discount vouchers (coupons): platform and shop coupons, claimed by app users (spec 001 §2.16)."""
