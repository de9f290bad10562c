"""The English label of a dictionary entry (issue 28 §4): ``sys_dict_data.dict_label_en``, shown to an operator
whose console is in English; RuoYi's ``dict_label`` stays zh-CN on the wire.

An installed database gets the English of the entries the seed made (core_api/seed/data.py DICTS), matched by
(dict_type, dict_value), on the rows that still hold the seeded Chinese label: an entry an operator relabelled,
or added, is left without English (it shows its Chinese label) until someone gives it one in the 字典数据 form.
The seed's table is read as it is now, not frozen: a newer seed only ever adds entries.
"""

from tortoise import fields
from tortoise.migrations import operations as ops

from core_api.platform import migration


async def forward(_apps, schema_editor) -> None:
    from core_api.seed.data import DICTS

    client = schema_editor.client
    dialect = client.capabilities.dialect
    mark = (lambda i: f"${i}") if dialect == "postgres" else (lambda _i: "?")
    sql = (f"UPDATE sys_dict_data SET dict_label_en = {mark(1)} WHERE dict_type = {mark(2)} "  # noqa: S608 - fixed
           f"AND dict_value = {mark(3)} AND dict_label = {mark(4)} AND dict_label_en IS NULL")
    for dict_type, (_name, items) in DICTS.items():
        for label, value, _list_class, _default, label_en in items:
            await client.execute_query(sql, [label_en, dict_type, value, label])


async def backward(_apps, _schema_editor) -> None:
    """Nothing: removing the column (the operation before, undone after this) drops the English."""


class Migration(migration.Migration):
    dependencies = [("models", "0040_shop_after_sale")]

    initial = False

    operations = [
        ops.AddField(model_name="SysDictData", name="dict_label_en", field=fields.CharField(max_length=100, null=True)),
        ops.RunPython(forward, backward),
    ]
