"""Horus Heresy close combat (l.1157–1322, 1442–1468): strikes by initiative step, to-hit from
the WS vs WS **table**, to-wound, saves without cover, combat resolution by unsaved wounds and
the loser's morale check at −1 Ld per wound of difference."""
from __future__ import annotations

import re
from typing import Any
from dataclasses import dataclass, field

from dice.roller import Roller
from games.horus_heresy import house_rules as H
from games.horus_heresy.checks import leadership_roll
from games.horus_heresy.rolls import Saves, roll_dice, source_note, ws_need
from games.horus_heresy.shooting import HHTarget, HHWeapon, WoundingResult, resolve_wounds
from games.procedure import ProcedureResult, StateChange
from i18n import Msg, UserError

BOOK = "horus_heresy"


@dataclass(frozen=True)
class Fighter:
    """One side of a combat: its profile and what its melee weapons do."""

    name: str | None = None
    models: int = 1
    ws: int = 4
    strength: int = 4
    toughness: int = 4
    wounds: int = 1
    initiative: int = 4
    attacks: int = 1                     # per model, bonuses included (charge +1, two weapons +1, l.1192–1200)
    leadership: int | None = None          # never assumed: no Ld, no morale roll (the reply says so)
    ap: int | None = None
    saves: Saves = field(default_factory=Saves)
    fnp: int | None = None
    damage: int = 0                      # wounds already on the wounded model
    eternal_warrior: bool = False
    fearless: bool = False
    rending: int | None = None
    poisoned: int | None = None
    shred: bool = False
    fleshbane: bool = False
    preferred_enemy: bool = False
    hatred: bool = False                 # re-roll failed to-hit rolls in the first round (l.3073–3075)
    charged: bool = False                # +1 attack this turn for charging (l.1196)
    unwieldy: bool = False               # strikes at Initiative step 1 (l.3405)
    monstrous: bool = False              # a Dreadnought or Monstrous model: Unwieldy doesn't slow it (l.3405)
    # A second profile among `models` (a sergeant with a power fist…): its own WS, S, AP, I, A and
    # weapon rules; wounds on the unit use this side's profile and take these models last.
    extra: Fighter | None = None

    @property
    def step(self) -> int:
        """The Initiative step this profile strikes at (l.1157–1161): 1 with Unwieldy (l.3405)."""
        return 1 if self.unwieldy and not self.monstrous else self.initiative

    @property
    def attacks_now(self) -> int:
        """Attacks per model this round: the profile's, +1 for charging (l.1194–1196)."""
        return self.attacks + (1 if self.charged else 0)


_TOKEN = re.compile(r"(WS|BS|S|T|W|I|A|LD|SV|INV|AP|FNP|M)\s*(\d{1,2}|-)\+?", re.IGNORECASE)
_FOLD = str.maketrans({"С": "C", "Т": "T", "А": "A", "М": "M", "В": "B"})


def parse_profile(text: str) -> dict[str, int | None]:
    """"WS4 S4 T4 W1 I4 A2 Ld8 Sv3+ Inv5+ AP3" → {"ws": 4, …}. Unknown text is a UserError."""
    found: dict[str, int | None] = {}
    rest = (text or "").translate(_FOLD).replace('"', " ").replace("«", " ").replace("»", " ")
    for match in _TOKEN.finditer(rest):
        key, value = match.group(1).lower(), match.group(2)
        found[key] = None if value == "-" else int(value)
    leftover = _TOKEN.sub("", rest).replace(",", " ").strip()
    if leftover or not found:
        raise UserError("combat_hh.error.profile", example="combat_hh.example.assault", text=text)
    return found


def fighter_from(profile: dict[str, int | None], **extra) -> Fighter:
    mapping = {"ws": "ws", "s": "strength", "t": "toughness", "w": "wounds", "i": "initiative", "a": "attacks",
               "ld": "leadership", "ap": "ap", "fnp": "fnp"}
    kwargs: dict[str, Any] = {mapping[k]: v for k, v in profile.items() if k in mapping}
    saves = Saves(armour=profile.get("sv"), invulnerable=profile.get("inv"))
    f = Fighter(saves=saves, **kwargs, **extra)
    for attr, low, high in (("ws", 0, 10), ("strength", 1, 10), ("toughness", 1, 10), ("wounds", 1, 20),
                            ("initiative", 1, 10), ("attacks", 0, 20), ("models", 1, 200)):
        if not low <= getattr(f, attr) <= high:
            raise UserError("combat_hh.error.profile", example="combat_hh.example.assault", text=attr)
    return f


