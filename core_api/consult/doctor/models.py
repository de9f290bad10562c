from tortoise import fields
from tortoise.models import Model


class ConsultDoctor(Model):
    """A doctor whom the app users consult, the price of one consult is in fen."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=32)
    hospital_id = fields.BigIntField(db_index=True)  # a ConsultHospital (checked on every write)
    department = fields.CharField(max_length=32, default="")
    title = fields.CharField(max_length=16, default="resident")  # biz_doctor_title
    avatar = fields.CharField(max_length=500, default="")
    specialties = fields.CharField(max_length=500, default="")
    intro = fields.TextField(default="")
    price = fields.BigIntField(default=0)  # fen
    online = fields.CharField(max_length=1, default="0")  # biz_doctor_online
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "consult_doctor"
