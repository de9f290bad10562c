"""Mall goods (issue 13 §2, spec 001 §2.16): categories, goods with their SKU matrix, the review, attributes —
every call at the spec's path, bad input, permissions and a shop account confined to its own shop."""

from __future__ import annotations

import asyncio

from core_api.mall.goods.models import MallAttr, MallAttrValue, MallCategory, MallGoods, MallSku
from tests.conftest import OK
from tests.mall_support import make_shop, shop_staff
from tests.test_regions import FORBIDDEN, operator

GOODS = "/admin/mall/shop/goods"
ATTR = "/admin/mall/shop_mall_attr"
REVIEW = "/admin/shop/goods_mall"
STAFF_PERMS = ("mall:goods:list", "mall:goods:query", "mall:goods:edit", "mall:goods:remove", "mall:goods:shelf",
               "mall:goods:recommend", "mall:goods:specs", "mall:attr:list", "mall:attr:edit", "mall:attr:remove")


async def category(admin, name: str, parent_id: int = 0, kind: str = "goods") -> int:
    body = await admin.post("/admin/shop_type/add_edit", json={"name": name, "parentId": parent_id, "kind": kind})
    assert body["code"] == 200, body
    return body["data"]["id"]


async def attr(caller, name: str, values: list[str], **extra) -> tuple[int, list[int]]:
    body = await caller.post(f"{ATTR}/edit_attr", params={"name": name, **extra})
    assert body["code"] == 200, body
    attr_id = body["data"]["id"]
    ids = []
    for i, value in enumerate(values):
        made = await caller.post(f"{ATTR}/edit_attr_val", params={"attrId": attr_id, "value": value, "sort": i})
        assert made["code"] == 200, made
        ids.append(made["data"]["id"])
    return attr_id, ids


async def goods(caller, leaf: int, name: str = "纯棉T恤", **extra) -> int:
    body = await caller.post(f"{GOODS}/add_edit", json={"categoryId": leaf, "name": name, "pics": "/p/1.png",
                                                        "unit": "件", **extra})
    assert body["code"] == 200, body
    return body["data"]["id"]


def matrix(specs: list[tuple[int, list[int]]], price: int = 5900, stock: int = 10) -> dict:
    """The body of goods_crossing_attr with every combination priced ``price`` + 100 per row."""
    import itertools

    combos = list(itertools.product(*[values for _, values in specs])) or [()]
    return {"specs": [{"attrId": a, "valueIds": v} for a, v in specs],
            "skus": [{"valueIds": list(c), "priceFen": price + 100 * i, "stock": stock, "code": f"C{i}",
                      "image": ""} for i, c in enumerate(combos)]}


async def save_specs(caller, goods_id: int, specs: list[tuple[int, list[int]]], **kw) -> dict:
    return await caller.post(f"{GOODS}/goods_crossing_attr", json={"goodsId": goods_id, **matrix(specs, **kw)})


class World:
    """Two shops with staff, a category tree, platform attributes 颜色 (3 values) and 尺码 (2 values)."""

    async def build(self, admin):
        self.admin = admin
        self.shop_a, self.shop_b = await make_shop("甲店"), await make_shop("乙店")
        self.a = await shop_staff(admin, self.shop_a, "staff_a", STAFF_PERMS)
        self.b = await shop_staff(admin, self.shop_b, "staff_b", STAFF_PERMS)
        self.top = await category(admin, "服饰")
        self.leaf = await category(admin, "T恤", self.top)
        self.color, self.colors = await attr(admin, "颜色", ["红", "黑", "白"])
        self.size, self.sizes = await attr(admin, "尺码", ["M", "L"])
        return self


