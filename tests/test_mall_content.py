"""Mall content (issue 13 §2, spec 001 §2.16): search keywords, the picture library, the home carousel, shop ad
categories with their goods, and points-mall goods — every call at the spec's path, bad input, permissions, and
shop isolation for the per-shop ones (another shop's id answers 404 and changes nothing)."""

from __future__ import annotations

import asyncio
import datetime as dt

from core_api.mall.ad.models import MallAdCategory, MallAdGoods
from core_api.mall.carousel.models import MallCarousel
from core_api.mall.goods.models import MallCategory, MallGoods
from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.mall.keyword.models import MallKeyword
from core_api.mall.picture.models import MallPicture
from tests.conftest import OK
from tests.mall_support import make_shop, shop_staff
from tests.test_regions import FORBIDDEN, operator

NOT_FOUND = {"code": 404, "msg": "访问资源不存在"}
IMG = "/profile/upload/2026/11/24/a1b2c3.png"
IMG2 = "/profile/upload/2026/11/24/d4e5f6.jpg"
PICTURE_PERMS = ("mall:picture:list", "mall:picture:query", "mall:picture:add", "mall:picture:edit",
                 "mall:picture:remove")
AD_PERMS = ("mall:adCategory:list", "mall:adCategory:query", "mall:adCategory:edit", "mall:adCategory:remove",
            "mall:adCategory:status", "mall:adCategory:goods")


async def goods_of(shop_id: int, name: str) -> int:
    category, _ = await MallCategory.get_or_create(kind="goods", parent_id=0, name="食品")
    row = await MallGoods.create(shop_id=shop_id, category_id=category.id, name=name, price_fen=990, stock=5,
                                 pics=IMG)
    return row.id


def bad(body: dict, *words: str) -> None:
    assert body["code"] == 500 and all(w in body["msg"] for w in words), body
    assert "系统内部错误" not in body["msg"], body


# ---- search keywords

async def test_keywords_are_saved_listed_by_sort_and_deleted(admin):
    first = await admin.post("/admin/search_keyword/add_edit", json={"keyword": "大米", "sort": 2, "hot": "1"})
    assert first["code"] == 200, first
    second = await admin.post("/admin/search_keyword/add_edit", json={"keyword": "咖啡", "sort": 1})
    listed = (await admin.get("/admin/search_keyword/list_data"))["data"]
    assert [(r["keyword"], r["hot"], r["shelf"]) for r in listed["data"]] == [("咖啡", "0", "1"), ("大米", "1", "1")]
    hot = await admin.get("/admin/search_keyword/list_data", params={"hot": "1"})
    assert [r["keyword"] for r in hot["data"]["data"]] == ["大米"]
    edited = await admin.post("/admin/search_keyword/add_edit", json={"id": first["data"]["id"], "keyword": "五常大米",
                                                                     "sort": 0, "hot": "0", "shelf": "0"})
    assert edited == {**OK, "data": {"id": first["data"]["id"]}}
    row = await MallKeyword.get(id=first["data"]["id"])
    assert (row.keyword, row.sort, row.hot, row.shelf) == ("五常大米", 0, "0", "0")
    assert await admin.get("/admin/search_keyword/del", params={"id": second["data"]["id"]}) == OK
    assert await admin.get("/admin/search_keyword/del", params={"id": second["data"]["id"]}) == NOT_FOUND
    assert [k.keyword for k in await MallKeyword.all()] == ["五常大米"]


