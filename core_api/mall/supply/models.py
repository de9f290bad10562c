from tortoise import fields
from tortoise.models import Model


class MallSupplyShop(Model):
    """A supply-chain provider shop and the local mall shop its synced goods go into (created at the first sync)."""

    id = fields.BigIntField(primary_key=True)
    provider = fields.CharField(max_length=16)
    ref = fields.CharField(max_length=64)  # the provider shop id
    name = fields.CharField(max_length=64)
    shop_id = fields.BigIntField()
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mall_supply_shop"
        unique_together = (("provider", "ref"),)
