from typing import TYPE_CHECKING

from tortoise import fields

from core_api.platform.models import Audited, Link, link_to

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


class SysRoleMenu(Link):
    role: fields.ForeignKeyRelation["SysRole"] = link_to("SysRole", "menu_links")
    menu: fields.ForeignKeyRelation["SysMenu"] = link_to("SysMenu", "role_links", fields.RESTRICT)

    class Meta:
        table = "sys_role_menu"
        unique_together = (("role", "menu"),)


class SysRoleDept(Link):
    role: fields.ForeignKeyRelation["SysRole"] = link_to("SysRole", "dept_links")
    dept: fields.ForeignKeyRelation["SysDept"] = link_to("SysDept", "role_links")

    class Meta:
        table = "sys_role_dept"
        unique_together = (("role", "dept"),)
