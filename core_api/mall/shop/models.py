from tortoise import fields
from tortoise.models import Model


class MallShop(Model):
    """A shop of the mall. Its staff are console users whose ``sys_user.shop_id`` names it ("own shop" scope)."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=64, unique=True)
    logo = fields.CharField(max_length=500, default="")
    contact = fields.CharField(max_length=32, default="")
    phone = fields.CharField(max_length=20, default="")
    area_code = fields.CharField(max_length=12, default="", db_index=True)  # a region's code (the area picker)
    address = fields.CharField(max_length=200, default="")
    lng = fields.FloatField(null=True)
    lat = fields.FloatField(null=True)
    intro = fields.TextField(default="")
    shelf = fields.CharField(max_length=1, default="1")  # open (on shelf) or closed
    brand_sale = fields.CharField(max_length=1, default="0")  # shown among the brand sales
    rate_bp = fields.IntField(default=0)  # the platform's commission on the shop's sales, basis points
    settled_id = fields.BigIntField(null=True, unique=True)  # the settlement application it was created from
    sort = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_shop"


class MallSettled(Model):
    """A settlement (onboarding) application: audited once, approval creates the shop and its first account."""

    id = fields.BigIntField(primary_key=True)
    shop_name = fields.CharField(max_length=64)
    contact = fields.CharField(max_length=32)
    phone = fields.CharField(max_length=20)
    area_code = fields.CharField(max_length=12, default="")
    address = fields.CharField(max_length=200, default="")
    license = fields.CharField(max_length=2000, default="")  # business licence images (comma-joined)
    intro = fields.TextField(default="")
    account = fields.CharField(max_length=30)  # the user name of the shop's first account
    uid = fields.BigIntField(null=True, db_index=True)  # the app user who applied, when it came from the app
    status = fields.CharField(max_length=16, default="pending", db_index=True)  # pending, approved, rejected
    reason = fields.CharField(max_length=200, default="")  # why it was rejected, shown to the applicant
    shop_id = fields.BigIntField(null=True)
    user_id = fields.BigIntField(null=True)
    audit_by = fields.CharField(max_length=64, default="")
    audit_time = fields.DatetimeField(null=True)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)

    class Meta:
        table = "mall_settled"
