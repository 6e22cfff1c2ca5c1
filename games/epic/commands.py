"""Epic's commands: what each takes, and the function that answers it from the options and
the tracked formations (`games.commands`). /shoot epic, epic-barrage, epic-flak; /assault epic;
/odds epic-shoot, epic-assault; /check epic action|regroup|rally|strategy|dangerous|we-damage."""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.epic import checks, odds, tracks
from games.epic.actions import ACTIONS as ACTION_IDS
from games.epic.actions import check_not_acted, shooting_action
from games.epic.aircraft import flak
from games.epic.assault import FIRST_STRIKE, AssaultSide, assault, parse_support
from games.epic.joined import Member
from games.epic.rolls import SaveProfile
from games.epic.shooting import EpicTarget, barrage, shoot
from games.epic.profile import LABELS as PROFILE_LABELS
from games.epic.profile import TYPE_NAMES, TYPES
from games.epic.state import RULES, rally_markers
from games.epic.weapons import parse_weapons
from games.inputs import parse_plus
from games.profiles import note_assumed, note_from_profile, note_override
from games.procedure import ChangeOp, ProcedureResult, StateChange
from games.state_base import UnitState
from i18n import Msg, UserError

OPT = "combat_epic.opt"
ACTIONS = tuple(Choice(f"combat_epic.action.{a}", a) for a in ("none", "double", "marshal", "sustained"))
TITAN_KILLER = tuple(Choice(f"combat_epic.tk.{k}", v) for k, v in (("one", "1"), ("d3", "D3"), ("d6", "D6")))
FIRST_STRIKES = tuple(Choice(f"combat_epic.first_strike.{k}", k) for k in FIRST_STRIKE)
DECLARED = tuple(Choice(f"combat_epic.action.{a}", a) for a in ACTION_IDS)
MAX_UNITS = 100          # a formation, or a side of an assault, as the options allow (issue 14: bounded inputs)

GROUPS = (Group("check", "combat_epic.cmd.check", parent="check"), Group("blast", "combat_epic.cmd.blast"))
BLAST_OPT = "combat_epic.blast_opt"
AMOUNT_LIMIT = 1000


@dataclass(frozen=True)
class Formation:
    """A tracked formation as the book needs it: units left, markers, broken, War Engine DC."""

    state: UnitState
    units: int
    blast: int
    broken: bool
    war_engine: bool
    break_at: int | None


def tracked_formation(ref: UnitRef, settings: dict[str, str], example: str = "combat_epic.example.shoot") -> Formation | None:
    state = ref.state
    if state is None:
        return None
    left = RULES.remaining(state)
    if left <= 0:
        raise UserError("combat_epic.error.destroyed", example=example, unit=state.name)
    war_engine = state.type == "war_engine"
    # A formation breaks at the units it has left after the attack; a War Engine at the state
    # rules' threshold (starting DC unless the house rule says the DC left, L868–870).
    break_at = RULES.threshold(state, settings) if war_engine and settings.get(
        "epic_we_break_threshold", "start") == "start" else None
    return Formation(state, left, state.get(tracks.BLAST_MARKERS), "broken" in state.statuses, war_engine, break_at)


def _saves(armour: str | None, cover_save: str | None, invulnerable: str | None, reinforced: bool) -> SaveProfile:
    return SaveProfile(armour=parse_plus(armour), cover_save=parse_plus(cover_save),
                       invulnerable=parse_plus(invulnerable), reinforced=reinforced)


def unit_types(typed: str | None, found: Formation | None) -> tuple[str, ...]:
    """The target's unit types: the option («пехота, бронетехника», "INF+AV"), else the tracked
    formation's profile, else a War Engine's own type; () when nobody said."""
    if typed:
        types = []
        for part in re.split(r"[,;+/]", typed):
            name = " ".join(part.casefold().replace("ё", "е").split())
            if name not in TYPE_NAMES:
                raise UserError("combat_epic.error.unit_type", example="combat_epic.example.shoot", type=part.strip(),
                                types=", ".join(TYPES))
            types.append(TYPE_NAMES[name])
        return tuple(dict.fromkeys(types))
    if found is not None and found.state.profile.get("type"):
        return (found.state.profile["type"],)
    if found is not None and found.war_engine:
        return ("WE",)
    return ()


def _target(ref: UnitRef, settings: dict[str, str], units: int | None, blast: int | None, saves: SaveProfile,
            in_cover: bool, broken: bool, fearless: bool, dc: int | None, target_type: str | None = None) -> EpicTarget:
    found = tracked_formation(ref, settings)
    types = unit_types(target_type, found)
    if found is not None:
        return EpicTarget(name=found.state.name, units=found.units, blast_markers=found.blast, saves=saves,
                          in_cover=in_cover, broken=found.broken, fearless=fearless,
                          dc=found.units if found.war_engine else None, break_at=found.break_at, unit_types=types)
    if dc is None and not units:
        raise UserError("combat_epic.error.target_units", example="combat_epic.example.shoot", target=ref.typed or "?")
    return EpicTarget(name=ref.typed, units=units or 0, blast_markers=blast or 0, saves=saves, in_cover=in_cover,
                      broken=broken, fearless=fearless, dc=dc, unit_types=types)


