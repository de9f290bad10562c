"""Spreadsheets: streamed xlsx export (formula cells neutralised) and row-by-row xlsx import."""

from __future__ import annotations

import asyncio
import io
import os
import tempfile
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from aiohttp import web
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from core_api.platform.api import XLSX
from core_api.platform.errors import ServiceError
from core_api.platform.schema import refusal

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


def _header_cells(ws: Any, columns: Sequence[Column]) -> list[WriteOnlyCell]:
    cells = []
    for column in columns:
        cell = WriteOnlyCell(ws, value=column.header)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="409EFF")
        cells.append(cell)
    return cells


def _append(ws: Any, columns: Sequence[Column], rows: Iterable[dict[str, Any]]) -> None:
    for row in rows:
        values = []
        for column in columns:
            value = row.get(column.key)
            if column.convert is not None:
                value = column.convert(value)
            values.append(neutralise(value))  # openpyxl writes a text starting with "=" as a formula
        ws.append(values)


def attachment_headers(filename: str) -> dict[str, str]:
    encoded = quote(filename)
    return {
        "Content-Disposition": f"attachment; filename*=UTF-8''{encoded}",
        "download-filename": encoded,
        "Access-Control-Expose-Headers": "Content-Disposition,download-filename",
    }


async def xlsx_response(request: web.Request, filename: str, sheet: str, columns: Sequence[Column],
                        batches: AsyncIterator[list[dict[str, Any]]]) -> web.StreamResponse:
    """Writes batches of rows into a write-only workbook on a temporary file (off the event loop),
    then streams the file: memory stays flat however many rows there are."""
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(sheet)
    for i, column in enumerate(columns):
        ws.column_dimensions[get_column_letter(i + 1)].width = column.width
    ws.append(_header_cells(ws, columns))
    async for batch in batches:
        await asyncio.to_thread(_append, ws, columns, batch)
    fd, path = tempfile.mkstemp(suffix=".xlsx")
    os.close(fd)
    try:
        await asyncio.to_thread(wb.save, path)
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
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(sheet)
    ws.append(_header_cells(ws, columns))
    buf = io.BytesIO()
    wb.save(buf)
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
