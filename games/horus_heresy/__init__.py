"""The Horus Heresy: the game's declaration. Everything about the game is in this package."""
from pathlib import Path

from games.horus_heresy.book.glossary import glossary
from games.horus_heresy.book.split import split
from games.horus_heresy.commands import COMMANDS, GROUPS
from games.horus_heresy.profile import PROFILE
from games.horus_heresy.house_rules import HOUSE_RULES as PROCEDURE_HOUSE_RULES
from games.horus_heresy.state import RULES
from games.horus_heresy.tables import TABLES
from games.registry import Book, GameSystem

HERE = Path(__file__).parent

SYSTEM = GameSystem(
    id="horus_heresy",
    package=__name__,
    nicknames=('horus heresy', 'hh', 'хх', 'ересь хоруса', 'ересь', 'age of darkness', 'хорус'),
    book=Book(file=HERE / "book" / "horus_heresy.md", split=split, overrides=HERE / "book" / "overrides.toml",
              aliases=HERE / "book" / "aliases.toml", questions=HERE / "book" / "questions", armies=HERE / "book" / "armies.txt", glossary=glossary,
              names=('Ересь Хоруса', 'Ересь Гора', 'Horus Heresy', 'HH', 'ХХ', 'Age of Darkness', 'ХХ2', 'HH2')),
    messages=HERE / "messages",
    state=RULES,
    house_rules=tuple(PROCEDURE_HOUSE_RULES),
    tables=tuple(TABLES),
    chain=None,
    commands=COMMANDS,
    groups=GROUPS,
    profile=PROFILE,
)
