"""Flames of War: the game's declaration. Everything about the game is in this package."""
from pathlib import Path

from games.flames_of_war.commands import COMMANDS, GROUPS
from games.flames_of_war.engine import CHAIN
from games.flames_of_war.book.glossary import glossary
from games.flames_of_war.book.split import split
from games.flames_of_war.house_rules import HOUSE_RULES as PROCEDURE_HOUSE_RULES
from games.flames_of_war.profile import PROFILE
from games.flames_of_war.state import RULES
from games.flames_of_war.tables import TABLES
from games.registry import Book, GameSystem

HERE = Path(__file__).parent

SYSTEM = GameSystem(
    id="flames_of_war",
    package=__name__,
    nicknames=('flames of war', 'fow', 'фов', 'флеймс', 'flames'),
    book=Book(file=HERE / "book" / "flames_of_war.txt", split=split, overrides=HERE / "book" / "overrides.toml",
              aliases=HERE / "book" / "aliases.toml", questions=HERE / "book" / "questions", armies=HERE / "book" / "armies.txt", glossary=glossary,
              names=('Flames of War', 'FoW', 'ФоВ', 'Флеймс'),
              # «FoW использует и сантиметры и дюймы» (L49): the players agree on one, though the
              # translation gives its distances in centimetres
              measured_in=("cm", "inch")),
    messages=HERE / "messages",
    state=RULES,
    house_rules=tuple(PROCEDURE_HOUSE_RULES),
    tables=tuple(TABLES),
    chain=CHAIN,
    profile=PROFILE,
    commands=COMMANDS,
    groups=GROUPS,
)
