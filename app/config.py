"""Settings: defaults in `Config` below, config.toml on top, then REFEREE_<SECTION>_<KEY> for any key."""
from __future__ import annotations

import json
import os
import tomllib
import typing
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG = ROOT / "config.toml"
ENV_PREFIX = "REFEREE_"


class ConfigError(Exception):
    pass


def _coerce(raw: Any, kind: type, name: str) -> Any:
    """A value from the TOML file or the environment (always text) as the setting's type."""
    try:
        if kind is bool:
            if isinstance(raw, bool):
                return raw
            if str(raw).lower() in {"1", "true", "yes", "on"}:
                return True
            if str(raw).lower() in {"0", "false", "no", "off"}:
                return False
            raise ValueError(raw)
        if kind is int:
            if isinstance(raw, bool):
                raise ValueError(raw)
            return int(raw)
        if kind is float:
            return float(raw)
        if kind in (list[int], list[str]):
            item = int if kind == list[int] else str
            if isinstance(raw, str):
                raw = json.loads(raw) if raw.strip().startswith("[") else [v.strip() for v in raw.split(",") if v.strip()]
            if not isinstance(raw, list):
                raise ValueError(raw)
            return [item(v) for v in raw]
        if not isinstance(raw, str):
            raise ValueError(raw)
        return raw
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"{name}={raw!r} is not a valid {getattr(kind, '__name__', kind)}") from exc


def _read_toml(path: Path) -> dict[str, dict[str, Any]]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from exc


def _resolve_path(value: str) -> str:
    """Relative paths in the config are relative to the project, not the working directory."""
    path = Path(value)
    return str(path if path.is_absolute() else ROOT / path)


def _resolve_db_url(url: str) -> str:
    prefix = "sqlite+aiosqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/") and ":memory:" not in url:
        return prefix + _resolve_path(url[len(prefix):])
    return url


def setting(section: str, key: str, default: Any) -> Any:
    """A field of Config read from `[section] key` of config.toml or REFEREE_<SECTION>_<KEY>."""
    if isinstance(default, list):
        return field(default_factory=lambda: list(default), metadata={"section": section, "key": key})
    return field(default=default, metadata={"section": section, "key": key})


@dataclass
class Config:
    # Defaults live here and only here; config.toml documents and may change them, and every
    # one of them can be overridden by REFEREE_<SECTION>_<KEY> even when the file omits it.
    token_env: str = setting("discord", "token_env", "DISCORD_TOKEN")
    dev_guild_id: int = setting("discord", "dev_guild_id", 0)
    owner_ids: list[int] = setting("discord", "owner_ids", [])
    shard_count: int = setting("discord", "shard_count", 0)
    shard_ids: list[int] = setting("discord", "shard_ids", [])
    api_base: str = setting("discord", "api_base", "")
    gateway_url: str = setting("discord", "gateway_url", "")
    database_url: str = setting("database", "url", "sqlite+aiosqlite:///data/referee.db")
    default_language: str = setting("language", "default", "ru")
    max_dice: int = setting("dice", "max_dice", 1000)
    max_sides: int = setting("dice", "max_sides", 1000)
    max_expression_length: int = setting("dice", "max_expression_length", 300)
    max_rerolls_per_die: int = setting("dice", "max_rerolls_per_die", 100)
    rules_cache_dir: str = setting("rules", "cache_dir", "data/cache")
    games_packages: list[str] = setting("games", "packages", ["games"])
    log_level: str = setting("logging", "level", "INFO")
    console_guild_id: int = setting("console", "guild_id", 100000000000000001)
    console_channel_id: int = setting("console", "channel_id", 100000000000000002)
    console_user_name: str = setting("console", "user_name", "Игрок1")
    console_moderators: list[str] = setting("console", "moderators", [])
    console_files_dir: str = setting("console", "files_dir", "data/console_files")

    @property
    def token(self) -> str | None:
        return os.environ.get(self.token_env) or None

    @classmethod
    def load(cls, path: Path | str | None = None, environ: dict[str, str] | None = None) -> "Config":
        environ = dict(os.environ if environ is None else environ)
        data = _read_toml(Path(path) if path else DEFAULT_CONFIG)
        known = {(f.metadata["section"], f.metadata["key"]): f for f in fields(cls)}
        unknown = [f"[{section}] {key}" for section, values in data.items() for key in values
                   if (section, key) not in known]
        if unknown:
            raise ConfigError(f"unknown setting(s) in the config file: {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for (section, key), spec in known.items():
            kind = hints[spec.name]
            if key in data.get(section, {}):
                values[spec.name] = _coerce(data[section][key], kind, f"[{section}] {key}")
            env_name = f"{ENV_PREFIX}{section}_{key}".upper()
            if env_name in environ:
                values[spec.name] = _coerce(environ[env_name], kind, env_name)
        config = cls(**values)
        config.database_url = _resolve_db_url(config.database_url)
        config.rules_cache_dir = _resolve_path(config.rules_cache_dir)
        config.console_files_dir = _resolve_path(config.console_files_dir)
        config.log_level = config.log_level.upper()
        if config.default_language not in {"ru", "en"}:
            raise ConfigError(f"language.default must be 'ru' or 'en', not {config.default_language!r}")
        return config


hints = typing.get_type_hints(Config)
