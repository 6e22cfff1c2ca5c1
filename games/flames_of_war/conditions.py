"""The conditions of a shot, as players type them into one option of /fow shoot and /fow-odds
shoot: words in Russian or English, separated by commas («скрыта, в укрытии, далеко»,
"concealed, gone to ground, long range"). Each names a state the book gives a to-hit modifier
for (L470–486) or that decides one (Gone to Ground L240–242, Scout L1051, NO HE L999, a
cavalry target that moved L1023, a team back in command at Tactical speed L252);
`shooting.to_hit_modifiers` turns the states into modifiers.

One option instead of one switch per state: Discord allows 25 options to a command, and the
switches had used them all.

The Russian words follow the book's terms: «Скрыт в Укрытии» is Gone to Ground (L240), not
concealed and Gone to Ground; «скрыта» alone is concealed (L476).
"""
from __future__ import annotations

import re

from i18n import Msg, UserError

# The states, in the book's order (L474–484, then the special rules). "moved" is the target
# (the shooter's own movement is its `moved` option: Moving ROF, L438).
CONDITIONS = ("long_range", "concealed", "gone_to_ground", "out_of_command", "smoke", "night", "scout", "no_he",
              "moved", "cavalry", "returned")

# What players write, folded (lower case, ё → е, hyphens and underscores as spaces).
WORDS: dict[str, str] = {
    **dict.fromkeys(("далеко", "дальняя", "дальняя дистанция", "дальше 16", "long range", "long", "far"),
                    "long_range"),
    **dict.fromkeys(("скрыта", "скрыт", "скрыты", "скрытая", "скрытый", "скрытые", "concealed"), "concealed"),
    **dict.fromkeys(("в укрытии", "скрыта в укрытии", "скрыт в укрытии", "скрыты в укрытии", "залегла", "залег",
                     "залегли", "gone to ground", "gtg", "going to ground"), "gone_to_ground"),
    **dict.fromkeys(("вне командования", "вне командной дистанции", "вне коммандной дистанции", "out of command",
                     "ooc"), "out_of_command"),
    **dict.fromkeys(("дым", "через дым", "smoke"), "smoke"),
    **dict.fromkeys(("ночь", "ночью", "night"), "night"),
    **dict.fromkeys(("разведчик", "разведчики", "scout", "scouts"), "scout"),
    **dict.fromkeys(("не взрывное", "нет he", "no he", "nohe"), "no_he"),
    **dict.fromkeys(("двигалась", "двигались", "движется", "в движении", "moved", "moving"), "moved"),
    **dict.fromkeys(("кавалерия", "кавалерийская", "кавалерийский", "cavalry"), "cavalry"),
    # L252: back into Command Distance at Tactical speed.
    **dict.fromkeys(("вернулась", "вернулся", "вернулись", "вернулась в командование", "вернулась в команду",
                     "вернулась в командную дистанцию", "вернулась в коммандную дистанцию", "returned",
                     "returned to command", "back in command"), "returned"),
}
# Words that join others and name nothing: «цель скрыта и в укрытии», "target concealed and gtg".
FILLERS = frozenset(("и", "and", "цель", "target"))
LONGEST = max(len(w.split()) for w in WORDS)
_PIECES = re.compile(r"[,;]+")
_WORDS = re.compile(r"[\s/_\-]+")


def fold(text: str) -> list[str]:
    return [w for w in _WORDS.split(text.casefold().replace("ё", "е")) if w]


def parse_conditions(text: str | None, *, example: str = "fow.example.shoot") -> frozenset[str]:
    """The states a player's words name; a word that names none is refused with the list. A
    comma ends a phrase: «скрыта, в укрытии» is two states, «скрыта в укрытии» one (L240)."""
    found: set[str] = set()
    for piece in _PIECES.split(text or ""):
        words = fold(piece)
        if words != ["—"]:
            found |= _states(words, example)
    return frozenset(found)


def _states(words: list[str], example: str) -> set[str]:
    found: set[str] = set()
    i = 0
    while i < len(words):
        for size in range(min(LONGEST, len(words) - i), 0, -1):     # the longest phrase first
            phrase = " ".join(words[i:i + size])
            if phrase in WORDS:
                found.add(WORDS[phrase])
                i += size
                break
        else:
            if words[i] not in FILLERS:
                raise UserError("fow.error.bad_condition", example=example, word=words[i],
                                words=Msg.of("fow.conditions.words"))
            i += 1
    return found
