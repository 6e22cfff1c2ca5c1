"""The game systems the bot knows, discovered from their packages and checked at start.

A game is one package, `games/<id>/`, whose `__init__.py` declares `SYSTEM = GameSystem(...)`:
its titles, the names players call it by, its rulebook and how to split it, its dice
conventions, state rules, house rules, tables and commands. Dice, rule lookup, the state store
and the cogs read this registry; none of them names a game.

    from games import GAMES, resolve_game
    GAMES["epic"].title("ru")            # «Эпик: Армагеддон»
    resolve_game("вармастер").id         # "warmaster"

Discovery is lazy (the first use of `GAMES`) and scans the packages named by `configure()`
(default: `games`), so a game kept elsewhere (a test's toy game) needs no edit here.
`check_all()` validates every declaration; the bot calls it at start and stops with one clear
line when a declaration is incomplete.
"""
from __future__ import annotations

import importlib
import pkgutil
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import i18n

if TYPE_CHECKING:
    from dice.chains import ChainRule
    from games.house_rules import HouseRule
    from games.profiles import ProfileSpec
    from games.state_base import StateRules
    from games.tables import Table

DEFAULT_PACKAGES = ("games",)


class GameDeclarationError(Exception):
    """A game package's declaration is incomplete or inconsistent (one line, for the start)."""


def fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


@dataclass(frozen=True)
class Book:
    """The game's rulebook, shipped in the package, and how rule lookup splits it.

    `split(lines)` finds the headings (a list of `rules_index.outline.Heading`); `overrides`
    fixes what the heuristics get wrong (skips, added/dropped headings, levels, titles);
    `aliases` names sections the way players do; `glossary(lines)` gives the book's own
    (Russian, English) pairs. Every string of the book (its title) is in the game's catalog
    under `<id>.book.title` and `<id>.book.short`."""

    file: Path
    split: Callable[[list[str]], list[Any]]
    overrides: Path | None = None
    aliases: Path | None = None
    glossary: Callable[[list[str]], list[tuple[str, str]]] | None = None
    names: tuple[str, ...] = ()          # what players call the book itself
    # a folder of TSVs (`line<TAB>question`): what players ask, each with the book line that
    # answers it, written from the book's text (document expansion: rules_index.asked)
    questions: Path | None = None
    # the names players give the game's armies, units and characters, one a line (# comments):
    # with no game given, a question naming them is this game's (rules_index.armies)
    armies: Path | None = None
    # the units a distance may be given in, where the book lets the players choose one
    # ("cm", "inch": rules_index.measures); empty, the units its own distances are given in
    measured_in: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        return self.file.read_text(encoding="utf-8").split("\n")

    def override_data(self) -> dict[str, Any]:
        return tomllib.loads(self.overrides.read_text(encoding="utf-8")) if self.overrides else {}

    def alias_data(self) -> dict[str, Any]:
        return tomllib.loads(self.aliases.read_text(encoding="utf-8")) if self.aliases else {}

    def question_files(self) -> list[Path]:
        return sorted(self.questions.glob("*.tsv")) if self.questions is not None and self.questions.is_dir() else []

    def question_rows(self) -> list[tuple[int, str]]:
        """(answering line, question) from the question files, in file order; malformed rows skipped."""
        rows = []
        for path in self.question_files():
            for raw in path.read_text(encoding="utf-8").splitlines()[1:]:
                line, _, text = raw.partition("\t")
                if line.strip().isdigit() and text.strip():
                    rows.append((int(line), " ".join(text.split())))
        return rows

    def army_names(self) -> list[str]:
        if self.armies is None or not self.armies.exists():
            return []
        lines = (line.strip() for line in self.armies.read_text(encoding="utf-8").splitlines())
        return [line for line in lines if line and not line.startswith("#")]

    def files(self) -> list[Path]:
        """Everything the rule index is built from, for its cache key."""
        return [p for p in (self.file, self.overrides, self.aliases, self.armies) if p is not None] + self.question_files()


