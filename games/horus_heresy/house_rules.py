"""Where the Horus Heresy text contradicts itself: the main text is the default, the other
reading a setting (`/game settings`), named in every reply that depends on it."""
from __future__ import annotations

from games.house_rules import HouseRule
from games.procedure import Source
from i18n import Msg

# Shooting reactions: l.476 «до … бросков на попадание» (main text) vs the reference l.4696
# «после всех бросков на попадание, ранение и спас-бросков, но до бросков на избежание урона».
REACTION_TIMING = "hh_reaction_timing"
# WS to-hit at exactly double the attacker's WS: the table (l.1220–1231) says 6+, the prose
# (l.1214) «более чем в два раза» implies 5+. Default: the table.
WS_DOUBLE = "hh_ws_exact_double"

# Sweeping advance ties: l.1342 «или результаты равны, то она вырывается» (the loser escapes,
# main text) vs the multiple-combat rule l.1426 «равна или меньше» (a tie is caught).
SWEEP_TIE = "hh_sweep_tie"

# Evade (reaction): l.482 gives Shrouded (5+) against wounds, glancing and penetrating hits (main
# text); the reference l.4702 names only wounds, so vehicles would gain nothing.
EVADE_VEHICLES = "hh_evade_vehicles"
EVADE_SHROUDED = 5                 # «Скрытый пеленой (5+)» (l.482)

HOUSE_RULES = [
    HouseRule(
        REACTION_TIMING, default="before_hits", choices=("before_hits", "after_saves"),
        title=Msg.of("combat_hh.house.reaction_timing.title"),
        choice_titles={"before_hits": Msg.of("combat_hh.house.reaction_timing.before_hits"),
                       "after_saves": Msg.of("combat_hh.house.reaction_timing.after_saves")},
        source=Source("horus_heresy", 476),
    ),
    HouseRule(
        WS_DOUBLE, default="table", choices=("table", "prose"),
        title=Msg.of("combat_hh.house.ws_double.title"),
        choice_titles={"table": Msg.of("combat_hh.house.ws_double.table"),
                       "prose": Msg.of("combat_hh.house.ws_double.prose")},
        source=Source("horus_heresy", 1220, 1231),
    ),
    HouseRule(
        SWEEP_TIE, default="escapes", choices=("escapes", "caught"),
        title=Msg.of("combat_hh.house.sweep_tie.title"),
        choice_titles={"escapes": Msg.of("combat_hh.house.sweep_tie.escapes"),
                       "caught": Msg.of("combat_hh.house.sweep_tie.caught")},
        source=Source("horus_heresy", 1342),
    ),
    HouseRule(
        EVADE_VEHICLES, default="hits", choices=("hits", "wounds_only"),
        title=Msg.of("combat_hh.house.evade.title"),
        choice_titles={"hits": Msg.of("combat_hh.house.evade.hits"),
                       "wounds_only": Msg.of("combat_hh.house.evade.wounds_only")},
        source=Source("horus_heresy", 482),
    ),
]
