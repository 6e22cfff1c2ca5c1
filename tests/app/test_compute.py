"""Heavy work runs in worker processes under a time budget (issue 14 §3): a job past it gets
the localized "too heavy" reply and its worker is killed, so the next job doesn't queue
behind a computation nobody waits for; shutting down leaves no worker behind."""
from __future__ import annotations

import multiprocessing
import time

import pytest

from app import compute
from i18n import UserError


async def test_a_job_past_its_budget_is_stopped_and_the_pool_serves_the_next():
    compute.configure(1)
    try:
        with pytest.raises(UserError) as refused:
            await compute.run(time.sleep, 30, timeout=1.0)
        assert refused.value.msg.key == "common.too_heavy"
        started = time.perf_counter()
        assert await compute.run(sum, [1, 2, 3]) == 6
        assert time.perf_counter() - started < 10      # not behind the 30 s sleep
    finally:
        compute.shutdown()
        compute.configure(0)
    assert multiprocessing.active_children() == []