# ---- /shoot epic, /odds epic-shoot -------------------------------------------------------------

def _shoot_target(ctx: CommandContext, target: UnitRef, units, blast, armour, cover_save, invulnerable, reinforced,
                  in_cover, broken, fearless, dc, target_type=None) -> EpicTarget:
    return _target(target, ctx.settings, units, blast, _saves(armour, cover_save, invulnerable, reinforced),
                   in_cover, broken, fearless, dc, target_type)


def shooter_weapons(shooter: UnitRef, weapons: str | None, notes: list[Msg]) -> str:
    """The weapons fired: the option, else the tracked shooter's datasheet (noted either way when
    they differ); neither is refused with the option to give."""
    state = shooter.state
    known = state.profile.get("weapons") if state is not None else None
    if weapons:
        if state is not None and known and known != weapons:
            notes.append(note_override(PROFILE_LABELS["weapons"], weapons, known, state.name))
        return weapons
    if state is not None and known:
        notes.append(note_from_profile(PROFILE_LABELS["weapons"], known, state.name))
        return str(known)
    raise UserError("combat_shared.error.missing.value", example="combat_epic.example.shoot",
                    what=PROFILE_LABELS["weapons"], option=Msg.of("combat_epic.opt.weapons.name"))


def damaged_war_engine(shooter: UnitRef, notes: list[Msg]) -> bool:
    """A War Engine at or below its «damaged» DC (DCX/Y/Z, l.856–858) shoots at −1 and moves 5 cm
    less; at its critical DC its CC and FF worsen by its datasheet's numbers (the book gives none)."""
    state = shooter.state
    if state is None or state.type != "war_engine" or not state.profile.get("dc_damaged"):
        return False
    left = RULES.remaining(state)
    if left > state.profile["dc_damaged"]:
        return False
    notes.append(Msg.of("combat_epic.note.damaged_we", unit=state.name, left=left, at=state.profile["dc_damaged"]))
    critical = state.profile.get("dc_critical")
    if critical and left <= critical:
        notes.append(Msg.of("combat_epic.note.critical_we", unit=state.name, at=critical))
    return True


def shoot_command(ctx: CommandContext, weapons: str | None, target: UnitRef, shooter: UnitRef, units: int | None,
                  blast: int | None, armour: str | None, cover_save: str | None, invulnerable: str | None,
                  reinforced: bool, in_cover: bool, action: str, crossfire: bool, broken: bool, fearless: bool,
                  dc: int | None, target_type: str | None = None) -> ProcedureResult:
    notes: list[Msg] = []
    arms = parse_weapons(shooter_weapons(shooter, weapons, notes))
    damaged = damaged_war_engine(shooter, notes)
    tgt = _shoot_target(ctx, target, units, blast, armour, cover_save, invulnerable, reinforced, in_cover, broken,
                        fearless, dc, target_type)
    action = shooting_action(shooter.state, action)
    assert ctx.roller is not None
    result = shoot(ctx.roller, arms, tgt, action=action, crossfire=crossfire, settings=ctx.settings,
                   shooter=shooter.name, firer_damaged=damaged)
    result.notes[:0] = suppression(shooter) + notes
    return result


def suppression(shooter: UnitRef) -> list[Msg]:
    """«За каждый «Бласт», полученный формацией, один юнит … не может стрелять» (L342): the
    tracked shooter's markers say how many of its units are suppressed; the weapons given must
    be those of the others (the bot doesn't know which unit carries which)."""
    state = shooter.state
    if state is None or "broken" in state.statuses or not state.get(tracks.BLAST_MARKERS):
        return []
    suppressed = min(state.get(tracks.BLAST_MARKERS), RULES.remaining(state))
    return [Msg.of("combat_epic.note.suppressed", unit=state.name, n=suppressed, left=RULES.remaining(state) - suppressed)]


def shoot_odds_command(ctx: CommandContext, weapons: str | None, target: UnitRef, shooter: UnitRef, units: int | None,
                       blast: int | None, armour: str | None, cover_save: str | None, invulnerable: str | None,
                       reinforced: bool, in_cover: bool, action: str, crossfire: bool, broken: bool, fearless: bool,
                       dc: int | None, target_type: str | None = None) -> ProcedureResult:
    notes: list[Msg] = []
    arms = parse_weapons(shooter_weapons(shooter, weapons, notes))
    damaged = damaged_war_engine(shooter, notes)
    tgt = _shoot_target(ctx, target, units, blast, armour, cover_save, invulnerable, reinforced, in_cover, broken,
                        fearless, dc, target_type)
    result = odds.shoot_odds(arms, tgt, action=action, crossfire=crossfire, settings=ctx.settings,
                             firer_damaged=damaged)
    result.notes[:0] = suppression(shooter) + notes
    return result


