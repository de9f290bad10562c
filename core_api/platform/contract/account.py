"""The sign-in charts' wire shapes: the core's per-day and per-place figures and the BFF's charts screen."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema


class ChartDay(Schema):
    day: str = Field(description="yyyy-MM-dd, a local day")
    login_times: int = Field(description="sign-ins that day")
    login_users: int = Field(description="distinct app users who signed in that day")
    new_users: int = Field(description="app users registered that day")


class ChartLoginData(Schema):
    begin: str
    end: str
    days: list[ChartDay] = Field(description="every day of the range, oldest first, zeros included")
    login_times: int = Field(description="sign-ins in the range")
    login_users: int = Field(description="distinct app users who signed in in the range")


class ChartLoginOut(Envelope):
    data: ChartLoginData


class CityCount(Schema):
    province: str
    city: str
    count: int


class ChartCityData(Schema):
    begin: str
    end: str
    total: int
    cities: list[CityCount] = Field(description="most sign-ins first")


class ChartCityOut(Envelope):
    data: ChartCityData


class CityOfProvince(Schema):
    city: str
    count: int


class ProvinceCount(Schema):
    province: str = Field(description="short name as the map names it (广东, 内蒙古); 未知 when not reported")
    count: int
    cities: list[CityOfProvince]


class ChartProvinceData(Schema):
    begin: str
    end: str
    total: int
    provinces: list[ProvinceCount] = Field(description="most sign-ins first")


class ChartProvinceOut(Envelope):
    data: ChartProvinceData


class LoginChartsScreen(Schema):
    login: ChartLoginData = Field(description="sign-ins per day")
    provinces: ChartProvinceData = Field(description="sign-ins per province, each with its cities")


class LoginChartsScreenOut(Envelope):
    data: LoginChartsScreen


class LoginChartsPanel(LoginChartsScreen):
    """Above the sign-in figures' list: the charts of the last 30 days."""

    kind: Literal["loginCharts"] = "loginCharts"
