from typing import TYPE_CHECKING

from tortoise import fields

from core_api.platform.models import Audited, Link, link_to

if TYPE_CHECKING:
    from core_api.system.dept.models import SysDept
    from core_api.system.post.models import SysPost
    from core_api.system.role.models import SysRole

SUPER_ADMIN_ID = 1


class SysUser(Audited):
    user_id = fields.BigIntField(primary_key=True)
    dept: fields.ForeignKeyNullableRelation["SysDept"] = fields.ForeignKeyField(
        "models.SysDept", related_name="users", null=True, on_delete=fields.SET_NULL)
    user_name = fields.CharField(max_length=30, unique=True)
    nick_name = fields.CharField(max_length=30)
    user_type = fields.CharField(max_length=2, default="00")
    email = fields.CharField(max_length=50, default="", db_index=True)
    phonenumber = fields.CharField(max_length=11, default="", db_index=True)
    sex = fields.CharField(max_length=1, default="0")
    avatar = fields.CharField(max_length=255, default="")
    password = fields.CharField(max_length=255)
    status = fields.CharField(max_length=1, default="0")
    del_flag = fields.CharField(max_length=1, default="0")
    login_ip = fields.CharField(max_length=128, default="")
    login_date = fields.DatetimeField(null=True)
    pwd_update_date = fields.DatetimeField(null=True)
    shop_id = fields.BigIntField(null=True, db_index=True)  # a shop account: the mall shop it works for

    class Meta:
        table = "sys_user"
        indexes = (("dept_id", "status"), ("create_time",))

    @property
    def is_super_admin(self) -> bool:
        return self.user_id == SUPER_ADMIN_ID


class SysUserRole(Link):
    user: fields.ForeignKeyRelation["SysUser"] = link_to("SysUser", "role_links")
    role: fields.ForeignKeyRelation["SysRole"] = link_to("SysRole", "user_links", fields.RESTRICT)

    class Meta:
        table = "sys_user_role"
        unique_together = (("user", "role"),)


class SysUserPost(Link):
    user: fields.ForeignKeyRelation["SysUser"] = link_to("SysUser", "post_links")
    post: fields.ForeignKeyRelation["SysPost"] = link_to("SysPost", "user_links", fields.RESTRICT)

    class Meta:
        table = "sys_user_post"
        unique_together = (("user", "post"),)
