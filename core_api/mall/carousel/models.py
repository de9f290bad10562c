from tortoise import fields
from tortoise.models import Model


class MallCarousel(Model):
    """A slide of the mall home carousel (the platform's): shown by sort while on shelf and inside its window."""

    id = fields.BigIntField(primary_key=True)
    title = fields.CharField(max_length=64)
    image = fields.CharField(max_length=500)
    link_type = fields.CharField(max_length=8, default="none")  # none, goods, url
    link_target = fields.CharField(max_length=500, default="")  # the goods id or the URL
    sort = fields.IntField(default=0)
    begin_time = fields.DatetimeField()
    end_time = fields.DatetimeField()
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_carousel"
