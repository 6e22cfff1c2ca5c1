"""Alembic environment. `db.migrate` runs it inside the store's own connection at start; the
`alembic -c db/alembic.ini` command line works too (it reads the URL from REFEREE_DATABASE_URL)."""
from __future__ import annotations

import asyncio
import os

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

from db.schema import metadata

config = context.config


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
elif context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    async def _main() -> None:
        url = os.environ.get("REFEREE_DATABASE_URL") or config.get_main_option("sqlalchemy.url")
        if not url:
            raise SystemExit("alembic: set REFEREE_DATABASE_URL or sqlalchemy.url in db/alembic.ini")
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.run_sync(_run)
        await engine.dispose()

    asyncio.run(_main())
