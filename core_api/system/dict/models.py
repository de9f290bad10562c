from tortoise import fields

from core_api.platform.models import Audited


class SysDictType(Audited):
    dict_id = fields.BigIntField(primary_key=True)
    dict_name = fields.CharField(max_length=100)
    dict_type = fields.CharField(max_length=100, unique=True)
    status = fields.CharField(max_length=1, default="0")

    class Meta:
        table = "sys_dict_type"


class SysDictData(Audited):
    dict_code = fields.BigIntField(primary_key=True)
    dict_sort = fields.IntField(default=0)
    dict_label = fields.CharField(max_length=100)
    # the label an operator whose console is in English sees (issue 28); RuoYi's dict_label stays zh-CN
    dict_label_en = fields.CharField(max_length=100, null=True)
    dict_value = fields.CharField(max_length=100)
    dict_type = fields.CharField(max_length=100, db_index=True)
    css_class = fields.CharField(max_length=100, null=True)
    list_class = fields.CharField(max_length=100, null=True)
    is_default = fields.CharField(max_length=1, default="N")
    status = fields.CharField(max_length=1, default="0")

    class Meta:
        table = "sys_dict_data"
