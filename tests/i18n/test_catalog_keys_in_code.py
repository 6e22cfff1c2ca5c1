"""Every catalog key the code names exists, in Russian and English: a missing key fails here,
not in a player's reply as a raw key."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import i18n
from games.registry import GAMES

assert GAMES          # the games' catalogs are loaded

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [p for folder in ("app", "cogs", "console", "db", "dice", "games", "i18n", "rules_index")
           for p in (ROOT / folder).rglob("*.py")] + [ROOT / "bot.py"]
PREFIXES = sorted({key.split(".")[0] for key in i18n.catalog()} | {"combat_epic", "combat_hh", "combat_shared"})
LITERAL = re.compile(r"""["']((?:%s)\.[a-z0-9_.]+[a-z0-9_])["']""" % "|".join(PREFIXES))
DYNAMIC = (
    [f"combat_epic.step.save_{k}" for k in ("armour", "cover")]
    + [f"combat_hh.save.{k}" for k in ("armour", "invulnerable", "cover")]
    + [f"combat_hh.damage.{k}" for k in ("crew_shaken", "crew_stunned", "weapon_destroyed", "immobilised", "explodes")]
    + [f"combat_hh.step.{k}" for k in ("shrouded", "fnp")]
    + [f"combat_hh.note.{k}" for k in ("twin_linked", "preferred", "hatred", "bs_high", "shred", "sniper", "shrouded", "fnp", "poisoned_melee")]
    + [f"combat_hh.error.{k}" for k in ("bs", "ws", "strength", "toughness")]
    + [f"combat_hh.house.reaction_timing.{k}" for k in ("before_hits", "after_saves")]
    + [f"combat_hh.house.sweep_tie.applied_{k}" for k in ("escapes", "caught")]
)


def _literals(path: Path) -> list[str]:
    """The string constants of a module, docstrings left out (they show examples)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}   # f-string parts
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings and id(n) not in pieces and not n.value.endswith((".md", ".txt", ".toml", ".py", ".tsv", ".json"))]


def test_every_named_key_exists_in_both_languages():
    keys = set(DYNAMIC)
    for path in SOURCES:
        keys |= {m for text in _literals(path) for m in LITERAL.findall(repr(text))}
    keys = {k for k in keys if not k.endswith(".")}
    assert len(keys) > 250
    catalog = i18n.catalog()
    missing = sorted(k for k in keys if k not in catalog and not any(c.startswith(k + ".") for c in catalog))
    assert not missing
    for key in keys & set(catalog):
        assert catalog[key].get("ru") and catalog[key].get("en"), key
