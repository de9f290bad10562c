from tortoise import fields
from tortoise.models import Model


class Region(Model):
    """One administrative division: 1 province, 2 city, 3 district, 4 street (township). Loaded from the shipped
    dataset (ops/vendor_regions.py), never edited by operators."""

    REFERENCE_DATA = True  # not demo data: a demo reset keeps it (core_api.demo.demo_tables)

    code = fields.CharField(max_length=12, primary_key=True)  # 6 digits (levels 1-3) or 9 (streets)
    name = fields.CharField(max_length=64, db_index=True)
    level = fields.SmallIntField()
    parent_code = fields.CharField(max_length=12, null=True, db_index=True)
    path = fields.CharField(max_length=255)  # the names from the province down: 北京市/北京市/朝阳区
    leaf = fields.BooleanField(default=True)
    lng = fields.DecimalField(max_digits=10, decimal_places=6, null=True)  # the centre, when the dataset has it
    lat = fields.DecimalField(max_digits=10, decimal_places=6, null=True)

    class Meta:
        table = "region"


class RegionDataset(Model):
    """Which version of the shipped dataset the region table holds (one row)."""

    REFERENCE_DATA = True

    id = fields.IntField(primary_key=True)
    version = fields.CharField(max_length=128)
    rows = fields.IntField()
    loaded_at = fields.DatetimeField()

    class Meta:
        table = "region_dataset"
