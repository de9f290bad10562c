from tortoise import fields
from tortoise.models import Model


class CommonRichText(Model):
    """A content page (about us, agreement, privacy): sanitised HTML under a unique code."""

    id = fields.BigIntField(primary_key=True)
    code = fields.CharField(max_length=64, unique=True)
    title = fields.CharField(max_length=100)
    content = fields.TextField(default="")  # sanitised HTML (core_api.platform.html.sanitise)
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    version = fields.IntField(default=1)  # grows by one on every save of the content
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "content_rich_text"


class CommonRichTextVersion(Model):
    # A kept earlier version of a rich text: every save of its content keeps the text it replaces here

    id = fields.BigIntField(primary_key=True)
    rich_text_id = fields.BigIntField()
    version = fields.IntField()
    title = fields.CharField(max_length=100)
    content = fields.TextField(default="")
    saved_by = fields.CharField(max_length=64, default="")  # who wrote this version
    saved_time = fields.DatetimeField(null=True)  # when this version was written
    create_time = fields.DatetimeField(auto_now_add=True)  # when it was replaced

    class Meta:
        table = "content_rich_text_version"
        unique_together = (("rich_text_id", "version"),)