SHOOT_OPTIONS = (
    Option("weapons", str, max_length=200),
    Option("target", unit=True), Option("shooter", unit=True),
    Option("units", int, min=1, max=MAX_UNITS), Option("blast", int, min=0, max=MAX_UNITS),
    Option("armour"), Option("cover_save"), Option("invulnerable"),
    Option("reinforced", bool, default=False), Option("in_cover", bool, default=False),
    Option("action", str, default="none", choices=ACTIONS), Option("crossfire", bool, default=False),
    Option("broken", bool, default=False), Option("fearless", bool, default=False),
    Option("dc", int, min=1, max=MAX_UNITS), Option("target_type", max_length=100),
)


# ---- /shoot epic-barrage -----------------------------------------------------------------------

def barrage_command(ctx: CommandContext, points: int, infantry: int, vehicles: int, target: UnitRef,
                    shooter: UnitRef, units: int | None, blast: int | None, armour: str | None,
                    cover_save: str | None, invulnerable: str | None, in_cover: bool, action: str, crossfire: bool,
                    dc: int | None, centre: bool, macro: bool) -> ProcedureResult:
    saves = _saves(armour, cover_save, invulnerable, False)
    tgt = _target(target, ctx.settings, units or max(infantry + vehicles, 1), blast, saves, in_cover, False, False, dc)
    assert ctx.roller is not None
    return barrage(ctx.roller, points, {"AP": infantry, "AT": vehicles}, tgt, action=action, crossfire=crossfire,
                   settings=ctx.settings, shooter=shooter.name, macro=macro, we_centre=centre)


# ---- /shoot epic-flak --------------------------------------------------------------------------

def flak_command(ctx: CommandContext, shots: int, aa: str, aircraft: UnitRef, armour: str | None, moved: bool,
                 intercept: bool, jink: bool, already: bool, dc: int | None) -> ProcedureResult:
    state = aircraft.state
    if state is not None and state.type == "war_engine" and dc is None:
        dc = RULES.remaining(state)
    assert ctx.roller is not None
    return flak(ctx.roller, shots, parse_plus(aa, required=True, example="combat_epic.example.flak"),
                         save=parse_plus(armour), moved=moved, intercept=intercept, jink=jink,
                         already_blasted=already, aircraft=aircraft.name, dc=dc)


# ---- /assault epic, /odds epic-assault ---------------------------------------------------------

_CONTACT = re.compile(r"^\s*(\d{1,3})\s*(?:/\s*(\d{1,3}))?\s*$")


def parse_contact(text: str | None) -> tuple[int | None, int | None]:
    """"3" → 3 in base contact; "3/5" → 3 in base contact of the 5 within 15 cm (the engaged
    units, L529, L535); the rest of the formation neither fights nor takes the loser's hits (L553)."""
    if text is None or not str(text).strip():
        return None, None
    match = _CONTACT.match(str(text))
    if not match or (match.group(2) is not None and int(match.group(1)) > int(match.group(2))):
        raise UserError("combat_epic.error.contact", example="combat_epic.example.assault", text=text)
    return int(match.group(1)), int(match.group(2)) if match.group(2) is not None else None


_REINFORCED = {"ra", "уб", "reinforced", "усиленная", "усиленное"}
_COVER = {"cover", "укрытие", "укр"}


def parse_assault_armour(text: str | None) -> tuple[int | None, bool, int | None]:
    """"4+" → armour 4+; "4+ RA" (or «УБ»): Reinforced Armour, a failed armour save re-rolled
    (L696); "6+ cover 4+" («укрытие 4+»): infantry's cover save in an assault (L531)."""
    if text is None or not str(text).strip():
        return None, False, None
    armour, reinforced, cover = None, False, None
    words = re.findall(r"[^\s,]+", str(text).casefold())
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word in _REINFORCED:
            reinforced = True
        elif word in _COVER or any(word.startswith(c) and word[len(c):][:1].isdigit() for c in _COVER):
            rest = "" if word in _COVER else next(word[len(c):] for c in _COVER
                                                  if word.startswith(c) and word[len(c):][:1].isdigit())
            if not rest and i < len(words):
                rest, i = words[i], i + 1
            cover = parse_plus(rest, required=True, example="combat_epic.example.assault")
        else:
            armour = parse_plus(word, example="combat_epic.example.assault")
    return armour, reinforced, cover


