from typing import TYPE_CHECKING

from tortoise import fields
from tortoise.models import Model

from core_api.platform.models import Audited

if TYPE_CHECKING:
    from core_api.system.dept.models import SysDept
    from core_api.system.menu.models import SysMenu


class SysRole(Audited):
    role_id = fields.BigIntField(primary_key=True)
    role_name = fields.CharField(max_length=30, unique=True)
    role_key = fields.CharField(max_length=100, unique=True)
    role_sort = fields.IntField(default=0)
    data_scope = fields.CharField(max_length=1, default="1")  # 1 all, 2 custom, 3 own dept, 4 dept and below, 5 self
    menu_check_strictly = fields.BooleanField(default=True)
    dept_check_strictly = fields.BooleanField(default=True)
    status = fields.CharField(max_length=1, default="0")
    del_flag = fields.CharField(max_length=1, default="0")

    class Meta:
        table = "sys_role"


class SysRoleMenu(Model):
    id = fields.BigIntField(primary_key=True)
    role: fields.ForeignKeyRelation["SysRole"] = fields.ForeignKeyField(
        "models.SysRole", related_name="menu_links", on_delete=fields.CASCADE)
    menu: fields.ForeignKeyRelation["SysMenu"] = fields.ForeignKeyField(
        "models.SysMenu", related_name="role_links", on_delete=fields.RESTRICT)

    class Meta:
        table = "sys_role_menu"
        unique_together = (("role", "menu"),)


class SysRoleDept(Model):
    id = fields.BigIntField(primary_key=True)
    role: fields.ForeignKeyRelation["SysRole"] = fields.ForeignKeyField(
        "models.SysRole", related_name="dept_links", on_delete=fields.CASCADE)
    dept: fields.ForeignKeyRelation["SysDept"] = fields.ForeignKeyField(
        "models.SysDept", related_name="role_links", on_delete=fields.CASCADE)

    class Meta:
        table = "sys_role_dept"
        unique_together = (("role", "dept"),)