def profiles(side: Fighter) -> list[Fighter]:
    """The profiles a side strikes with: its own, and its second (`extra`) if any."""
    return [side] if side.extra is None else [side, side.extra]


def striking_models(side: Fighter, alive: int) -> list[tuple[Fighter, int]]:
    """How many of the `alive` models strike with each profile: the second profile's models are
    taken last — the controller chooses which engaged model takes each wound (l.1276–1282), and
    the bot assumes the rank and file go first (the reply says so)."""
    if side.extra is None:
        return [(side, alive)]
    second = min(side.extra.models, alive)
    return [(side, alive - second), (side.extra, second)]


def _strike(roller: Roller, result: ProcedureResult, me: Fighter, enemy: Fighter, models: int, enemy_models: int,
            enemy_damage: int, settings: dict[str, str] | None, first_round: bool, side: str | Msg | None = None):
    count = models * me.attacks_now
    if me.ws == 0:
        # «Модель с навыком ближнего боя 0 … не может наносить удары» (l.108)
        result.outcome.append(Msg.of("combat_hh.out.ws_zero_strikes", side=side or me.name or "?"))
        return WoundingResult()
    if enemy.ws == 0:
        # «… в ближнем бою по ней попадают автоматически» (l.108)
        hits = count
        result.outcome.append(Msg.of("combat_hh.out.ws_zero_hit", side=enemy.name or "?", n=hits))
    else:
        need = ws_need(me.ws, enemy.ws, settings)
        reroll, note = (("failed", source_note("hatred")) if me.hatred and first_round else
                        ("ones", source_note("preferred")) if me.preferred_enemy else (None, None))
        step, hits, _, _ = roll_dice(roller, count, need, Msg.of("combat_hh.step.to_hit_ws", side=side or me.name or "?",
                                                                ws=me.ws, enemy_ws=enemy.ws),
                                     reroll=reroll, note=note)
        result.steps.append(step)
    weapon = HHWeapon(shots=count, strength=me.strength, ap=me.ap, rending=me.rending, poisoned=me.poisoned,
                      shred=me.shred, fleshbane=me.fleshbane, preferred_enemy=me.preferred_enemy)
    target = HHTarget(name=enemy.name, toughness=enemy.toughness, models=enemy_models, wounds=enemy.wounds,
                      damage=enemy_damage, saves=enemy.saves, fnp=enemy.fnp, eternal_warrior=enemy.eternal_warrior,
                      fearless=enemy.fearless)
    return resolve_wounds(roller, result, weapon, target, hits, melee=True)


