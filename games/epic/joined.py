"""Sides of an Epic assault made of several formations, and what the result does to each.

* Intermingled formations (1.12.10, L586–590): the attacker may name enemy formations within
  10 cm of its target as targets too. They count as one formation after the charge move, all may
  counter-charge, hits may go to any of them, their Blast Markers add up for the result. If the
  defender loses, every formation is broken and withdraws; if it wins, each takes Blast Markers
  for its own losses.
* Combined assault (2.1.2, L650–656): a Commander's formation and two more assault as one. If
  the attacker loses them all the attack is repulsed; if it wins, «каждая формация получает
  «Бласты» в соответствии с потерями, деля их поровну среди участвующих формаций» (L656). A
  formation drawn in by a counter-charge (L523–525) takes Blast Markers for its own losses, as
  intermingled defenders do (L590): that reading is the house rule `epic_combined_assault_blast`.
* A losing side: «Формации, проигравшие ближний бой, автоматически разбиваются» (L594), so each
  of them is broken (L525, L590); the book doesn't say what happens to one of several that was
  already broken, and the bot treats it as a lone formation: destroyed (L570).
"""
from __future__ import annotations

from dataclasses import dataclass

from games.epic import house_rules as H
from games.epic import tracks
from games.house_rules import effective
from games.procedure import ProcedureResult, StateChange
from i18n import Msg

BOOK = "epic"


@dataclass(frozen=True)
class Member:
    """One formation of a side made of several. The side fights as one formation (L590, L656);
    this says whose units and markers are whose."""

    name: str
    units: int                         # units it has left
    blast_markers: int = 0
    broken: bool = False


def member_losses(members: tuple[Member, ...], lost: int) -> list[int]:
    """A side's casualties by formation: taken in the order the formations were given, each down
    to its last unit. The book lets the players allocate hits among all the formations (L531,
    L590); the reply says which order the bot used."""
    out = []
    for m in members:
        take = min(lost, m.units)
        out.append(take)
        lost -= take
    return out


def split_evenly(total: int, n: int) -> list[int]:
    """«деля их поровну» (L656): equal shares; the book doesn't say who takes what doesn't
    divide, so the first formations given take one more each (the reply says so)."""
    return [total // n + (1 if i < total % n else 0) for i in range(n)]


def joined_outcome(result: ProcedureResult, members: tuple[Member, ...], lost: int, won: bool | None, *,
                   combined: bool, settings: dict[str, str] | None) -> None:
    """Each formation's losses, and broken (the loser) or its Blast Markers (the winner), as
    outcome lines, state changes and `result.data["formations"]`."""
    losses = member_losses(members, lost)
    out, notes = result.outcome, result.notes
    data = result.data.setdefault("formations", {})
    key = "combat_epic.note.combined" if combined else "combat_epic.note.intermingled"
    notes.append(Msg.of(key, names=", ".join(m.name for m in members)))
    notes.append(Msg.of("combat_epic.note.joined_order", names=" → ".join(m.name for m in members)))
    if won is False:
        for m, taken in zip(members, losses):
            wiped = m.units - taken <= 0
            destroyed = wiped or m.broken                # «уже была разбита, то она уничтожается» (L570)
            out.append(Msg.of("combat_epic.out.loser_wiped" if wiped else "combat_epic.out.loser_destroyed"
                              if destroyed else "combat_epic.out.loser_broken", side=m.name))
            gone = m.units if destroyed else taken
            if gone:
                result.changes.append(StateChange(m.name, tracks.UNITS_LOST, "add", gone,
                                                  Msg.of("combat_epic.change.kills")))
            if not destroyed:
                result.changes.append(StateChange(m.name, tracks.BROKEN, "status_on", 0,
                                                  Msg.of("combat_epic.change.lost_assault")))
            data[m.name] = dict(lost=gone, blast=m.blast_markers, broken=not destroyed, destroyed=destroyed)
        if any(m.broken for m in members):
            notes.append(Msg.of("combat_epic.note.joined_already_broken"))
        return
    shares = losses
    if won:
        rule = effective(BOOK, settings)[H.COMBINED_BLAST] if combined else "own"
        if rule == "split":
            # Among the formations left to take them: a wiped-out one can't (its share isn't lost).
            alive = [i for i, (m, taken) in enumerate(zip(members, losses)) if m.units > taken]
            shares = [0] * len(members)
            for i, share in zip(alive, split_evenly(sum(losses), len(alive)) if alive else ()):
                shares[i] = share
            notes.append(Msg.of("combat_epic.house.combined_assault_blast.applied_split"))
        elif combined:
            notes.append(Msg.of("combat_epic.house.combined_assault_blast.applied_own"))
    for m, taken, share in zip(members, losses, shares):
        left = m.units - taken
        added = share if won and left > 0 and not m.broken else 0     # a broken winner takes none (L582)
        total = m.blast_markers + added
        if taken:
            result.changes.append(StateChange(m.name, tracks.UNITS_LOST, "add", taken,
                                              Msg.of("combat_epic.change.kills")))
        if left <= 0:
            out.append(Msg.of("combat_epic.out.loser_wiped", side=m.name))
        elif added:
            out.append(Msg.of("combat_epic.out.winner_blast", side=m.name, added=added, total=total))
            result.changes.append(StateChange(m.name, tracks.BLAST_MARKERS, "add", added,
                                              Msg.of("combat_epic.change.blast")))
            if total >= left:
                out.append(Msg.of("combat_epic.out.winner_broken", side=m.name))
        data[m.name] = dict(lost=taken, blast=total, broken=m.broken or (left > 0 and total >= left),
                            destroyed=left <= 0)