async def test_keyword_bad_input_and_permissions(admin):
    assert (await admin.post("/admin/search_keyword/add_edit", json={"keyword": "大米"}))["code"] == 200
    assert await admin.post("/admin/search_keyword/add_edit", json={"keyword": "大米"}) == \
        {"code": 500, "msg": "已有相同的搜索关键词"}
    bad(await admin.post("/admin/search_keyword/add_edit", json={"keyword": "   "}), "关键词")
    bad(await admin.post("/admin/search_keyword/add_edit", json={"keyword": "x" * 33}), "关键词")
    bad(await admin.post("/admin/search_keyword/add_edit", json={"keyword": "面粉", "hot": "2"}), "热门")
    bad(await admin.post("/admin/search_keyword/add_edit", json={"keyword": "面粉", "sort": -1}), "排序")
    bad(await admin.post("/admin/search_keyword/add_edit", json={"keyword": "面粉", "clicks": 9}))
    bad(await admin.get("/admin/search_keyword/del", params={"id": "1;drop"}), "编号")
    assert await admin.post("/admin/search_keyword/add_edit", json={"id": 999, "keyword": "面粉"}) == NOT_FOUND
    assert await MallKeyword.all().count() == 1
    viewer = await operator(admin, "kwviewer", ("mall:keyword:list",))
    assert (await viewer.get("/admin/search_keyword/list_data"))["data"]["total"] == 1
    assert await viewer.post("/admin/search_keyword/add_edit", json={"keyword": "面粉"}) == FORBIDDEN
    assert await viewer.get("/admin/search_keyword/del", params={"id": 1}) == FORBIDDEN
    nobody = await operator(admin, "kwnobody", ())
    assert await nobody.get("/admin/search_keyword/list_data") == FORBIDDEN


# ---- picture library

async def picture_type(name: str = "商品主图", kind: str = "picture") -> int:
    return (await MallCategory.create(kind=kind, parent_id=0, name=name)).id


async def test_pictures_are_stored_images_under_a_picture_type(admin):
    shop = await make_shop("甲店")
    kind = await picture_type()
    made = await admin.post("/admin/shopImage/add_edit", json={"shopId": shop.id, "categoryId": kind, "name": "主图",
                                                               "url": IMG})
    assert made["code"] == 200, made
    listed = await admin.post("/admin/shopImage/list_data", json={"shopId": shop.id})
    row = listed["data"]["data"][0]
    assert (row["shopName"], row["categoryName"], row["url"], row["name"]) == ("甲店", "商品主图", IMG, "主图")
    for url in ("https://evil.example.com/a.png", "/profile/../etc/passwd", "javascript:alert(1)", "/captchaImage"):
        body = await admin.post("/admin/shopImage/add_edit", json={"shopId": shop.id, "categoryId": kind,
                                                                   "name": "x", "url": url})
        assert body == {"code": 500, "msg": "图片地址不正确：只能使用本系统上传的图片"}, url
    goods_kind = await picture_type("食品", "goods")
    assert await admin.post("/admin/shopImage/add_edit", json={
        "shopId": shop.id, "categoryId": goods_kind, "name": "x", "url": IMG}) == \
        {"code": 500, "msg": f"图片类型 {goods_kind} 不存在"}
    bad(await admin.post("/admin/shopImage/add_edit", json={"categoryId": kind, "name": "x", "url": IMG}), "店铺")
    bad(await admin.post("/admin/shopImage/add_edit", json={"shopId": 999, "categoryId": kind, "name": "x",
                                                            "url": IMG}), "店铺 999 不存在")
    # several at once: all or none
    many = await admin.post("/admin/shopImage/add", json={"shopId": shop.id, "categoryId": kind, "images": [
        {"name": "一", "url": IMG}, {"name": "二", "url": IMG2}]})
    assert many["code"] == 200 and len(many["data"]["ids"]) == 2
    broken = await admin.post("/admin/shopImage/add", json={"shopId": shop.id, "categoryId": kind, "images": [
        {"name": "三", "url": IMG}, {"name": "四", "url": "http://x.cn/a.png"}]})
    assert broken == {"code": 500, "msg": "第2张：图片地址不正确：只能使用本系统上传的图片"}
    bad(await admin.post("/admin/shopImage/add", json={"shopId": shop.id, "categoryId": kind, "images": []}), "图片")
    bad(await admin.post("/admin/shopImage/add", json={"shopId": shop.id, "categoryId": kind,
                                                       "images": [{"name": "a", "url": IMG}] * 21}), "图片")
    bad(await admin.post("/admin/shopImage/add", json={"shopId": shop.id, "categoryId": kind,
                                                       "images": [{"name": "a", "url": IMG, "size": 1}]}))
    assert await MallPicture.all().count() == 3
    edited = await admin.post("/admin/shopImage/add_edit", json={"id": made["data"]["id"], "categoryId": kind,
                                                                 "name": "新主图", "url": IMG2})
    assert edited["code"] == 200, edited
    assert (await MallPicture.get(id=made["data"]["id"])).url == IMG2
    assert await admin.get("/admin/shopImage/del", params={"id": made["data"]["id"]}) == OK
    assert await MallPicture.all().count() == 2


