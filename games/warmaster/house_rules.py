"""Warmaster house-rule settings. The book itself offers an alternative blunder rule (L349–351)."""
from games.house_rules import HouseRule
from games.procedure import Source
from i18n import Msg

HOUSE_RULES = [
    HouseRule("wm_blunder_rule", default="table", choices=("table", "ends_phase"),
              title=Msg.of("wm.house.blunder.title"),
              choice_titles={"table": Msg.of("wm.house.blunder.table"),
                             "ends_phase": Msg.of("wm.house.blunder.ends_phase")},
              source=Source("warmaster", 349, 351)),
]


def setting(settings: dict[str, str] | None, key: str) -> str:
    for rule in HOUSE_RULES:
        if rule.key == key:
            return (settings or {}).get(key, rule.default)
    raise KeyError(key)