def _from_profile(found: Formation | None, key: str, given: str | None, notes: list[Msg],
                  option: str) -> int | None:
    """A datasheet value: the option when given (noted when it differs from the profile), else the
    tracked formation's profile (noted), else None."""
    typed = parse_plus(given)
    if found is None:
        return typed
    profile = found.state.profile
    label = PROFILE_LABELS[key]
    if key in profile and profile[key] is not None:
        if given is not None and typed != profile[key]:
            notes.append(note_override(label, f"{typed}+" if typed else "—", f"{profile[key]}+", found.state.name))
            return typed
        if given is None:
            notes.append(note_from_profile(label, f"{profile[key]}+", found.state.name))
            return profile[key]
    return typed


def first_strike(found: Formation | None, given: str | None, notes: list[Msg]) -> str:
    """Whose attacks strike first (L782): the option, else the tracked formation's profile (its
    weapons' First Strike, on the extra attacks alone when that weapon has Extra Attacks, L778)."""
    known = found.state.profile.get("first_strike") if found is not None else None
    label = PROFILE_LABELS["first_strike"]
    if given is not None:
        if found is not None and (known or "none") != given:
            notes.append(note_override(label, Msg.of(f"combat_epic.first_strike.{given}"),
                                       Msg.of(f"combat_epic.first_strike.{known or 'none'}"), found.state.name))
        return given
    if found is not None and known:
        notes.append(note_from_profile(label, Msg.of(f"combat_epic.first_strike.{known}"), found.state.name))
        return str(known)
    return "none"


def extra_attacks(found: Formation | None, given: int | None, in_contact: int, notes: list[Msg]) -> int:
    """Extra Attacks dice: the option, else the profile's EA(+n) for each unit in base contact
    (L778: «EA (+2) — юнит может сделать два дополнительных удара»), noted either way."""
    per_unit = found.state.profile.get("extra_attacks") if found is not None else None
    if given is not None:
        if found is not None and per_unit and given != per_unit * in_contact:
            notes.append(note_override(PROFILE_LABELS["extra_attacks"], given, per_unit * in_contact,
                                       found.state.name))
        return given
    if found is not None and per_unit:
        notes.append(note_from_profile(PROFILE_LABELS["extra_attacks"],
                                       Msg.of("combat_epic.note.extra_from_profile", n=per_unit, units=in_contact,
                                              dice=per_unit * in_contact), found.state.name))
        return per_unit * in_contact
    return 0


_JOINED_PART = re.compile(r"^(?P<name>.+?)\s*(?:=\s*(?P<units>\d{1,3})\s*(?:/\s*(?P<blast>\d{1,3}))?)?$")


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def joined_formations(ref: UnitRef, roster: tuple[UnitState, ...], settings: dict[str, str],
                      ) -> tuple[tuple[Member, ...], Formation | None] | None:
    """Several formations as one side, «Тактики 1 + Тактики 2»: a combined assault for the
    attacker (L650–656), intermingled formations for the defender (L586–590). Each is a tracked
    formation of the channel's game, or written with its units and Blast Markers, «Орки=6/1».
    Returns the formations and the first tracked one (whose profile gives the values), or None
    for a single formation."""
    if ref.state is not None or not ref.typed or "+" not in ref.typed:
        return None
    by_name = {_fold(u.name): u for u in roster}
    members: list[Member] = []
    lead: Formation | None = None
    for part in ref.typed.split("+"):
        match = _JOINED_PART.match(part.strip().strip('"«»“”'))
        if not match or not match.group("name").strip():
            raise UserError("combat_epic.error.joined", example="combat_epic.example.combined", text=part.strip())
        name = match.group("name").strip()
        state = by_name.get(_fold(name))
        if state is not None:
            found = tracked_formation(UnitRef(name, state), settings, "combat_epic.example.combined")
            assert found is not None
            if found.war_engine:
                raise UserError("combat_epic.error.joined_war_engine", example="combat_epic.example.combined",
                                unit=state.name)
            lead = lead or found
            members.append(Member(state.name, found.units, found.blast, found.broken))
        elif match.group("units") and int(match.group("units")) > 0:
            members.append(Member(name, int(match.group("units")), int(match.group("blast") or 0)))
        else:
            raise UserError("combat_epic.error.joined", example="combat_epic.example.combined", text=name)
    if len({_fold(m.name) for m in members}) != len(members):
        raise UserError("combat_epic.error.joined", example="combat_epic.example.combined", text=ref.typed)
    return tuple(members), lead