async def test_a_shop_account_keeps_to_its_own_picture_library(admin):
    mine, theirs = await make_shop("甲店"), await make_shop("乙店")
    kind = await picture_type()
    staff = await shop_staff(admin, mine, "pic_a", PICTURE_PERMS)
    own = await staff.post("/admin/shopImage/add_edit", json={"categoryId": kind, "name": "我的", "url": IMG})
    assert own["code"] == 200, own
    assert (await MallPicture.get(id=own["data"]["id"])).shop_id == mine.id
    other = await MallPicture.create(shop_id=theirs.id, category_id=kind, name="别人的", url=IMG)
    listed = await staff.post("/admin/shopImage/list_data", json={})
    assert [r["name"] for r in listed["data"]["data"]] == ["我的"]
    assert (await staff.post("/admin/shopImage/list_data", json={"shopId": theirs.id}))["data"]["total"] == 0
    # every call on the other shop's picture or naming the other shop: 404, nothing changed
    assert await staff.post("/admin/shopImage/add_edit", json={"id": other.id, "categoryId": kind, "name": "改",
                                                               "url": IMG2}) == NOT_FOUND
    assert await staff.get("/admin/shopImage/del", params={"id": other.id}) == NOT_FOUND
    assert await staff.post("/admin/shopImage/add_edit", json={"shopId": theirs.id, "categoryId": kind, "name": "塞",
                                                               "url": IMG}) == NOT_FOUND
    assert await staff.post("/admin/shopImage/add", json={"shopId": theirs.id, "categoryId": kind,
                                                          "images": [{"name": "塞", "url": IMG}]}) == NOT_FOUND
    assert await staff.get(f"/admin/MallPicture/{other.id}") == NOT_FOUND
    again = await MallPicture.get(id=other.id)
    assert (again.name, again.url) == ("别人的", IMG)
    assert await MallPicture.filter(shop_id=theirs.id).count() == 1
    # its own: edited, and the shop cannot be moved
    assert (await staff.post("/admin/shopImage/add_edit", json={"id": own["data"]["id"], "categoryId": kind,
                                                                "name": "我的2", "url": IMG2}))["code"] == 200
    moved = await staff.post("/admin/shopImage/add_edit", json={"id": own["data"]["id"], "shopId": theirs.id,
                                                                "categoryId": kind, "name": "我的2", "url": IMG2})
    assert moved["code"] in (404, 500) and (await MallPicture.get(id=own["data"]["id"])).shop_id == mine.id
    adder = await shop_staff(admin, mine, "pic_lister", ("mall:picture:list",))
    assert await adder.post("/admin/shopImage/add", json={"categoryId": kind, "images": [
        {"name": "x", "url": IMG}]}) == FORBIDDEN
    assert await adder.get("/admin/shopImage/del", params={"id": own["data"]["id"]}) == FORBIDDEN


# ---- home carousel

def window(begin_days: float, end_days: float) -> dict:
    now = dt.datetime.now(dt.UTC)
    return {"beginTime": (now + dt.timedelta(days=begin_days)).strftime("%Y-%m-%d %H:%M:%S"),
            "endTime": (now + dt.timedelta(days=end_days)).strftime("%Y-%m-%d %H:%M:%S")}


