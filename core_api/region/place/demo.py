"""The places index's demo: the divisions' centres are reference rows the seed loads (a demo reset keeps them; a
database that lost them gets them back here), the hospital services' places come with their demo, and a few
well-known landmarks of the demo's cities (hospitals, stations, shopping streets) give the map picker's keyword
search something to find: "医院" near Beijing finds the hospitals around Wangfujing, nearest first."""

from __future__ import annotations

from core_api.region.place.models import RegionPlace
from core_api.region.place.store import load_region_places, to_e6

# (name, address, longitude, latitude): GCJ-02, as the console's pickers give them; approximate, for the demo
LANDMARKS = [
    ("北京协和医院", "北京市东城区帅府园1号", 116.417579, 39.912841),
    ("北京同仁医院", "北京市东城区东交民巷1号", 116.417802, 39.900426),
    ("北京大学第一医院", "北京市西城区西什库大街8号", 116.379557, 39.935342),
    ("北京友谊医院", "北京市西城区永安路95号", 116.397549, 39.884275),
    ("北京朝阳医院", "北京市朝阳区工人体育场南路8号", 116.451837, 39.925216),
    ("中日友好医院", "北京市朝阳区樱花园东街2号", 116.429503, 39.975401),
    ("北京站", "北京市东城区毛家湾胡同甲13号", 116.427048, 39.902842),
    ("北京西站", "北京市丰台区莲花池东路118号", 116.321925, 39.894634),
    ("王府井百货大楼", "北京市东城区王府井大街255号", 116.410886, 39.914004),
    ("三里屯太古里", "北京市朝阳区三里屯路19号", 116.454591, 39.935873),
    ("瑞金医院", "上海市黄浦区瑞金二路197号", 121.469265, 31.212996),
    ("华山医院", "上海市静安区乌鲁木齐中路12号", 121.446282, 31.219909),
    ("上海虹桥站", "上海市闵行区申贵路1500号", 121.319726, 31.194275),
    ("南京路步行街", "上海市黄浦区南京东路", 121.479861, 31.238081),
    ("中山大学附属第一医院", "广州市越秀区中山二路58号", 113.291336, 23.132658),
    ("广州南站", "广州市番禺区石壁街道", 113.269253, 22.988621),
    ("四川大学华西医院", "成都市武侯区国学巷37号", 104.064977, 30.642011),
    ("春熙路", "成都市锦江区春熙路", 104.080989, 30.657689),
    ("浙江大学医学院附属第一医院", "杭州市上城区庆春路79号", 120.179093, 30.256016),
    ("杭州东站", "杭州市上城区天城路1号", 120.212579, 30.290813),
]


async def demo(ctx) -> None:
    await load_region_places()
    if await RegionPlace.filter(kind="landmark").exists():
        return
    await ctx.insert(RegionPlace, [{"kind": "landmark", "ref_id": n, "name": name, "address": address,
                                    "lng_e6": to_e6(lng), "lat_e6": to_e6(lat), "update_time": ctx.now}
                                   for n, (name, address, lng, lat) in enumerate(LANDMARKS, start=1)])