def _side(ref: UnitRef, settings, units, cc, ff, contact_text, extra, armour_text, inv, blast, fearless, inspiring,
          support, notes: list[Msg], prefix: str = "", dc: int | None = None,
          strikes_first: str | None = None, roster: tuple[UnitState, ...] = ()) -> AssaultSide:
    contact, engaged = parse_contact(contact_text)
    armour, reinforced, cover = parse_assault_armour(armour_text)
    if cover is not None and not prefix:
        # «Пехотные юниты из формаций, совершавших контратаку или маневр сближения не могут
        # применять спас-броски за укрытие» (L531): the attacker charged.
        raise UserError("combat_epic.error.attacker_cover", example="combat_epic.example.assault")
    joined = joined_formations(ref, roster, settings)
    members: tuple[Member, ...] = ()
    if joined is not None:
        if units or blast or dc:
            raise UserError("combat_epic.error.joined_counts", example="combat_epic.example.combined")
        members, found = joined
        units, blast = sum(m.units for m in members), sum(m.blast_markers for m in members)
        _different_values(members, found, roster, notes)
    else:
        found = tracked_formation(ref, settings, "combat_epic.example.assault")
    broken, name = False, ref.typed
    war_engine_dc = dc
    if dc is not None and not units:
        units = dc                      # an untracked War Engine: undamaged unless units (DC left) say so
    if members:
        broken, name = all(m.broken for m in members), " + ".join(m.name for m in members)
    elif found is not None:
        units, blast, broken, name = found.units, found.blast, found.broken, found.state.name
        if found.war_engine:
            war_engine_dc = found.state.size     # starting DC (L892, L896); units = DC left
    if engaged is not None and war_engine_dc is None and units and engaged > units:
        raise UserError("combat_epic.error.assault_units", example="combat_epic.example.assault")
    if not units:
        raise UserError("combat_epic.error.side_units", example="combat_epic.example.assault", side=name or "?")
    cc_value = _from_profile(found, "cc", cc, notes, prefix + "cc")
    ff_value = _from_profile(found, "ff", ff, notes, prefix + "ff")
    armour_value = _from_profile(found, "armour", f"{armour}+" if armour else None, notes, prefix + "armour")
    if cc_value is None and ff_value is None:
        # Issue 10: a side's CC was silently 4+. The book gives every unit its own (L62–64).
        raise UserError("combat_epic.error.need_cc", example="combat_epic.example.assault", side=name or "?",
                        option=Msg.of(f"combat_epic.opt.{prefix}cc.name"))
    if armour_value is None and (found is None or "armour" not in found.state.profile):
        notes.append(note_assumed(PROFILE_LABELS["armour"], "—", Msg.of("combat_epic.note.no_armour_given",
                                                                        side=name or "?", option=Msg.of(f"combat_epic.opt.{prefix}armour.name"))))
    if contact is not None and contact > (war_engine_dc or engaged or units):
        raise UserError("combat_epic.error.assault_units", example="combat_epic.example.assault")
    # Cover saves in an assault: infantry of a formation that didn't charge or counter-charge (L531).
    saves = SaveProfile(armour=armour_value, cover_save=cover, invulnerable=parse_plus(inv),
                        reinforced=reinforced)
    return AssaultSide(name=name, units=units, engaged=engaged, in_contact=contact, cc=cc_value, ff=ff_value,
                       extra_attacks=extra_attacks(found, extra, contact if contact is not None
                                                   else war_engine_dc or engaged or units, notes),
                       first_strike=first_strike(found, strikes_first, notes),
                       saves=saves, blast_markers=blast or 0, broken=broken,
                       fearless=fearless, inspiring=inspiring or 0, support=parse_support(support),
                       war_engine_dc=war_engine_dc, formations=members)


def _different_values(members: tuple[Member, ...], lead: Formation | None, roster: tuple[UnitState, ...],
                      notes: list[Msg]) -> None:
    """The side rolls with one CC, FF, save, Extra Attacks and First Strike (the options, else the
    first tracked formation's profile): a formation whose profile differs is named, so the players
    see what was used."""
    if lead is None:
        return
    by_name = {u.name: u for u in roster}
    for m in members:
        state = by_name.get(m.name)
        if state is None or state is lead.state:
            continue
        if any(state.profile.get(k) != lead.state.profile.get(k)
               for k in ("cc", "ff", "armour", "extra_attacks", "first_strike")):
            notes.append(Msg.of("combat_epic.note.joined_values", unit=state.name, lead=lead.state.name))


def _sides(ctx: CommandContext, o: dict) -> tuple[AssaultSide, AssaultSide, list[Msg]]:
    notes: list[Msg] = []
    attacker = _side(o["attacker"], ctx.settings, o["units"], o["cc"], o["ff"], o["contact"], o["extra"], o["armour"],
                     o["invulnerable"], o["blast"], o["fearless"], o["inspiring"], o["support"], notes,
                     strikes_first=o.get("first_strike"), roster=ctx.roster)
    defender = _side(o["defender"], ctx.settings, o["d_units"], o["d_cc"], o["d_ff"], o["d_contact"], None,
                     o["d_armour"], o["d_invulnerable"], o["d_blast"], o["d_fearless"], o["d_inspiring"],
                     o["d_support"], notes, "d_", strikes_first=o.get("d_first_strike"), roster=ctx.roster)
    return attacker, defender, notes


