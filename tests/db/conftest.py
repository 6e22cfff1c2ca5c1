"""Fixtures for the state tests: a fresh store on SQLite, and on PostgreSQL too when
TEST_DATABASE_URL points at one (`eval "$(bash scripts/ci_postgres.sh)"` sets it up)."""
from __future__ import annotations

import os

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

import db
from db.schema import metadata

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgres"] if PG_URL.startswith("postgresql") else [])


async def reset_postgres(url: str) -> None:
    """Drop everything the store created so each test starts from an empty database."""
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(metadata.drop_all)
        await conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
    await engine.dispose()


@pytest.fixture(params=BACKENDS)
async def db_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'state.db'}"
    await reset_postgres(PG_URL)
    return PG_URL


@pytest.fixture
async def store(db_url):
    opened = await db.open_store(db_url)
    try:
        yield opened
    finally:
        await opened.close()