async def test_carousel_slides_link_to_goods_or_addresses_inside_their_window(admin):
    shop = await make_shop("甲店")
    goods = await goods_of(shop.id, "五常大米")
    live = await admin.post("/admin/lunbo/add_edit", json={"title": "年货节", "image": IMG, "linkType": "goods",
                                                          "linkTarget": str(goods), "sort": 2, **window(-1, 5)})
    assert live["code"] == 200, live
    ended = await admin.post("/admin/lunbo/add_edit", json={"title": "国庆", "image": IMG2, "linkType": "url",
                                                           "linkTarget": "https://www.example.com/a?b=1", "sort": 1,
                                                           **window(-9, -2)})
    assert ended["code"] == 200, ended
    plain = await admin.post("/admin/lunbo/add_edit", json={"title": "无链接", "image": IMG, "linkTarget": "忽略",
                                                           **window(-1, 1)})
    listed = await admin.get("/admin/lunbo/list_data")
    rows = {r["title"]: r for r in listed["data"]["data"]}
    assert [r["title"] for r in listed["data"]["data"]] == ["无链接", "国庆", "年货节"]
    assert (rows["年货节"]["live"], rows["年货节"]["linkGoodsName"]) == ("1", "五常大米")
    assert rows["国庆"]["live"] == "0"
    assert (rows["无链接"]["linkType"], rows["无链接"]["linkTarget"]) == ("none", "")
    page = await admin.get("/admin/lunbo/add_edit_page", params={"id": live["data"]["id"]})
    assert page["data"]["record"]["title"] == "年货节" and page["data"]["linkTypes"] == ["none", "goods", "url"]
    assert (await admin.get("/admin/lunbo/add_edit_page"))["data"]["record"] is None
    assert await admin.get("/admin/lunbo/add_edit_page", params={"id": 999}) == NOT_FOUND
    off = await admin.post("/admin/lunbo/add_edit", json={"id": live["data"]["id"], "title": "年货节", "image": IMG,
                                                         "linkType": "goods", "linkTarget": str(goods),
                                                         "shelf": "0", **window(-1, 5)})
    assert off["code"] == 200
    assert {r["title"]: r["live"] for r in (await admin.get("/admin/lunbo/list_data"))["data"]["data"]}["年货节"] == "0"
    assert await admin.get("/admin/lunbo/del", params={"id": plain["data"]["id"]}) == OK
    assert await MallCarousel.all().count() == 2


async def test_carousel_bad_input_changes_nothing(admin):
    base = {"title": "年货节", "image": IMG, **window(-1, 5)}
    assert await admin.post("/admin/lunbo/add_edit", json={**base, "linkType": "goods", "linkTarget": "999"}) == \
        {"code": 500, "msg": "链接的商品不存在：999"}
    bad(await admin.post("/admin/lunbo/add_edit", json={**base, "linkType": "goods", "linkTarget": "1 or 1=1"}),
        "链接的商品不存在")
    for url in ("javascript:alert(1)", "ftp://x.cn/a", "https://", "https://a.cn/ b"):
        bad(await admin.post("/admin/lunbo/add_edit", json={**base, "linkType": "url", "linkTarget": url}),
            "链接地址不正确")
    bad(await admin.post("/admin/lunbo/add_edit", json={**base, "linkType": "page"}), "链接类型")
    assert await admin.post("/admin/lunbo/add_edit", json={**base, **window(2, 1)}) == \
        {"code": 500, "msg": "结束时间必须晚于开始时间"}
    assert await admin.post("/admin/lunbo/add_edit", json={**base, "image": "https://cdn.x.cn/a.png"}) == \
        {"code": 500, "msg": "轮播图片地址不正确：只能使用本系统上传的图片"}
    bad(await admin.post("/admin/lunbo/add_edit", json={"title": "x", "image": IMG}), "开始时间")
    bad(await admin.post("/admin/lunbo/add_edit", json={**base, "clicks": 1}))
    assert not await MallCarousel.exists()
    made = await admin.post("/admin/lunbo/add_edit", json=base)
    # an edit that moves only the end before the stored start is refused too
    early = (dt.datetime.now(dt.UTC) - dt.timedelta(days=3)).strftime("%Y-%m-%d %H:%M:%S")
    assert await admin.post("/admin/lunbo/add_edit", json={**base, "id": made["data"]["id"], "endTime": early}) == \
        {"code": 500, "msg": "结束时间必须晚于开始时间"}
    editor = await operator(admin, "lunbo_viewer", ("mall:carousel:list", "mall:carousel:query"))
    assert (await editor.get("/admin/lunbo/add_edit_page", params={"id": made["data"]["id"]}))["code"] == 200
    assert await editor.post("/admin/lunbo/add_edit", json=base) == FORBIDDEN
    assert await editor.get("/admin/lunbo/del", params={"id": made["data"]["id"]}) == FORBIDDEN
    assert await MallCarousel.all().count() == 1


