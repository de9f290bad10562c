from tortoise import fields

from core_api.platform.models import Stamped


class CommonAppVersion(Stamped):
    """A released app version: per platform the version code only grows (unique per platform)."""

    id = fields.BigIntField(primary_key=True)
    platform = fields.CharField(max_length=16)  # biz_app_platform
    version_name = fields.CharField(max_length=32)
    version_code = fields.IntField()
    download_url = fields.CharField(max_length=500, default="")
    release_notes = fields.TextField(default="")
    force_update = fields.CharField(max_length=1, default="0")  # biz_yes_no

    class Meta:
        table = "content_app_version"
        unique_together = (("platform", "version_code"),)
