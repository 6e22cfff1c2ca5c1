"""Results render within Discord's limits in both languages, however many dice."""
from __future__ import annotations

from cogs.combat._render import format_dice, render_result
from dice.roller import Roller
from games.epic.shooting import EpicTarget, shoot
from games.epic.rolls import SaveProfile
from games.epic.weapons import Weapon
from games.horus_heresy.rolls import Saves
from games.horus_heresy.shooting import HHTarget, HHWeapon, shoot as hh_shoot
from games.procedure import DiceStep
from i18n import Msg


def test_a_long_attack_is_paged_and_every_page_fits():
    weapons = [Weapon(count="100", kind="AP", value=v) for v in (2, 3, 4, 5, 6)] * 6     # 30 batches of dice
    target = EpicTarget("Horde", units=100, saves=SaveProfile(armour=5, invulnerable=6, reinforced=True))
    result = shoot(Roller.seeded(3), weapons, target, crossfire=True)
    for locale in ("ru", "en"):
        embeds = render_result(result, locale)
        assert len(embeds) >= 2
        for embed in embeds:
            assert len(embed) <= 6000 and len(embed.fields) <= 25
            assert all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)


def test_dice_formatting_bolds_successes_and_shows_rerolls():
    step = DiceStep(Msg.of("x"), [1, 4, 6], "4+", 2, rerolled=[0], rerolls=[5])
    assert format_dice(step) == "[~~1~~↻**5**, **4**, **6**]"


def test_hh_result_renders_in_both_languages():
    r = hh_shoot(Roller.seeded(1), 4, HHWeapon(shots=10, strength=8, ap=3, rending=6, twin_linked=True),
                 HHTarget("T", toughness=4, models=10, wounds=2, saves=Saves(armour=3, invulnerable=5), fnp=5))
    for locale in ("ru", "en"):
        [embed] = render_result(r, locale)
        text = str(embed.to_dict())
        assert "combat_hh." not in text           # every key has a text in both languages
