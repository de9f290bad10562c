from tortoise import fields
from tortoise.models import Model


class MallPicture(Model):
    """A picture of a shop picture library: a stored image with a name, filed under a picture type."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField()
    category_id = fields.BigIntField(db_index=True)  # a mall category of kind picture
    name = fields.CharField(max_length=64)
    url = fields.CharField(max_length=500)  # an address of the storage adapter
    sort = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_picture"
        indexes = (("shop_id", "id"),)
