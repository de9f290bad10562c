from tortoise import fields

from core_api.platform.models import Audited


class SysPost(Audited):
    post_id = fields.BigIntField(primary_key=True)
    post_code = fields.CharField(max_length=64, unique=True)
    post_name = fields.CharField(max_length=50)
    post_sort = fields.IntField(default=0)
    status = fields.CharField(max_length=1, default="0")

    class Meta:
        table = "sys_post"