# ---- shop ad categories

async def test_ad_categories_hold_their_shops_goods_once_in_their_own_order(admin):
    shop = await make_shop("甲店")
    goods = [await goods_of(shop.id, f"商品{i}") for i in range(3)]
    made = await admin.post("/admin/shopAd_category/add_edit", json={"shopId": shop.id, "name": "本周推荐"})
    assert made["code"] == 200, made
    cid = made["data"]["id"]
    assert await admin.post("/admin/shopAd_category/add_edit", json={"shopId": shop.id, "name": "本周推荐"}) == \
        {"code": 500, "msg": "本店铺已有同名广告分类"}
    added = await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid,
                                                                         "goodsIds": f"{goods[0]},{goods[1]}"})
    assert added == {**OK, "data": {"added": 2, "kept": 0}}
    again = await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid,
                                                                         "goodsIds": f"{goods[1]},{goods[2]}"})
    assert again["data"] == {"added": 1, "kept": 1}
    listed = await admin.get("/admin/shopAd_category/goods_data", params={"categoryId": cid})
    assert [(r["goodsName"], r["sort"], r["status"]) for r in listed["rows"]] == \
        [("商品0", 1, "1"), ("商品1", 2, "1"), ("商品2", 3, "1")]
    entry = listed["rows"][2]["id"]
    assert await admin.post("/admin/shopAd_category/edit_goods", json={"id": entry, "sort": 0}) == OK
    listed = await admin.get("/admin/shopAd_category/goods_data", params={"categoryId": cid})
    assert [r["goodsName"] for r in listed["rows"]] == ["商品2", "商品0", "商品1"]
    hidden = await admin.get("/admin/shopAd_category/change_status", params={"id": entry})
    assert hidden["data"] == {"status": "0"}
    assert await admin.get("/admin/shopAd_category/change_status", params={"id": entry, "status": "0"}) == \
        {"code": 500, "msg": "已是隐藏状态"}
    shown = await admin.get("/admin/shopAd_category/goods_data", params={"categoryId": cid, "status": "1"})
    assert shown["total"] == 2
    by_name = await admin.get("/admin/shopAd_category/goods_data", params={"categoryId": cid, "name": "商品1"})
    assert [r["goodsName"] for r in by_name["rows"]] == ["商品1"]
    category_off = await admin.get("/admin/shopAd_category/change_status", params={"id": cid, "target": "category"})
    assert category_off["data"] == {"status": "0"} and (await MallAdCategory.get(id=cid)).status == "0"
    rows = (await admin.get("/admin/shopAd_category/list_data"))["data"]["data"]
    assert [(r["name"], r["goodsCount"], r["shopName"]) for r in rows] == [("本周推荐", 3, "甲店")]
    # bad input
    bad(await admin.post("/admin/shopAd_category/edit_goods", json={"id": entry, "sort": 10000}), "排序")
    bad(await admin.post("/admin/shopAd_category/edit_goods", json={"id": entry, "sort": 1, "status": "1"}))
    bad(await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid, "goodsIds": "1,a"}), "编号")
    bad(await admin.get("/admin/shopAd_category/change_status", params={"id": entry, "target": "shop"}), "对象")
    assert await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid, "goodsIds": "99999"}) == \
        {"code": 404, "msg": "商品不存在：99999"}
    # another shop's goods cannot go into this shop's category, even for an operator
    other = await make_shop("乙店")
    foreign = await goods_of(other.id, "乙店商品")
    assert await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid, "goodsIds": str(foreign)}) \
        == {"code": 500, "msg": f"商品不属于该广告分类的店铺：{foreign}"}
    assert await MallAdGoods.all().count() == 3
    # deleting the category takes its entries with it
    assert await admin.get("/admin/shopAd_category/del", params={"id": cid}) == OK
    assert not await MallAdGoods.exists() and not await MallAdCategory.exists()