async def test_categories_two_levels_shelf_and_delete_refused_while_used(admin):
    top = await category(admin, "数码")
    leaf = await category(admin, "耳机", top)
    pics = await category(admin, "商品图", kind="picture")
    third = await admin.post("/admin/shop_type/add_edit", json={"name": "入耳式", "parentId": leaf})
    assert third == {"code": 500, "msg": "商城分类最多两级，上级只能是一级分类"}
    other_kind = await admin.post("/admin/shop_type/add_edit", json={"name": "图", "parentId": pics})
    assert other_kind == {"code": 500, "msg": "上级分类的类型不同"}
    twin = await admin.post("/admin/shop_type/add_edit", json={"name": "耳机", "parentId": top})
    assert twin == {"code": 500, "msg": "同一上级下已有同名分类"}
    unknown = await admin.post("/admin/shop_type/add_edit", json={"name": "x", "colour": "red"})
    assert unknown["code"] == 500 and "colour" in unknown["msg"]
    bad_kind = await admin.post("/admin/shop_type/add_edit", json={"name": "x", "kind": "weapons"})
    assert bad_kind == {"code": 500, "msg": "分类类型的取值不正确"}
    renamed = await admin.post("/admin/shop_type/add_edit", json={"id": leaf, "name": "头戴耳机", "parentId": top})
    assert renamed["code"] == 200
    assert (await MallCategory.get(id=leaf)).name == "头戴耳机"
    # the list (also the picture types), by kind
    listed = await admin.get("/admin/mall/type/list_data", params={"kind": "picture"})
    assert [r["name"] for r in listed["data"]["data"]] == ["商品图"]
    goods_kind = await admin.get("/admin/mall/type/list_data", params={"kind": "goods", "parentId": top})
    assert [r["id"] for r in goods_kind["data"]["data"]] == [leaf]
    # shelf
    off = await admin.get("/admin/mall/type/shelf_change", params={"id": leaf, "shelf": "0"})
    assert off["code"] == 200 and (await MallCategory.get(id=leaf)).shelf == "0"
    again = await admin.get("/admin/mall/type/shelf_change", params={"id": leaf, "shelf": "0"})
    assert again == {"code": 500, "msg": "分类已下架"}
    assert (await admin.get("/admin/mall/type/shelf_change", params={"id": leaf}))["data"] == {"shelf": "1"}
    # delete refused while children or goods use it
    assert await admin.get("/admin/shop_type/del", params={"id": top}) == {
        "code": 500, "msg": "分类“数码”下还有1个子分类，请先删除子分类"}
    shop = await make_shop("甲店")
    goods_id = await goods(admin, leaf, shopId=shop.id)
    assert await admin.get("/admin/shop_type/del", params={"id": leaf}) == {
        "code": 500, "msg": "分类“头戴耳机”下还有1件商品，不能删除"}
    under_goods = await admin.post("/admin/shop_type/add_edit", json={"name": "子", "parentId": leaf})
    assert under_goods["code"] == 500
    assert await MallCategory.filter(id=leaf).exists()
    assert (await admin.get(f"{GOODS}/del", params={"id": goods_id}))["code"] == 200
    assert (await admin.get("/admin/shop_type/del", params={"id": leaf}))["code"] == 200
    assert (await admin.get("/admin/shop_type/del", params={"id": top}))["code"] == 200
    assert await admin.get("/admin/shop_type/del", params={"id": top}) == {"code": 404, "msg": "访问资源不存在"}


async def test_points_categories_and_the_goods_tree(admin):
    top = await category(admin, "积分兑换", kind="integral")
    await category(admin, "生活用品", top, kind="integral")
    tops = await category(admin, "服饰")
    leaf = await category(admin, "T恤", tops)
    points = await admin.post("/admin/shop_type/integral_type_data")
    assert [(n["name"], [c["name"] for c in n["children"]]) for n in points["data"]] == [("积分兑换", ["生活用品"])]
    tree = await admin.get(f"{GOODS}/category")
    assert [(n["name"], [c["id"] for c in n["children"]]) for n in tree["data"]] == [("服饰", [leaf])]
    pictures = await admin.get(f"{GOODS}/category", params={"kind": "integral"})
    assert [n["name"] for n in pictures["data"]] == ["积分兑换"]
    assert (await admin.get(f"{GOODS}/category", params={"kind": "weapons"}))["code"] == 500
    first = await admin.get(f"{GOODS}/child_catetory")
    assert [(c["id"], c["leaf"]) for c in first["data"]] == [(tops, False)]
    kids = await admin.get(f"{GOODS}/child_catetory", params={"parentId": tops})
    assert [(c["id"], c["leaf"]) for c in kids["data"]] == [(leaf, True)]


