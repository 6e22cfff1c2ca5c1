"""Epic shooting (1.9.3–1.9.7, l.362–406), barrage (1.9.8, l.408–445) and the War Engine damage it
causes (3.2.2–3.2.5, l.852–878): to-hit, Blast Markers, saves, casualties, break check."""
from __future__ import annotations

from dataclasses import dataclass, field

from dice.roller import Roller
from games.epic import house_rules as H
from games.epic import tables as T
from games.epic import tracks
from games.epic.rolls import SaveProfile, roll_saves, roll_to_hit
from games.epic.weapons import UNSTATED, can_affect, Weapon
from games.house_rules import effective
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "epic"
ACTIONS = ("none", "advance", "double", "marshal", "sustained", "overwatch", "hold")


@dataclass(frozen=True)
class EpicTarget:
    """The target formation, from the channel's state or from the numbers a player gives."""

    name: str | None = None
    units: int = 1                      # units remaining (ignored for a War Engine: see dc)
    blast_markers: int = 0
    saves: SaveProfile = field(default_factory=SaveProfile)
    in_cover: bool = False              # −1 to hit (l.382)
    broken: bool = False
    fearless: bool = False              # may save against hits from Blast Markers when broken (l.614, 660)
    dc: int | None = None               # a War Engine target: its current damage capacity (3.2.2, l.852)
    break_at: int | None = None         # Blast Markers that break it, when not the units left
    unit_types: tuple[str, ...] = ()    # INF, LV, AV, WE, AC, CH: what AP/AT/AA hits can affect (L80, L398)
                                        # (War Engines: starting DC by default, l.870; see state.py)

    @property
    def size(self) -> int:
        """What Blast Markers are compared with: units, or the War Engine's DC (l.854, 870)."""
        return self.dc if self.dc is not None else self.units


def to_hit_modifiers(action: str, in_cover: bool, weapon: Weapon, firer_damaged: bool = False) -> list[Modifier]:
    mods: list[Modifier] = []
    if firer_damaged:
        mods.append(Modifier(Msg.of("combat_epic.mod.damaged_we"), T.TO_HIT_DAMAGED_WE, Source(BOOK, 858)))
    if in_cover and not weapon.ignore_cover:      # Ignore Cover skips it (l.786); MW and TK keep it (l.792, 806)
        mods.append(Modifier(Msg.of("combat_epic.mod.cover"), T.TO_HIT_COVER, Source(BOOK, 382)))
    if action in ("double", "marshal"):
        mods.append(Modifier(Msg.of("combat_epic.mod.double_marshal"), T.TO_HIT_DOUBLE_MARSHAL, Source(BOOK, 383)))
    if action == "sustained":
        mods.append(Modifier(Msg.of("combat_epic.mod.sustained"), T.TO_HIT_SUSTAINED, Source(BOOK, 384)))
    return mods


def _count(roller: Roller, weapon: Weapon, steps: list[DiceStep]) -> int:
    if weapon.count.isdigit():
        return int(weapon.count)
    sides = 3 if weapon.count == "D3" else 6
    value = roller.d3() if sides == 3 else roller.die(6)
    steps.append(DiceStep(label=Msg.of("combat_epic.step.shots", weapon=weapon.label()), dice=[value],
                          target=weapon.count, note=Msg.of("combat_epic.note.shots_source")))
    return value


@dataclass
class _Damage:
    """Casualties and Blast Markers a formation has taken so far in one attack."""

    kills: int = 0
    dc_lost: int = 0
    criticals: int = 0
    blast: int = 0


def _damage_war_engine(roller: Roller, points: int, remaining_dc: int, steps: list[DiceStep]) -> tuple[int, int]:
    """Each point of damage rolls for a critical (3.2.3, l.864): returns (dc lost, criticals)."""
    points = min(points, remaining_dc)
    if points <= 0:
        return 0, 0
    dice = roller.dice(points)
    crits = sum(1 for d in dice if d >= T.CRITICAL_HIT_ON)
    steps.append(DiceStep(label=Msg.of("combat_epic.step.critical"), dice=dice, target="6",
                          successes=crits, note=Msg.of("combat_epic.note.critical_source")))
    return points, crits