async def test_twenty_concurrent_adds_of_one_goods_item_keep_it_once(admin):
    shop = await make_shop("甲店")
    goods = await goods_of(shop.id, "爆款")
    made = await admin.post("/admin/shopAd_category/add_edit", json={"shopId": shop.id, "name": "爆款区"})
    cid = made["data"]["id"]
    answers = await asyncio.gather(*(admin.get("/admin/shopAd_category/add_goods", params={
        "categoryId": cid, "goodsIds": str(goods)}) for _ in range(20)))
    assert all(a["code"] == 200 for a in answers), answers
    assert await MallAdGoods.filter(category_id=cid, goods_id=goods).count() == 1


async def test_a_shop_account_touches_only_its_own_ad_categories(admin):
    mine, theirs = await make_shop("甲店"), await make_shop("乙店")
    my_goods, their_goods = await goods_of(mine.id, "甲商品"), await goods_of(theirs.id, "乙商品")
    staff = await shop_staff(admin, mine, "ad_a", AD_PERMS)
    own = await staff.post("/admin/shopAd_category/add_edit", json={"name": "甲推荐"})
    assert own["code"] == 200, own
    mine_id = own["data"]["id"]
    assert (await MallAdCategory.get(id=mine_id)).shop_id == mine.id
    theirs_cat = await MallAdCategory.create(shop_id=theirs.id, name="乙推荐")
    their_entry = await MallAdGoods.create(category_id=theirs_cat.id, shop_id=theirs.id, goods_id=their_goods, sort=5)
    assert [r["name"] for r in (await staff.get("/admin/shopAd_category/list_data"))["data"]["data"]] == ["甲推荐"]
    # their category, their entry, their goods: 404 everywhere, nothing changed
    assert await staff.post("/admin/shopAd_category/add_edit", json={"id": theirs_cat.id, "name": "改"}) == NOT_FOUND
    assert await staff.post("/admin/shopAd_category/add_edit", json={"shopId": theirs.id, "name": "塞"}) == NOT_FOUND
    assert await staff.get("/admin/shopAd_category/del", params={"id": theirs_cat.id}) == NOT_FOUND
    assert await staff.get("/admin/shopAd_category/goods_data", params={"categoryId": theirs_cat.id}) == NOT_FOUND
    assert await staff.get("/admin/shopAd_category/add_goods", params={"categoryId": theirs_cat.id,
                                                                        "goodsIds": str(my_goods)}) == NOT_FOUND
    assert await staff.get("/admin/shopAd_category/add_goods", params={
        "categoryId": mine_id, "goodsIds": f"{my_goods},{their_goods}"}) == \
        {"code": 404, "msg": f"商品不存在：{their_goods}"}
    assert await staff.get("/admin/shopAd_category/change_status", params={"id": their_entry.id}) == NOT_FOUND
    assert await staff.get("/admin/shopAd_category/change_status", params={"id": theirs_cat.id,
                                                                            "target": "category"}) == NOT_FOUND
    assert await staff.post("/admin/shopAd_category/edit_goods", json={"id": their_entry.id, "sort": 0}) == NOT_FOUND
    assert not await MallAdGoods.filter(category_id=mine_id).exists()
    again = await MallAdGoods.get(id=their_entry.id)
    assert (again.sort, again.status) == (5, "1")
    cat = await MallAdCategory.get(id=theirs_cat.id)
    assert (cat.name, cat.status) == ("乙推荐", "1")
    # its own works
    assert (await staff.get("/admin/shopAd_category/add_goods", params={
        "categoryId": mine_id, "goodsIds": str(my_goods)}))["data"] == {"added": 1, "kept": 0}
    lister = await shop_staff(admin, mine, "ad_lister", ("mall:adCategory:list",))
    assert await lister.get("/admin/shopAd_category/add_goods", params={"categoryId": mine_id,
                                                                         "goodsIds": str(my_goods)}) == FORBIDDEN
    assert await lister.get("/admin/shopAd_category/change_status", params={"id": mine_id}) == FORBIDDEN
    assert await lister.post("/admin/shopAd_category/add_edit", json={"name": "新"}) == FORBIDDEN


# ---- points-mall goods

async def integral_category(name: str = "生活好物") -> int:
    return (await MallCategory.create(kind="integral", parent_id=0, name=name)).id


