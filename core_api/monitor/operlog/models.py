from tortoise import fields
from tortoise.models import Model

from core_api.platform import operlog, partitions


class SysOperLog(Model):
    oper_id = fields.BigIntField(primary_key=True)
    title = fields.CharField(max_length=50, default="")
    # 0 other 1 insert 2 update 3 delete 4 grant 5 export 6 import 7 force 8 gencode 9 clean
    business_type = fields.IntField(default=0)
    method = fields.CharField(max_length=200, default="")
    request_method = fields.CharField(max_length=10, default="")
    operator_type = fields.IntField(default=1)  # 0 other 1 back office 2 mobile
    oper_name = fields.CharField(max_length=50, default="")
    dept_name = fields.CharField(max_length=50, default="")
    oper_url = fields.CharField(max_length=255, default="")
    oper_ip = fields.CharField(max_length=128, default="")
    oper_location = fields.CharField(max_length=255, default="")
    oper_param = fields.TextField(default="")
    json_result = fields.TextField(default="")
    status = fields.IntField(default=0)  # 0 ok 1 failed
    error_msg = fields.TextField(default="")
    oper_time = fields.DatetimeField(db_index=True)
    cost_time = fields.BigIntField(default=0)

    class Meta:
        table = "sys_oper_log"


partitions.register("sys_oper_log", "oper_time", pk="oper_id", keep="12", title="操作日志")


operlog.STORE[:] = [lambda row: SysOperLog.create(**row)]  # every logged call's row (core_api/platform/operlog.py)
