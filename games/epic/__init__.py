"""Epic: Armageddon: the game's declaration. Everything about the game is in this package."""
from pathlib import Path

from games.epic.tables import SEVEN_PLUS_CHAIN
from games.epic.book.split import split
from games.epic.commands import COMMANDS, GROUPS
from games.epic.house_rules import HOUSE_RULES as PROCEDURE_HOUSE_RULES
from games.epic.profile import PROFILE
from games.epic.state import HOUSE_RULES as STATE_HOUSE_RULES
from games.epic.state import RULES
from games.epic.tables import TABLES
from games.registry import Book, GameSystem

HERE = Path(__file__).parent

SYSTEM = GameSystem(
    id="epic",
    package=__name__,
    nicknames=('epic', 'эпик', 'ea', 'эа', 'epic armageddon', 'эпик армагеддон'),
    book=Book(file=HERE / "book" / "epic.md", split=split, overrides=HERE / "book" / "overrides.toml",
              aliases=HERE / "book" / "aliases.toml", questions=HERE / "book" / "questions", armies=HERE / "book" / "armies.txt", glossary=None,
              names=('Эпик', 'EPIC', 'ЕРІС', 'EA', 'ЭА', 'Epic Armageddon', 'Армагеддон')),
    messages=HERE / "messages",
    state=RULES,
    house_rules=(*PROCEDURE_HOUSE_RULES, *STATE_HOUSE_RULES),
    tables=tuple(TABLES),
    chain=SEVEN_PLUS_CHAIN,
    commands=COMMANDS,
    groups=GROUPS,
    profile=PROFILE,
)
