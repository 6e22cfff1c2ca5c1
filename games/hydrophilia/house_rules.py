"""Гидрофилия house-rule settings."""
from games.house_rules import HouseRule
from games.procedure import Source
from i18n import Msg

HOUSE_RULES = [
    # L521: «по 2 раны за каждый этаж (то есть 2 раны за падение с разницей в 2 этажа, 4 раны …
    # с разницей в 3)». The rule says 2 per floor; its examples give 2 × (floors − 1).
    HouseRule("hydro_fall_damage", default="per_floor", choices=("per_floor", "examples"),
              title=Msg.of("hydro.house.fall.title"),
              choice_titles={"per_floor": Msg.of("hydro.house.fall.per_floor"),
                             "examples": Msg.of("hydro.house.fall.examples")},
              source=Source("hydrophilia", 521)),
    # L606: «d3 … единиц физического урона». Elsewhere «урон» is dice rolled against ЗАЩ (L288);
    # read as wounds it skips the ЗАЩ check.
    HouseRule("hydro_fuel_damage", default="dice", choices=("dice", "wounds"),
              title=Msg.of("hydro.house.fuel.title"),
              choice_titles={"dice": Msg.of("hydro.house.fuel.dice"), "wounds": Msg.of("hydro.house.fuel.wounds")},
              source=Source("hydrophilia", 606)),
]


def setting(settings: dict[str, str] | None, key: str) -> str:
    for rule in HOUSE_RULES:
        if rule.key == key:
            return (settings or {}).get(key, rule.default)
    raise KeyError(key)
