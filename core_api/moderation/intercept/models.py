from tortoise import fields

from core_api.platform.models import Stamped


class WordsIntercept(Stamped):
    """A message stopped by the sensitive-word list (WordsInterceptRecord): who, which word, where."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    word = fields.CharField(max_length=64, db_index=True)
    category = fields.CharField(max_length=64, default="")
    content = fields.CharField(max_length=500, default="")  # an excerpt around the word
    scene = fields.CharField(max_length=16, default="single")  # biz_intercept_scene
    target = fields.CharField(max_length=64, default="")  # the peer uid, group id or service session
    handled = fields.CharField(max_length=1, default="0")  # biz_yes_no01
    alarm_count = fields.IntField(default=0)
    last_alarm_time = fields.DatetimeField(null=True)

    class Meta:
        table = "words_intercept_record"
