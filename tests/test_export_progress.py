"""A background export's progress as it runs (issue 28 §3): ``done`` moves after every batch, the owner's list of
exports (the message centre's entry) shows it, and nobody else's list does."""

from __future__ import annotations

from dataclasses import replace

from core_api.platform import exports
from tests.test_consumer_screens import _finished, operator, users


async def test_progress_moves_batch_by_batch_and_only_the_owner_sees_it(start_app, make_settings, monkeypatch):
    admin = await users(start_app, make_settings)
    other = await operator(admin, "other_exporter", ("account:consumer:list", "account:consumer:export"))
    seen: list[dict] = []
    real = exports.EXPORTERS["AccountUserConsumer"]

    async def batch(query, after, size):
        # what the owner's list says while the worker is between two batches
        mine = (await admin.get("/admin/exports"))["data"]
        seen.append({k: mine[0][k] for k in ("status", "done", "total", "percent")})
        assert (await other.get("/admin/exports"))["data"] == []  # another operator sees none of it
        return await real.batch(query, after, size)

    monkeypatch.setitem(exports.EXPORTERS, "AccountUserConsumer", replace(real, batch=batch))
    monkeypatch.setattr(exports, "BATCH", 1)
    started = await admin.post("/admin/AccountUserConsumer/download_data", json={})
    job_id = started["data"]["jobId"]
    final = await _finished(admin, job_id)
    assert final["status"] == "done" and (final["done"], final["total"], final["percent"]) == (3, 3, 100)
    # the last batch read (empty) comes before the file is saved: 99 % until it is, never 100 while running
    assert seen == [{"status": "running", "done": n, "total": 3, "percent": min(99, n * 100 // 3)} for n in range(4)]
    listed = (await admin.get("/admin/exports"))["data"]
    assert [(j["jobId"], j["status"], j["percent"], j["fileName"]) for j in listed] == [
        (job_id, "done", 100, final["fileName"])]
    assert (await other.get("/admin/exports"))["data"] == []
