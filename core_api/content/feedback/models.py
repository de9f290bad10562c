from tortoise import fields
from tortoise.models import Model

from core_api.platform.models import Stamped


class CommonFeedback(Stamped):
    """Feedback of an app user (an idea, a bug, a reported website), handled by an operator."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    type = fields.CharField(max_length=16, default="0")  # biz_feedback_type
    content = fields.TextField()
    images = fields.CharField(max_length=2000, default="")
    contact = fields.CharField(max_length=64, default="")
    website = fields.CharField(max_length=500, default="")
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_feedback_status
    reply = fields.CharField(max_length=500, default="")
    handled_by = fields.CharField(max_length=64, default="")
    handled_time = fields.DatetimeField(null=True)

    class Meta:
        table = "content_feedback"


class BannedSite(Model):
    """A website host banned through a feedback (ban website)."""

    id = fields.BigIntField(primary_key=True)
    host = fields.CharField(max_length=255, unique=True)
    feedback_id = fields.BigIntField(null=True)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "content_banned_site"
