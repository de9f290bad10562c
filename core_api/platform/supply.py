"""Supply-chain adapter: the provider shops, their cloud goods and one goods item's full info (with its SKUs).

Two implementations, chosen by ``CONSOLE_SUPPLY_PROVIDER``:

- ``local``: a small built-in catalogue (two provider shops, a few goods with SKUs), for development, the demo
  and the browser specs; it needs no network.
- ``http``: a real provider over signed JSON/HTTP (``CONSOLE_SUPPLY_URL``, ``CONSOLE_SUPPLY_KEY``)::

    X-Supply-Timestamp: unix seconds        X-Supply-Nonce: 32 random hex characters
    X-Supply-Signature: hex HMAC-SHA256(key, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + path + "\\n" + body)

    GET  /v1/shops                 -> {"code": "SUCCESS", "data": {"shops": [{"id", "name", "logo", "goodsCount"}]}}
    POST /v1/goods/search {"shopId", "keyword", "pageNo", "pageSize"}
                                   -> {"code": "SUCCESS", "data": {"total", "rows": [{"id", "shopId", "name",
                                       "cover", "priceFen", "stock"}]}}
    GET  /v1/goods/{id}            -> {"code": "SUCCESS", "data": {"id", "shopId", "shopName", "name", "subtitle",
                                       "category", "pics", "detail", "unit", "skus": [{"id", "spec", "priceFen",
                                       "marketPriceFen", "stock", "code", "image"}]}}

Any other ``code`` is a refusal shown with its message (``GOODS_NOT_FOUND`` and ``UNAUTHORIZED`` in the
operator's words); an HTTP error, a timeout or a malformed answer becomes a Chinese message. Money is integer
fen. The key never reaches the browser or a log line.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any, Protocol
from urllib.parse import quote, urlsplit

import aiohttp
import orjson
from aiohttp import web
from pydantic import Field, ValidationError

from core_api.platform.errors import ServiceError
from core_api.platform.schema import Schema
from core_api.platform.wallet import sign

log = logging.getLogger("console.supply")
UNAVAILABLE = "供应链服务暂时不可用，请稍后再试"
MALFORMED = "供应链服务返回的数据格式不正确"
ERRORS = {
    "GOODS_NOT_FOUND": "供应链商品不存在或已下架",
    "SHOP_NOT_FOUND": "供应链店铺不存在",
    "UNAUTHORIZED": "供应链服务密钥无效，请联系管理员检查配置",
}
FEN_MAX = 100_000_000_00  # 100 million yuan


class SupplyShop(Schema):
    id: str = Field(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(..., min_length=1, max_length=60)
    logo: str = Field("", max_length=500)
    goods_count: int = Field(0, ge=0, le=10_000_000)


class SupplyGoodsRow(Schema):
    id: str = Field(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    shop_id: str = Field(..., min_length=1, max_length=64)
    name: str = Field(..., min_length=1, max_length=100)
    cover: str = Field("", max_length=500)
    price_fen: int = Field(0, ge=0, le=FEN_MAX)
    stock: int = Field(0, ge=0, le=100_000_000)


class SupplySku(Schema):
    id: str = Field(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    spec: str = Field("", max_length=300)
    price_fen: int = Field(..., ge=0, le=FEN_MAX)
    market_price_fen: int = Field(0, ge=0, le=FEN_MAX)
    stock: int = Field(0, ge=0, le=100_000_000)
    code: str = Field("", max_length=64)
    image: str = Field("", max_length=500)


class SupplyGoods(Schema):
    id: str = Field(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    shop_id: str = Field(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    shop_name: str = Field(..., min_length=1, max_length=60)
    name: str = Field(..., min_length=1, max_length=100)
    subtitle: str = Field("", max_length=200)
    category: str = Field("", max_length=32)
    pics: list[str] = Field(default_factory=list, max_length=20)
    detail: str = Field("", max_length=100_000)
    unit: str = Field("件", min_length=1, max_length=8)
    skus: list[SupplySku] = Field(..., min_length=1, max_length=500)


class Supply(Protocol):
    name: str  # the provider's name: the ``source`` of the goods it gives

    async def shops(self) -> list[SupplyShop]: ...

    async def search(self, shop_id: str | None, keyword: str, page_no: int,
                     page_size: int) -> tuple[list[SupplyGoodsRow], int]: ...

    async def goods(self, goods_id: str) -> SupplyGoods: ...


# ---- the built-in catalogue

def _sku(sid: str, spec: str, price: int, market: int, stock: int) -> dict[str, Any]:
    return {"id": sid, "spec": spec, "priceFen": price, "marketPriceFen": market, "stock": stock, "code": sid.upper()}


CATALOGUE_SHOPS = [
    {"id": "sc1001", "name": "优选食品供应仓", "logo": "", "goodsCount": 3},
    {"id": "sc1002", "name": "家居日用供应仓", "logo": "", "goodsCount": 2},
]
CATALOGUE = [
    {"id": "g10001", "shopId": "sc1001", "shopName": "优选食品供应仓", "name": "东北五常大米 5kg",
     "category": "粮油米面", "subtitle": "当季新米", "unit": "袋", "detail": "<p>产地直供，真空包装。</p>",
     "skus": [_sku("g10001-a", "规格:5kg", 5990, 6990, 320), _sku("g10001-b", "规格:10kg", 10990, 12990, 150)]},
    {"id": "g10002", "shopId": "sc1001", "shopName": "优选食品供应仓", "name": "云南小粒咖啡豆", "category": "冲调饮品",
     "subtitle": "中度烘焙", "unit": "包", "detail": "<p>阿拉比卡咖啡豆。</p>",
     "skus": [_sku("g10002-a", "重量:250g;烘焙:中度", 4800, 5800, 80),
              _sku("g10002-b", "重量:250g;烘焙:深度", 4800, 5800, 60),
              _sku("g10002-c", "重量:500g;烘焙:中度", 8900, 9900, 40)]},
    {"id": "g10003", "shopId": "sc1001", "shopName": "优选食品供应仓", "name": "新疆灰枣 1kg", "category": "休闲零食",
     "unit": "盒", "skus": [_sku("g10003-a", "规格:1kg", 3990, 4990, 500)]},
    {"id": "g20001", "shopId": "sc1002", "shopName": "家居日用供应仓", "name": "纯棉四件套", "category": "床上用品",
     "subtitle": "40支长绒棉", "unit": "套",
     "skus": [_sku("g20001-a", "尺寸:1.5m;颜色:米白", 29900, 39900, 30),
              _sku("g20001-b", "尺寸:1.8m;颜色:米白", 32900, 42900, 25),
              _sku("g20001-c", "尺寸:1.8m;颜色:灰蓝", 32900, 42900, 20)]},
    {"id": "g20002", "shopId": "sc1002", "shopName": "家居日用供应仓", "name": "竹纤维洗碗巾 10 片",
     "category": "厨房清洁", "unit": "包", "skus": [_sku("g20002-a", "规格:10片", 1990, 2990, 1000)]},
]


def _row(g: SupplyGoods) -> SupplyGoodsRow:
    return SupplyGoodsRow(id=g.id, shop_id=g.shop_id, name=g.name, cover=g.pics[0] if g.pics else "",
                          price_fen=min(s.price_fen for s in g.skus), stock=sum(s.stock for s in g.skus))


class LocalSupply:
    name = "supply_local"

    def __init__(self) -> None:
        self.catalogue = {g["id"]: SupplyGoods.model_validate(g) for g in CATALOGUE}

    async def shops(self) -> list[SupplyShop]:
        return [SupplyShop.model_validate(s) for s in CATALOGUE_SHOPS]

    async def search(self, shop_id: str | None, keyword: str, page_no: int,
                     page_size: int) -> tuple[list[SupplyGoodsRow], int]:
        found = [g for g in self.catalogue.values()
                 if (not shop_id or g.shop_id == shop_id) and (not keyword or keyword in g.name)]
        start = (page_no - 1) * page_size
        return [_row(g) for g in found[start:start + page_size]], len(found)

    async def goods(self, goods_id: str) -> SupplyGoods:
        found = self.catalogue.get(goods_id)
        if found is None:
            raise ServiceError(ERRORS["GOODS_NOT_FOUND"])
        return found.model_copy(deep=True)


# ---- a real provider

def signed_headers(key: str, method: str, path: str, body: bytes, now: float | None = None) -> dict[str, str]:
    timestamp = str(int(time.time() if now is None else now))
    nonce = secrets.token_hex(16)
    return {"Content-Type": "application/json", "X-Supply-Timestamp": timestamp, "X-Supply-Nonce": nonce,
            "X-Supply-Signature": sign(key, timestamp, nonce, method, path, body)}


class HttpSupply:
    name = "supply_cloud"

    def __init__(self, url: str, key: str, timeout: float = 10.0) -> None:
        self.url = url.rstrip("/")
        self.base_path = urlsplit(self.url).path
        self.key = key
        self.timeout = aiohttp.ClientTimeout(total=timeout)

    async def _call(self, method: str, path: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        body = orjson.dumps(payload) if payload is not None else b""
        headers = signed_headers(self.key, method, self.base_path + path, body)
        try:
            async with aiohttp.ClientSession(timeout=self.timeout) as http:
                async with http.request(method, self.url + path, data=body, headers=headers) as r:
                    raw = await r.read()
                    if r.status >= 500:
                        log.error("supply %s %s answered HTTP %s", method, path, r.status)
                        raise ServiceError(f"供应链服务暂时不可用（HTTP {r.status}），请稍后再试")
                    answer = orjson.loads(raw)
        except TimeoutError:
            log.error("supply %s %s timed out", method, path)
            raise ServiceError("供应链服务响应超时，请稍后再试") from None
        except aiohttp.ClientError as exc:
            log.error("supply %s %s unreachable: %s", method, path, type(exc).__name__)
            raise ServiceError(UNAVAILABLE) from None
        except orjson.JSONDecodeError:
            raise ServiceError(MALFORMED) from None
        if not isinstance(answer, dict):
            raise ServiceError(MALFORMED)
        code = str(answer.get("code", ""))[:40]
        if code != "SUCCESS":
            message = str(answer.get("message") or "")[:80]
            log.error("supply %s %s refused: %s", method, path, code)
            raise ServiceError(ERRORS.get(code, f"供应链服务返回错误：{message or code or '未知错误'}"))
        data = answer.get("data")
        if not isinstance(data, dict):
            raise ServiceError(MALFORMED)
        return data

    async def shops(self) -> list[SupplyShop]:
        data = await self._call("GET", "/v1/shops")
        try:
            return [SupplyShop.model_validate(s) for s in data.get("shops") or []]
        except ValidationError:
            raise ServiceError(MALFORMED) from None

    async def search(self, shop_id: str | None, keyword: str, page_no: int,
                     page_size: int) -> tuple[list[SupplyGoodsRow], int]:
        data = await self._call("POST", "/v1/goods/search", {"shopId": shop_id or "", "keyword": keyword,
                                                              "pageNo": page_no, "pageSize": page_size})
        try:
            rows = [SupplyGoodsRow.model_validate(r) for r in data.get("rows") or []]
            total = data.get("total")
            if type(total) is not int or total < 0:
                raise ValueError
        except (ValidationError, ValueError):
            raise ServiceError(MALFORMED) from None
        return rows, total

    async def goods(self, goods_id: str) -> SupplyGoods:
        data = await self._call("GET", f"/v1/goods/{quote(goods_id, safe='')}")
        try:
            found = SupplyGoods.model_validate(data)
        except ValidationError:
            raise ServiceError(MALFORMED) from None
        if found.id != goods_id:
            raise ServiceError(MALFORMED)
        return found


def make_supply(settings: Any) -> LocalSupply | HttpSupply:
    if settings.supply_provider == "http":
        if not settings.supply_url or not settings.supply_key:
            raise ValueError("CONSOLE_SUPPLY_URL and CONSOLE_SUPPLY_KEY are required when CONSOLE_SUPPLY_PROVIDER=http")
        return HttpSupply(settings.supply_url, settings.supply_key, settings.supply_timeout_seconds)
    return LocalSupply()


_MADE: dict[tuple[Any, ...], LocalSupply | HttpSupply] = {}


def supply_of(settings: Any) -> LocalSupply | HttpSupply:
    """The provider the settings name (made once per distinct configuration)."""
    wanted = (settings.supply_provider, settings.supply_url, settings.supply_key, settings.supply_timeout_seconds)
    if wanted not in _MADE:
        _MADE[wanted] = make_supply(settings)
    return _MADE[wanted]


def app_supply(app: web.Application) -> LocalSupply | HttpSupply:
    from core_api.platform.state import SETTINGS

    return supply_of(app[SETTINGS])
