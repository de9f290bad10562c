from tortoise import fields
from tortoise.models import Model


class MallKeyword(Model):
    """A search keyword of the mall home (the platform's): shown by sort, hot ones marked."""

    id = fields.BigIntField(primary_key=True)
    keyword = fields.CharField(max_length=32, unique=True)
    sort = fields.IntField(default=0)
    hot = fields.CharField(max_length=1, default="0")  # shown as a hot search
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_search_keyword"