async def test_goods_are_created_listed_and_edited_by_their_shop_only(admin):
    w = await World().build(admin)
    mine = await goods(w.a, w.leaf, "甲店T恤")
    theirs = await goods(w.b, w.leaf, "乙店T恤")
    row = await MallGoods.get(id=mine)
    assert (row.shop_id, row.review, row.shelf) == (w.shop_a.id, "draft", "0")
    listed = await w.a.get(f"{GOODS}/list_data")
    assert [r["id"] for r in listed["data"]["data"]] == [mine]
    assert listed["data"]["data"][0]["categoryName"] == "T恤" and listed["data"]["data"][0]["shopName"] == "甲店"
    everyone = await admin.get(f"{GOODS}/list_data", params={"name": "T恤", "pageSize": 1})
    assert everyone["data"]["total"] == 2 and everyone["data"]["next"]
    page2 = await admin.get(f"{GOODS}/list_data", params={"name": "T恤", "pageSize": 1, "pageNum": 2,
                                                         "after": everyone["data"]["next"]})
    assert [r["id"] for r in page2["data"]["data"]] == [mine]
    by_shop = await admin.get(f"{GOODS}/list_data", params={"shopId": w.shop_b.id, "categoryId": w.leaf})
    assert [r["id"] for r in by_shop["data"]["data"]] == [theirs]
    # the category filter: a leaf, or a first-level category (its goods sit on its children); another tree's
    # first level takes nothing of this one, and a bad id is refused in words, not a server error
    other_top = await category(admin, "数码")
    other_leaf = await category(admin, "耳机", other_top)
    phones = await goods(w.a, other_leaf, "甲店耳机")
    for chosen, expected in ((w.leaf, [theirs, mine]), (w.top, [theirs, mine]), (other_top, [phones]),
                             (other_leaf, [phones])):
        picked = (await admin.get(f"{GOODS}/list_data", params={"categoryId": chosen}))["data"]
        assert [r["id"] for r in picked["data"]] == expected and picked["total"] == len(expected), (chosen, picked)
    under_top = (await w.a.get(f"{GOODS}/list_data", params={"categoryId": w.top}))["data"]
    assert [r["id"] for r in under_top["data"]] == [mine]
    for bad in ("1 OR 1=1", "-1", "abc"):
        refused = await admin.get(f"{GOODS}/list_data", params={"categoryId": bad})
        assert refused["code"] != 200 and "商品分类" in refused["msg"], refused
    await MallGoods.filter(id=phones).delete()
    # a renamed category shows on the list at once
    assert (await admin.post("/admin/shop_type/add_edit", json={"id": w.leaf, "name": "短袖T恤",
                                                               "parentId": w.top}))["code"] == 200
    assert (await w.a.get(f"{GOODS}/list_data"))["data"]["data"][0]["categoryName"] == "短袖T恤"
    # a leaf moved to another first level takes its goods along in that filter, totals included (kept per
    # change stamp: a category write bumps the goods table's too)
    assert (await admin.get(f"{GOODS}/list_data", params={"categoryId": other_top}))["data"]["total"] == 0
    assert (await admin.post("/admin/shop_type/add_edit", json={"id": w.leaf, "name": "短袖T恤",
                                                               "parentId": other_top}))["code"] == 200
    for chosen, expected in ((w.top, []), (other_top, [theirs, mine])):
        picked = (await admin.get(f"{GOODS}/list_data", params={"categoryId": chosen}))["data"]
        assert [r["id"] for r in picked["data"]] == expected and picked["total"] == len(expected), (chosen, picked)
    assert (await admin.post("/admin/shop_type/add_edit", json={"id": w.leaf, "name": "短袖T恤",
                                                               "parentId": w.top}))["code"] == 200
    # a renamed shop too: the names kept under the shop table's change stamp follow its write
    info = (await admin.get("/admin/mall/shop/info_page", params={"id": w.shop_a.id}))["data"]
    assert (await admin.post("/admin/mall/shop/update_info", json={
        "id": w.shop_a.id, "name": "甲店新名", **{k: info[k] or "" for k in ("logo", "contact", "phone", "address",
                                                                          "intro")}}))["code"] == 200
    assert (await w.a.get(f"{GOODS}/list_data"))["data"]["data"][0]["shopName"] == "甲店新名"
    assert (await admin.get(f"{GOODS}/add_edit_page", params={"id": mine}))["data"]["goods"]["shopName"] == "甲店新名"
    # a shop naming another shop in a body or a filter does not reach it
    assert (await w.a.get(f"{GOODS}/list_data", params={"shopId": w.shop_b.id}))["data"]["data"] == []
    assert (await w.a.post(f"{GOODS}/add_edit", json={"categoryId": w.leaf, "name": "x", "shopId": w.shop_b.id})
            )["code"] == 404
    # edits
    edited = await w.a.post(f"{GOODS}/add_edit", json={"id": mine, "categoryId": w.leaf, "name": "甲店新T恤"})
    assert edited["code"] == 200 and (await MallGoods.get(id=mine)).name == "甲店新T恤"
    # bad input
    for body, msg in (({"categoryId": w.top, "name": "x"}, "分类“服饰”下还有子分类，请选择末级分类"),
                      ({"categoryId": 999999, "name": "x"}, "商品分类 999999 不存在"),
                      ({"categoryId": w.leaf, "name": ""}, "商品名称"),
                      ({"categoryId": w.leaf, "name": "x", "priceFen": 100}, "价格"),
                      ({"categoryId": w.leaf, "name": "x", "colour": "red"}, "colour"),
                      ({"categoryId": w.leaf, "name": "x", "marketPriceFen": -1}, "划线价")):
        bad = await w.a.post(f"{GOODS}/add_edit", json=body)
        assert bad["code"] == 500 and msg in bad["msg"], (body, bad)
    no_shop = await admin.post(f"{GOODS}/add_edit", json={"categoryId": w.leaf, "name": "x"})
    assert no_shop == {"code": 500, "msg": "请选择店铺"}
    assert await MallGoods.all().count() == 2


