"""The tracked values and statuses Epic procedures change (`StateChange.track`).

The state rules (`games/epic/state.py`) define the formation's tracked values; these names are
the ones the combat procedures emit."""
BLAST_MARKERS = "blast_markers"
UNITS_LOST = "units_lost"      # units removed as casualties
DC_LOST = "dc_lost"            # points of War Engine damage capacity lost
BROKEN = "broken"              # status
DESTROYED = "destroyed"        # status: the formation is wiped out
