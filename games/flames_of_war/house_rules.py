"""Flames of War house-rule settings: where the Russian text is unclear or contradicts the original.

The main text is the default; the alternative is a setting a channel can switch (`/game settings`).
"""
from games.house_rules import HouseRule
from games.procedure import Source
from i18n import Msg

HOUSE_RULES = [
    # L580 «более пяти попаданий» (more than five, so 6+); the original English rule reads "five or more".
    HouseRule("fow_pin_threshold", default="more_than_five", choices=("more_than_five", "five_or_more"),
              title=Msg.of("fow.house.pin_threshold.title"),
              choice_titles={"more_than_five": Msg.of("fow.house.pin_threshold.more_than_five"),
                             "five_or_more": Msg.of("fow.house.pin_threshold.five_or_more")},
              source=Source("flames_of_war", 580)),
    # L796 says the number is the *defending* team's Skill (or its Assault rating); L212 defines
    # Assault as how dangerous a unit is in melee, i.e. the attacker's own rating.
    HouseRule("fow_assault_to_hit", default="defender_skill", choices=("defender_skill", "attacker_assault"),
              title=Msg.of("fow.house.assault_to_hit.title"),
              choice_titles={"defender_skill": Msg.of("fow.house.assault_to_hit.defender_skill"),
                             "attacker_assault": Msg.of("fow.house.assault_to_hit.attacker_assault")},
              source=Source("flames_of_war", 796)),
    # L592: armoured tanks can't be pinned down; L800 and L832: a unit hit in an assault, or
    # falling back, is pinned. The general rule (L592) is the default.
    HouseRule("fow_assault_pins_armoured", default="not_pinned", choices=("not_pinned", "pinned"),
              title=Msg.of("fow.house.assault_pins_armoured.title"),
              choice_titles={"not_pinned": Msg.of("fow.house.assault_pins_armoured.not_pinned"),
                             "pinned": Msg.of("fow.house.assault_pins_armoured.pinned")},
              source=Source("flames_of_war", 592)),
    # L174 «используйте наименьший показатель Мотивации»: the least motivated of the ratings
    # (the rule's intent), or the smallest number (the words read literally).
    HouseRule("fow_mixed_motivation", default="worst", choices=("worst", "smaller_number"),
              title=Msg.of("fow.house.mixed_motivation.title"),
              choice_titles={"worst": Msg.of("fow.house.mixed_motivation.worst"),
                             "smaller_number": Msg.of("fow.house.mixed_motivation.smaller_number")},
              source=Source("flames_of_war", 174)),
    # L242: Gone to Ground makes a team harder to hit only if it is also concealed (so do the
    # modifiers, L476–478); L466: a team Gone to Ground «является Скрытым». L242 is the default.
    HouseRule("fow_gone_to_ground", default="l242", choices=("l242", "l466"),
              title=Msg.of("fow.house.gone_to_ground.title"),
              choice_titles={"l242": Msg.of("fow.house.gone_to_ground.l242"),
                             "l466": Msg.of("fow.house.gone_to_ground.l466")},
              source=Source("flames_of_war", 242)),
]


def setting(settings: dict[str, str] | None, key: str) -> str:
    for rule in HOUSE_RULES:
        if rule.key == key:
            return (settings or {}).get(key, rule.default)
    raise KeyError(key)