def shoot(roller: Roller, weapons: list[Weapon], target: EpicTarget, *, action: str = "none",
          crossfire: bool = False, settings: dict[str, str] | None = None, shooter: str | None = None,
          extra_blast: int = 0, title: Msg | None = None, hit_values: dict[str, int] | None = None,
          firer_damaged: bool = False) -> ProcedureResult:
    """A whole shooting attack by one formation on one target formation.

    `extra_blast`: Blast Markers added on top of hits and kills (barrage table, l.441).
    `hit_values`: a barrage's to-hit by AP/AT (then the weapons' own values are ignored)."""
    if action not in ACTIONS:
        raise UserError("combat_epic.error.action", example="combat_epic.example.shoot")
    if target.size <= 0:
        raise UserError("combat_epic.error.no_units", example="combat_epic.example.shoot")
    if not target.unit_types and hit_values is None:      # a barrage is given its AP and AT targets
        result_notes_type = Msg.of("combat_epic.note.type_unknown")
    elif hit_values is None and set(target.unit_types) & UNSTATED:
        result_notes_type = Msg.of("combat_epic.note.type_unstated")
    else:
        result_notes_type = None
    rules = effective("epic", settings)
    result = ProcedureResult(game=BOOK, procedure="shoot",
                             title=title or Msg.of("combat_epic.title.shoot", shooter=shooter or Msg.of("combat_epic.word.shooter"),
                                                   target=target.name or Msg.of("combat_epic.word.target")))
    steps, notes = result.steps, result.notes
    if result_notes_type is not None:
        notes.append(result_notes_type)
    dmg = _Damage()

    if rules[H.BLAST_ON_HIT] == "always":
        dmg.blast += 1                                 # 1.9.3 step 1 (l.366), house rule
        notes.append(Msg.of("combat_epic.house.blast_on_hit.applied_always"))

    if any(w.sniper for w in weapons):
        # Sniper (l.716): rolled apart (each weapon line is), its hits allocated by the attacker
        notes.append(Msg.of("combat_epic.note.sniper"))

    # 1. To-hit, weapon by weapon (l.375–394).
    groups: list[tuple[Weapon, int]] = []
    for weapon in weapons:
        count = _count(roller, weapon, steps)
        value = hit_values[weapon.kind] if hit_values and weapon.kind in hit_values else weapon.value
        mods = to_hit_modifiers(action, target.in_cover, weapon, firer_damaged)
        weapon_steps, hits = roll_to_hit(roller, count, value, mods,
                                         Msg.of("combat_epic.step.to_hit", weapon=weapon.label()))
        steps.extend(weapon_steps)
        groups.append((weapon, hits))
    total_hits = sum(h for _, h in groups)

    # 2. One Blast Marker for being hit at all (l.126, l.373), even if the hits can't hurt.
    if total_hits and rules[H.BLAST_ON_HIT] == "on_hit":
        dmg.blast += 1
        result.outcome.append(Msg.of("combat_epic.out.blast_for_hit"))

    # 3. Saves: ordinary hits first, then Macro-weapons, then Titan Killers (l.402, l.794).
    def order(w: Weapon) -> int:
        return 2 if w.titan_killer else 1 if w.macro else 0

    first_casualty_done = False
    remaining = target.size
    for weapon, hits in sorted(groups, key=lambda g: order(g[0])):
        if not hits or remaining <= 0:
            continue
        if not can_affect(weapon.kind, target.unit_types):
            # «Противопехотное AP оружие поражает только пехоту, противотанковое AT только технику» (L398)
            result.outcome.append(Msg.of("combat_epic.out.kind_cannot_hit", weapon=weapon.label(), hits=hits,
                                         types=", ".join(target.unit_types)))
            continue
        if weapon.titan_killer and target.dc is not None:
            points = hits
            if weapon.titan_killer in ("D3", "D6"):
                rolled = [roller.d3() if weapon.titan_killer == "D3" else roller.die(6) for _ in range(hits)]
                steps.append(DiceStep(label=Msg.of("combat_epic.step.tk_damage", tk=weapon.titan_killer),
                                      dice=rolled, target=weapon.titan_killer,
                                      note=Msg.of("combat_epic.note.tk_damage_source")))
                points = sum(rolled)
            elif weapon.titan_killer.isdigit():
                points = hits * int(weapon.titan_killer)
            hits = points                               # «считается получившей столько попаданий» (l.810)
        save_steps, unsaved, save_notes = roll_saves(
            roller, hits, target.saves, macro=weapon.macro, titan_killer=bool(weapon.titan_killer),
            ignore_cover=weapon.ignore_cover, crossfire=crossfire,
            label=None)
        steps.extend(save_steps)
        notes.extend(n for n in save_notes if n not in notes)
        if target.dc is not None:
            lost, crits = _damage_war_engine(roller, unsaved, remaining, steps)
            dmg.dc_lost += lost
            dmg.criticals += crits
            remaining -= lost
            new_blast = lost if not weapon.disrupt else hits   # a BM per DC point lost (l.868)
        else:
            lost = min(unsaved, remaining)
            dmg.kills += lost
            remaining -= lost
            new_blast = hits if weapon.disrupt else lost        # Disrupt: a BM per hit instead (l.774)
        if weapon.disrupt:
            notes.append(Msg.of("combat_epic.note.disrupt"))
        if crossfire and lost and rules[H.CROSSFIRE_BLAST] == "each":
            new_blast += lost                           # house rule: one more per casualty (L471)
            result.outcome.append(Msg.of("combat_epic.house.crossfire_blast.applied_each", n=lost))
        elif crossfire and lost and not first_casualty_done:
            new_blast += 1                              # two BMs for the first casualty (l.471)
            result.outcome.append(Msg.of("combat_epic.out.crossfire_blast"))
        if lost:
            first_casualty_done = True
        dmg.blast += new_blast

    if dmg.criticals:
        notes.append(Msg.of("combat_epic.note.critical_effect", n=dmg.criticals))
    if extra_blast:
        dmg.blast += extra_blast

    # 4. A broken formation takes a hit with no save for each Blast Marker instead (l.614).
    if target.broken and dmg.blast and remaining > 0:
        extra_hits = dmg.blast
        dmg.blast = 0
        result.outcome.append(Msg.of("combat_epic.out.broken_hits", n=extra_hits))
        unsaved = extra_hits
        if target.fearless:                             # Fearless may save (l.660)
            save_steps, unsaved, _ = roll_saves(roller, extra_hits, target.saves)
            steps.extend(save_steps)
        if target.dc is not None:
            lost, crits = _damage_war_engine(roller, unsaved, remaining, steps)
            dmg.dc_lost += lost
            dmg.criticals += crits
        else:
            lost = min(unsaved, remaining)
            dmg.kills += lost
        remaining -= lost

    return _finish(result, target, dmg, remaining, total_hits, crossfire)


