from tortoise import fields

from core_api.platform.models import Audited


class SysMenu(Audited):
    menu_id = fields.BigIntField(primary_key=True)
    menu_name = fields.CharField(max_length=50)
    parent_id = fields.BigIntField(default=0, db_index=True)
    order_num = fields.IntField(default=0)
    path = fields.CharField(max_length=200, default="")
    component = fields.CharField(max_length=255, null=True)
    query = fields.CharField(max_length=255, null=True)
    route_name = fields.CharField(max_length=50, default="")
    is_frame = fields.CharField(max_length=1, default="1")  # "0" external link, "1" not
    is_cache = fields.CharField(max_length=1, default="0")  # "0" cached
    menu_type = fields.CharField(max_length=1, default="")  # M directory, C menu, F button
    visible = fields.CharField(max_length=1, default="0")  # "0" shown, "1" hidden
    status = fields.CharField(max_length=1, default="0")
    perms = fields.CharField(max_length=100, null=True)
    icon = fields.CharField(max_length=100, default="#")

    class Meta:
        table = "sys_menu"
