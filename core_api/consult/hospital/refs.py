"""What the doctors and the hospital services need of a hospital: that the one a record names exists, and its
name beside the id in a list."""

from __future__ import annotations

from typing import Any

from core_api.consult.hospital.models import ConsultHospital
from core_api.platform.errors import ServiceError


async def check_hospital(values: dict[str, Any]) -> None:
    """Refuses a write naming a hospital that is not in the list (a removed one included)."""
    hospital_id = values.get("hospital_id")
    if hospital_id is not None and not await ConsultHospital.filter(id=hospital_id).exists():
        raise ServiceError(f"所属医院 {hospital_id} 不存在")


async def hospital_names(rows: list[dict[str, Any]]) -> None:
    """Fills ``hospital_name`` of listed rows (one query for the page)."""
    ids = {r["hospital_id"] for r in rows if r.get("hospital_id")}
    names = dict(await ConsultHospital.filter(id__in=sorted(ids)).values_list("id", "name")) if ids else {}
    for r in rows:
        r["hospital_name"] = names.get(r.get("hospital_id"), "")
