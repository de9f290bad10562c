"""Chat records: the largest tables of the product. On PostgreSQL both are partitioned by month of
``sent_time`` (migration 0011 re-creates them so; the primary key there is (id, sent_time) while the ORM
addresses rows by id, which stays unique through one sequence)."""

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model

from core_api.im.record import partitions  # noqa: F401 - registers the tables with the platform
from core_api.platform.counts import count_rows


class ImRecord(Model):
    """One message of a group chat (NoticeImRecord)."""

    id = fields.BigIntField(primary_key=True)
    group_id = fields.CharField(max_length=64)  # the app's id of the group
    from_uid = fields.BigIntField()
    msg_type = fields.CharField(max_length=16, default="text")  # biz_im_msg_type
    content = fields.CharField(max_length=2000, default="")
    sent_time = fields.DatetimeField()
    withdrawn = fields.CharField(max_length=1, default="0")  # biz_yes_no01
    shelf = fields.CharField(max_length=1, default="1")

    class Meta:
        table = "im_record"
        indexes = (Index(fields=["group_id", "sent_time", "id"]), Index(fields=["from_uid", "sent_time"]),
                   Index(fields=["sent_time", "id"]))


class ImRecordSingle(Model):
    """One message between two users (NoticeImRecordSingle). ``conversation`` is "<min uid>_<max uid>"."""

    id = fields.BigIntField(primary_key=True)
    from_uid = fields.BigIntField()
    to_uid = fields.BigIntField()
    conversation = fields.CharField(max_length=48)
    msg_type = fields.CharField(max_length=16, default="text")  # biz_im_msg_type
    content = fields.CharField(max_length=2000, default="")
    sent_time = fields.DatetimeField()
    read = fields.CharField(max_length=1, default="0")  # biz_yes_no01
    withdrawn = fields.CharField(max_length=1, default="0")  # biz_yes_no01
    shelf = fields.CharField(max_length=1, default="1")

    class Meta:
        table = "im_record_single"
        indexes = (Index(fields=["conversation", "sent_time", "id"]), Index(fields=["from_uid", "sent_time"]),
                   Index(fields=["to_uid", "sent_time"]), Index(fields=["sent_time", "id"]))


count_rows("im_record")  # migration 0045: the unfiltered lists' totals
count_rows("im_record_single")
