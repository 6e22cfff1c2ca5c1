"""The tracked values and statuses Epic procedures change (`StateChange.track`).

The state rules (`games/epic/state.py`) define the formation's tracked values; these names are
the ones the combat procedures emit."""
BLAST_MARKERS = "blast_markers"
UNITS_LOST = "units_lost"      # units removed as casualties
CRITICAL_HITS = "critical_hits"  # a War Engine's critical hits (L862–864); effects on its datasheet
DC_LOST = "damage"             # points of War Engine damage capacity lost
RALLY = "rally"                # op "set": 0 = failed, 1 + leaders = passed (state rules halve)
BROKEN = "broken"              # status: set by the store's break check after each event (L602–604)
DESTROYED = "destroyed"        # status: the formation is wiped out
