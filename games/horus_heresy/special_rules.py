"""Special rules with dice effects, typed by players in either language: "twin-linked, rending 5,
poisoned" / «спаренное, раздирающее 5, отравленное». → keyword arguments for HHWeapon/Fighter."""
from __future__ import annotations

import re
from typing import Any

from games.horus_heresy import tables as T
from i18n import Msg, Text, UserError

# key: (names, takes a value, default value). Values are X+ thresholds.
RULES: dict[str, tuple[tuple[str, ...], bool, int | None]] = {
    "twin_linked": (("twin-linked", "twin linked", "twinlinked", "спаренное", "спаренный"), False, None),
    "preferred_enemy": (("preferred enemy", "предпочтительный враг"), False, None),
    "rending": (("rending", "раздирающее"), True, None),     # «Раздирающее (X)»: no default in the book (l.3261–3265)
    "poisoned": (("poisoned", "отравленное"), True, T.POISONED_DEFAULT),   # 4+ for shooting only (l.3215)
    "fleshbane": (("fleshbane", "губитель плоти"), False, None),
    "shred": (("shred", "кромсающее"), False, None),
    "gets_hot": (("gets hot", "перегрев"), False, None),
    "sniper": (("sniper", "снайперское"), False, None),
    "ignores_cover": (("ignores cover", "игнорирует укрытие"), False, None),
    "pinning": (("pinning", "подавление"), False, None),
    "snap": (("snap shots", "snap", "навскидку", "огонь навскидку"), False, None),
    "template": (("template", "шаблон", "шаблонное"), False, None),
    "destroyer": (("destroyer", "деструктивное"), False, None),
    "armourbane": (("armourbane", "губитель брони"), False, None),
    "lance": (("lance", "лэнс"), False, None),
    "sunder": (("sunder", "раскалывающее"), False, None),                   # l.3331–3333
    "monster_hunter": (("monster hunter", "охотник на монстров"), False, None),   # l.3173–3175
    "murderous": (("murderous strike", "убийственный удар"), True, None),       # «(X)»: no default (l.3181–3183)
    "deflagrate": (("deflagrate", "дефлаграция"), False, None),                 # l.2969–2971
    "master_crafted": (("master-crafted", "master crafted", "мастерски сделанное"), False, None),   # l.3171
    "haywire": (("haywire", "электромагнитное"), False, None),                  # l.3077–3085
    "precision": (("precision shots", "точные выстрелы"), True, None),          # «(X)»: no default (l.3223–3225)
    "exoshock": (("exoshock", "экзошок"), True, 6),          # «считайте его равным 6+» with no number (l.2989)
    "hatred": (("hatred", "ненависть"), False, None),
    "unwieldy": (("unwieldy", "тяжеловесное"), False, None),                    # Initiative step 1 (l.3405)
    # What a model is, as its profile line says (l.2791, l.3175, l.3405).
    "dreadnought": (("dreadnought", "automaton", "дредноут", "автоматон"), False, None),
    "monstrous": (("monstrous", "монструозная", "монструозный"), False, None),
    "fearless": (("fearless", "бесстрашие"), False, None),
    "eternal_warrior": (("eternal warrior", "вечный воин"), False, None),
    "fnp": (("feel no pain", "fnp", "не ведая боли"), True, None),
}


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").replace("(", " ").replace(")", " ")
                    .replace("+", " ").split())


def _russian(names: tuple[str, ...]) -> str:
    return next((n for n in names if any("а" <= c <= "я" for c in n.casefold())), names[0])


def rule_label(key: str) -> Msg:
    """A rule's name in the reader's language: «ненависть» / "hatred"."""
    return Msg.of("combat_hh.word.rule_name", name=Text.of(en=RULES[key][0][0], ru=_russian(RULES[key][0])))


def parse_rules(text: str | None, allowed: tuple[str, ...] | None = None, *,
                no_default: tuple[str, ...] = ()) -> dict[str, Any]:
    """"Rending (5+), twin-linked" → {"rending": 5, "twin_linked": True}. A rule that needs a
    value and has no default in the book (Rending, Feel No Pain; Poisoned in melee: `no_default`)
    must be given one ("rending 6"): the reply says the book gives no number."""
    keys = tuple(allowed or RULES)
    known = {"known": Text.of(en=", ".join(RULES[k][0][0] for k in keys),
                              ru=", ".join(_russian(RULES[k][0]) for k in keys))}
    found: dict[str, Any] = {}
    for raw in re.split(r"[,;]", (text or "").replace('"', " ")):
        part = _fold(raw)
        if not part:
            continue
        value = None
        m = re.match(r"^(.*?)\s*(\d)$", part)
        if m:
            part, value = m.group(1).strip(), int(m.group(2))
        key = next((k for k in keys if part in {_fold(n) for n in RULES[k][0]}), None)
        if key is None:
            raise UserError("combat_hh.error.rules", example="combat_hh.example.shoot", text=raw.strip(), **known)
        _, takes, default = RULES[key]
        if takes:
            if value is None and (default is None or key in no_default):
                raise UserError("combat_hh.error.rule_no_number", example="combat_hh.example.shoot", text=raw.strip())
            value = value if value is not None else default
            assert value is not None              # refused above when neither was given
            if not 2 <= value <= 6:
                raise UserError("combat_hh.error.rule_value", example="combat_hh.example.shoot", text=raw.strip())
            found[key] = value
        elif value is not None:
            raise UserError("combat_hh.error.rules", example="combat_hh.example.shoot", text=raw.strip(), **known)
        else:
            found[key] = True
    return found
