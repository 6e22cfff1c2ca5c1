"""Each book's outline against the research notes (../shared/research/*.md §1): counts within a
tolerance, key sections present with the right spans, junk left out, no giant sections."""
from __future__ import annotations

import pytest

from games.registry import GAMES
from rules_index.outline import build_outline

GAME_ORDER = ("epic", "horus_heresy", "flames_of_war", "warmaster", "hydrophilia")


@pytest.fixture(scope="module")
def outlines():
    return {g: build_outline(g, GAMES[g].book.lines(), GAMES[g].book.split, GAMES[g].book.override_data())
            for g in GAME_ORDER}


def _find(secs, line):
    return next((s for s in secs if s.line_start == line and s.kind != "table"), None)


# research notes: epic 190 headings; HH 701 headings + 49 bold lines − datasheet labels − glossary;
# FoW 204 titles incl. the 13 of the repeated block; WM ~140 headings + inline entries; HYD 57 + entries.
@pytest.mark.parametrize("game, low, high", [
    ("epic", 185, 195), ("horus_heresy", 700, 760), ("flames_of_war", 185, 195),
    ("warmaster", 135, 155), ("hydrophilia", 57, 120),
])
def test_section_counts_within_tolerance(outlines, game, low, high):
    n = sum(1 for s in outlines[game] if s.kind != "table")
    assert low <= n <= high, n


@pytest.mark.parametrize("game, line, title, end", [
    ("epic", 120, "1.3 Бласты (Blast Markers)", 128),
    ("epic", 447, "1.10 Надзор (Overwatch)", 459),
    ("epic", 461, "1.11 Перекрестный огонь (Crossfire)", 477),
    ("epic", 545, "1.12.7 Подсчет результатов (Work Out Result)", 564),
    ("epic", 788, "2.2.6 Макрооружие (Macro Weapon)", 794),
    ("epic", 814, "2.2.9 Навесной огонь (Indirect Fire)", 816),
    ("epic", 650, "Совместная атака (Combined Assault)", 656),
    ("horus_heresy", 819, "Спас-броски за укрытие", 821),            # bold pseudo-heading
    ("horus_heresy", 3971, "Резервы", 3973),                         # hidden inside «Ночной бой»
    ("horus_heresy", 4015, "Резервы: Штурм глубоким ударом", 4025),
    ("horus_heresy", 3005, "Не ведая боли (X)", 3015),
    ("horus_heresy", 3077, "Электромагнитное", 3085),              # with its D6 table (L3081)
    ("horus_heresy", 2020, "Таблица повреждений техники", 2030),
    ("flames_of_war", 142, "Сплочение(Rally)", 144),
    ("flames_of_war", 578, "Придавленные Отряды", 580),
    ("flames_of_war", 1740, "Отряд Корректировщиков(Observer)", 1744),  # the only copy of its text
    ("flames_of_war", 1187, "Перевозчики взрывчатки — оборонительный огонь", 1189),
    ("warmaster", 205, "5. УКЛОНЕНИЕ (EVADES)", 208),
    ("warmaster", 353, "12. ОКОНЧАНИЕ СРАЖЕНИЯ (END OF THE BATTLE)", 377),
    ("warmaster", 399, "Имперский Паровой Танк", 404),
    ("warmaster", 412, "Огненный шар (Ball of Flame)", 416),
    ("hydrophilia", 417, "Штурм", 432),
    ("hydrophilia", 406, "Побег", 414),
    ("hydrophilia", 340, "Артиллерийская атака", 373),
    ("hydrophilia", 617, "Осветительные приборы", 626),
])
def test_key_sections_and_spans(outlines, game, line, title, end):
    sec = _find(outlines[game], line)
    assert sec is not None, f"no section at {game}:{line}"
    assert sec.title == title
    assert sec.line_end == end


@pytest.mark.parametrize("game", GAME_ORDER)
def test_no_section_longer_than_200_lines(outlines, game):
    long = [(s.title, s.line_start, s.line_end) for s in outlines[game] if s.length > 200]
    assert long == []


@pytest.mark.parametrize("game, line", [
    ("flames_of_war", 1), ("flames_of_war", 1651), ("flames_of_war", 1663), ("flames_of_war", 1751),
    ("flames_of_war", 1401), ("horus_heresy", 4770),
])
def test_junk_left_out(outlines, game, line):
    assert not any(s.line_start <= line <= s.line_end for s in outlines[game] if s.kind != "table")


def test_datasheet_field_labels_are_not_sections(outlines):
    starts = {s.line_start for s in outlines["horus_heresy"]}
    assert not starts & {2666, 2670, 2675, 2679, 2683}
    assert 2660 in starts                      # the datasheet itself stays one entry


def test_table_header_headings_merge_into_their_rule(outlines):
    starts = {s.line_start for s in outlines["horus_heresy"] if s.kind != "table"}
    assert not starts & {2022, 2640, 3081, 4636}


def test_titles_are_clean(outlines):
    for game, secs in outlines.items():
        for s in secs:
            assert "**" not in s.title and "<u>" not in s.title and not s.title.startswith("#"), (game, s.title)
            assert s.title.strip() == s.title and s.title


def test_epic_hierarchy_comes_from_numbers(outlines):
    secs = {s.id: s for s in outlines["epic"]}
    s = secs["epic:545"]                       # `## 1.12.7` under `#### 1.12`
    assert s.path[-1] == "1.12 Ближний бой (Assaults)"
    assert secs["epic:292"].path[-1] == "1.8.4 Эффекты террейна"     # unnumbered child of the last numbered
    assert secs["epic:1121"].path[-1] == "6.1.7 Победные условия"    # «1. Blitzkrieg» is a list item, not 1


def test_tables_are_entries_of_their_own(outlines):
    tables = {s.line_start: s for s in outlines["epic"] if s.kind == "table"}
    assert tables[312].title == "Свойства Террейна" and tables[312].line_end == 324
    assert any(s.line_start == 171 for s in outlines["warmaster"] if s.kind == "table")   # movement table


def test_section_ids_are_stable(outlines):
    ids = [s.id for s in outlines["epic"]]
    assert len(ids) == len(set(ids))
    assert "epic:120" in ids and "epic:312t" in ids


@pytest.mark.parametrize("game, line, path", [
    # a step of the shooting sequence, not a part of «Навык стрельбы 6 и выше»
    ("horus_heresy", 715, ("ФАЗА СТРЕЛЬБЫ",)),
    # pursuit follows a lost combat, not the saving throws
    ("horus_heresy", 1336, ("ФАЗА НАСТУПЛЕНИЯ", "Определите результаты наступления")),
    # vehicles shooting: a part of the vehicle chapter, not of the ram's limits
    ("horus_heresy", 1911, ("ТЕХНИКА",)),
    # reserves are a mission rule of their own, not a part of night fighting
    ("horus_heresy", 4027, ("СРАЖЕНИЯ В AGE OF DARKNESS", "Резервы")),
    # the tournament rules are chapter 6, not a part of aerospace operations
    ("epic", 1054, ()),
])
def test_a_rule_reads_under_the_heading_the_book_puts_it(outlines, game, line, path):
    """The breadcrumb every answer shows: where the markdown's heading levels are wrong, the
    book's overrides set them (`[level]`)."""
    assert _find(outlines[game], line).path == path