async def test_the_goods_detail_is_rich_text_sanitised_by_the_server(admin):
    w = await World().build(admin)
    html = ('<h2>面料</h2><p><strong>纯棉</strong><img src="/profile/p.png" onerror="alert(1)"></p>'
            '<script>alert(1)</script><a href="javascript:alert(1)">看</a>')
    made = await goods(w.a, w.leaf, "富文本T恤", detail=html)
    kept = (await MallGoods.get(id=made)).detail
    assert "<h2>面料</h2>" in kept and "<strong>纯棉</strong>" in kept and 'src="/profile/p.png"' in kept
    assert "script" not in kept and "onerror" not in kept and "javascript:" not in kept


async def test_the_sku_matrix_keeps_ids_by_spec_key(admin):
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf)
    saved = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)])
    assert saved["code"] == 200, saved
    skus = {s["specKey"]: s for s in saved["data"]["skus"]}
    assert len(skus) == 6
    assert sorted(s["spec"] for s in skus.values())[0] == "颜色:白;尺码:L"
    row = await MallGoods.get(id=gid)
    assert (row.price_fen, row.stock) == (5900, 60)
    # remove a value (白): 4 SKUs remain with their ids
    fewer = await save_specs(w.a, gid, [(w.color, w.colors[:2]), (w.size, w.sizes)])
    after = {s["specKey"]: s["id"] for s in fewer["data"]["skus"]}
    assert len(after) == 4 and all(skus[k]["id"] == i for k, i in after.items())
    assert await MallSku.filter(goods_id=gid).count() == 4
    # add it back: the kept ones keep their ids, 白 gets new SKUs
    back = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)], price=4900, stock=1)
    again = {s["specKey"]: s["id"] for s in back["data"]["skus"]}
    assert len(again) == 6 and all(again[k] == i for k, i in after.items())
    row = await MallGoods.get(id=gid)
    assert (row.price_fen, row.stock) == (4900, 6)
    # a single-spec item: one SKU without attributes
    single = await save_specs(w.a, gid, [], price=100)
    assert [s["specKey"] for s in single["data"]["skus"]] == [""]


