"""Columns every RuoYi-style record carries, and the platform's own tables."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tortoise import fields
from tortoise.fields.relational import OnDelete
from tortoise.models import Model


class Audited(Model):
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)
    remark = fields.CharField(max_length=500, null=True)

    class Meta:
        abstract = True


class Link(Model):
    """A row linking two records (a role to a menu, a user to a post): its own key and the two foreign keys
    (``link_to``); the concrete link declares the pair unique."""

    id = fields.BigIntField(primary_key=True)

    class Meta:
        abstract = True

    @classmethod
    async def replace(cls, owner: str, owner_id: int, other: str, ids: Iterable[int]) -> None:
        """The owner's links become exactly ``ids`` (a repeated id once): ``SysRoleMenu.replace("role_id", 2,
        "menu_id", [1, 5])``. Call inside a transaction."""
        await cls.filter(**{owner: owner_id}).delete()
        await cls.bulk_create([cls(**{owner: owner_id, other: linked}) for linked in dict.fromkeys(ids)])


def link_to(model: str, related_name: str, on_delete: OnDelete = fields.CASCADE) -> Any:
    """One side of a ``Link``: a key to ``model`` ("SysRole"), whose rows list their links as ``related_name``;
    deleting the record deletes its links (CASCADE) or is refused while it has any (RESTRICT)."""
    return fields.ForeignKeyField(f"models.{model}", related_name=related_name, on_delete=on_delete)


class Stamped(Model):
    """The columns of a business record the console manages: on or off the shelf, who made and changed it when
    (the list is filtered and sorted by the creation time)."""

    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

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
class WebhookEvent(Model):
    """The webhook outbox: one row per event told to the app server, written in the transaction of the
    change it reports, published on the bus after the commit, and marked when the worker delivered it."""

    id = fields.BigIntField(primary_key=True)
    event_id = fields.CharField(max_length=32, unique=True)
    event = fields.CharField(max_length=64)  # e.g. consumer.frozen
    payload = fields.TextField()  # the JSON body POSTed, exactly as signed
    # pending (to deliver), delivered, not_configured (no CONSOLE_APP_WEBHOOK_URL), failed (retries spent)
    status = fields.CharField(max_length=16, default="pending")
    attempts = fields.IntField(default=0)
    last_error = fields.CharField(max_length=500, default="")
    created_at = fields.DatetimeField()
    published_at = fields.DatetimeField(null=True)
    delivered_at = fields.DatetimeField(null=True)

    class Meta:
        table = "sys_webhook_event"
        indexes = (("status", "created_at"), ("published_at",))


class BusOutbox(Model):
    """A bus message kept while the broker was away, published by the relay.

    Its publish failed after its change committed, or it was written with its change and its node died before
    publishing it;
    ``core_api.platform.outbox.relay`` publishes it once the broker takes messages again, then deletes it."""

    id = fields.BigIntField(primary_key=True)
    topic = fields.CharField(max_length=128)
    payload = fields.TextField()  # the message's JSON, as it would have been published
    created_at = fields.DatetimeField()
    attempts = fields.IntField(default=0)  # relays that tried it and failed
    # written with its change: the relay leaves it to its own node until then (that node publishes and deletes it)
    not_before = fields.DatetimeField(null=True)

    class Meta:
        table = "sys_bus_outbox"


class PartnerRequest(Model):
    """One partner call by its ``Idempotency-Key``: the first claims the key, a repeat with the same body
    gets the stored answer, a repeat with another body is refused."""

    id = fields.BigIntField(primary_key=True)
    idem_key = fields.CharField(max_length=128, unique=True)
    route = fields.CharField(max_length=200)
    body_hash = fields.CharField(max_length=64)
    status = fields.CharField(max_length=8, default="pending")  # pending, done
    response = fields.TextField(default="")
    created_at = fields.DatetimeField()
    node = fields.CharField(max_length=32, default="")  # the node running the call (platform/partner.py)

    class Meta:
        table = "sys_partner_request"
        indexes = (("created_at",),)


class ExportJob(Model):
    # A background export: the filters an operator asked with, built into an xlsx by a worker, its
    # progress, and the file only that operator downloads (core_api/platform/exports.py).

    id = fields.BigIntField(primary_key=True)
    kind = fields.CharField(max_length=64)  # the exporter's name, e.g. AccountUserConsumer
    owner_id = fields.BigIntField(db_index=True)  # the sys user who asked
    owner_name = fields.CharField(max_length=64, default="")
    filters = fields.TextField()  # the validated filters as JSON
    personal = fields.BooleanField(default=False)  # the owner held the personal-data permission when asking
    status = fields.CharField(max_length=16, default="queued")  # queued running done failed
    total = fields.BigIntField(default=0)
    done = fields.BigIntField(default=0)
    file_name = fields.CharField(max_length=200, default="")
    path = fields.CharField(max_length=500, default="")
    error = fields.CharField(max_length=500, default="")
    created_at = fields.DatetimeField()
    finished_at = fields.DatetimeField(null=True)

    class Meta:
        table = "sys_export_job"


class ConfigPageRow(Model):
    """The current object of a configuration page (core_api/platform/config_page.py), keyed by page (and
    scope: ``core_v2.android``). ``version`` grows by one on every save; a save names the version it was
    made from and updates only while it is still current."""

    id = fields.BigIntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True)
    version = fields.IntField(default=0)
    data: dict = fields.JSONField(default=dict)  # every field, secrets included (never answered to a browser)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "biz_config_page"


class ConfigPageVersion(Model):
    """One saved version of a configuration page: who, when, the whole object then, and the fields it
    changed (before and after, secrets already masked)."""

    id = fields.BigIntField(primary_key=True)
    key = fields.CharField(max_length=64)
    version = fields.IntField()
    data: dict = fields.JSONField(default=dict)
    changes: dict = fields.JSONField(default=dict)  # camelCase field -> [before, after], secrets masked
    action = fields.CharField(max_length=16, default="save")  # save | restore
    restored_from = fields.IntField(null=True)
    saved_by = fields.CharField(max_length=64, default="")
    saved_time = fields.DatetimeField()

    class Meta:
        table = "biz_config_page_version"
        unique_together = (("key", "version"),)
