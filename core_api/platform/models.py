"""Columns every RuoYi-style record carries, and the platform's own tables."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class Audited(Model):
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)
    remark = fields.CharField(max_length=500, null=True)

    class Meta:
        abstract = True


class KvEntry(Model):
    """Short-lived keys (captcha answers, SMS codes, rate-limit counters, lockouts) when no Redis is set."""

    key = fields.CharField(max_length=191, primary_key=True)
    value = fields.TextField()
    expires_at = fields.FloatField(db_index=True)  # unix seconds

    class Meta:
        table = "sys_kv"


class ChangeLog(Model):
    """Who changed which record of a declared resource, when, and the fields before and after."""

    id = fields.BigIntField(primary_key=True)
    resource = fields.CharField(max_length=64)
    record_id = fields.BigIntField()
    action = fields.CharField(max_length=16)
    actor = fields.CharField(max_length=64)
    at = fields.DatetimeField()
    changes: dict = fields.JSONField()
    note = fields.CharField(max_length=500, null=True)

    class Meta:
        table = "biz_change_log"
        indexes = (("resource", "record_id", "id"),)
