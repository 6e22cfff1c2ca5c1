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


async def test_0002_gives_the_units_of_a_0001_database_an_empty_profile(db_url):
    """A database written by 0001 keeps its games, units and undo history through 0002."""
    from state_helpers import ALICE, CHANNEL, GUILD
    await _run(db_url, lambda c: command.upgrade(_config(c), "0001"))
    # rows as the 0001 code wrote them (no profile column)
    json_columns = {"values", "statuses", "data", "players", "settings"}

    def table(name, *columns):
        return sa.table(name, *(sa.column(n, sa.JSON if n in json_columns else None) for n in columns))
    old_units = table("units", "game_id", "name", "name_key", "side", "type", "size", "per", "values",
                      "statuses", "data")
    games = table("games", "guild_id", "channel_id", "system", "name", "owner_id", "owner_name", "players",
                  "settings", "turn", "phase", "active_side", "created_at")

    def write(c):
        from datetime import datetime, timezone
        c.execute(sa.insert(games).values(
            guild_id=GUILD, channel_id=CHANNEL, system="epic", name=None, owner_id=ALICE.user_id,
            owner_name=ALICE.name, players=[], settings={},
            turn=3, phase=None, active_side=None, created_at=datetime.now(timezone.utc)))
        game_id = c.execute(sa.text("SELECT max(id) FROM games")).scalar()
        c.execute(sa.insert(old_units).values(
            game_id=game_id, name="Boyz", name_key="boyz", side="Orks", type="formation", size=6, per=1,
            values={"blast_markers": 2}, statuses=[], data={}))
    await _run(db_url, write)
    store = await db.open_store(db_url)                                # migrates to head
    try:
        boyz = await store.find_unit(GUILD, CHANNEL, "Boyz")
        assert (boyz.value("blast_markers"), boyz.profile) == (2, {})
        assert (await store.channel_game(GUILD, CHANNEL)).turn == 3
    finally:
        await store.close()