def assault_command(ctx: CommandContext, **options) -> ProcedureResult:
    attacker, defender, notes = _sides(ctx, options)
    assert ctx.roller is not None
    result = assault(ctx.roller, attacker, defender, settings=ctx.settings)
    result.notes[:0] = notes
    return result


def assault_odds_command(ctx: CommandContext, **options) -> ProcedureResult:
    attacker, defender, notes = _sides(ctx, options)
    result = odds.assault_odds(attacker, defender, settings=ctx.settings)
    result.notes[:0] = notes
    return result


ASSAULT_OPTIONS = (
    Option("attacker", unit=True), Option("defender", unit=True),
    Option("units", int, min=1, max=MAX_UNITS), Option("cc"), Option("ff"),
    Option("contact", max_length=10), Option("extra", int, min=0, max=MAX_UNITS),
    Option("armour"), Option("invulnerable"), Option("blast", int, min=0, max=MAX_UNITS),
    Option("inspiring", int, default=0, min=0, max=MAX_UNITS), Option("fearless", bool, default=False),
    Option("support"), Option("first_strike", str, choices=FIRST_STRIKES),
    Option("d_units", int, min=1, max=MAX_UNITS), Option("d_cc"), Option("d_ff"),
    Option("d_contact", max_length=10), Option("d_armour"), Option("d_invulnerable"),
    Option("d_blast", int, min=0, max=MAX_UNITS), Option("d_inspiring", int, default=0, min=0, max=MAX_UNITS),
    Option("d_fearless", bool, default=False), Option("d_support"),
    Option("d_first_strike", str, choices=FIRST_STRIKES),
)


# ---- /check epic … -------------------------------------------------------------------------------

def _tested(ref: UnitRef, settings) -> tuple[Formation | None, str | None]:
    found = tracked_formation(ref, settings)
    return found, (found.state.name if found else ref.typed)


def _acting(result: ProcedureResult, found: Formation | None) -> ProcedureResult:
    """A formation's own test: applied only for a player who may act for its side."""
    if found is not None:
        result.acting.append(found.state.name)
    return result


def combined_formations(text: str | None, ctx: CommandContext) -> tuple[tuple[str, int], ...]:
    """The two formations a Commander orders to join (L652): «Тактики 2 + Опустошители», each
    tracked (its markers read, and it must not have acted) or written «Name=blast»."""
    if not text or not text.strip():
        return ()
    by_name = {_fold(u.name): u for u in ctx.roster}
    out: list[tuple[str, int]] = []
    for part in re.split(r"[+,;]", text):
        match = re.match(r"^(?P<name>.+?)\s*(?:=\s*(?P<blast>\d{1,3}))?$", part.strip().strip('"«»“”'))
        if not match:
            raise UserError("combat_epic.error.combined", example="combat_epic.example.combined_test", text=part)
        state = by_name.get(_fold(match.group("name")))
        if state is not None:
            check_not_acted(state)
            out.append((state.name, state.get(tracks.BLAST_MARKERS)))
        elif match.group("blast") is not None:
            out.append((match.group("name").strip(), int(match.group("blast"))))
        else:
            raise UserError("combat_epic.error.combined", example="combat_epic.example.combined_test",
                            text=match.group("name"))
    if not 1 <= len(out) <= 2 or len({_fold(n) for n, _ in out}) != len(out):   # «двум формациям» (L652)
        raise UserError("combat_epic.error.combined", example="combat_epic.example.combined_test", text=text)
    return tuple(out)


def action_command(ctx: CommandContext, initiative: str, formation: UnitRef, blast: int | None, retaining: bool,
                   aircraft_formation: bool, declared: str | None = None,
                   supreme_commander: bool = False, combined: str | None = None) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    check_not_acted(found.state if found else None)
    joining = combined_formations(combined, ctx)
    if joining and declared not in (None, "engage"):
        raise UserError("combat_epic.error.combined_engage", example="combat_epic.example.combined_test")
    assert ctx.roller is not None
    result = checks.action_test(ctx.roller, parse_plus(initiative, low=1, required=True,
                                                        example="combat_epic.example.action"),
                                blast_markers=found.blast if found else blast or 0, retaining=retaining,
                                aircraft=aircraft_formation, formation=name, declared=declared,
                                supreme_commander=supreme_commander, settings=ctx.settings, combined=joining)
    tracked = {_fold(u.name) for u in ctx.roster}
    result.acting.extend(n for n, _ in joining if _fold(n) in tracked)      # they act too (L656)
    return _acting(result, found)


