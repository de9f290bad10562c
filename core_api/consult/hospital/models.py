from tortoise import fields
from tortoise.models import Model


class ConsultHospital(Model):
    """A hospital where the consult doctors work, its area is a region code (the area picker)."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=64, unique=True)
    level = fields.CharField(max_length=4, default="0")  # biz_hospital_level
    area_code = fields.CharField(max_length=12, default="", db_index=True)  # a region's code
    address = fields.CharField(max_length=200, default="")
    phone = fields.CharField(max_length=20, default="")
    logo = fields.CharField(max_length=500, default="")
    intro = fields.TextField(default="")
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "consult_hospital"
