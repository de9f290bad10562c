from tortoise import fields
from tortoise.models import Model

from core_api.platform.models import Audited


class SysJob(Audited):
    job_id = fields.BigIntField(primary_key=True)
    job_name = fields.CharField(max_length=64)
    job_group = fields.CharField(max_length=64, default="DEFAULT")
    # One of the dictionary sys_job_executor (the Python RuoYi port's form): recorded and answered; every job runs
    # on the workers the same way (no process pool), the value only tells the port's screens what was chosen.
    job_executor = fields.CharField(max_length=64, default="default", db_default="default")
    invoke_target = fields.CharField(max_length=500)  # the name of a registered handler, never code
    job_params = fields.TextField(default="{}")  # JSON, validated by the handler's parameter model
    cron_expression = fields.CharField(max_length=255)
    misfire_policy = fields.CharField(max_length=1, default="0")  # 0 default 1 fire all missed 2 fire once 3 skip
    concurrent = fields.CharField(max_length=1, default="1")  # "0" allowed, "1" forbidden
    status = fields.CharField(max_length=1, default="0")  # "0" normal, "1" paused
    next_fire_at = fields.DatetimeField(null=True)  # the scheduler's persisted plan

    class Meta:
        table = "sys_job"
        unique_together = (("job_name", "job_group"),)


class SysJobLog(Model):
    job_log_id = fields.BigIntField(primary_key=True)
    job_id = fields.BigIntField(db_index=True)
    job_name = fields.CharField(max_length=64)
    job_group = fields.CharField(max_length=64)
    invoke_target = fields.CharField(max_length=500)
    fire_key = fields.CharField(max_length=100, unique=True)  # "<job>:<fire time>" or "<job>:run:<uuid>"
    fire_time = fields.DatetimeField()
    job_message = fields.CharField(max_length=500, default="")
    status = fields.CharField(max_length=1, default="0")  # "0" success, "1" failure
    exception_info = fields.TextField(default="")
    start_time = fields.DatetimeField(db_index=True)
    end_time = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sys_job_log"


class SysJobFire(Model):
    """The scheduler's outbox: one row per planned fire, written in the transaction that moves its job's
    ``next_fire_at`` and published after the commit; a leader that dies in between leaves it unsent, and
    the next leader publishes it (the job log's unique fire key makes a second delivery harmless)."""

    id = fields.BigIntField(primary_key=True)
    job_id = fields.BigIntField()
    fire_key = fields.CharField(max_length=100, db_index=True)
    fire_time = fields.DatetimeField()
    created_at = fields.DatetimeField()
    sent_at = fields.DatetimeField(null=True, db_index=True)

    class Meta:
        table = "sys_job_fire"