def _finish(result: ProcedureResult, target: EpicTarget, dmg: _Damage, remaining: int,
            total_hits: int, crossfire: bool) -> ProcedureResult:
    name = target.name or "?"
    out = result.outcome
    out.insert(0, Msg.of("combat_epic.out.hits", n=total_hits))
    if target.dc is not None:
        out.append(Msg.of("combat_epic.out.dc_lost", n=dmg.dc_lost, left=remaining))
    else:
        out.append(Msg.of("combat_epic.out.kills", n=dmg.kills, left=remaining))
    blast_after = target.blast_markers + dmg.blast
    became_broken = False
    destroyed = remaining <= 0
    if destroyed:
        out.append(Msg.of("combat_epic.out.destroyed", target=name))
    elif target.broken:
        out.append(Msg.of("combat_epic.out.already_broken", target=name))
    else:
        out.append(Msg.of("combat_epic.out.blast_total", added=dmg.blast, total=blast_after))
        # Break check after the whole attack (l.404–406): BM ≥ units remaining.
        threshold = target.break_at if target.break_at is not None else remaining
        became_broken = blast_after >= threshold
        key = "combat_epic.out.break_yes" if became_broken else "combat_epic.out.break_no"
        out.append(Msg.of(key, target=name, bm=blast_after, units=threshold))
    if crossfire:
        result.notes.append(Msg.of("combat_epic.note.crossfire"))

    if target.name:
        if dmg.kills:
            result.changes.append(StateChange(target.name, tracks.UNITS_LOST, "add", dmg.kills,
                                              Msg.of("combat_epic.change.kills")))
        if dmg.dc_lost:
            result.changes.append(StateChange(target.name, tracks.DC_LOST, "add", dmg.dc_lost,
                                              Msg.of("combat_epic.change.dc_lost")))
        if dmg.criticals:
            result.changes.append(StateChange(target.name, tracks.CRITICAL_HITS, "add", dmg.criticals,
                                              Msg.of("combat_epic.change.criticals")))
        # The store's state rules run the break check and mark destroyed formations (L602–604).
        if dmg.blast and not target.broken and not destroyed:
            result.changes.append(StateChange(target.name, tracks.BLAST_MARKERS, "add", dmg.blast,
                                              Msg.of("combat_epic.change.blast")))
    result.data.update(hits=total_hits, kills=dmg.kills, dc_lost=dmg.dc_lost, criticals=dmg.criticals,
                       blast_added=dmg.blast, blast_after=blast_after, remaining=remaining,
                       broken=became_broken or target.broken, destroyed=destroyed)
    return result


