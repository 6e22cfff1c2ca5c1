"""Epic assaults (1.12.5–1.12.9, l.527–584): attacks by both sides, the result roll with every
listed modifier, a tie fought again, hits on the loser, the loser broken, the winner's Blast Markers."""
from __future__ import annotations

from dataclasses import dataclass, field

from dice.roller import Roller
from games.epic import house_rules as H
from games.epic import tables as T
from games.epic import tracks
from games.epic.joined import Member, joined_outcome, member_losses
from games.epic.rolls import SaveProfile, roll_saves, roll_to_hit
from games.house_rules import effective
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "epic"
MAX_ROUNDS = 2   # «В случае ничьей производится второй ближний бой» (l.555); nothing is said after that

# First Strike (2.2.4, L782): «бьет первым в рукопашной схватке» — its attacks and their damage
# come before the enemy's, so units it kills don't strike back; with it on both sides, those
# strike at once and then everyone else. «Рукопашная схватка» is the whole assault, CC and FF alike
# (L64, L68). "extra": the rule is on a weapon with Extra Attacks, and such a weapon's rule acts
# only on its extra attacks (L778); "all": every attack of the side has it.
FIRST_STRIKE = ("none", "extra", "all")
FIRST, NORMAL = "first", "normal"


@dataclass(frozen=True)
class AssaultSide:
    name: str | None = None
    units: int = 1                     # units remaining in the whole formation (l.564 counts these)
    engaged: int | None = None         # units directly involved (within 15 cm, l.535); default all
    in_contact: int | None = None      # of those, units in base contact (use CC); the rest use FF (l.529)
    cc: int | None = 4                 # Close Combat value X+
    ff: int | None = None              # Firefight value X+ (None: those units can't attack)
    extra_attacks: int = 0             # Extra Attacks dice at CC (2.2.3, l.778)
    first_strike: str = "none"         # whose attacks strike first (FIRST_STRIKE, L782)
    saves: SaveProfile = field(default_factory=SaveProfile)
    blast_markers: int = 0
    broken: bool = False
    fearless: bool = False             # saves against the loser's extra hits (l.660)
    inspiring: int = 0                 # Inspiring units taking part (2.1.5, l.672)
    support: tuple[tuple[int, int], ...] = ()   # supporting fire: (dice, FF X+) per group (1.12.6, l.539–543)
    # A War Engine (3.3, L884–896): `units` is its DC left, this its starting DC. It attacks with
    # its starting DC (split: `in_contact` of them CC, the rest FF, L892), each DC point lost is
    # a loss (L896), and alive it counts as its starting DC in the result roll (L896).
    war_engine_dc: int | None = None
    # Several formations fighting as one (L590, L656): `units`, `blast_markers` are their sums and
    # `broken` whether every one of them is broken; empty for a single formation.
    formations: tuple[Member, ...] = ()

    @property
    def fighting_units(self) -> int:
        """Units that may fight: those within 15 cm (L535), or a War Engine's attacks (L892)."""
        if self.war_engine_dc is not None:
            return self.war_engine_dc
        return self.units if self.engaged is None else self.engaged

    @property
    def can_lose(self) -> int:
        """Losses it can take in the assault: its engaged units (L531, L553), a War Engine's DC left."""
        return self.units if self.war_engine_dc is not None else self.fighting_units