async def test_the_sku_matrix_refuses_bad_input_and_changes_nothing(admin):
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf)
    assert (await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)]))["code"] == 200
    before = sorted(await MallSku.filter(goods_id=gid).values_list("id", "price_fen", "stock"))
    a3, v3 = await attr(admin, "材质", ["棉", "麻"])
    a4, v4 = await attr(admin, "版型", ["修身"])
    four = await save_specs(w.a, gid, [(w.color, w.colors[:1]), (w.size, w.sizes[:1]), (a3, v3[:1]), (a4, v4)])
    assert four == {"code": 500, "msg": "规格属性最多3个"}
    big, big_values = await attr(admin, "大号", [str(i) for i in range(20)])
    over = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes), (big, big_values)])
    assert over == {"code": 500, "msg": "规格组合共120个，最多100个"}
    body = matrix([(w.color, w.colors), (w.size, w.sizes)])
    price = "规格“颜色:红;尺码:M”的价格须在0.01～999999.99元之间"
    for change, msg in (({"priceFen": -1}, price), ({"priceFen": 0}, price), ({"priceFen": 100_000_000}, price),
                        ({"stock": -1}, "规格“颜色:红;尺码:M”的库存须在0～9999999之间"),
                        ({"stock": 10_000_000}, "的库存须在"), ({"marketPriceFen": -5}, "的划线价须在"),
                        ({"weight": 3}, "weight"), ({"priceFen": "9.9"}, "priceFen必须是整数")):
        skus = [dict(body["skus"][0], **change), *body["skus"][1:]]
        bad = await w.a.post(f"{GOODS}/goods_crossing_attr", json={"goodsId": gid, "specs": body["specs"],
                                                                   "skus": skus})
        assert bad["code"] == 500 and msg in bad["msg"], (change, bad)
    missing = await w.a.post(f"{GOODS}/goods_crossing_attr", json={**body, "goodsId": gid, "skus": body["skus"][1:]})
    assert missing["code"] == 500 and "未填" in missing["msg"]
    stray = await w.a.post(f"{GOODS}/goods_crossing_attr", json={
        **body, "goodsId": gid, "skus": [*body["skus"], {"valueIds": [w.colors[0]], "priceFen": 1, "stock": 1}]})
    assert stray["code"] == 500 and "不在所选属性值的组合中" in stray["msg"]
    wrong_value = await save_specs(w.a, gid, [(w.color, [w.sizes[0]])])
    assert wrong_value["code"] == 404
    assert sorted(await MallSku.filter(goods_id=gid).values_list("id", "price_fen", "stock")) == before
    # three attributes of 3 × 2 × 12 = 72 combinations fit
    many, values = await attr(admin, "编号", [str(i) for i in range(12)])
    fits = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes), (many, values)])
    assert fits["code"] == 200 and await MallSku.filter(goods_id=gid).count() == 72


async def test_review_round_trip_and_an_edit_after_approval_goes_back_to_review(admin):
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf)
    no_specs = await w.a.get(f"{GOODS}/submit_review", params={"id": gid})
    assert no_specs == {"code": 500, "msg": "请先设置商品的规格、价格和库存再提交审核"}
    assert (await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)]))["code"] == 200
    shelf_draft = await w.a.get(f"{GOODS}/shelf_recommend", params={"id": gid, "shelf": "1"})
    assert shelf_draft == {"code": 500, "msg": "商品“纯棉T恤”未通过审核，不能上架"}
    assert (await w.a.get(f"{GOODS}/submit_review", params={"id": gid}))["data"] == {"review": "pending"}
    assert await w.a.get(f"{GOODS}/submit_review", params={"id": gid}) == {
        "code": 500, "msg": "商品正在审核中，请勿重复提交"}
    pending = await admin.get(f"{REVIEW}/list_data")
    assert [r["id"] for r in pending["data"]["data"]] == [gid] and pending["data"]["data"][0]["shopName"] == "甲店"
    page = await admin.get(f"{REVIEW}/settle_page", params={"id": gid})
    assert len(page["data"]["skus"]) == 6 and [s["attrName"] for s in page["data"]["specs"]] == ["颜色", "尺码"]
    no_reason = await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "rejected", "reason": " "})
    assert no_reason == {"code": 500, "msg": "驳回时请填写驳回原因"}
    rejected = await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "rejected",
                                                              "reason": "图片不清晰"})
    assert rejected["code"] == 200
    mine = await w.a.get(f"{GOODS}/list_data")
    assert (mine["data"]["data"][0]["review"], mine["data"]["data"][0]["reviewReason"]) == ("rejected", "图片不清晰")
    twice = await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "approved"})
    assert twice == {"code": 500, "msg": "该商品已审核，不能重复审核"}
    assert (await w.a.get(f"{GOODS}/submit_review", params={"id": gid}))["code"] == 200
    assert (await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "approved"}))["code"] == 200
    assert (await admin.get(f"{REVIEW}/list_data"))["data"]["data"] == []
    on = await w.a.get(f"{GOODS}/shelf_recommend", params={"id": gid, "shelf": "1"})
    assert on["code"] == 200 and (await MallGoods.get(id=gid)).shelf == "1"
    rec = await w.a.get(f"{GOODS}/shelf_recommend", params={"id": gid, "recommend": "1"})
    assert rec["code"] == 200 and (await MallGoods.get(id=gid)).recommend == "1"
    # a sort change keeps the approval; a name change sends it back to review, off the shelf
    base = {"id": gid, "categoryId": w.leaf, "name": "纯棉T恤"}
    kept = await w.a.post(f"{GOODS}/add_edit", json={**base, "sort": 5})
    assert kept["data"]["review"] == "approved"
    edited = await w.a.post(f"{GOODS}/add_edit", json={**base, "name": "纯棉T恤2026"})
    assert edited["data"]["review"] == "pending" and "重新提交审核" in edited["msg"]
    row = await MallGoods.get(id=gid)
    assert (row.review, row.shelf) == ("pending", "0")
    assert (await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "approved"}))["code"] == 200
    # a stock-only change of the specs keeps it; a new price sends it back
    same = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)], stock=99)
    assert same["data"]["review"] == "approved"
    repriced = await save_specs(w.a, gid, [(w.color, w.colors), (w.size, w.sizes)], price=6900)
    assert repriced["data"]["review"] == "pending"
    # a stale page (an old version) is refused
    stale = await w.a.post(f"{GOODS}/add_edit", json={**base, "name": "x", "version": 0})
    assert stale == {"code": 500, "msg": "记录已被他人修改，请刷新后重试"}


