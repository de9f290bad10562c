from tortoise import fields
from tortoise.models import Model


class RegionPlace(Model):
    """A place the local maps service finds: a shop, a hospital, a hospital service or a region's centre.

    Coordinates are fixed-point micro-degrees (GCJ-02 as the console's pickers give them): integers compare and
    index the same on SQLite and PostgreSQL, and a 6-decimal location round-trips exactly. The index on
    (lat_e6, lng_e6) serves the bounding box that prefilters every nearby search."""

    # the divisions' centres are loaded by the seed from the region table: a demo reset keeps them
    REFERENCE_ROWS = "kind = 'region'"

    id = fields.BigIntField(primary_key=True)
    kind = fields.CharField(max_length=16)  # shop | hospital | service | region | landmark (the demo's)
    ref_id = fields.BigIntField()  # the record's id in its own table (a region: its code)
    name = fields.CharField(max_length=100)
    address = fields.CharField(max_length=255, default="")
    lng_e6 = fields.IntField()
    lat_e6 = fields.IntField()
    update_time = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "region_place"
        unique_together = (("kind", "ref_id"),)
        indexes = (("lat_e6", "lng_e6"),)
