from tortoise import fields

from core_api.platform.models import Audited


class SysNotice(Audited):
    notice_id = fields.BigIntField(primary_key=True)
    notice_title = fields.CharField(max_length=50)
    notice_type = fields.CharField(max_length=1)  # "1" notice, "2" announcement
    notice_content = fields.TextField(default="")  # sanitised HTML
    status = fields.CharField(max_length=1, default="0")  # "0" normal, "1" closed

    class Meta:
        table = "sys_notice"
        indexes = (("create_time",),)