async def test_twenty_audits_at_once_decide_once(admin):
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf)
    await save_specs(w.a, gid, [(w.color, w.colors[:1])])
    await w.a.get(f"{GOODS}/submit_review", params={"id": gid})
    answers = await asyncio.gather(*(admin.post(f"{REVIEW}/aduit_data", json={
        "id": gid, "status": "approved" if i % 2 else "rejected", "reason": "不合格"}) for i in range(20)))
    assert sum(a["code"] == 200 for a in answers) == 1
    assert all(a == {"code": 500, "msg": "该商品已审核，不能重复审核"} for a in answers if a["code"] != 200)


async def test_multi_shelf_is_all_or_none_within_the_shop(admin):
    w = await World().build(admin)
    ids = []
    for name in ("一", "二"):
        gid = await goods(w.a, w.leaf, name)
        await save_specs(w.a, gid, [(w.color, w.colors[:1])])
        await w.a.get(f"{GOODS}/submit_review", params={"id": gid})
        await admin.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "approved"})
        ids.append(gid)
    draft = await goods(w.a, w.leaf, "三")
    theirs = await goods(w.b, w.leaf, "乙")
    refused = await w.a.get(f"{GOODS}/multi_shelf", params={"ids": f"{ids[0]},{ids[1]},{draft}", "shelf": "1"})
    assert refused == {"code": 500, "msg": "商品“三”未通过审核，不能上架"}
    other = await w.a.get(f"{GOODS}/multi_shelf", params={"ids": f"{ids[0]},{theirs}", "shelf": "1"})
    assert other["code"] == 404
    assert await MallGoods.filter(shelf="1").count() == 0
    done = await w.a.get(f"{GOODS}/multi_shelf", params={"ids": f"{ids[0]},{ids[1]}", "shelf": "1"})
    assert done["data"] == {"changed": 2}
    bad = await w.a.get(f"{GOODS}/multi_shelf", params={"ids": "1;2", "shelf": "1"})
    assert bad["code"] == 500 and "商品编号" in bad["msg"]


