"""Heavy work off the event loop: CPU-bound computations (exact odds that grow with their inputs,
rolls whose exact chances take long) run in worker processes, so while one player's large
`/odds` is computed every other command keeps answering.

One pool per process, shared by every bot in it, started lazily (warmed at start by bot.py);
workers are spawned (not forked) so they never inherit the event loop or the gateway's sockets.
The core functions keep their own work budgets (an exact answer, or a marked estimate); the
timeout here is the last guard: a job past it has its worker killed (a pool whose worker
computes for minutes serves nobody), and the pool starts afresh for the next job.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

from i18n import UserError

log = logging.getLogger(__name__)
T = TypeVar("T")
TIMEOUT_SECONDS = 30.0

_pool: Executor | None = None
_workers = 0


def _warm() -> None:
    """What every worker imports once, so the first real job doesn't pay for it."""
    import charts  # noqa: F401   (matplotlib and its fonts: the first chart isn't slower)
    import dice  # noqa: F401
    import games.registry

    list(games.registry.GAMES.values())


def configure(workers: int) -> None:
    """Worker processes to use (0: one per core). Takes effect before the pool starts."""
    global _workers
    _workers = workers


def pool() -> Executor:
    global _pool
    if _pool is None:
        workers = _workers or max(1, os.cpu_count() or 1)
        _pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)
    return _pool


def warm_up() -> None:
    """Start the workers now (in the background), not on a player's first heavy command."""
    executor = pool()
    for _ in range(_workers or max(1, os.cpu_count() or 1)):
        executor.submit(int)


async def run(fn: Callable[..., T], /, *args: Any, timeout: float = TIMEOUT_SECONDS, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` in a worker process; `fn` and its arguments must be picklable."""
    job = partial(fn, *args, **kwargs)
    for attempt in (1, 2):
        future = asyncio.get_running_loop().run_in_executor(pool(), job)
        try:
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            log.warning("%s took longer than %.0f s in a worker; restarting the pool",
                        getattr(fn, "__qualname__", fn), timeout)
            shutdown()
            raise UserError("common.too_heavy", seconds=int(timeout)) from None
        except BrokenProcessPool:
            # Another job's timeout killed the workers under this one: once more, on a new pool.
            shutdown()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def shutdown() -> None:
    """Stop the pool now: queued jobs are cancelled and running workers killed (bot shutdown,
    or a job past its timeout)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
        # The pool's workers are our only children. One may still be starting when the pool
        # stops (spawning takes a while on a loaded machine): kill until none is left.
        deadline = time.monotonic() + 5
        while (children := multiprocessing.active_children()) and time.monotonic() < deadline:
            for child in children:
                child.kill()
                child.join(0.5)
