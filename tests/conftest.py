"""Shared fixtures: an offline console session on a throwaway database, with seeded dice."""
from __future__ import annotations

import pytest

from app.config import Config
from console import ConsoleSession
from dice import Roller

SEED = 20261122


@pytest.fixture(autouse=True, scope="session")
def strict_catalogs():
    """A reply that would show a raw catalog key fails its test instead (issue 9 §4)."""
    import i18n
    i18n.strict(True)
    yield
    i18n.strict(False)


@pytest.fixture(scope="session")
def rules_cache(tmp_path_factory) -> str:
    """One rule-index cache for the whole run (built once), never the checkout's data/."""
    return str(tmp_path_factory.mktemp("rules_cache"))


@pytest.fixture
def config(tmp_path, rules_cache) -> Config:
    """The project's config with no environment overrides, on a database of this test's own."""
    cfg = Config.load(environ={})
    cfg.database_url = f"sqlite+aiosqlite:///{tmp_path / 'referee.db'}"
    cfg.console_files_dir = str(tmp_path / "files")
    cfg.rules_cache_dir = rules_cache
    return cfg


@pytest.fixture
async def console(config):
    """A ConsoleSession: `await console.run("/roll 3d6", locale="en", user="alice")` → replies."""
    session = ConsoleSession(config, locale="ru", roller=Roller.seeded(SEED))
    await session.start()
    try:
        yield session
    finally:
        await session.close()
