from tortoise import fields

from core_api.platform.models import Audited


class SysDept(Audited):
    dept_id = fields.BigIntField(primary_key=True)
    parent_id = fields.BigIntField(default=0, db_index=True)
    ancestors = fields.CharField(max_length=500, default="")  # "0,100,101": the path from the root
    dept_name = fields.CharField(max_length=30)
    order_num = fields.IntField(default=0)
    leader = fields.CharField(max_length=20, null=True)
    phone = fields.CharField(max_length=11, null=True)
    email = fields.CharField(max_length=50, null=True)
    status = fields.CharField(max_length=1, default="0")
    del_flag = fields.CharField(max_length=1, default="0")

    class Meta:
        table = "sys_dept"