@dataclass(frozen=True)
class GameSystem:
    """Everything about one game. Titles live in the game's catalog (`<id>.title`)."""

    id: str
    package: str                          # the module declaring it ("games.epic")
    nicknames: tuple[str, ...]            # what players type to mean the game (any case, ё = е)
    book: Book
    messages: Path                        # the game's catalog folder (TOML files, as in i18n/messages)
    state: StateRules
    house_rules: tuple[HouseRule, ...] = ()
    tables: tuple[Table, ...] = ()
    chain: ChainRule | None = None        # its 7+ convention on a D6, if the book has one
    profile: ProfileSpec | None = None    # what a unit's profile holds, and how players write it
    commands: tuple[Any, ...] = ()        # games.commands.Command: what the cogs build commands from
    groups: tuple[Any, ...] = ()          # games.commands.Group: the command groups the game adds

    def __post_init__(self) -> None:
        i18n.add_catalog_dir(self.messages)

    def title(self, locale: str) -> str:
        return i18n.tr(f"{self.id}.title", locale)

    @property
    def title_ru(self) -> str:
        return self.title("ru")

    @property
    def title_en(self) -> str:
        return self.title("en")

    def short(self, locale: str) -> str:
        return i18n.tr(f"{self.id}.short", locale)

    def names(self) -> set[str]:
        """Every folded name this game answers to."""
        return {fold(self.id), fold(self.title_ru), fold(self.title_en), *map(fold, self.nicknames)}


class _Registry(Mapping[str, GameSystem]):
    """The discovered games by id, in discovery order (packages in order, games by name)."""

    def __init__(self) -> None:
        self.packages: tuple[str, ...] = DEFAULT_PACKAGES
        self._games: dict[str, GameSystem] | None = None

    def configure(self, packages: tuple[str, ...] | list[str]) -> None:
        """Where to look for games; takes effect at the next use when it changes."""
        wanted = tuple(packages) or DEFAULT_PACKAGES
        if wanted != self.packages:
            self.packages = wanted
            self._games = None

    def _discover(self) -> dict[str, GameSystem]:
        found: dict[str, GameSystem] = {}
        for parent in self.packages:
            try:
                package = importlib.import_module(parent)
            except ModuleNotFoundError as exc:
                raise GameDeclarationError(f"games package {parent!r} not found: {exc}") from exc
            for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
                if not info.ispkg or info.name.startswith("_"):
                    continue
                module = importlib.import_module(f"{parent}.{info.name}")
                system = getattr(module, "SYSTEM", None)
                if system is None:
                    continue                     # a helper package, not a game
                if not isinstance(system, GameSystem):
                    raise GameDeclarationError(f"{module.__name__}.SYSTEM is not a GameSystem")
                if system.id != info.name:
                    raise GameDeclarationError(f"{module.__name__}: SYSTEM.id {system.id!r} must be the "
                                               f"package's name {info.name!r}")
                if system.id in found:
                    raise GameDeclarationError(f"game {system.id!r} is declared twice")
                found[system.id] = system
        return found

    @property
    def games(self) -> dict[str, GameSystem]:
        if self._games is None:
            self._games = {}                 # no recursion if a game's import looks here
            self._games = self._discover()
        return self._games

    def __getitem__(self, key: str) -> GameSystem:
        return self.games[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)


GAMES = _Registry()


def configure(packages: tuple[str, ...] | list[str]) -> None:
    GAMES.configure(packages)


def resolve_game(text: str | None) -> GameSystem | None:
    """A game from its id, a title or a nickname; None when nothing matches."""
    if not text:
        return None
    key = fold(text)
    return next((g for g in GAMES.values() if key in g.names()), None)


def game_of(game_id: str | None) -> GameSystem | None:
    return GAMES.get(game_id) if game_id else None


def check_all() -> list[GameSystem]:
    """Discover and validate every game; GameDeclarationError names the first problem."""
    from games.validate import check_system
    systems = list(GAMES.values())
    try:
        i18n.catalog()
    except ValueError as exc:        # a catalog that doesn't parse, or two that define one key
        raise GameDeclarationError(str(exc)) from exc
    if not systems:
        raise GameDeclarationError(f"no game found in {', '.join(GAMES.packages)}")
    for system in systems:
        check_system(system)
    return systems
