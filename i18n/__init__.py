"""Russian and English text for every reply, chosen by the interaction's locale.

Catalogs are TOML files in `i18n/messages/`, one per feature, so features never edit each
other's strings; each game package brings its own folder of them (`add_catalog_dir`, called
when the game declares itself). A leaf is a table with `ru` and `en`:

    [dice.error]
    too_many_dice = { ru = "Слишком много кубиков: {count}.", en = "Too many dice: {count}." }

Keys are dotted paths ("dice.error.too_many_dice"). Placeholders use str.format, plus a plural
spec: `{n:p:кубик|кубика|кубиков}` in Russian, `{n:p:die|dice}` in English.

The core (dice, games, rules_index, db) returns `Msg` objects or raises `UserError`; only the
front end decides the language. Nothing here imports discord.
"""
from __future__ import annotations

import logging

import string
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Protocol

from i18n.numbers import Number, Percent, format_number, format_percent

LOCALES = ("ru", "en")
DEFAULT_LOCALE = "ru"
_CATALOG_DIRS: list[Path] = [Path(__file__).with_name("messages")]


def _flatten(prefix: str, node: dict[str, Any], out: dict[str, dict[str, str]]) -> None:
    for key, value in node.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and value and set(value) <= set(LOCALES) and all(isinstance(v, str) for v in value.values()):
            out[path] = value
        elif isinstance(value, dict):
            _flatten(path, value, out)
        else:
            raise ValueError(f"i18n: {path} must be a table with 'ru' and 'en'")


def add_catalog_dir(path: Path) -> None:
    """Load the catalogs in `path` too (a game package's `messages/`)."""
    path = Path(path).resolve()
    if path not in _CATALOG_DIRS:
        _CATALOG_DIRS.append(path)
        catalog.cache_clear()


def catalog_files() -> list[Path]:
    return [f for d in _CATALOG_DIRS for f in sorted(d.glob("*.toml"))]


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for file in catalog_files():
        flat: dict[str, dict[str, str]] = {}
        try:
            _flatten("", tomllib.loads(file.read_text(encoding="utf-8")), flat)
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"i18n: {file}: {exc}") from exc
        clash = set(flat) & set(merged)
        if clash:
            raise ValueError(f"i18n: {file} redefines {sorted(clash)[:5]}")
        merged.update(flat)
    return merged


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("p:"):
            forms = format_spec[2:].split("|")
            if len(forms) == 3:
                return plural_ru(value, *forms)
            if len(forms) == 2:
                return forms[0] if abs(value) == 1 else forms[1]
            raise ValueError(f"plural spec needs 2 or 3 forms: {format_spec}")
        return super().format_field(value, format_spec)


_formatter = _Formatter()


def has(key: str) -> bool:
    return key in catalog()


_STRICT = False


def strict(on: bool = True) -> None:
    """Tests: a missing key raises instead of showing itself, so no reply can show a raw key."""
    global _STRICT
    _STRICT = on


class MissingKey(KeyError):
    pass


def tr(key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """The text for `key` in `locale`, formatted with `params`. Missing keys show the key itself
    (and are logged), or raise in strict mode (tests)."""
    entry = catalog().get(key)
    if entry is None:
        if _STRICT:
            raise MissingKey(key)
        logging.getLogger(__name__).warning("i18n key %r is missing", key)
        return key
    template = entry.get(locale) or entry.get("en") or entry.get("ru") or key
    # Messages, and anything else that knows how to show itself in a language (a book source).
    rendered = {k: (v.render(locale) if callable(getattr(v, "render", None)) else v) for k, v in params.items()}
    return _formatter.format(template, **rendered)


@dataclass(frozen=True)
class Msg:
    """A message whose language is chosen later: a catalog key and its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, key: str, **params: Any) -> "Msg":
        return cls(key, params)

    def render(self, locale: str) -> str:
        return tr(self.key, locale, **self.params)


class Renderable(Protocol):
    """Anything shown in the reader's language: a Msg, a Text, a book Source…"""

    def render(self, locale: str) -> str: ...


@dataclass(frozen=True)
class Text:
    """Text already written in each language, such as the names Discord localizes itself:
    `Text.of(ru="бросок", en="roll")`."""

    by_locale: dict[str, str]

    @classmethod
    def of(cls, **by_locale: str) -> "Text":
        return cls(by_locale)

    def render(self, locale: str) -> str:
        return str(self.by_locale.get(locale) or self.by_locale.get("en") or next(iter(self.by_locale.values()), ""))


class UserError(Exception):
    """Bad input from a player: shown to them (ephemeral) in their language, never as a traceback.

    `example` is a catalog key (or Msg) for an input that works, shown under the explanation.
    """

    def __init__(self, key: str, /, example: str | Renderable | None = None, **params: Any) -> None:
        super().__init__(key)
        self.msg = Msg(key, params)
        self.example: Renderable | None = Msg(example) if isinstance(example, str) else example

    def render(self, locale: str) -> str:
        return self.msg.render(locale)

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker process (app/compute.py), it must arrive whole: key, example, params.
        return (_restore_user_error, (type(self), self.msg.key, self.example, self.msg.params))

    def render_example(self, locale: str) -> str | None:
        return self.example.render(locale) if self.example else None

    def __str__(self) -> str:  # logs and test failures read English
        return self.msg.render("en")


def listing(titles: Mapping[str, Renderable]) -> Text:
    """The names, comma-separated, in each language."""
    return Text.of(**{loc: ", ".join(title.render(loc) for title in titles.values()) for loc in LOCALES})


def _restore_user_error(cls: type[UserError], key: str, example: Any, params: dict[str, Any]) -> UserError:
    error = cls.__new__(cls)
    UserError.__init__(error, key, example=example, **params)
    return error


__all__ = ["LOCALES", "DEFAULT_LOCALE", "Msg", "Text", "UserError", "listing", "tr", "has", "plural_ru", "catalog", "add_catalog_dir",
           "catalog_files", "format_number", "format_percent", "Number", "Percent"]
