"""Target numbers on a D6 per game: the 7+ chains, the 2+ floor and the natural-1 rule.

A "chain" is the sequence of minimum faces a single attempt must roll, die after die:
(4,) is a plain 4+; (6, 4) is "a 6, then 4+" (Epic's 7+). None means the attempt cannot
succeed at all (FoW 9+, Epic 10+), or that the game has no rule for targets above 6.

Each game that has such a rule declares it (`GameSystem.chain`, with its book lines); the other
games define no targets above 6 on one die.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from games.procedure import Source


@dataclass(frozen=True)
class ChainRule:
    # target → chain of per-die minimums for targets above 6 (targets not listed are impossible)
    above_six: dict[int, tuple[int, ...]]
    # targets below this are raised to it (None: no floor)
    floor: int | None
    natural_one_fails: bool
    source: Source
    floor_source: Source | None = None      # where the floor or the natural-1 rule is, if elsewhere


@dataclass(frozen=True)
class GamesWithChains:
    """The titles of the games that have a 7+ rule, in the reader's language («Эпик: Армагеддон,
    Flames of War»), for a message asking which game a roll is for."""

    def render(self, locale: str) -> str:
        from games.registry import GAMES
        return ", ".join(system.title(locale) for system in GAMES.values() if system.chain is not None)


def chain_rule(game: str | None) -> ChainRule | None:
    """The game's 7+ convention, if it has one."""
    from games.registry import game_of    # the registry imports the games, which import dice
    system = game_of(game)
    return system.chain if system is not None else None


def effective_target(game: str | None, target: int) -> int:
    """The target after the game's floor and natural-1 rule: FoW/Epic 1+ behaves as 2+."""
    rule = chain_rule(game)
    if rule is None:
        return target
    if rule.floor is not None and target < rule.floor:
        target = rule.floor
    if rule.natural_one_fails and target < 2:
        target = 2
    return target


def target_chain(game: str | None, target: int, sides: int = 6) -> tuple[int, ...] | None:
    """Per-die minimums for `target`+ on a die of `sides`, by the game's rule.

    `target_chain("epic", 7)` → (6, 4); `target_chain("flames_of_war", 9)` → None (impossible);
    `target_chain(None, 7)` → None (no game, no 7+ rule); `target_chain("flames_of_war", 1)` → (2,).
    """
    target = effective_target(game, target) if sides == 6 else target
    if target <= sides:
        return (max(target, 1),)
    rule = chain_rule(game)
    if sides != 6 or rule is None:
        return None
    return rule.above_six.get(target)


def chain_probability(chain: tuple[int, ...] | None, sides: int = 6) -> Fraction:
    """Exact chance that one attempt succeeds: the product of each stage's chance."""
    if chain is None:
        return Fraction(0)
    p = Fraction(1)
    for need in chain:
        p *= Fraction(sides - min(max(need, 1), sides + 1) + 1, sides)
    return p


def success_probability(game: str | None, target: int, sides: int = 6) -> Fraction:
    """Exact chance that one die (one attempt) rolls `target`+ under the game's rule.

    `success_probability("epic", 7)` → 1/12; `success_probability("flames_of_war", 7)` → 1/18.
    """
    return chain_probability(target_chain(game, target, sides), sides)


__all__ = ["ChainRule", "chain_rule", "effective_target", "target_chain",
           "chain_probability", "success_probability"]