@dataclass
class _Fighting:
    side: AssaultSide
    contact: int
    ff: int
    lost: int = 0           # casualties suffered so far (all rounds)
    kills: int = 0          # enemy units it destroyed (all rounds)

    @property
    def engaged(self) -> int:
        """Losses it can still take (units directly in the assault, a War Engine's DC left)."""
        if self.side.war_engine_dc is not None:
            return self.side.units - self.lost
        return self.contact + self.ff

    @property
    def left(self) -> int:
        if self.side.war_engine_dc is not None:      # alive, it counts as its starting DC (L896)
            return self.side.war_engine_dc if self.side.units > self.lost else 0
        return self.side.units - self.lost

    def blast(self) -> int:
        """Its Blast Markers for the result roll: a broken formation counts as many as its units
        (L614); several formations add theirs up (L590; one formation, L656)."""
        if not self.side.formations:
            return self.left if self.side.broken else self.side.blast_markers
        return sum(m.units - lost if m.broken else m.blast_markers
                   for m, lost in zip(self.side.formations, member_losses(self.side.formations, self.lost)))

    @property
    def any_broken(self) -> bool:
        return self.side.broken or any(m.broken for m in self.side.formations)

    def remove(self, n: int) -> int:
        """Casualties come off the front first (allocation as for shooting, l.398, l.531); each hit
        on a War Engine is a DC point, its attacks stay its starting DC (L892)."""
        n = min(n, self.engaged)
        if self.side.war_engine_dc is None:
            from_contact = min(n, self.contact)
            self.contact -= from_contact
            self.ff -= n - from_contact
        self.lost += n
        return n


def fighting_after(side: AssaultSide, lost: int = 0, kills: int = 0) -> _Fighting:
    """A side after `lost` casualties (taken from the units in contact first)."""
    engaged = side.fighting_units
    contact = engaged if side.in_contact is None else side.in_contact
    f = _Fighting(side, contact, engaged - contact)
    f.remove(lost)
    f.kills = kills
    return f


def _validate(side: AssaultSide) -> None:
    engaged = side.fighting_units
    contact = engaged if side.in_contact is None else side.in_contact
    if side.units <= 0 or not 0 <= contact <= engaged or (side.war_engine_dc is None and engaged > side.units):
        raise UserError("combat_epic.error.assault_units", example="combat_epic.example.assault")


def attack_dice(me: _Fighting, phase: str) -> list[tuple[str, int, int]]:
    """The dice a side rolls in one phase of a round, as (kind, dice, X+): First Strike attacks in
    the first phase (L782), the rest in the normal one. Units in base contact use CC (with the
    Extra Attacks), the other engaged units FF (L529); supporting fire from other formations uses
    FF and is not the formation's own weapons (L543). A side with no engaged unit left fights no
    more, and nobody supports it (L541)."""
    side = me.side
    if me.engaged <= 0:
        return []
    base = me.contact if side.cc is not None else 0
    extra = side.extra_attacks if base else 0
    ff = me.ff if side.ff is not None else 0
    rule = side.first_strike
    if phase == FIRST:
        cc, ff = (base + extra, ff) if rule == "all" else (extra, 0) if rule == "extra" else (0, 0)
        support: tuple[tuple[int, int], ...] = ()
    else:
        cc, ff = (0, 0) if rule == "all" else (base, ff) if rule == "extra" else (base + extra, ff)
        support = side.support
    out: list[tuple[str, int, int]] = []
    if cc and side.cc is not None:
        out.append(("cc", cc, side.cc))
    if ff and side.ff is not None:
        out.append(("ff", ff, side.ff))
    out.extend(("support", count, value) for count, value in support)
    return out


def phases(attacker: AssaultSide, defender: AssaultSide) -> tuple[str, ...]:
    """A round's phases: First Strike attacks first when either side has any (L782)."""
    has = any(s.first_strike != "none" for s in (attacker, defender))
    return (FIRST, NORMAL) if has else (NORMAL,)


def _attacks(roller: Roller, me: _Fighting, steps: list[DiceStep], who: str | Msg, phase: str) -> int:
    hits = 0
    for kind, count, value in attack_dice(me, phase):
        key = f"combat_epic.step.first_strike_{kind}" if phase == FIRST else f"combat_epic.step.{kind}"
        s, h = roll_to_hit(roller, count, value, [], Msg.of(key, side=who))
        steps.extend(s)
        hits += h
    return hits


