"""What every game procedure returns: the dice, the modifiers with their source, the outcome,
and the state changes to make. Plain data, no discord; front ends render it, the state service
applies `changes` as one undoable event.

Game modules may add optional fields in subclasses; they don't change these.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from i18n import Msg
from i18n.numbers import Percent

if TYPE_CHECKING:      # dice imports this module (dice.chains reads Source): no cycle at run time
    from dice.dist import Dist


@dataclass(frozen=True)
class Source:
    """Where a number comes from: book file id and line(s), e.g. Source("epic", 386, 394)."""

    book: str
    line: int
    line_end: int | None = None

    @property
    def lines(self) -> str:
        return f"{self.line}–{self.line_end}" if self.line_end and self.line_end != self.line else f"{self.line}"

    def __str__(self) -> str:       # logs and tests; replies use render()
        return f"{self.book} L{self.lines}"

    def render(self, locale: str) -> str:
        """«Эпик L120–128»: the book's short title in the reader's language, and the lines."""
        from i18n import has, tr
        key = f"{self.book}.book.short"
        return f"{tr(key, locale) if has(key) else self.book} L{self.lines}"


@dataclass(frozen=True)
class Sources:
    """Several places in a book, for one message: «Вармастер L226, Вармастер L381»."""

    items: tuple[Source, ...]

    def render(self, locale: str) -> str:
        return ", ".join(source.render(locale) for source in self.items)


@dataclass(frozen=True)
class Modifier:
    label: Msg
    value: int
    source: Source | None = None


@dataclass
class DiceStep:
    """One batch of dice in the procedure ("to hit", "saves", "result roll", …)."""

    label: Msg
    dice: list[int]
    target: str | None = None          # "4+", "≤8", "7+ (6 then 4+)" …
    successes: int | None = None
    rerolled: list[int] = field(default_factory=list)   # indexes into dice that were rerolled
    rerolls: list[int] = field(default_factory=list)    # the new values, same order
    modifiers: list[Modifier] = field(default_factory=list)
    note: Msg | None = None


ChangeOp = Literal["add", "set", "status_on", "status_off"]


@dataclass(frozen=True)
class StateChange:
    """A change to one tracked unit. `track` is a tracked-value key of the unit's game
    (e.g. "blast_markers", "wounds", "hull_points", "hits", "stands_lost") or a status
    ("pinned", "broken", "confused", …) when `op` is "status_on"/"status_off".
    `op` says what is done with `amount` (a status ignores it)."""

    unit: str
    track: str
    op: ChangeOp = "add"
    amount: int = 0
    reason: Msg | None = None


@dataclass(frozen=True)
class Distribution:
    """The headline figure of an /odds reply (kills, wounds, hits, stands or DC lost…): what is
    counted and its exact distribution. The text and the chart both read it, so they can't disagree."""

    quantity: Msg                               # what is counted, as an axis label: «убито», "wounds"
    dist: Dist
    event: Msg | None = None                    # the outcome the command is about: break, pinned, destroyed
    event_probability: Fraction | None = None
    samples: int | None = None                  # a seeded Monte-Carlo estimate (≈) when set, else exact

    def at_least(self, k: int) -> Fraction:
        return self.dist.at_least(k)

    def mean(self) -> Fraction:
        return self.dist.mean()

    def rows(self, limit: int = 16) -> list[Msg]:
        """The reply's lines "k: P(exactly k) · P(at least k)" for the values that can happen, the
        most likely region first trimmed to `limit` lines."""
        ks = [k for k, p in self.dist.items() if p > 0]
        if len(ks) > limit:
            peak = max(ks, key=lambda k: self.dist[k])
            lo = max(ks[0], peak - limit // 2)
            ks = [k for k in ks if lo <= k < lo + limit]
        return [Msg.of("combat2.odds.row", k=k, exactly=Percent(self.dist[k]), at_least=Percent(self.dist.at_least(k)))
                for k in ks]


@dataclass
class ProcedureResult:
    game: str
    procedure: str                      # "shoot", "assault", "command", …
    title: Msg
    steps: list[DiceStep] = field(default_factory=list)
    outcome: list[Msg] = field(default_factory=list)        # the lines players read first
    notes: list[Msg] = field(default_factory=list)          # house rules applied, "the book doesn't define X", …
    changes: list[StateChange] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)     # numbers for tests and /odds
    distribution: Distribution | None = None                # /odds: drawn on request (📊)
    # Units whose own test or action this is (a rally, an action test): the result is applied
    # only for a player of their side, the owner or a moderator; anyone may roll it.
    acting: list[str] = field(default_factory=list)