async def test_another_shops_goods_answer_404_for_every_call(admin):
    w = await World().build(admin)
    theirs = await goods(w.b, w.leaf, "乙店T恤")
    await save_specs(w.b, theirs, [(w.color, w.colors[:2])])
    before = await MallGoods.get(id=theirs)
    skus = sorted(await MallSku.filter(goods_id=theirs).values_list("id", "price_fen"))
    calls = [
        w.a.get(f"{GOODS}/shelf_recommend", params={"id": theirs, "shelf": "1"}),
        w.a.get(f"{GOODS}/shelf_recommend", params={"id": theirs, "recommend": "1"}),
        w.a.get(f"{GOODS}/multi_shelf", params={"ids": str(theirs), "shelf": "0"}),
        w.a.get(f"{GOODS}/add_edit_page", params={"id": theirs}),
        w.a.post(f"{GOODS}/add_edit", json={"id": theirs, "categoryId": w.leaf, "name": "改"}),
        w.a.get(f"{GOODS}/del", params={"id": theirs}),
        save_specs(w.a, theirs, [(w.color, w.colors)]),
        w.a.get(f"{GOODS}/submit_review", params={"id": theirs}),
        w.a.get(f"/admin/MallGoods/{theirs}"),
        w.a.get(f"/admin/MallGoods/history/{theirs}"),
    ]
    for answer in await asyncio.gather(*calls):
        assert answer["code"] == 404, answer
    after = await MallGoods.get(id=theirs)
    assert (after.name, after.version, after.review) == (before.name, before.version, before.review)
    assert sorted(await MallSku.filter(goods_id=theirs).values_list("id", "price_fen")) == skus
    # another shop's attribute in a body: 404
    own_attr, own_values = await attr(w.b, "乙店专属", ["甲", "乙"])
    mine = await goods(w.a, w.leaf)
    assert (await save_specs(w.a, mine, [(own_attr, own_values)]))["code"] == 404
    assert not await MallSku.filter(goods_id=mine).exists()
    # shop accounts cannot review
    assert (await w.a.get(f"{REVIEW}/list_data"))["code"] == 403
    assert (await w.a.post(f"{REVIEW}/aduit_data", json={"id": theirs, "status": "approved"}))["code"] == 403


async def test_attributes_platform_and_own_shop(admin):
    w = await World().build(admin)
    mine, mine_values = await attr(w.a, "甲店口味", ["辣", "甜"])
    theirs, theirs_values = await attr(w.b, "乙店口味", ["酸"])
    assert (await MallAttr.get(id=mine)).shop_id == w.shop_a.id
    seen = await w.a.get(f"{ATTR}/list_data")
    assert sorted(r["name"] for r in seen["data"]["data"]) == ["尺码", "甲店口味", "颜色"]
    assert {r["name"]: r["editable"] for r in seen["data"]["data"]}["颜色"] is False
    values = (await w.a.get(f"{ATTR}/list_data_val", params={"attrId": mine}))["data"]
    assert [v["value"] for v in values["data"]] == ["辣", "甜"] and (values["total"], values["pages"]) == (2, 1)
    everything = await admin.get(f"{ATTR}/list_data", params={"pageSize": 50})
    assert everything["data"]["total"] == 4
    # another shop's attribute or value: 404, nothing changed
    for answer in await asyncio.gather(
            w.a.get(f"{ATTR}/list_data_val", params={"attrId": theirs}),
            w.a.post(f"{ATTR}/edit_attr", params={"id": theirs, "name": "改"}),
            w.a.post(f"{ATTR}/edit_attr_val", params={"attrId": theirs, "value": "新"}),
            w.a.post(f"{ATTR}/edit_attr_val", params={"attrId": mine, "id": theirs_values[0], "value": "新"}),
            w.a.get(f"{ATTR}/del_attr", params={"id": theirs}),
            w.a.get(f"{ATTR}/del_attr_val", params={"id": theirs_values[0]}),
            w.a.post(f"{ATTR}/edit_attr", params={"name": "冒名", "shopId": w.shop_b.id})):
        assert answer["code"] == 404, answer
    assert (await MallAttr.get(id=theirs)).name == "乙店口味"
    assert await MallAttrValue.filter(attr_id=theirs).count() == 1
    # the platform's attributes are read-only for a shop
    platform = await w.a.post(f"{ATTR}/edit_attr", params={"id": w.color, "name": "色"})
    assert platform == {"code": 403, "msg": "平台属性只能由平台维护"}
    assert (await w.a.get(f"{ATTR}/del_attr", params={"id": w.color}))["code"] == 403
    # parameters are read from the query string; a body is not
    assert (await w.a.post(f"{ATTR}/edit_attr", json={"name": "体"}))["code"] == 500
    twin = await w.a.post(f"{ATTR}/edit_attr", params={"name": "甲店口味"})
    assert twin == {"code": 500, "msg": "已有同名属性“甲店口味”"}
    # in use: not deleted, not renamed; the sort may change
    gid = await goods(w.a, w.leaf)
    await save_specs(w.a, gid, [(mine, mine_values)])
    assert await w.a.get(f"{ATTR}/del_attr", params={"id": mine}) == {
        "code": 500, "msg": "属性“甲店口味”已被2个商品规格使用，不能删除"}
    assert (await w.a.get(f"{ATTR}/del_attr_val", params={"id": mine_values[0]}))["code"] == 500
    renamed = await w.a.post(f"{ATTR}/edit_attr_val", params={"attrId": mine, "id": mine_values[0], "value": "麻辣"})
    assert renamed["code"] == 500
    assert (await w.a.post(f"{ATTR}/edit_attr", params={"id": mine, "name": "甲店口味", "sort": 3}))["code"] == 200
    await save_specs(w.a, gid, [(mine, mine_values[1:])])
    assert (await w.a.get(f"{ATTR}/del_attr_val", params={"id": mine_values[0]}))["code"] == 200
    await save_specs(w.a, gid, [])
    assert (await w.a.get(f"{ATTR}/del_attr", params={"id": mine})) == {**OK, "msg": "删除成功"}
    assert not await MallAttrValue.filter(attr_id=mine).exists()


