"""Hydrophilia: the game's declaration. Everything about the game is in this package."""
from pathlib import Path

from games.hydrophilia.book.split import split
from games.hydrophilia.commands import COMMANDS, GROUPS
from games.hydrophilia.profile import PROFILE
from games.hydrophilia.house_rules import HOUSE_RULES as PROCEDURE_HOUSE_RULES
from games.hydrophilia.state import RULES
from games.hydrophilia.tables import TABLES
from games.registry import Book, GameSystem

HERE = Path(__file__).parent

SYSTEM = GameSystem(
    id="hydrophilia",
    package=__name__,
    nicknames=('hydrophilia', 'гидрофилия', 'гидра'),
    book=Book(file=HERE / "book" / "hydrophilia.txt", split=split, overrides=HERE / "book" / "overrides.toml",
              aliases=HERE / "book" / "aliases.toml", questions=HERE / "book" / "questions", armies=HERE / "book" / "armies.txt", glossary=None,
              names=('Гидрофилия', 'Hydrophilia', 'Гидра')),
    messages=HERE / "messages",
    state=RULES,
    house_rules=tuple(PROCEDURE_HOUSE_RULES),
    tables=tuple(TABLES),
    chain=None,
    profile=PROFILE,
    commands=COMMANDS,
    groups=GROUPS,
)
