"""Spreadsheets: streamed xlsx export (formula cells neutralised), written as its XML, and row-by-row xlsx import
(read by openpyxl)."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import math
import os
import re
import tempfile
import zipfile
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import IO, Any
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from aiohttp import web
from openpyxl import load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter

from core_api.platform.api import XLSX
from core_api.platform.errors import ServiceError
from core_api.platform.schema import refusal
from core_api.platform.timefmt import zone

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
MAX_IMPORT_ROWS = 10_000


@dataclass(frozen=True)
class Column:
    header: str
    key: str
    convert: Callable[[Any], Any] | None = None  # e.g. a dictionary label for a code
    width: int = 16


def neutralise(value: Any) -> Any:
    """A text that a spreadsheet would run as a formula is written as plain text behind a quote, and the
    control characters that xlsx cannot hold are dropped: a stored value (a sign-in attempt's user name, a
    nick name saved before the edge refused them) must never make an export fail."""
    if not isinstance(value, str):
        return value
    value = ILLEGAL_CHARACTERS_RE.sub("", value)
    if value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


# ---- the xlsx written as its XML --------------------------------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
CONTENT_TYPES = (
    XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>')
PACKAGE_RELS = (
    XML_HEAD + f'<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" Target="xl/workbook.xml" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>')
WORKBOOK_RELS = (
    XML_HEAD + f'<Relationships xmlns="{PKG_REL}">'
    f'<Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="{REL}/worksheet"/>'
    f'<Relationship Id="rId2" Target="styles.xml" Type="{REL}/styles"/></Relationships>')
# Styles by index: 0 plain, 1 the header (bold white on the console's blue), 2 a time, 3 a day.
HEADER, TIME, DAY = 1, 2, 3
STYLES = (
    XML_HEAD + f'<styleSheet xmlns="{MAIN}">'
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/>'
    '<numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/></font></fonts>'
    '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
    '<fill><patternFill patternType="solid"><fgColor rgb="FF409EFF"/><bgColor indexed="64"/></patternFill></fill>'
    '</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>')
SHEET_NAME_CHARS = re.compile(r"[\\/?*\[\]:]")
MAX_TEXT = 32_767  # characters a cell holds in Excel
EPOCH = dt.datetime(1899, 12, 30)


def _text_cell(ref: str, value: str, style: str = "") -> str:
    text = escape(value[:MAX_TEXT])
    space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() else ""
    return f'<c r="{ref}"{style} t="inlineStr"><is><t{space}>{text}</t></is></c>'


def _cell(ref: str, value: Any) -> str:
    """One cell's XML (``ref`` its place, as B7), by the value's type as openpyxl types it: text inline, a number, a
    flag, a time or a day as Excel's serial number in its format; anything else as its text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return _text_cell(ref, value)
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float, Decimal)):
        if isinstance(value, int) or math.isfinite(value):
            return f'<c r="{ref}"><v>{value}</v></c>'
        return _cell(ref, str(value))
    if isinstance(value, dt.datetime):
        naive = value.astimezone(zone()).replace(tzinfo=None) if value.tzinfo is not None else value
        return f'<c r="{ref}" s="{TIME}"><v>{(naive - EPOCH) / dt.timedelta(days=1)!r}</v></c>'
    if isinstance(value, dt.date):
        return f'<c r="{ref}" s="{DAY}"><v>{(value - EPOCH.date()).days}</v></c>'
    return _cell(ref, neutralise(str(value)))


class SheetWriter:
    """An xlsx of one sheet, its rows written straight as the sheet's XML into the zip as they come: memory holds one
    batch, and a row costs about a thirtieth of openpyxl's write-only workbook (docs/performance.md). The first row
    is the columns' headers, bold on the console's blue; each column has its width. ``close`` ends the file."""

    def __init__(self, target: str | IO[bytes], sheet: str, columns: Sequence[Column]) -> None:
        self.columns = columns
        self._letters = [get_column_letter(i + 1) for i in range(len(columns))]
        self._zip = zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6)
        title = SHEET_NAME_CHARS.sub("", sheet).strip("'")[:31] or "Sheet1"
        for name, body in (("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", PACKAGE_RELS),
                           ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS), ("xl/styles.xml", STYLES),
                           ("xl/workbook.xml", f'{XML_HEAD}<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
                                               f'<sheet name={quoteattr(title)} sheetId="1" '
                                               'r:id="rId1"/></sheets></workbook>')):
            self._zip.writestr(name, body)
        self._sheet = self._zip.open("xl/worksheets/sheet1.xml", "w", force_zip64=True)
        widths = "".join(f'<col min="{i}" max="{i}" width="{c.width}" customWidth="1"/>'
                         for i, c in enumerate(columns, start=1))
        self._rows = 1
        head = "".join(_text_cell(f"{letter}1", c.header, f' s="{HEADER}"')
                       for letter, c in zip(self._letters, columns, strict=True))
        self._write(f'{XML_HEAD}<worksheet xmlns="{MAIN}"><cols>{widths}</cols><sheetData>'
                    f'<row r="1">{head}</row>')

    def _write(self, xml: str) -> None:
        self._sheet.write(xml.encode("utf-8", "replace"))  # a lone surrogate is not text: never a failed export

    def append(self, rows: Iterable[dict[str, Any]]) -> None:
        """Rows as the columns show them (a column's ``convert`` applied, formulas neutralised)."""
        out = []
        n = self._rows
        for row in rows:
            n += 1
            cells = []
            for letter, column in zip(self._letters, self.columns, strict=True):
                value = row.get(column.key)
                if column.convert is not None:
                    value = column.convert(value)
                cells.append(_cell(f"{letter}{n}", neutralise(value)))
            out.append(f'<row r="{n}">{"".join(cells)}</row>')
        self._rows = n
        self._write("".join(out))

    def close(self) -> None:
        self._write("</sheetData></worksheet>")
        self._sheet.close()
        self._zip.close()


