"""Where the Epic text contradicts itself: the main text is the default, the other reading is a
setting (`/game settings`), and every reply that depends on it names the choice used."""
from __future__ import annotations

from games.house_rules import HouseRule
from games.procedure import Source
from i18n import Msg

# 1.9.3 step 1 (l.366) puts a Blast Marker on the target before rolling to hit; 1.3 (l.126) and
# 1.9.4 (l.373) give it only «за первое успешное попадание». Default: only on at least one hit.
BLAST_ON_HIT = "blast_marker_on_hit"
# «кидает 2д6, выбирает наибольший результат» (l.549); the English rules sum 2D6.
ASSAULT_ROLL = "assault_result_roll"
# «снимите с формации половину «Бластов»» (l.628) gives no rounding; «с одним «Бластом» снимите
# один» only fits rounding up. Default: up; alternative: down (with the one-marker case kept).
RALLY_ROUNDING = "rally_rounding"
# Crossfire: «два «Бласта» за **первую** потерю» (L471), but the same paragraph goes on «внося
# дополнительный «Бласт» за каждую…». Default: the first casualty (the bold main text); or each.
CROSSFIRE_BLAST = "crossfire_blast"
# Rally is an initiative test (L624), and L216 gives −1 to the initiative test with any Blast
# Marker; the rally's own list (L624) names only −2 broken and −1 enemy within 30 cm. Default: L624.
RALLY_BLAST_PENALTY = "rally_blast_penalty"
# A War Engine failing a dangerous terrain test loses 1 DC (L824); a unit lost to dangerous terrain
# gives no Blast Marker (L270), while each DC a War Engine loses gives one «по обычным правилам»
# (L868). Default: no marker (L270, the normal rule L868 points to); or one per DC.
WE_DANGEROUS_BLAST = "epic_we_dangerous_blast"
# An aircraft's action test: all its markers go and a failure only stands it down (L1010–1012);
# L122 and L214 give every formation failing the test a Blast Marker. Default: the aircraft rule.
AIRCRAFT_FAILED_BLAST = "epic_aircraft_failed_blast"

# A combined assault won: each formation takes Blast Markers «деля их поровну среди участвующих
# формаций» (L656); a formation drawn in by a counter-charge (L525) and intermingled defenders
# (L590) take their own losses. Default: the combined-assault text, split equally; or own losses.
COMBINED_BLAST = "epic_combined_assault_blast"

HOUSE_RULES = [
    HouseRule(
        BLAST_ON_HIT, default="on_hit", choices=("on_hit", "always"),
        title=Msg.of("combat_epic.house.blast_on_hit.title"),
        choice_titles={"on_hit": Msg.of("combat_epic.house.blast_on_hit.on_hit"),
                       "always": Msg.of("combat_epic.house.blast_on_hit.always")},
        source=Source("epic", 366, 373),
    ),
    HouseRule(
        ASSAULT_ROLL, default="highest", choices=("highest", "sum"),
        title=Msg.of("combat_epic.house.assault_roll.title"),
        choice_titles={"highest": Msg.of("combat_epic.house.assault_roll.highest"),
                       "sum": Msg.of("combat_epic.house.assault_roll.sum")},
        source=Source("epic", 549),
    ),
    HouseRule(
        RALLY_ROUNDING, default="up", choices=("up", "down"),
        title=Msg.of("combat_epic.house.rally_rounding.title"),
        choice_titles={"up": Msg.of("combat_epic.house.rally_rounding.up"),
                       "down": Msg.of("combat_epic.house.rally_rounding.down")},
        source=Source("epic", 628),
    ),
    HouseRule(
        CROSSFIRE_BLAST, default="first", choices=("first", "each"),
        title=Msg.of("combat_epic.house.crossfire_blast.title"),
        choice_titles={"first": Msg.of("combat_epic.house.crossfire_blast.first"),
                       "each": Msg.of("combat_epic.house.crossfire_blast.each")},
        source=Source("epic", 471),
    ),
    HouseRule(
        RALLY_BLAST_PENALTY, default="no", choices=("no", "yes"),
        title=Msg.of("combat_epic.house.rally_blast_penalty.title"),
        choice_titles={"no": Msg.of("combat_epic.house.rally_blast_penalty.no"),
                       "yes": Msg.of("combat_epic.house.rally_blast_penalty.yes")},
        source=Source("epic", 624),
    ),
    HouseRule(
        WE_DANGEROUS_BLAST, default="none", choices=("none", "blast"),
        title=Msg.of("combat_epic.house.we_dangerous_blast.title"),
        choice_titles={"none": Msg.of("combat_epic.house.we_dangerous_blast.none"),
                       "blast": Msg.of("combat_epic.house.we_dangerous_blast.blast")},
        source=Source("epic", 270),
    ),
    HouseRule(
        AIRCRAFT_FAILED_BLAST, default="none", choices=("none", "blast"),
        title=Msg.of("combat_epic.house.aircraft_failed_blast.title"),
        choice_titles={"none": Msg.of("combat_epic.house.aircraft_failed_blast.none"),
                       "blast": Msg.of("combat_epic.house.aircraft_failed_blast.blast")},
        source=Source("epic", 1010, 1012),
    ),
    HouseRule(
        COMBINED_BLAST, default="split", choices=("split", "own"),
        title=Msg.of("combat_epic.house.combined_assault_blast.title"),
        choice_titles={"split": Msg.of("combat_epic.house.combined_assault_blast.split"),
                       "own": Msg.of("combat_epic.house.combined_assault_blast.own")},
        source=Source("epic", 656),
    ),
]
