"""Warmaster: the game's declaration. Everything about the game is in this package."""
from pathlib import Path

from games.warmaster.book.split import split
from games.warmaster.commands import COMMANDS, GROUPS
from games.warmaster.profile import PROFILE
from games.warmaster.house_rules import HOUSE_RULES as PROCEDURE_HOUSE_RULES
from games.warmaster.state import RULES
from games.warmaster.tables import TABLES
from games.registry import Book, GameSystem

HERE = Path(__file__).parent

SYSTEM = GameSystem(
    id="warmaster",
    package=__name__,
    nicknames=('warmaster', 'wm', 'вм', 'вармастер'),
    book=Book(file=HERE / "book" / "warmaster.txt", split=split, overrides=HERE / "book" / "overrides.toml",
              aliases=HERE / "book" / "aliases.toml", questions=HERE / "book" / "questions", armies=HERE / "book" / "armies.txt", glossary=None,
              names=('Warmaster', 'WM', 'ВМ', 'Вармастер')),
    messages=HERE / "messages",
    state=RULES,
    house_rules=tuple(PROCEDURE_HOUSE_RULES),
    tables=tuple(TABLES),
    chain=None,
    profile=PROFILE,
    commands=COMMANDS,
    groups=GROUPS,
)
