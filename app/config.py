"""Settings from config.toml, each overridable by REFEREE_<SECTION>_<KEY>."""
from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG = ROOT / "config.toml"
ENV_PREFIX = "REFEREE_"


class ConfigError(Exception):
    pass


def _coerce(raw: str, like: Any, name: str) -> Any:
    try:
        if isinstance(like, bool):
            if raw.lower() in {"1", "true", "yes", "on"}:
                return True
            if raw.lower() in {"0", "false", "no", "off"}:
                return False
            raise ValueError(raw)
        if isinstance(like, int):
            return int(raw)
        if isinstance(like, float):
            return float(raw)
        if isinstance(like, list):
            value = json.loads(raw) if raw.strip().startswith("[") else [v.strip() for v in raw.split(",") if v.strip()]
            return value
    except ValueError as exc:
        raise ConfigError(f"{name}={raw!r} is not a valid {type(like).__name__}") from exc
    return raw


def _load_raw(path: Path, environ: dict[str, str]) -> dict[str, dict[str, Any]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    for section, values in data.items():
        for key, value in values.items():
            name = f"{ENV_PREFIX}{section}_{key}".upper()
            if name in environ:
                values[key] = _coerce(environ[name], value, name)
    return data


def _resolve_path(value: str) -> str:
    """Relative paths in the config are relative to the project, not the working directory."""
    path = Path(value)
    return str(path if path.is_absolute() else ROOT / path)


def _resolve_db_url(url: str) -> str:
    prefix = "sqlite+aiosqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/") and ":memory:" not in url:
        return prefix + _resolve_path(url[len(prefix):])
    return url


@dataclass
class Config:
    token_env: str = "DISCORD_TOKEN"
    dev_guild_id: int = 0
    owner_ids: list[int] = field(default_factory=list)
    shard_count: int = 0
    shard_ids: list[int] = field(default_factory=list)
    database_url: str = "sqlite+aiosqlite:///data/referee.db"
    default_language: str = "ru"
    max_dice: int = 1000
    max_sides: int = 1000
    max_expression_length: int = 300
    max_rerolls_per_die: int = 100
    rules_cache_dir: str = "data/cache"
    games_packages: list[str] = field(default_factory=lambda: ["games"])
    log_level: str = "INFO"
    console_guild_id: int = 100000000000000001
    console_channel_id: int = 100000000000000002
    console_user_name: str = "Игрок1"
    console_moderators: list[str] = field(default_factory=list)
    console_files_dir: str = "data/console_files"

    @property
    def token(self) -> str | None:
        return os.environ.get(self.token_env) or None

    @classmethod
    def load(cls, path: Path | str | None = None, environ: dict[str, str] | None = None) -> "Config":
        raw = _load_raw(Path(path) if path else DEFAULT_CONFIG, dict(os.environ if environ is None else environ))
        get = lambda section, key, default: raw.get(section, {}).get(key, default)  # noqa: E731
        config = cls(
            token_env=get("discord", "token_env", cls.token_env),
            dev_guild_id=int(get("discord", "dev_guild_id", 0)),
            owner_ids=[int(x) for x in get("discord", "owner_ids", [])],
            shard_count=int(get("discord", "shard_count", 0)),
            shard_ids=[int(x) for x in get("discord", "shard_ids", [])],
            database_url=_resolve_db_url(get("database", "url", cls.database_url)),
            default_language=get("language", "default", "ru"),
            max_dice=int(get("dice", "max_dice", 1000)),
            max_sides=int(get("dice", "max_sides", 1000)),
            max_expression_length=int(get("dice", "max_expression_length", 300)),
            max_rerolls_per_die=int(get("dice", "max_rerolls_per_die", 100)),
            rules_cache_dir=_resolve_path(get("rules", "cache_dir", "data/cache")),
            games_packages=[str(x) for x in get("games", "packages", ["games"])],
            log_level=str(get("logging", "level", "INFO")).upper(),
            console_guild_id=int(get("console", "guild_id", cls.console_guild_id)),
            console_channel_id=int(get("console", "channel_id", cls.console_channel_id)),
            console_user_name=str(get("console", "user_name", cls.console_user_name)),
            console_moderators=[str(x) for x in get("console", "moderators", [])],
            console_files_dir=_resolve_path(get("console", "files_dir", "data/console_files")),
        )
        if config.default_language not in {"ru", "en"}:
            raise ConfigError(f"language.default must be 'ru' or 'en', not {config.default_language!r}")
        return config