def parse_support(text: str | None) -> tuple[tuple[int, int], ...]:
    """"4x5+, 2x4+" → ((4, 5), (2, 4)): supporting units' FF dice."""
    import re
    groups = []
    for part in re.split(r"[,;]", (text or "").replace('"', " ")):
        if not part.strip():
            continue
        m = re.match(r"^\s*(\d{1,3})\s*[xх×]\s*(?:FF)?\s*(\d)\s*\+?\s*$", part, re.IGNORECASE)
        if not m or not 1 <= int(m.group(1)) <= 100 or not 2 <= int(m.group(2)) <= 6:
            raise UserError("combat_epic.error.support", example="combat_epic.example.assault", text=part.strip())
        groups.append((int(m.group(1)), int(m.group(2))))
    return tuple(groups)


def result_modifiers(me: _Fighting, enemy: _Fighting) -> list[Modifier]:
    mods: list[Modifier] = []
    if me.kills:
        mods.append(Modifier(Msg.of("combat_epic.mod.assault_kills", n=me.kills), T.ASSAULT_PER_KILL * me.kills,
                             Source("epic", 558)))
    if me.left > enemy.left:
        mods.append(Modifier(Msg.of("combat_epic.mod.assault_more_units"), T.ASSAULT_MORE_UNITS, Source("epic", 559)))
    if enemy.left >= 0 and me.left >= 2 * enemy.left:
        mods.append(Modifier(Msg.of("combat_epic.mod.assault_double_units"), T.ASSAULT_DOUBLE_UNITS, Source("epic", 560)))
    my_bm, enemy_bm = me.blast(), enemy.blast()      # broken counts as BM = units (l.614)
    if my_bm == 0 and not me.any_broken:
        mods.append(Modifier(Msg.of("combat_epic.mod.assault_no_blast"), T.ASSAULT_NO_BLAST, Source("epic", 561)))
    if enemy_bm > my_bm or (enemy.side.broken and not me.side.broken):   # broken enemy counts as more (l.580)
        mods.append(Modifier(Msg.of("combat_epic.mod.assault_enemy_blast"), T.ASSAULT_ENEMY_MORE_BLAST,
                             Source("epic", 562, 580)))
    if me.side.inspiring:
        mods.append(Modifier(Msg.of("combat_epic.mod.inspiring", n=me.side.inspiring),
                             T.ASSAULT_INSPIRING * me.side.inspiring, Source("epic", 672)))
    return mods


def _result_roll(roller: Roller, me: _Fighting, enemy: _Fighting, mode: str, who: str | Msg,
                 steps: list[DiceStep]) -> int:  # who: the side's name
    dice = roller.dice(2)
    base = max(dice) if mode == "highest" else sum(dice)
    mods = result_modifiers(me, enemy)
    total = base + sum(m.value for m in mods)
    key = "combat_epic.step.result_highest" if mode == "highest" else "combat_epic.step.result_sum"
    steps.append(DiceStep(label=Msg.of(key, side=who), dice=dice, target=f"= {total}", modifiers=mods,
                          note=Msg.of("combat_epic.note.result_total", base=base, total=total)))
    return total


