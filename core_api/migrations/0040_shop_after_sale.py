"""The shop-staff role handles its shop's after-sales (issue 26): an installed database's ``shop_staff`` role gets the
after-sale and order-side refund menus the seed now grants a fresh one (core_api/seed/data.py SHOP_STAFF_PERMS),
with their parent directories. The seed never changes an existing role's menus, so this runs once, here.

A database migrated from before the after-sale menus existed has no such rows yet: the seed grants them when it
creates them (core_api/seed/run.py). The permissions are frozen here as they were when this was written.
"""

from core_api.platform import migration
from tortoise.migrations import operations as ops

ROLE_KEY = "shop_staff"
PERMS = ("order:afterSale:list", "order:afterSale:query", "order:afterSale:refund", "order:refund:list",
         "order:refund:query")


async def _role_and_menus(client) -> tuple[int | None, dict[int, dict]]:
    roles = await client.execute_query_dict(f"SELECT role_id FROM sys_role WHERE role_key = '{ROLE_KEY}'")
    menus = await client.execute_query_dict("SELECT menu_id, parent_id, perms FROM sys_menu")
    return (int(roles[0]["role_id"]) if roles else None), {int(m["menu_id"]): m for m in menus}


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    role_id, menus = await _role_and_menus(client)
    if role_id is None:  # a fresh database: the seed creates the role with these menus
        return
    wanted: set[int] = set()
    for menu in menus.values():
        node = menu if menu["perms"] in PERMS else None
        while node is not None and int(node["menu_id"]) not in wanted:
            wanted.add(int(node["menu_id"]))
            node = menus.get(int(node["parent_id"]))
    held = {int(r["menu_id"]) for r in await client.execute_query_dict(
        f"SELECT menu_id FROM sys_role_menu WHERE role_id = {role_id}")}
    for menu_id in sorted(wanted - held):  # ids read from the database above: integers, not input
        await client.execute_query(f"INSERT INTO sys_role_menu (role_id, menu_id) VALUES ({role_id}, {menu_id})")


async def backward(_apps, schema_editor) -> None:
    client = schema_editor.client
    role_id, menus = await _role_and_menus(client)
    ids = [menu_id for menu_id, menu in menus.items() if menu["perms"] in PERMS]
    if role_id is not None and ids:
        await client.execute_query(f"DELETE FROM sys_role_menu WHERE role_id = {role_id} AND menu_id IN "
                                   f"({', '.join(map(str, ids))})")


class Migration(migration.Migration):
    dependencies = [("models", "0039_gen_table_settings")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
