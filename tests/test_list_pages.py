"""Every business list (a path ending in list_data or page_data) answers the contract's business page
``{code, msg, data: {pages, total, pageNo, pageSize, data}}`` through ``envelope.page`` and documents it as
``ListPageOut`` (issue 26 §4: 23 mall, order and points lists answered ``total`` and ``rows``)."""

from __future__ import annotations

import json
import math

from core_api import demo
from core_api.app import feature_apis
from core_api.mall.goods.models import MallAttr
from core_api.mall.turntable.models import MallTurntable
from core_api.platform.api import all_endpoints
from core_api.platform.contract import ListPageOut
from core_api.platform.envelope import is_business_list

PAGE_KEYS = {"pages", "total", "pageNo", "pageSize", "data"}


def business_lists() -> list:
    return [ep for ep in all_endpoints(feature_apis()) if is_business_list(ep.path)]


def test_the_rule_names_the_list_data_and_page_data_calls():
    assert all(is_business_list(p) for p in ("/admin/lunbo/list_data", "/admin/order_comment_mall/page_data",
                                             "/admin/market_manage/activity_list_data",
                                             "/admin/mall/shop_mall_attr/list_data_val",
                                             "/admin/order_main/list_data_pay"))
    assert not any(is_business_list(p) for p in ("/admin/AccountUserAuth/list", "/admin/market_manage/goods_data_list",
                                                 "/admin/shopAd_category/goods_data", "/admin/list_database"))
    endpoints = business_lists()
    assert len(endpoints) >= 28
    # ListPageOut, or a list's own page that documents its figures beside the rows
    assert [f"{ep.method} {ep.path}" for ep in endpoints
            if ep.response_model is None or not issubclass(ep.response_model, ListPageOut)] == []


async def test_every_business_list_answers_the_business_page(admin):
    await demo.generate(30, seed=7)
    required = {"turntableId": (await MallTurntable.first()).id, "attrId": (await MallAttr.first()).id}
    walked = []
    for ep in business_lists():
        fields = {f.alias or name for name, f in (ep.query_model or ep.body_model).model_fields.items()}
        paged = {"pageNum", "pageSize"} <= fields

        async def ask(page_no: int, page_size: int, ep=ep, fields=fields) -> dict:
            params = {"pageNum": page_no, "pageSize": page_size,
                      **{name: value for name, value in required.items() if name in fields}}
            answer = await admin.request(ep.method, ep.path, **(
                {"params": params} if ep.method == "GET" else {"json": params}))
            assert answer["code"] == 200 and answer["msg"] == "查询成功", (ep.path, answer)
            assert "rows" not in answer and "total" not in answer, ep.path
            page = answer["data"]
            assert PAGE_KEYS <= page.keys(), (ep.path, page.keys())
            documented = ep.response_model.model_fields["data"].annotation.model_fields
            assert {f.alias or name for name, f in documented.items()} >= page.keys(), (ep.path, page.keys())
            assert page["pages"] == math.ceil(page["total"] / page["pageSize"]), (ep.path, page)
            return page

        first = await ask(1, 2)
        total = first["total"]
        assert total > 0, f"{ep.path}: the demo left it empty, the walk proves nothing"
        if not paged:  # a list of one page (an attribute's values): every row at once
            assert (first["pageNo"], first["pages"], len(first["data"])) == (1, 1, total), (ep.path, first)
            walked.append(ep.path)
            continue
        assert (first["pageNo"], first["pageSize"], len(first["data"])) == (1, 2, min(2, total)), (ep.path, first)
        # every page in turn: the rows are the list's, each once, as many as the total says
        size = max(1, math.ceil(total / 3))
        seen: list[str] = []
        for page_no in range(1, math.ceil(total / size) + 1):
            page = await ask(page_no, size)
            assert (page["pageNo"], page["pageSize"], page["total"]) == (page_no, size, total), (ep.path, page)
            assert all(isinstance(row, dict) and row for row in page["data"]), ep.path
            seen.extend(json.dumps(row, sort_keys=True) for row in page["data"])
        assert len(seen) == len(set(seen)) == total, ep.path
        beyond = await ask(math.ceil(total / size) + 1, size)
        assert beyond["data"] == [] and beyond["total"] == total, ep.path
        walked.append(ep.path)
    assert len(walked) == len(business_lists())
