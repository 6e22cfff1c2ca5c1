"""Every Epic table cell against the book (rules_index/corpus/epic.md, tab-separated rows)."""
from games.registry import GAMES

import pytest

from games.epic import tables as T
from games.tables import tables

BOOK = GAMES["epic"].book.file.read_text(encoding="utf-8").splitlines()


def line(n: int) -> list[str]:
    """Book line n (1-based), split into its cells."""
    return [c.strip() for c in BOOK[n - 1].split("\t") if c.strip()]


def test_barrage_table_matches_book_cell_by_cell():
    table = next(t for t in tables("epic") if t.id == "barrage")
    assert (table.source.line, table.source.line_end) == (418, 429)
    book_rows = [line(n) for n in range(421, 430)]
    assert [list(r) for r in table.rows] == book_rows


def test_barrage_numbers_used_by_the_procedure_match_the_rendered_table():
    table = next(t for t in tables("epic") if t.id == "barrage")
    for (lo, hi, templates, blast, ap, at), row in zip(T.BARRAGE, table.rows):
        assert row[0] == (str(lo) if lo == hi else f"{lo}-{hi}")
        assert row[1] == ("Нет" if templates == 0 else str(templates))
        assert row[2] == ("Нет" if blast == 0 else str(blast))
        assert (row[3], row[4]) == (f"{ap}+", f"{at}+")


@pytest.mark.parametrize("points,row", [(1, (1, 1, 0, 0, 6, 6)), (5, (4, 5, 1, 0, 4, 5)), (12, (10, 12, 2, 2, 4, 5)),
                                        (18, (16, 18, 2, 4, 4, 5)), (19, None)])
def test_barrage_row_lookup(points, row):
    assert T.barrage_row(points) == row


def test_seven_plus_table_matches_book():
    table = next(t for t in tables("epic") if t.id == "seven_plus")
    assert [list(r) for r in table.rows] == [line(n) for n in range(391, 395)]
    assert line(390) == list(table.columns)
    # The procedure's numbers: the second die after a 6.
    assert T.SEVEN_PLUS == {7: 4, 8: 5, 9: 6, 10: None}
    assert "затем 4,5,6" in BOOK[390] and "затем 5,6" in BOOK[391] and "затем 6" in BOOK[392]


def test_to_hit_modifiers_match_book():
    table = next(t for t in tables("epic") if t.id == "to_hit_modifiers")
    assert [list(r) for r in table.rows] == [line(n) for n in range(382, 385)]
    assert (T.TO_HIT_COVER, T.TO_HIT_DOUBLE_MARSHAL, T.TO_HIT_SUSTAINED) == (-1, -1, +1)


def test_assault_modifiers_match_book():
    table = next(t for t in tables("epic") if t.id == "assault_modifiers")
    assert [list(r) for r in table.rows[:5]] == [line(n) for n in range(558, 563)]
    # The footnotes follow, word for word (issue 11 §5: they were missing).
    assert table.rows[5] == (BOOK[563].replace("<sup>\\*</sup>", "* "), "L564")
    assert table.rows[6] == (BOOK[579].replace("<sup>\\*\\*</sup>", "** "), "L580")


def test_terrain_table_matches_book():
    table = next(t for t in tables("epic") if t.id == "terrain")
    assert line(313) == list(table.columns)
    assert [list(r) for r in table.rows] == [line(n) for n in range(314, 325)]