async def test_points_goods_are_saved_shelved_and_deleted_off_shelf(admin):
    cat = await integral_category()
    body = {"name": "保温杯", "pics": f"{IMG},{IMG2}", "categoryId": cat, "points": 2000, "cashFen": 990,
            "stock": 10, "limitPerUser": 2, "detail": "<p>好杯</p>"}
    made = await admin.post("/admin/goods_integral/add_edit", json=body)
    assert made["code"] == 200, made
    gid = made["data"]["id"]
    row = await MallIntegralGoods.get(id=gid)
    assert (row.points, row.cash_fen, row.stock, row.limit_per_user, row.shelf) == (2000, 990, 10, 2, "0")
    listed = (await admin.get("/admin/goods_integral/list_data"))["data"]
    assert [(r["name"], r["categoryName"], r["points"]) for r in listed["data"]] == [("保温杯", "生活好物", 2000)]
    page = await admin.get("/admin/goods_integral/edit_page", params={"id": gid})
    assert page["data"]["record"]["pics"] == f"{IMG},{IMG2}"
    assert [c["name"] for c in page["data"]["categories"]] == ["生活好物"]
    assert await admin.get("/admin/goods_integral/is_shelf", params={"id": gid}) == \
        {"code": 200, "msg": "上架成功", "data": {"shelf": "1"}}
    assert await admin.get("/admin/goods_integral/is_shelf", params={"id": gid, "shelf": "1"}) == \
        {"code": 500, "msg": "商品已在架上"}
    assert await admin.get("/admin/goods_integral/del", params={"id": gid}) == \
        {"code": 500, "msg": "积分商品“保温杯”在架上，请先下架再删除"}
    edited = await admin.post("/admin/goods_integral/add_edit", json={**body, "id": gid, "points": 1500})
    assert edited["code"] == 200 and (await MallIntegralGoods.get(id=gid)).points == 1500
    assert (await admin.get("/admin/goods_integral/is_shelf", params={"id": gid, "shelf": "0"}))["data"] == \
        {"shelf": "0"}
    assert await admin.get("/admin/goods_integral/del", params={"id": gid}) == OK
    assert not await MallIntegralGoods.exists()


async def test_points_goods_bad_input_and_permissions(admin):
    cat = await integral_category()
    goods_cat = (await MallCategory.create(kind="goods", parent_id=0, name="食品")).id
    body = {"name": "保温杯", "pics": IMG, "categoryId": cat, "points": 2000, "stock": 10}
    assert await admin.post("/admin/goods_integral/add_edit", json={**body, "categoryId": goods_cat}) == \
        {"code": 500, "msg": f"积分商品分类 {goods_cat} 不存在"}
    for points in (0, -5, 1.5, "abc"):
        bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "points": points}), "所需积分")
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "cashFen": -1}), "加价金额")
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "stock": -1}), "库存")
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "pics": "https://x.cn/a.png"}),
        "商品图片地址不正确")
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "pics": ",".join([IMG] * 10)}), "最多9张")
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "shelf": "1", "sales": 99}))
    bad(await admin.post("/admin/goods_integral/add_edit", json={**body, "balance": 1}))
    bad(await admin.get("/admin/goods_integral/is_shelf", params={"id": 1, "shelf": "2"}), "上架")
    assert not await MallIntegralGoods.exists()
    viewer = await operator(admin, "ig_viewer", ("mall:integralGoods:list", "mall:integralGoods:query"))
    made = await admin.post("/admin/goods_integral/add_edit", json=body)
    assert (await viewer.get("/admin/goods_integral/list_data"))["data"]["total"] == 1
    assert await viewer.post("/admin/goods_integral/add_edit", json=body) == FORBIDDEN
    assert await viewer.get("/admin/goods_integral/is_shelf", params={"id": made["data"]["id"]}) == FORBIDDEN
    assert await viewer.get("/admin/goods_integral/del", params={"id": made["data"]["id"]}) == FORBIDDEN
    assert await admin.get("/admin/goods_integral/is_shelf", params={"id": 999}) == NOT_FOUND
    shop = await make_shop("甲店")
    staff = await shop_staff(admin, shop, "ig_shop", ("mall:integralGoods:list",))
    assert (await staff.get("/admin/goods_integral/list_data"))["data"]["total"] == 1  # the platform's, for every shop
