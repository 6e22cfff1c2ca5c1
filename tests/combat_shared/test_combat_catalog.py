"""Every catalog key the Epic and Horus Heresy code names exists, in Russian and English."""
from __future__ import annotations

import re
from pathlib import Path

import i18n

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*ROOT.glob("games/epic/*.py"), *ROOT.glob("games/horus_heresy/*.py"),
           *ROOT.glob("cogs/combat/_*.py"), ROOT / "cogs/combat/epic.py", ROOT / "cogs/combat/horus_heresy.py",
           ROOT / "cogs/combat/table.py"]
LITERAL = re.compile(r"""["'](combat_(?:epic|hh|shared)\.[a-z0-9_.]+[a-z0-9_])["']""")
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


def test_every_named_key_exists_in_both_languages():
    keys = set(DYNAMIC)
    for path in SOURCES:
        keys |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    keys = {k for k in keys if not k.endswith(".")}
    assert len(keys) > 250
    catalog = i18n.catalog()
    missing = sorted(k for k in keys if k not in catalog and not any(c.startswith(k + ".") for c in catalog))
    assert not missing
    for key in keys & set(catalog):
        assert catalog[key].get("ru") and catalog[key].get("en"), key