async def test_the_edit_page_and_delete(admin):
    w = await World().build(admin)
    new = await w.a.get(f"{GOODS}/add_edit_page")
    assert new["data"]["goods"] is None and new["data"]["ownShop"] == w.shop_a.id
    assert [a["name"] for a in new["data"]["attrs"]] == ["颜色", "尺码"]
    assert new["data"]["categories"][0]["children"][0]["id"] == w.leaf
    gid = await goods(w.a, w.leaf)
    await save_specs(w.a, gid, [(w.size, w.sizes), (w.color, w.colors[:2])])
    page = await w.a.get(f"{GOODS}/add_edit_page", params={"id": gid})
    assert page["data"]["goods"]["name"] == "纯棉T恤" and len(page["data"]["skus"]) == 4
    assert [(s["attrName"], [v["value"] for v in s["values"]]) for s in page["data"]["specs"]] == [
        ("颜色", ["红", "黑"]), ("尺码", ["M", "L"])]
    assert (await w.a.get(f"{GOODS}/del", params={"id": gid}))["msg"] == "删除成功"
    assert not await MallSku.filter(goods_id=gid).exists()


async def test_permissions(admin):
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf)
    reader = await operator(admin, "goods_reader", ("mall:goods:list",))
    assert (await reader.get(f"{GOODS}/list_data"))["data"]["total"] == 1
    assert (await reader.get(f"{GOODS}/category"))["code"] == 200
    for answer in await asyncio.gather(
            reader.post(f"{GOODS}/add_edit", json={"id": gid, "categoryId": w.leaf, "name": "x"}),
            reader.get(f"{GOODS}/del", params={"id": gid}),
            reader.get(f"{GOODS}/shelf_recommend", params={"id": gid, "shelf": "1"}),
            reader.get(f"{GOODS}/multi_shelf", params={"ids": str(gid), "shelf": "1"}),
            reader.post(f"{GOODS}/goods_crossing_attr", json={"goodsId": gid, **matrix([])}),
            reader.get(f"{REVIEW}/list_data"),
            reader.post(f"{REVIEW}/aduit_data", json={"id": gid, "status": "approved"}),
            reader.post("/admin/shop_type/add_edit", json={"name": "x"}),
            reader.get("/admin/shop_type/del", params={"id": w.leaf}),
            reader.get("/admin/mall/type/shelf_change", params={"id": w.leaf}),
            reader.post(f"{ATTR}/edit_attr", params={"name": "x"}),
            reader.get(f"{ATTR}/del_attr", params={"id": w.color})):
        assert answer == FORBIDDEN, answer
    shelver = await operator(admin, "shelver", ("mall:goods:shelf",))
    recommend = await shelver.get(f"{GOODS}/shelf_recommend", params={"id": gid, "recommend": "1"})
    assert recommend["code"] == 403
    assert (await MallGoods.get(id=gid)).name == "纯棉T恤"