def fight(roller: Roller, attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
          first_round: bool = True) -> ProcedureResult:
    """One round of combat (`first_round`: Hatred re-rolls only then, l.3073). Initiative steps from 10 down; equal initiative strikes at once
    (l.1157–1161); casualties of a faster step strike no more."""
    a_name = attacker.name or Msg.of("combat_hh.word.attacker")
    d_name = defender.name or Msg.of("combat_hh.word.defender")
    result = ProcedureResult(BOOK, "fight", Msg.of("combat_hh.title.fight", attacker=a_name, defender=d_name))
    if (settings or {}).get(H.WS_DOUBLE) == "prose":
        result.notes.append(Msg.of("combat_hh.house.ws_double.applied_prose"))
    models = {"a": attacker.models, "d": defender.models}
    damage = {"a": attacker.damage, "d": defender.damage}
    caused = {"a": 0, "d": 0}           # wounds that count for combat resolution (l.1316–1322)
    removed = {"a": 0, "d": 0}
    sides = {"a": attacker, "d": defender}
    names = {"a": a_name, "d": d_name}
    for k in ("a", "d"):
        for group in profiles(sides[k]):
            if group.unwieldy:
                result.notes.append(Msg.of("combat_hh.note.unwieldy" if not group.monstrous
                                           else "combat_hh.note.unwieldy_monstrous", side=names[k]))
    if attacker.extra is not None or defender.extra is not None:
        result.notes.append(Msg.of("combat_hh.note.second_profile_last"))
    steps = sorted({g.step for k in ("a", "d") for g in profiles(sides[k])}, reverse=True)
    for step_i in steps:
        result.outcome.append(Msg.of("combat_hh.out.initiative_step", i=step_i))
        before = dict(models)
        after_models, after_damage = dict(models), dict(damage)
        for k in ("a", "d"):               # both sides strike at the state the step began with (l.1161)
            other = "d" if k == "a" else "a"
            for group, striking in striking_models(sides[k], before[k]):
                if group.step != step_i or striking <= 0 or after_models[other] <= 0:
                    continue
                label = names[k] if group is sides[k] else Msg.of("combat_hh.word.second_profile", side=names[k],
                                                                  n=striking)
                # One group's wounds after another's on the same enemy: allocated in turn (l.1274)
                w = _strike(roller, result, group, sides[other], striking, after_models[other], after_damage[other],
                            settings, first_round, side=label)
                caused[k] += w.wounds_lost
                removed[other] += w.models_removed
                after_models[other] -= w.models_removed
                # wounds left on the wounded model after this step
                total = after_damage[other] + w.wounds_lost - w.models_removed * sides[other].wounds
                after_damage[other] = max(0, total) if after_models[other] > 0 else 0
        models, damage = after_models, after_damage
    result.outcome.append(Msg.of("combat_hh.out.fight_wounds", attacker=a_name, defender=d_name,
                                 a=caused["a"], d=caused["d"]))
    winner: str | None = None
    loser = ""
    if models["d"] <= 0 < models["a"]:
        winner, loser = "a", "d"
    elif models["a"] <= 0 < models["d"]:
        winner, loser = "d", "a"
    elif caused["a"] != caused["d"]:
        winner, loser = ("a", "d") if caused["a"] > caused["d"] else ("d", "a")
    diff = abs(caused["a"] - caused["d"])
    morale_passed = None
    if winner is None:
        result.outcome.append(Msg.of("combat_hh.out.draw"))
    else:
        w_name, l_name = (a_name, d_name) if winner == "a" else (d_name, a_name)
        result.outcome.append(Msg.of("combat_hh.out.combat_winner", side=w_name, diff=diff))
        lose = sides[loser]
        if models[loser] > 0:
            if lose.fearless:
                result.outcome.append(Msg.of("combat_hh.out.fearless_pass"))
                morale_passed = True
            elif lose.leadership is None:
                result.outcome.append(Msg.of("combat_hh.out.morale_needs_ld", side=l_name, diff=diff))
            else:
                morale_passed, step = leadership_roll(roller, lose.leadership, -diff, Msg.of("combat_hh.step.morale"),
                                                      morale=True)
                if step.dice == [1, 1]:
                    step.note = Msg.of("combat_hh.note.insane_heroism")
                result.steps.append(step)
                result.outcome.append(Msg.of("combat_hh.out.morale_pass" if morale_passed else "combat_hh.out.falls_back",
                                             total=sum(step.dice), ld=lose.leadership - diff))
                if not morale_passed:
                    result.notes.append(Msg.of("combat_hh.note.sweeping_advance"))
                    if lose.name:
                        result.changes.append(StateChange(lose.name, "falling_back", "status_on", 0,
                                                          Msg.of("combat_hh.change.falls_back")))
    result.data.update(a_caused=caused["a"], d_caused=caused["d"], a_removed=removed["a"], d_removed=removed["d"],
                       winner={"a": "attacker", "d": "defender"}.get(winner or ""), morale_passed=morale_passed)
    return result


def hammer_of_wrath(roller: Roller, *, hits: int, strength: int, target: HHTarget,
                    attacker: str | None = None) -> ProcedureResult:
    """Hammer of Wrath (X): a model ending its charge in base contact makes X more attacks that
    hit automatically, at its unmodified Strength and AP -, with no other special rule (l.3065–3069),
    at Initiative 10 (before the other blows of the round)."""
    if not 1 <= hits <= 20 or not 1 <= strength <= 10:
        raise UserError("combat_hh.error.shots", example="combat_hh.example.hammer")
    result = ProcedureResult(BOOK, "hammer_of_wrath", Msg.of("combat_hh.title.hammer",
                                                              attacker=attacker or Msg.of("combat_hh.word.attacker"),
                                                              target=target.name or Msg.of("combat_hh.word.target")))
    result.notes.append(Msg.of("combat_hh.note.hammer_of_wrath"))
    result.outcome.append(Msg.of("combat_hh.out.hits", n=hits))
    w = resolve_wounds(roller, result, HHWeapon(shots=hits, strength=strength, ap=None), target, hits, melee=True)
    left = target.models - w.models_removed
    result.outcome.append(Msg.of("combat_hh.out.unsaved", n=w.unsaved - w.mitigated, models=w.models_removed, left=left))
    result.data.update(unsaved=w.unsaved - w.mitigated, models_removed=w.models_removed)
    return result
