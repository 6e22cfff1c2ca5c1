"""Every Horus Heresy table cell against the book (rules_index/corpus/horus_heresy.md)."""
from games.registry import GAMES

import pytest

from games.horus_heresy import tables as T
from games.horus_heresy.rolls import ws_need
from games.tables import tables

BOOK = GAMES["horus_heresy"].book.file.read_text(
    encoding="utf-8").splitlines()


def cells(n: int) -> list[str]:
    return [c.strip() for c in BOOK[n - 1].split("\t") if c.strip()]


def plus(v) -> str:
    return "-" if v is None else f"{v}+"


@pytest.mark.parametrize("first", [740, 1245, 4623])      # shooting, melee and reference copies
def test_to_wound_table_every_cell(first):
    for s in range(1, 11):
        row = cells(first + s - 1)[-11:]
        assert row[0] == str(s)
        assert row[1:] == [plus(v) for v in T.TO_WOUND[s]], f"S{s} at line {first + s - 1}"


@pytest.mark.parametrize("first", [1222, 4600])            # the table and its reference copy
def test_ws_table_every_cell(first):
    for a in range(1, 11):
        row = cells(first + a - 1)[-11:]
        assert row[0] == str(a)
        assert row[1:] == [plus(v) for v in T.WS_TO_HIT[a]], f"WS{a} at line {first + a - 1}"


def test_ws_prose_disagrees_in_exactly_five_cells_and_the_table_wins():
    def prose(a: int, d: int) -> int:    # l.1214 read literally
        if 2 * d <= a:
            return 2
        if d < a:
            return 3
        if d == a:
            return 4
        return 6 if d > 2 * a else 5
    differ = [(a, d) for a in range(1, 11) for d in range(1, 11) if prose(a, d) != T.WS_TO_HIT[a][d - 1]]
    assert differ == list(T.WS_PROSE_CELLS)
    assert ws_need(2, 4) == 6 and ws_need(2, 4, {"hh_ws_exact_double": "prose"}) == 5


def test_bs_tables():
    assert cells(684)[1:] == ["6", "5+", "4+", "3+", "2+"]
    assert [T.BS_TO_HIT[b] for b in range(1, 6)] == [6, 5, 4, 3, 2]
    assert cells(695)[1:] == [f"{a}/{b}" for a, b in (T.BS_HIGH[b] for b in range(6, 11))]


def test_vehicle_damage_table_and_ap_modifiers():
    lines = {n: BOOK[n - 1] for n in range(2024, 2031)}
    assert lines[2024].startswith("- 1-3 Экипаж оглушён") and T.damage_result(1) == T.damage_result(3) == "crew_shaken"
    assert lines[2025].startswith("- 4 Экипаж контужен") and T.damage_result(4) == "crew_stunned"
    assert lines[2026].startswith("- 5 Орудие уничтожено") and T.damage_result(5) == "weapon_destroyed"
    assert lines[2029].startswith("- 6 Обездвижена") and T.damage_result(6) == "immobilised"
    assert lines[2030].startswith("- 7+ Взорвана") and T.damage_result(7) == T.damage_result(8) == "explodes"
    assert "AP2" in BOOK[2037] and "+1" in BOOK[2037] and "AP1" in BOOK[2037] and "+2" in BOOK[2037]
    assert T.DAMAGE_AP_MODIFIER == {2: 1, 1: 2}


def test_charge_modifier_table():
    assert [cells(n) for n in range(1062, 1068)] == [list(r) for r in next(
        t for t in tables("horus_heresy") if t.id == "charge").rows]
    assert [T.charge_modifier(m) for m in (0, 1, 4, 5, 7, 8, 10, 11, 12, 13, 20)] == [None, -1, -1, 0, 0, 1, 1, 2, 2, 3, 3]


def test_rendered_tables_use_the_same_numbers():
    by_id = {t.id: t for t in tables("horus_heresy")}
    for s, row in T.TO_WOUND.items():
        assert list(by_id["to_wound"].rows[s - 1][1:]) == [plus(v) for v in row]
    for a, row in T.WS_TO_HIT.items():
        assert list(by_id["ws_to_hit"].rows[a - 1][1:]) == [plus(v) for v in row]
