"""The home page's wire shapes: the business report of the core and the home screen the BFF composes."""

from __future__ import annotations

from pydantic import Field

from core_api.platform.contract import DashboardData, Envelope
from core_api.platform.schema import Schema


class BusinessDay(Schema):
    day: str = Field(description="yyyy-MM-dd, a local day")
    orders: int = Field(description="shop orders paid that day")
    paid_fen: int = Field(description="fen paid that day")
    refund_fen: int = Field(description="fen refunded that day")
    new_users: int | None = Field(None, description="app users registered; null for shop staff")
    active_users: int | None = Field(None, description="distinct app users who signed in; null for shop staff")
    conversations: int | None = Field(None, description="chat conversations with messages; null for shop staff")


class BusinessTotals(Schema):
    orders: int
    paid_fen: int
    refund_fen: int
    new_users: int | None = None
    active_users: int | None = Field(None, description="the days' figures added up (user-days)")
    conversations: int | None = None


class BusinessData(Schema):
    begin: str
    end: str
    shop_id: int = Field(description="0: the platform total")
    people: bool = Field(description="whether the user and conversation figures are shown")
    days: list[BusinessDay]
    totals: BusinessTotals


class BusinessOut(Envelope):
    data: BusinessData


class DashboardScreen(DashboardData):
    business: BusinessData = Field(description="the business report over the asked range (default the last 30 days)")


class DashboardScreenOut(Envelope):
    data: DashboardScreen


class ShopHome(Schema):
    """A shop account's home: its own shop's figures of the local day, each opening the list it counts."""

    shop_id: int
    shop_name: str
    day: str = Field(description="yyyy-MM-dd, today (local)")
    orders_today: int = Field(description="shop orders placed today, whatever their state")
    paid_fen_today: int = Field(description="fen paid for the orders placed today")
    to_ship: int = Field(description="express orders waiting to be shipped")
    after_sales_open: int = Field(description="after-sales not yet finished (applied .. refund failed)")
    low_stock: int = Field(description="goods whose stock (their SKUs' together) is at or below the threshold")
    low_stock_threshold: int = Field(description="the sys_config parameter biz.mall.lowStock (default 10)")


class ShopHomeOut(Envelope):
    data: ShopHome