def teleport_command(ctx: CommandContext, units: int | None, formation: UnitRef) -> ProcedureResult:
    found = tracked_formation(formation, ctx.settings, "combat_epic.example.teleport")
    count = units if units is not None else found.units if found else None
    if count is None:
        raise UserError("combat_epic.error.units", example="combat_epic.example.teleport")
    assert ctx.roller is not None
    return checks.teleport(ctx.roller, units=count, formation=formation.name)


def planetfall_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.planetfall(ctx.roller)


def regroup_command(ctx: CommandContext, formation: UnitRef, blast: int | None, leaders: int) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.regroup(ctx.roller, found.blast if found else blast or 0, leaders=leaders, formation=name)
    return _acting(result, found)


def rally_command(ctx: CommandContext, initiative: str, formation: UnitRef, blast: int | None, broken: bool,
                  units: int | None, enemy_near: bool, leaders: int) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.rally(ctx.roller, parse_plus(initiative, low=1, required=True, example="combat_epic.example.rally"),
                          blast_markers=found.blast if found else blast or 0,
                          broken=found.broken if found else broken,
                          # a broken War Engine counts as its starting DC in markers (L870), as the state does
                          units=rally_markers(found.state, ctx.settings) if found and found.broken
                          else found.units if found else units or 1,
                          enemy_within_30=enemy_near, leaders=leaders, formation=name, settings=ctx.settings)
    return _acting(result, found)


# ---- /blast add|remove|clear|rally ---------------------------------------------------------------
# Plain state changes (no dice) on a tracked formation; the state rules break it when its markers
# reach its units (L600–610). Rally is the same core function as /check epic rally.

def _blast_formation(ctx: CommandContext, formation: UnitRef) -> UnitState:
    if not ctx.in_game:
        raise UserError("combat_epic.error.blast_no_game", example="combat_epic.blast_example.add")
    if formation.state is None:
        raise UserError("combat_epic.error.blast_untracked", example="combat_epic.blast_example.add",
                        unit=formation.typed or "?")
    return formation.state


def _blast_change(ctx: CommandContext, formation: UnitRef, op: ChangeOp, amount: int, title: str) -> ProcedureResult:
    state = _blast_formation(ctx, formation)
    result = ProcedureResult("epic", "blast", Msg.of(title, n=abs(amount), unit=state.name))
    change = StateChange(state.name, tracks.BLAST_MARKERS, op, amount)
    result.changes.append(change)
    # The formation's line as it will read (the store applies the same rules in its transaction).
    after = state.copy()
    RULES.apply(after, change, ctx.settings)
    RULES.settle(after, state, ctx.settings)
    result.outcome.extend(RULES.describe(after, ctx.settings))
    return result


def blast_add_command(ctx: CommandContext, formation: UnitRef, amount: int) -> ProcedureResult:
    return _blast_change(ctx, formation, "add", amount, "combat_epic.title.blast_add")


def blast_remove_command(ctx: CommandContext, formation: UnitRef, amount: int) -> ProcedureResult:
    return _blast_change(ctx, formation, "add", -amount, "combat_epic.title.blast_remove")


def blast_clear_command(ctx: CommandContext, formation: UnitRef) -> ProcedureResult:
    return _blast_change(ctx, formation, "set", 0, "combat_epic.title.blast_clear")


def blast_rally_command(ctx: CommandContext, formation: UnitRef, initiative: int, enemy_near: bool,
                        leaders: int) -> ProcedureResult:
    _blast_formation(ctx, formation)
    return rally_command(ctx, f"{initiative}+", formation, blast=None, broken=False, units=None,
                         enemy_near=enemy_near, leaders=leaders)


def strategy_command(ctx: CommandContext, rating_a: int, rating_b: int, side_a: str, side_b: str) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.strategy_roll(ctx.roller, rating_a, rating_b, name_a=side_a, name_b=side_b)


def dangerous_command(ctx: CommandContext, units: int, formation: UnitRef, careful: bool) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.dangerous_terrain(ctx.roller, units, careful=careful,
                                      war_engine=bool(found and found.war_engine), formation=name,
                                      settings=ctx.settings)
    return _acting(result, found)


def we_damage_command(ctx: CommandContext, hits: int, formation: UnitRef, dc: int | None,
                      tk: str | None) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    left = found.units if found is not None else dc
    if not left:
        raise UserError("combat_epic.error.we_dc", example="combat_epic.example.damage")
    assert ctx.roller is not None
    return checks.war_engine_damage(ctx.roller, hits, dc=left, titan_killer=tk, formation=name)


FORMATION = Option("formation", unit=True)

BLAST_FORMATION = Option("formation", unit=True, required=True)
BLAST_AMOUNT = Option("amount", int, default=1, min=1, max=AMOUNT_LIMIT)

