from tortoise import fields
from tortoise.models import Model


class CommonCategory(Model):
    """One node of the category tree (CommonCategory)."""

    # kind (biz_category_kind): plain, frame (a top-level structure), organisation (under a frame) or
    # sensitive (a group of sensitive words). level is 1 for a root and follows the parent.

    id = fields.BigIntField(primary_key=True)
    parent_id = fields.BigIntField(default=0, db_index=True)  # 0: a root
    level = fields.SmallIntField(default=1)
    kind = fields.CharField(max_length=16, default="plain", db_index=True)  # biz_category_kind
    name = fields.CharField(max_length=64)
    code = fields.CharField(max_length=64, default="")
    icon = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)
    status = fields.CharField(max_length=1, default="0")  # biz_category_status
    word_count = fields.IntField(default=0)  # sensitive words held (kind sensitive)
    remark = fields.CharField(max_length=500, default="")
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "common_category"
        unique_together = (("parent_id", "name"),)


class SensitiveWord(Model):
    """A word of the sensitive-word list, held by a category of kind sensitive."""

    id = fields.BigIntField(primary_key=True)
    category_id = fields.BigIntField(db_index=True)
    word = fields.CharField(max_length=32, unique=True)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "common_sensitive_word"


class Registration(Model):
    """A registration of an app user with an organisation, written by the app and reviewed in the console."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(default=0, db_index=True)
    name = fields.CharField(max_length=64)
    phone = fields.CharField(max_length=20, default="")
    category_id = fields.BigIntField(default=0, db_index=True)  # the organisation applied to
    content = fields.CharField(max_length=500, default="")
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_register_status
    reason = fields.CharField(max_length=200, default="")
    audit_by = fields.CharField(max_length=64, default="")
    audit_time = fields.DatetimeField(null=True)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "common_register"


class Personnel(Model):
    """A person of an organisation (an approved registration, or kept by the console)."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(default=0, db_index=True)
    name = fields.CharField(max_length=64)
    phone = fields.CharField(max_length=20, default="")
    category_id = fields.BigIntField(default=0, db_index=True)
    position = fields.CharField(max_length=64, default="")
    sort = fields.IntField(default=0)
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_personnel_status
    remark = fields.CharField(max_length=500, default="")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "common_personnel"
