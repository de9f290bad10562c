"""The exported xlsx (core_api/platform/excel.py ``SheetWriter``): written as its XML, read back by openpyxl as a
spreadsheet program reads it: the header row styled, the widths, each value in its type, nothing a stored value holds
able to break the file, and a template that can be filled and saved again."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal

from openpyxl import load_workbook

from core_api.platform.excel import Column, SheetWriter, read_rows, template_bytes
from core_api.platform.timefmt import zone

COLUMNS = [Column("名称", "name", width=30), Column("数量", "n"), Column("状态", "status", convert={"0": "正常"}.get),
           Column("时间", "at")]


def written(rows: list[dict], columns: list[Column] = COLUMNS, sheet: str = "岗位数据") -> bytes:
    buf = io.BytesIO()
    writer = SheetWriter(buf, sheet, columns)
    writer.append(rows[:1])
    writer.append(rows[1:])  # batches follow each other
    writer.close()
    return buf.getvalue()


def test_the_header_row_is_styled_and_each_column_has_its_width():
    wb = load_workbook(io.BytesIO(written([{"name": "a"}])))
    ws = wb.active
    assert ws.title == "岗位数据"
    assert [c.value for c in ws[1]] == ["名称", "数量", "状态", "时间"]
    head = ws["A1"]
    assert head.font.b and head.font.color.rgb == "FFFFFFFF"
    assert head.fill.fill_type == "solid" and head.fill.fgColor.rgb == "FF409EFF"
    assert not ws["A2"].font.b and ws["A2"].fill.fill_type is None
    assert ws.column_dimensions["A"].width == 30 and ws.column_dimensions["D"].width == 16


def test_each_value_keeps_its_type_and_text_its_characters():
    moment = dt.datetime(2026, 11, 30, 23, 59, 58)
    rows = [
        {"name": "  前后有空格 ", "n": 42, "status": "0", "at": moment},
        {"name": "<b>&amp;</b> \"引号\"", "n": 2.5, "at": dt.date(2026, 2, 28)},
        {"name": "=HYPERLINK(\"http://x\")", "n": Decimal("12.30"), "at": True},
        {"name": "响\x07铃\x00", "n": None, "at": dt.datetime(2026, 11, 30, 16, 0, tzinfo=dt.UTC)},
        {"name": "x" * 40_000, "n": float("nan"), "at": "\ud800孤"},
    ]
    ws = load_workbook(io.BytesIO(written(rows))).active
    values = [[c.value for c in row] for row in ws.iter_rows(min_row=2)]
    assert values[0] == ["  前后有空格 ", 42, "正常", moment]
    assert values[1] == ["<b>&amp;</b> \"引号\"", 2.5, None, dt.datetime(2026, 2, 28)]
    assert ws["D3"].number_format == "yyyy-mm-dd" and ws["D2"].number_format == "yyyy-mm-dd hh:mm:ss"
    assert values[2] == ["'=HYPERLINK(\"http://x\")", 12.3, None, True]  # a formula is written as text
    local = dt.datetime(2026, 11, 30, 16, 0, tzinfo=dt.UTC).astimezone(zone()).replace(tzinfo=None)
    assert values[3] == ["响铃", None, None, local]  # control characters dropped, a time shown in the zone
    assert values[4][0] == "x" * 32_767 and values[4][1] == "nan" and values[4][3] == "?孤"
    assert ws.max_row == 6


def test_a_sheet_name_a_spreadsheet_refuses_is_cleaned():
    ws = load_workbook(io.BytesIO(written([{}], sheet="订单[2026]/11:*?导出" + "长" * 40))).active
    assert ws.title == ("订单2026" + "11导出" + "长" * 40)[:31]


def test_a_template_opens_fills_and_is_read_back_as_an_import():
    template = template_bytes("用户数据", COLUMNS)
    wb = load_workbook(io.BytesIO(template))  # the whole workbook, as an operator's spreadsheet program opens it
    assert [c.value for c in wb.active[1]] == ["名称", "数量", "状态", "时间"]
    wb.active.append(["张三", 3, "0", None])
    out = io.BytesIO()
    wb.save(out)
    assert read_rows(out.getvalue(), COLUMNS) == [(2, {"name": "张三", "n": 3, "status": "0", "at": None})]
