from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

import logging

log = logging.getLogger("console.migrations")


async def trigram_forward(_apps, schema_editor) -> None:
    """PostgreSQL: the consumer list's nick-name fragment filter (icontains) served by a trigram index."""
    if schema_editor.client.capabilities.dialect != "postgres":
        return
    try:
        await schema_editor.client.execute_script("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception as exc:  # a managed database may not allow it
        log.warning("pg_trgm is not available (%s); nick-name search runs without an index", exc)
        return
    await schema_editor.client.execute_script(
        "CREATE INDEX IF NOT EXISTS idx_account_consumer_nick_trgm ON account_consumer "
        "USING gin ((UPPER(CAST(nick_name AS VARCHAR))) gin_trgm_ops)")


async def trigram_backward(_apps, schema_editor) -> None:
    if schema_editor.client.capabilities.dialect == "postgres":
        await schema_editor.client.execute_script("DROP INDEX IF EXISTS idx_account_consumer_nick_trgm")

class Migration(migration.Migration):
    dependencies = [('models', '0015_content')]

    initial = False

    operations = [
        ops.CreateModel(
            name='AccountConsumer',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(unique=True)),
                ('nick_name', fields.CharField(default='', max_length=64)),
                ('phone', fields.CharField(null=True, unique=True, max_length=20)),
                ('avatar', fields.CharField(default='', max_length=500)),
                ('sex', fields.CharField(default='2', max_length=1)),
                ('invite_code', fields.CharField(unique=True, max_length=16)),
                ('referrer_uid', fields.BigIntField(null=True, db_index=True)),
                ('frozen', fields.CharField(default='0', max_length=1)),
                ('muted', fields.CharField(default='0', max_length=1)),
                ('usable', fields.CharField(default='1', max_length=1)),
                ('register_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('last_login_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('last_login_ip', fields.CharField(default='', max_length=128)),
                ('last_login_city', fields.CharField(default='', max_length=64)),
                ('password_hash', fields.CharField(default='', max_length=255)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'account_consumer', 'app': 'models', 'indexes': [Index(fields=['register_time']), Index(fields=['frozen', 'register_time']), Index(fields=['muted', 'register_time']), Index(fields=['usable', 'register_time']), Index(fields=['last_login_time'])], 'pk_attr': 'id', 'table_description': "One app user, keyed by uid (the app's own user id) in every action."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='AccountSignIn',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField()),
                ('ip', fields.CharField(default='', max_length=128)),
                ('city', fields.CharField(default='', max_length=64)),
                ('device', fields.CharField(default='', max_length=128)),
                ('sign_in_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'account_sign_in', 'app': 'models', 'indexes': [Index(fields=['sign_in_time']), Index(fields=['city', 'sign_in_time']), Index(fields=['uid', 'sign_in_time'])], 'pk_attr': 'id', 'table_description': 'One sign-in of an app user, as the app server reports it (charts by day and by city).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='PartnerRequest',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('idem_key', fields.CharField(unique=True, max_length=128)),
                ('route', fields.CharField(max_length=200)),
                ('body_hash', fields.CharField(max_length=64)),
                ('status', fields.CharField(default='pending', max_length=8)),
                ('response', fields.TextField(default='', unique=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'sys_partner_request', 'app': 'models', 'indexes': [Index(fields=['created_at'])], 'pk_attr': 'id', 'table_description': 'One partner call by its ``Idempotency-Key``: the first claims the key, a repeat with the same body'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='WebhookEvent',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('event_id', fields.CharField(unique=True, max_length=32)),
                ('event', fields.CharField(max_length=64)),
                ('payload', fields.TextField(unique=False)),
                ('status', fields.CharField(default='pending', max_length=16)),
                ('attempts', fields.IntField(default=0)),
                ('last_error', fields.CharField(default='', max_length=500)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('published_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('delivered_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'sys_webhook_event', 'app': 'models', 'indexes': [Index(fields=['status', 'created_at']), Index(fields=['published_at'])], 'pk_attr': 'id', 'table_description': 'The webhook outbox: one row per event told to the app server, written in the transaction of the'},
            bases=['Model'],
        ),
        ops.RunPython(trigram_forward, trigram_backward),
    ]