def assault(roller: Roller, attacker: AssaultSide, defender: AssaultSide, *,
            settings: dict[str, str] | None = None) -> ProcedureResult:
    _validate(attacker)
    _validate(defender)
    mode = effective("epic", settings)[H.ASSAULT_ROLL]
    a_name, d_name = attacker.name or Msg.of("combat_epic.word.attacker"), defender.name or Msg.of("combat_epic.word.defender")
    result = ProcedureResult(game=BOOK, procedure="assault",
                             title=Msg.of("combat_epic.title.assault", attacker=a_name, defender=d_name))
    steps, out, notes = result.steps, result.outcome, result.notes
    if mode == "sum":
        notes.append(Msg.of("combat_epic.house.assault_roll.applied_sum"))

    a, d = fighting_after(attacker), fighting_after(defender)
    round_phases = phases(attacker, defender)
    if FIRST in round_phases:
        notes.append(Msg.of("combat_epic.note.first_strike"))
    winner: _Fighting | None = None
    loser: _Fighting | None = None
    a_score = d_score = 0
    rounds = 0
    while rounds < MAX_ROUNDS:
        rounds += 1
        out.append(Msg.of("combat_epic.out.round", n=rounds))
        # 4. Resolve attacks: both sides at once, then saves, then casualties (l.527–537); First
        # Strike attacks and their casualties before the rest (L782).
        a_dead = d_dead = 0
        for phase in round_phases:
            if phase == NORMAL and (a.engaged <= 0 or d.engaged <= 0):
                break                       # one side fell to the first strike: nobody is left to fight
            a_hits = _attacks(roller, a, steps, a_name, phase)
            d_hits = _attacks(roller, d, steps, d_name, phase)
            s1, d_unsaved, n1 = roll_saves(roller, a_hits, defender.saves,
                                           label=Msg.of("combat_epic.step.save_side", side=d_name))
            s2, a_unsaved, n2 = roll_saves(roller, d_hits, attacker.saves,
                                           label=Msg.of("combat_epic.step.save_side", side=a_name))
            steps.extend(s1 + s2)
            d_now = d.remove(d_unsaved)
            a_now = a.remove(a_unsaved)
            a.kills += d_now
            d.kills += a_now
            a_dead += a_now
            d_dead += d_now
            if phase == FIRST:
                out.append(Msg.of("combat_epic.out.first_strike_casualties", attacker=a_name, defender=d_name,
                                  a_lost=a_now, d_lost=d_now))
        out.append(Msg.of("combat_epic.out.assault_casualties", attacker=a_name, defender=d_name,
                          a_lost=a_dead, d_lost=d_dead))
        # Wiped out sides (l.531–533, l.547).
        if d.left <= 0 and a.engaged > 0:
            winner, loser = a, d
            out.append(Msg.of("combat_epic.out.wiped", side=d_name))
            break
        if a.engaged <= 0:
            winner, loser = d, a
            out.append(Msg.of("combat_epic.out.attack_failed", side=a_name))
            break
        # 5. Work out result (l.545–564).
        a_score = _result_roll(roller, a, d, mode, a_name, steps)
        d_score = _result_roll(roller, d, a, mode, d_name, steps)
        out.append(Msg.of("combat_epic.out.scores", attacker=a_name, defender=d_name, a=a_score, d=d_score))
        if a_score != d_score:
            winner, loser = (a, d) if a_score > d_score else (d, a)
            break
        out.append(Msg.of("combat_epic.out.tie_again"))
    if winner is None or loser is None:
        notes.append(Msg.of("combat_epic.note.second_tie"))
        _criticals(roller, result, (a, a_name), (d, d_name))
        result.data.update(winner=None, rounds=rounds, a_lost=a.lost, d_lost=d.lost)
        _joined(result, a, d, None, settings)
        _changes(result, a, d, None, None)
        return result

    w_name = a_name if winner is a else d_name
    l_name = a_name if loser is a else d_name
    out.append(Msg.of("combat_epic.out.winner", side=w_name))
    # Hits on the loser = difference, no saves (Fearless may save), only engaged units (l.551–553).
    diff = abs(a_score - d_score)
    extra = 0
    if diff and loser.left > 0:
        unsaved = diff
        if loser.side.fearless:
            s, unsaved, _ = roll_saves(roller, diff, loser.side.saves, label=Msg.of("combat_epic.step.fearless_save"))
            steps.extend(s)
        extra = loser.remove(min(unsaved, loser.engaged))
        winner.kills += extra
        out.append(Msg.of("combat_epic.out.loser_hits", side=l_name, hits=diff, lost=extra))
    # 6. The loser is broken; one already broken is destroyed (l.566–570).
    loser_destroyed = loser.side.broken or loser.left <= 0
    if not loser.side.formations:          # several formations: each its own line (_joined)
        key = ("combat_epic.out.loser_wiped" if loser.left <= 0 else
               "combat_epic.out.loser_destroyed" if loser_destroyed else "combat_epic.out.loser_broken")
        out.append(Msg.of(key, side=l_name))
    _joined(result, a, d, winner, settings)
    out.append(Msg.of("combat_epic.out.support_blast"))
    # 7. The winner takes a Blast Marker per casualty, unless already broken (l.568, 576–582).
    winner_bm = winner.side.blast_markers
    winner_broken = False
    if not winner.side.broken and winner.lost and not winner.side.formations:
        winner_bm += winner.lost
        winner_broken = winner_bm >= winner.left
        out.append(Msg.of("combat_epic.out.winner_blast", side=w_name, added=winner.lost, total=winner_bm))
        if winner_broken:
            out.append(Msg.of("combat_epic.out.winner_broken", side=w_name))
    _criticals(roller, result, (a, a_name), (d, d_name))
    result.data.update(winner="attacker" if winner is a else "defender", rounds=rounds, a_score=a_score,
                       d_score=d_score, a_lost=a.lost, d_lost=d.lost, loser_hits=diff, loser_extra=extra,
                       loser_destroyed=loser_destroyed, winner_blast=winner_bm, winner_broken=winner_broken)
    _changes(result, a, d, winner, loser, loser_destroyed=loser_destroyed, winner_broken=winner_broken)
    return result