def attachment_headers(filename: str) -> dict[str, str]:
    encoded = quote(filename)
    return {
        "Content-Disposition": f"attachment; filename*=UTF-8''{encoded}",
        "download-filename": encoded,
        "Access-Control-Expose-Headers": "Content-Disposition,download-filename",
    }


async def xlsx_response(request: web.Request, filename: str, sheet: str, columns: Sequence[Column],
                        batches: AsyncIterator[list[dict[str, Any]]]) -> web.StreamResponse:
    """Writes batches of rows into the xlsx on a temporary file (off the event loop), then streams the file:
    memory stays flat however many rows there are."""
    fd, path = tempfile.mkstemp(suffix=".xlsx")
    os.close(fd)
    try:
        writer = SheetWriter(path, sheet, columns)
        try:
            async for batch in batches:
                await asyncio.to_thread(writer.append, batch)
        finally:
            await asyncio.to_thread(writer.close)
        response = web.StreamResponse(headers={"Content-Type": XLSX, **attachment_headers(filename)})
        response.content_length = os.stat(path).st_size  # noqa: ASYNC240 - a local temporary file
        await response.prepare(request)
        with open(path, "rb") as f:  # noqa: ASYNC230 - chunks of a local temporary file
            while chunk := f.read(256 * 1024):
                await response.write(chunk)
        await response.write_eof()
        return response
    finally:
        os.unlink(path)


async def keyset_batches(qs: Any, key: str, view: Callable[[dict[str, Any]], dict[str, Any]], *fields: str,
                         newest_first: bool = False, size: int = 5000) -> AsyncIterator[list[dict[str, Any]]]:
    """Rows in batches by their key (never by offset): each batch costs the same however deep the export
    goes, and memory holds one batch."""
    last = None
    while True:
        page = qs if last is None else qs.filter(**{f"{key}__lt" if newest_first else f"{key}__gt": last})
        rows = await page.order_by(f"-{key}" if newest_first else key).limit(size).values(*fields)
        if not rows:
            return
        last = rows[-1][key]
        yield [view(r) for r in rows]


def template_bytes(sheet: str, columns: Sequence[Column]) -> bytes:
    buf = io.BytesIO()
    SheetWriter(buf, sheet, columns).close()
    return buf.getvalue()


def template_response(filename: str, sheet: str, columns: Sequence[Column]) -> web.Response:
    return web.Response(body=template_bytes(sheet, columns), headers={"Content-Type": XLSX,
                                                                     **attachment_headers(filename)})


def read_rows(data: bytes, columns: Sequence[Column]) -> list[tuple[int, dict[str, Any]]]:
    """(row number, {key: value}) for each non-empty row under a header row naming the columns."""
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:
        raise ServiceError("文件格式不正确，请上传 xlsx 文件") from None
    try:
        ws = wb.worksheets[0]
        rows = ws.iter_rows(values_only=True)
        header = next(rows, None)
        if header is None:
            raise ServiceError("导入数据不能为空")
        by_header = {c.header: c.key for c in columns}
        keys = [by_header.get(str(h).strip()) if h is not None else None for h in header]
        if not any(keys):
            raise ServiceError("表头与模板不符，请下载模板后填写")
        out: list[tuple[int, dict[str, Any]]] = []
        for number, values in enumerate(rows, start=2):
            if all(v is None or str(v).strip() == "" for v in values):
                continue
            if len(out) >= MAX_IMPORT_ROWS:
                raise refusal("一次最多导入{rows}行", rows=MAX_IMPORT_ROWS)
            record = {}
            for key, value in zip(keys, values, strict=False):
                if key:
                    record[key] = value.strip() if isinstance(value, str) else value
            out.append((number, record))
        if not out:
            raise ServiceError("导入数据不能为空")
        return out
    finally:
        wb.close()
