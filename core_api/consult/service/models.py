from tortoise import fields
from tortoise.models import Model


class ConsultService(Model):
    """A hospital service (spec 001 §2.14): what a hospital offers, its price in fen and where it takes place."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=64)
    service_type = fields.CharField(max_length=16, default="hospital")  # biz_service_type
    hospital_id = fields.BigIntField(null=True, db_index=True)
    price = fields.BigIntField(default=0)  # fen
    duration = fields.IntField(default=30)  # minutes
    address = fields.CharField(max_length=255, default="")
    longitude = fields.FloatField(null=True)  # degrees, 6 decimals
    latitude = fields.FloatField(null=True)
    phone = fields.CharField(max_length=20, default="")
    intro = fields.TextField(default="")
    cover = fields.CharField(max_length=500, default="")
    shelf = fields.CharField(max_length=1, default="1")
    sort = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "consult_service"