def _joined(result: ProcedureResult, a: _Fighting, d: _Fighting, winner: _Fighting | None,
            settings: dict[str, str] | None) -> None:
    """Each formation of a side made of several: its losses, broken or its markers (L590, L656)."""
    for f, role in ((a, "attacker"), (d, "defender")):
        if f.side.formations:
            joined_outcome(result, f.side.formations, f.lost, None if winner is None else winner is f,
                           combined=role == "attacker", settings=settings)


def _criticals(roller: Roller, result: ProcedureResult, *sides: tuple[_Fighting, str | Msg]) -> None:
    """A D6 for each DC point a War Engine lost, in the fight or to the loser's hits: a 6 is a
    critical hit (L864, L872); its effect is on the datasheet."""
    for f, name in sides:
        if f.side.war_engine_dc is None or not f.lost:
            continue
        dice = roller.dice(f.lost)
        crits = sum(1 for die in dice if die >= T.CRITICAL_HIT_ON)
        result.steps.append(DiceStep(Msg.of("combat_epic.step.critical"), dice, "6", crits,
                                     note=Msg.of("combat_epic.note.critical_source")))
        result.outcome.append(Msg.of("combat_epic.out.assault_dc_lost", side=name, n=f.lost,
                                     left=f.side.units - f.lost, start=f.side.war_engine_dc))
        if crits:
            result.outcome.append(Msg.of("combat_epic.out.criticals", n=crits))
            result.notes.append(Msg.of("combat_epic.note.critical_effect", n=crits))
            if f.side.name:
                result.changes.append(StateChange(f.side.name, tracks.CRITICAL_HITS, "add", crits,
                                                  Msg.of("combat_epic.change.criticals")))
        result.data.setdefault("criticals", {})[str(f.side.name)] = crits


def _changes(result: ProcedureResult, a: _Fighting, d: _Fighting, winner: _Fighting | None,
             loser: _Fighting | None, *, loser_destroyed: bool = False, winner_broken: bool = False) -> None:
    """Casualties and markers for the store; its state rules break a winner whose markers reach
    its units (L582, L602–604) and mark wiped-out formations destroyed."""
    for f in (a, d):
        name = f.side.name
        if not name or f.side.formations:      # several formations: _joined stores each
            continue
        lost = f.lost
        if f is loser and loser_destroyed:
            lost = f.side.units          # «все юниты убираются из игры как потери» (l.570)
        if lost:
            # A War Engine's losses are DC points (L896): stored as its damage, so it shows them.
            track = tracks.DC_LOST if f.side.war_engine_dc is not None else tracks.UNITS_LOST
            result.changes.append(StateChange(name, track, "add", lost, Msg.of("combat_epic.change.kills")))
        if f is loser and not loser_destroyed:
            result.changes.append(StateChange(name, tracks.BROKEN, "status_on", 0, Msg.of("combat_epic.change.lost_assault")))
        elif f is winner and f.lost and not f.side.broken:
            result.changes.append(StateChange(name, tracks.BLAST_MARKERS, "add", f.lost, Msg.of("combat_epic.change.blast")))
