"""Engine setup and migrations.

SQLite (the embedded default) runs in WAL mode with a busy timeout, and every write
transaction starts with BEGIN IMMEDIATE so two writers never both read a value and both
write it back: the second waits for the first (no lost update, issue 4 §4). PostgreSQL writes
lock the game's row (SELECT … FOR UPDATE) for the same effect; see `db/store.py`.

The store drives SQLite through the standard `sqlite3` driver on its own threads (a whole
transaction per thread hop) rather than aiosqlite (a thread hop per statement, several per
query): that is what makes 500+ commands/s possible. `make_engine` (aiosqlite/asyncpg) is the
async engine used for PostgreSQL and by tools.
"""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 30_000


def _sqlite_file(parsed) -> None:
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)


def _sqlite_events(sync_engine, busy_timeout_ms: int = BUSY_TIMEOUT_MS, *, plain_driver: bool = False) -> None:
    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        # Take transactions out of the driver's hands (it would BEGIN lazily, deferred) so
        # the "begin" hook below decides how each transaction starts.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        cursor.execute("PRAGMA synchronous=NORMAL")   # WAL + NORMAL: a killed process loses nothing committed
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(conn) -> None:
        statement = "BEGIN IMMEDIATE" if conn.get_execution_options().get("sqlite_immediate") else "BEGIN"
        if plain_driver:   # straight to sqlite3: this runs once per command
            conn.connection.driver_connection.execute(statement)
        else:
            conn.exec_driver_sql(statement)


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def make_sync_sqlite_engine(url: str, *, wait: bool = True) -> Engine:
    """A plain `sqlite3` engine on the same file, whatever driver the URL names. With
    `wait=False` a locked database fails at once instead of waiting (the store's fast path)."""
    parsed = make_url(url).set(drivername="sqlite")
    _sqlite_file(parsed)
    busy = BUSY_TIMEOUT_MS if wait else 0
    engine = create_engine(parsed, pool_size=8 if wait else 2, max_overflow=8 if wait else 0, pool_timeout=120,
                           connect_args={"timeout": busy / 1000, "check_same_thread": False})
    _sqlite_events(engine, busy, plain_driver=True)
    return engine


def migrate_sync(engine: Engine) -> None:
    """`migrate` for a synchronous (SQLite) engine."""
    with engine.connect() as conn:
        conn.execution_options(sqlite_immediate=True)
        with conn.begin():
            _upgrade(conn)


def make_engine(url: str) -> AsyncEngine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=False)
    _sqlite_file(parsed)
    engine = create_async_engine(url, pool_size=8, max_overflow=8, pool_timeout=120,
                                 connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    _sqlite_events(engine.sync_engine)
    return engine


def _upgrade(sync_connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = sync_connection
    command.upgrade(config, "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest migration (Alembic), in one transaction."""
    async with engine.connect() as conn:
        await conn.execution_options(sqlite_immediate=True)
        async with conn.begin():
            if conn.dialect.name == "postgresql":
                # Several bot processes may start at once: one migrates, the others wait.
                await conn.execute(text("SELECT pg_advisory_xact_lock(482004)"))
            await conn.run_sync(_upgrade)