def barrage(roller: Roller, points: int, targets: dict[str, int], target: EpicTarget, *,
            action: str = "none", crossfire: bool = False, settings: dict[str, str] | None = None,
            shooter: str | None = None, macro: bool = False, we_centre: bool = False) -> ProcedureResult:
    """A barrage of `points` BP on one formation: `targets` = units under the templates by kind
    ({"AP": 3, "AT": 2}). A War Engine under the centre takes ⌈DC/2⌉ attacks, else one (l.850)."""
    row = T.barrage_row(points)
    if row is None:
        raise UserError("combat_epic.error.barrage_points", example="combat_epic.example.barrage", points=points)
    _, _, templates, extra_blast, ap, at = row
    weapons: list[Weapon] = []
    for kind in ("AP", "AT"):
        n = targets.get(kind, 0)
        if target.dc is not None and kind == "AT":
            n = -(-target.dc // 2) if we_centre else 1
        if n > 0:
            weapons.append(Weapon(count=str(n), kind=kind, value=ap if kind == "AP" else at, macro=macro))
    if not weapons:
        raise UserError("combat_epic.error.no_units", example="combat_epic.example.barrage")
    result = shoot(roller, weapons, target, action=action, crossfire=crossfire, settings=settings,
                   shooter=shooter, extra_blast=extra_blast,
                   title=Msg.of("combat_epic.title.barrage", shooter=shooter or Msg.of("combat_epic.word.shooter"), target=target.name or Msg.of("combat_epic.word.target"), bp=points),
                   hit_values={"AP": ap, "AT": at})
    result.procedure = "barrage"
    result.outcome.insert(0, Msg.of("combat_epic.out.barrage_row", bp=points, ap=ap, at=at,
                                    templates=templates, blast=extra_blast))
    if target.dc is not None:
        result.notes.append(Msg.of("combat_epic.note.barrage_we"))
    result.data.update(extra_templates=templates, extra_blast=extra_blast)
    return result
