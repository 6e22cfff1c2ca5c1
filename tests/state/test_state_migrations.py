"""Alembic: from an empty database to the newest revision, one step at a time, and back; the
migrated schema matches the tables the code uses."""
from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

import db
from db.engine import MIGRATIONS, make_engine
from db.schema import metadata


def _config(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


async def _run(url: str, fn) -> object:
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(fn)
    finally:
        await engine.dispose()


def _tables(connection) -> set[str]:
    return set(sa.inspect(connection).get_table_names()) - {"alembic_version"}


async def test_every_revision_upgrades_from_the_previous_and_downgrades(db_url):
    revisions = [r.revision for r in reversed(list(ScriptDirectory(str(MIGRATIONS)).walk_revisions()))]
    assert revisions[0] == "0001"
    assert await _run(db_url, _tables) == set()                       # empty database
    for revision in revisions:                                         # base → … → head
        await _run(db_url, lambda c, r=revision: command.upgrade(_config(c), r))
        current = await _run(db_url, lambda c: MigrationContext.configure(c).get_current_revision())
        assert current == revision
    assert await _run(db_url, _tables) == {"games", "units", "events", "lookup_misses"}
    await _run(db_url, lambda c: command.downgrade(_config(c), "base"))
    assert await _run(db_url, _tables) == set()


async def test_open_store_migrates_an_empty_database_to_the_code_schema(db_url):
    store = await db.open_store(db_url)
    await store.close()
    diff = await _run(db_url, lambda c: compare_metadata(MigrationContext.configure(c), metadata))
    assert diff == []
    store = await db.open_store(db_url)                                # a second start is a no-op
    await store.close()


async def test_sqlite_runs_in_wal_with_a_busy_timeout(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'wal.db'}")
    async with engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar()
        timeout = (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar()
    await engine.dispose()
    assert mode == "wal" and timeout >= 5000