COMMANDS = (
    Command("combat_epic.cmd.blast_add", "blast", (BLAST_FORMATION, BLAST_AMOUNT), BLAST_OPT, blast_add_command, own_side=True),
    Command("combat_epic.cmd.blast_remove", "blast", (BLAST_FORMATION, BLAST_AMOUNT), BLAST_OPT,
            blast_remove_command, own_side=True),
    Command("combat_epic.cmd.blast_rally", "blast", (
        BLAST_FORMATION, Option("initiative", int, required=True, min=1, max=6),
        Option("enemy_near", bool, default=False), Option("leaders", int, default=0, min=0, max=10)),
        BLAST_OPT, blast_rally_command, own_side=True),
    Command("combat_epic.cmd.blast_clear", "blast", (BLAST_FORMATION,), BLAST_OPT, blast_clear_command, own_side=True),
    Command("combat_epic.cmd.shoot", "shoot", SHOOT_OPTIONS, OPT, shoot_command),
    Command("combat_epic.cmd.odds_shoot", "odds", SHOOT_OPTIONS, OPT, shoot_odds_command, heavy=True, applies=False,
            chart=True, compare="weapons"),
    Command("combat_epic.cmd.barrage", "shoot", (
        Option("points", int, required=True, min=1, max=18),
        Option("infantry", int, default=0, min=0, max=MAX_UNITS), Option("vehicles", int, default=0, min=0, max=MAX_UNITS),
        Option("target", unit=True), Option("shooter", unit=True),
        Option("units", int, min=1, max=MAX_UNITS), Option("blast", int, min=0, max=MAX_UNITS),
        Option("armour"), Option("cover_save"), Option("invulnerable"), Option("in_cover", bool, default=False),
        Option("action", str, default="none", choices=ACTIONS), Option("crossfire", bool, default=False),
        Option("dc", int, min=1, max=MAX_UNITS), Option("centre", bool, default=False),
        Option("macro", bool, default=False)), OPT, barrage_command),
    Command("combat_epic.cmd.flak", "shoot", (
        Option("shots", int, required=True, min=1, max=MAX_UNITS), Option("aa", str, required=True),
        Option("aircraft", unit=True), Option("armour"), Option("moved", bool, default=False),
        Option("intercept", bool, default=False), Option("jink", bool, default=False),
        Option("already", bool, default=False), Option("dc", int, min=1, max=MAX_UNITS)), OPT, flak_command),
    Command("combat_epic.cmd.assault", "assault", ASSAULT_OPTIONS, OPT, assault_command, roster=True),
    Command("combat_epic.cmd.odds_assault", "odds", ASSAULT_OPTIONS, OPT, assault_odds_command, heavy=True,
            applies=False, roster=True),
    Command("combat_epic.cmd.action", "check", (
        Option("initiative", str, required=True), FORMATION, Option("blast", int, min=0, max=MAX_UNITS),
        Option("retaining", bool, default=False), Option("aircraft_formation", bool, default=False),
        Option("declared", str, choices=DECLARED), Option("supreme_commander", bool, default=False),
        Option("combined", str, max_length=200)),
        OPT, action_command, roster=True),
    Command("combat_epic.cmd.teleport", "check", (Option("units", int, min=1, max=MAX_UNITS), FORMATION),
            OPT, teleport_command),
    Command("combat_epic.cmd.planetfall", "check", (), OPT, planetfall_command, applies=False),
    Command("combat_epic.cmd.regroup", "check", (
        FORMATION, Option("blast", int, min=0, max=MAX_UNITS), Option("leaders", int, default=0, min=0, max=10)),
        OPT, regroup_command),
    Command("combat_epic.cmd.rally", "check", (
        Option("initiative", str, required=True), FORMATION, Option("blast", int, min=0, max=MAX_UNITS),
        Option("broken", bool, default=False), Option("units", int, min=1, max=MAX_UNITS),
        Option("enemy_near", bool, default=False), Option("leaders", int, default=0, min=0, max=10)),
        OPT, rally_command),
    Command("combat_epic.cmd.strategy", "check", (
        Option("rating_a", int, required=True, min=0, max=10), Option("rating_b", int, required=True, min=0, max=10),
        Option("side_a", str, default="A", max_length=100), Option("side_b", str, default="B", max_length=100)),
        OPT, strategy_command, applies=False),
    Command("combat_epic.cmd.dangerous", "check", (
        Option("units", int, default=1, min=1, max=MAX_UNITS), FORMATION, Option("careful", bool, default=False)),
        OPT, dangerous_command),
    Command("combat_epic.cmd.we_damage", "check", (
        Option("hits", int, required=True, min=1, max=MAX_UNITS), FORMATION, Option("dc", int, min=1, max=MAX_UNITS),
        Option("tk", str, choices=TITAN_KILLER)), OPT, we_damage_command),
)
