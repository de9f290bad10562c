"""The fault test's CPU report (ops/faults/cpu.py): a part's seconds are the CPU its processes spent during the
load, counting a process started meanwhile from zero and this process as the load generator."""

from __future__ import annotations

import subprocess
import sys
import time

import psutil

from ops.faults.cpu import LOAD, PARTS, CpuShares

# the burner's command line names it: the machine may run other work meanwhile (the other CI lane), which goes to
# "other" and is no measure of this test
BURN = ("# fault-cpu burner\nimport time\nt = time.process_time()\nwhile time.process_time() - t < 0.6:\n    pass\n"
        "time.sleep(30)\n")


def test_the_cpu_spent_during_the_load_is_counted_in_its_part() -> None:
    shares = CpuShares((("burner", "fault-cpu burner"), *PARTS))
    shares.sample()  # before: what ran before the load is not counted
    burner = subprocess.Popen([sys.executable, "-c", BURN])
    try:
        began = time.process_time()
        while time.process_time() - began < 0.3:  # the load generator's own work
            pass
        deadline = time.monotonic() + 30  # the burner has done its 0.6 s (longer on a busy machine) and sleeps
        while sum(psutil.Process(burner.pid).cpu_times()[:2]) < 0.6 and time.monotonic() < deadline:
            time.sleep(0.1)
        shares.sample()
    finally:
        burner.kill()
        burner.wait()
    report = shares.report()
    assert 0.55 <= report["cpu_seconds"]["burner"] < 5  # counted from zero: started after the first sample
    assert 0.28 <= report["cpu_seconds"][LOAD] < 5
    assert 0 < report["machine_busy_share"] <= 1 and report["cores"] >= 1
