"""Checks of a game's declaration, run at start: a missing catalog key, book file, table cell or
splitter stops the bot with one line naming it, instead of failing a player's command later."""
from __future__ import annotations

import tomllib
from typing import Any

import i18n
from games.registry import GameDeclarationError, GameSystem


def _fail(system: GameSystem, what: str) -> GameDeclarationError:
    return GameDeclarationError(f"game {system.id!r} ({system.package}): {what}")


def _need_key(system: GameSystem, key: str, where: str) -> None:
    entry = i18n.catalog().get(key)
    if entry is None or not all(entry.get(locale) for locale in i18n.LOCALES):
        raise _fail(system, f"{where}: catalog key {key!r} is missing (ru and en) in {system.messages}")


def _need_msg(system: GameSystem, msg: Any, where: str) -> None:
    key = getattr(msg, "key", None)
    if key is None:
        raise _fail(system, f"{where}: expected an i18n.Msg, got {msg!r}")
    _need_key(system, key, where)


def check_book(system: GameSystem) -> None:
    book = system.book
    if not book.file.is_file():
        raise _fail(system, f"book file {book.file} not found")
    for path in (book.overrides, book.aliases):
        if path is not None:
            if not path.is_file():
                raise _fail(system, f"book file {path} not found")
            try:
                tomllib.loads(path.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as exc:
                raise _fail(system, f"{path.name}: {exc}") from exc
    if not callable(book.split):
        raise _fail(system, "book.split must be a function of the book's lines")
    if book.glossary is not None and not callable(book.glossary):
        raise _fail(system, "book.glossary must be a function of the book's lines, or None")
    for key in (f"{system.id}.book.title", f"{system.id}.book.short"):
        _need_key(system, key, "book")


def check_state(system: GameSystem) -> None:
    from games.state_base import StateRules
    rules = system.state
    if not isinstance(rules, StateRules):
        raise _fail(system, "state must be a games.state_base.StateRules")
    if rules.game != system.id:
        raise _fail(system, f"state.game is {rules.game!r}, not {system.id!r}")
    for phase in rules.phases:
        _need_key(system, f"state.phase.{system.id}.{phase}", "state phases")
    for key, track in {**rules.tracks, **rules.statuses}.items():
        _need_msg(system, track.label, f"state track {key!r}")
    for key, title in rules.unit_types.items():
        _need_msg(system, title, f"unit type {key!r}")
    if rules.unit_types and rules.default_type not in rules.unit_types:
        raise _fail(system, f"default unit type {rules.default_type!r} is not one of {sorted(rules.unit_types)}")


def check_house_rules(system: GameSystem) -> None:
    seen: set[str] = set()
    for rule in system.house_rules:
        if rule.key in seen:
            raise _fail(system, f"house rule {rule.key!r} declared twice")
        seen.add(rule.key)
        if rule.default not in rule.choices:
            raise _fail(system, f"house rule {rule.key!r}: default {rule.default!r} is not one of {rule.choices}")
        _need_msg(system, rule.title, f"house rule {rule.key!r}")
        for choice, title in rule.choice_titles.items():
            if choice not in rule.choices:
                raise _fail(system, f"house rule {rule.key!r}: title for unknown choice {choice!r}")
            _need_msg(system, title, f"house rule {rule.key!r}")


def check_tables(system: GameSystem) -> None:
    seen: set[str] = set()
    for table in system.tables:
        if table.game != system.id:
            raise _fail(system, f"table {table.id!r} says it belongs to {table.game!r}")
        if table.id in seen:
            raise _fail(system, f"table {table.id!r} declared twice")
        seen.add(table.id)
        _need_msg(system, table.title, f"table {table.id!r}")
        if not table.columns or not table.rows:
            raise _fail(system, f"table {table.id!r} has no columns or no rows")
        for row in table.rows:
            if len(row) > len(table.columns):
                raise _fail(system, f"table {table.id!r}: a row has more cells than columns: {row!r}")


def check_chain(system: GameSystem) -> None:
    chain = system.chain
    if chain is None:
        return
    for target, needs in chain.above_six.items():
        if target <= 6 or not needs or not all(1 <= n <= 6 for n in needs):
            raise _fail(system, f"7+ chain: {target} → {needs} is not a chain of D6 needs for a target above 6")


def check_system(system: GameSystem) -> None:
    for key in (f"{system.id}.title", f"{system.id}.short"):
        _need_key(system, key, "titles")
    if not system.nicknames:
        raise _fail(system, "nicknames: give at least the names players use for the game")
    check_book(system)
    check_state(system)
    check_house_rules(system)
    check_tables(system)
    check_chain(system)
