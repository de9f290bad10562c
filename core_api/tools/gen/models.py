from tortoise import fields
from tortoise.models import Model

from core_api.platform.models import Audited

# Where generated code goes (RuoYi's gen.packageName): the app finds the packages below it by themselves.
GENERATED_PACKAGE = "core_api.generated"


class GenTable(Audited):
    table_id = fields.BigIntField(primary_key=True)
    table_name = fields.CharField(max_length=64, unique=True)
    table_comment = fields.CharField(max_length=200, default="")
    class_name = fields.CharField(max_length=64)
    tpl_category = fields.CharField(max_length=10, default="crud")  # crud, tree, sub
    module_name = fields.CharField(max_length=30)  # e.g. "mall": permissions mall:<business>:list
    business_name = fields.CharField(max_length=30)  # e.g. "notice"
    function_name = fields.CharField(max_length=50)  # e.g. "店铺公告"
    function_author = fields.CharField(max_length=50, default="console")
    parent_menu_id = fields.BigIntField(null=True)
    options = fields.TextField(default="{}")  # JSON: treeCode, treeParentCode, treeName, subTableName, subTableFkName
    # RuoYi's gen_table settings (the Python RuoYi port's edit form requires packageName):
    package_name = fields.CharField(max_length=100, default=GENERATED_PACKAGE)  # the code's package: it or below
    tpl_web_type = fields.CharField(max_length=30, default="")  # "", element-ui, element-plus: recorded only
    gen_type = fields.CharField(max_length=1, default="0")  # "0" a zip; "1" (a path on the server) is refused
    gen_path = fields.CharField(max_length=200, default="/")  # recorded only: nothing is written on the server
    form_col_num = fields.IntField(default=2)  # 1-4: the generated dialog's fields per row (2: as before)

    class Meta:
        table = "gen_table"


class GenTableColumn(Model):
    column_id = fields.BigIntField(primary_key=True)
    table: fields.ForeignKeyRelation["GenTable"] = fields.ForeignKeyField(
        "models.GenTable", related_name="columns", on_delete=fields.CASCADE)
    column_name = fields.CharField(max_length=64)
    column_comment = fields.CharField(max_length=200, default="")
    column_type = fields.CharField(max_length=100)
    python_type = fields.CharField(max_length=20)  # int, str, Decimal, bool, datetime, date, float
    ts_type = fields.CharField(max_length=20)  # number, string, boolean
    max_length = fields.IntField(null=True)
    is_pk = fields.BooleanField(default=False)
    is_increment = fields.BooleanField(default=False)
    is_required = fields.BooleanField(default=False)
    is_insert = fields.BooleanField(default=True)
    is_edit = fields.BooleanField(default=True)
    is_list = fields.BooleanField(default=True)
    is_query = fields.BooleanField(default=False)
    query_type = fields.CharField(max_length=10, default="EQ")  # EQ NE GT GTE LT LTE LIKE BETWEEN
    html_type = fields.CharField(max_length=20, default="input")
    dict_type = fields.CharField(max_length=100, default="")
    sort = fields.IntField(default=0)

    class Meta:
        table = "gen_table_column"
        unique_together = (("table", "column_name"),)


class FormDesign(Audited):
    """A form built on the form designer, saved by name."""

    form_id = fields.BigIntField(primary_key=True)
    form_name = fields.CharField(max_length=64, unique=True)
    definition = fields.TextField()  # JSON: {fields: [...], config: {...}}

    class Meta:
        table = "tool_form"
