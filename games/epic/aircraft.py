"""Epic flak and aircraft Blast Markers (4.2.3–4.2.7, l.958–1012)."""
from __future__ import annotations

from dice.roller import Roller
from games.epic import tables as T
from games.epic import tracks
from games.epic.rolls import SaveProfile, roll_saves, roll_to_hit
from games.procedure import Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "epic"


def flak(roller: Roller, shots: int, aa: int, *, save: int | None = None, moved: bool = False,
         intercept: bool = False, jink: bool = False, already_blasted: bool = False,
         aircraft: str | None = None, dc: int | None = None) -> ProcedureResult:
    """AA fire at an air formation: roll against AA (−1 if the firing ground formation moved this
    turn, l.972; +1 for intercepting aircraft, l.966), then the aircraft saves (Jink: 4+, l.968).
    Blast Markers: at most one for being fired at per approach or disengagement, plus one per
    aircraft shot down or DC point lost (l.1006–1008). No crossfire against aircraft (l.964)."""
    if not 1 <= shots <= 100 or not 2 <= aa <= 6:
        raise UserError("combat_epic.error.flak", example="combat_epic.example.flak")
    mods: list[Modifier] = []
    if moved:
        mods.append(Modifier(Msg.of("combat_epic.mod.flak_moved"), T.FLAK_MOVED, Source(BOOK, 972)))
    if intercept:
        mods.append(Modifier(Msg.of("combat_epic.mod.intercept"), T.FLAK_INTERCEPT, Source(BOOK, 966)))
    r = ProcedureResult(BOOK, "flak", Msg.of("combat_epic.title.flak", aircraft=aircraft or Msg.of("combat_epic.word.aircraft")))
    steps, hits = roll_to_hit(roller, shots, aa, mods, Msg.of("combat_epic.step.flak"))
    r.steps.extend(steps)
    profile = SaveProfile(armour=T.JINK_SAVE if jink else save)
    save_steps, unsaved, notes = roll_saves(roller, hits, profile)
    r.steps.extend(save_steps)
    r.notes.extend(notes)
    if jink:
        r.notes.append(Msg.of("combat_epic.note.jink"))
    lost = unsaved if dc is None else min(unsaved, dc)
    blast = (1 if hits and not already_blasted else 0) + lost
    r.outcome.append(Msg.of("combat_epic.out.hits", n=hits))
    r.outcome.append(Msg.of("combat_epic.out.air_lost" if dc is None else "combat_epic.out.dc_lost",
                            n=lost, left=(dc - lost) if dc is not None else 0))
    r.outcome.append(Msg.of("combat_epic.out.air_blast", n=blast))
    if already_blasted and hits:
        r.notes.append(Msg.of("combat_epic.note.air_blast_cap"))
    r.notes.append(Msg.of("combat_epic.note.air_never_broken"))
    if aircraft:
        if lost:
            r.changes.append(StateChange(aircraft, tracks.DC_LOST if dc is not None else tracks.UNITS_LOST, "add",
                                         lost, Msg.of("combat_epic.change.shot_down")))
        if blast:
            r.changes.append(StateChange(aircraft, tracks.BLAST_MARKERS, "add", blast, Msg.of("combat_epic.change.blast")))
    r.data.update(hits=hits, lost=lost, blast=blast)
    return r
