"""Fixtures for the state tests: a fresh store on SQLite, and on PostgreSQL too when
TEST_DATABASE_URL points at one (`eval "$(bash scripts/ci_postgres.sh)"` sets it up)."""
from __future__ import annotations

import os

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

import db
from db.schema import metadata

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgres"] if PG_URL.startswith("postgresql") else [])


async def fresh_postgres() -> str:
    """An empty PostgreSQL database for this test: everything the store created is dropped.
    Each pytest-xdist worker has a database of its own beside TEST_DATABASE_URL's (made on first
    use, so that URL's user may create databases), as tests on two workers at once would empty
    each other's tables; run in one process (`-n 0`), the tests use that database itself."""
    url = make_url(PG_URL)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        url = url.set(database=f"{url.database}_{worker}")
        admin = create_async_engine(PG_URL, isolation_level="AUTOCOMMIT")
        async with admin.connect() as conn:
            if not await conn.scalar(sa.text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                     {"name": url.database}):
                await conn.execute(sa.text(f'CREATE DATABASE "{url.database}"'))
        await admin.dispose()
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(metadata.drop_all)
        await conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
    await engine.dispose()
    return url.render_as_string(hide_password=False)


@pytest.fixture(params=BACKENDS)
async def db_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'state.db'}"
    return await fresh_postgres()


@pytest.fixture
async def store(db_url):
    opened = await db.open_store(db_url)
    try:
        yield opened
    finally:
        await opened.close()
