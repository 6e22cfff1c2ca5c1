"""Passages, question intent, English through the books' own pairs, the lead, one entry per rule."""
from __future__ import annotations

import pytest

from rules_index import load_index
from rules_index import passages as ps
from rules_index.crosslang import heading_pairs, learn
from rules_index.present import LEAD_CHARS, bold_query_words, lead, list_end, one_per_rule, quoted_lines, same_rule_elsewhere


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return load_index(cache_dir=tmp_path_factory.getbasetemp() / "rules_cache")


def test_intent_is_read_from_question_words():
    assert ps.intent("сколько реакций за фазу") == ps.NUMBER
    assert ps.intent("можно ли стрелять после марша") == ps.PERMISSION
    assert ps.intent("что будет если танк заедет в лес") == ps.CONSEQUENCE
    assert ps.intent("how many shots") == ps.NUMBER
    assert ps.intent("бласты") == 0
    # a situation's chat question asks what follows from it as surely as «что будет»
    assert ps.intent("мой бтр с пехотой внутри сожгли стрельбой, что с пехотой") == ps.CONSEQUENCE
    assert ps.intent("разведчики выходят с края стола, я кинул 1, что теперь?") == ps.CONSEQUENCE
    assert ps.intent("галера уже была повреждена, что с ней?") == ps.CONSEQUENCE
    assert ps.intent("противник сбросил отряд в 5 дюймах, что мне делать") == ps.CONSEQUENCE
    assert ps.intent("а чё будет если не докинул") == ps.CONSEQUENCE
    assert ps.intent("как работает таран") == 0


def test_passage_states_a_number_a_permission_a_consequence():
    assert ps.states("базовое значение всегда равно 1") & ps.NUMBER
    assert ps.states("Подавленная боевая единица не может двигаться") & ps.PERMISSION
    assert ps.states("Если проверка провалена, боевая единица покидает бой") & ps.CONSEQUENCE
    assert ps.states("Прыжковые ранцы") == 0


def test_hit_carries_the_passage_with_its_book_lines(index):
    # HH L437: «базовый запас реакций игрока не может превышать 3 … не больше трёх реакций»
    hits = index.search("сколько реакций можно сделать за фазу", game="horus_heresy", limit=5)
    lines = {h.section_id: h.passage_lines for h in hits}
    assert lines["horus_heresy:429"] == (437, 437)
    basic = next(h for h in hits if h.section_id == "horus_heresy:429")
    assert basic.passage.startswith("Вне зависимости от специальных правил")


def test_every_hit_passage_lies_inside_its_section(index):
    for h in index.search("можно ли стрелять из тяжелого оружия если отряд двигался", game="horus_heresy", limit=10):
        if h.passage:
            assert h.line_start <= h.passage_lines[0] <= h.passage_lines[1] <= h.line_end


def test_a_chapter_with_no_text_of_its_own_quotes_a_subsection_named_by_section_at(index):
    # FoW «Ночной Бой» (L1281) is searched with its subsections' text (engine: chapters), so
    # its passage lies outside its own line: the reply names where (cogs.rules._render.lead_source).
    # The hit spans the subsections it stands for (L1281–1345).
    hit = index.search("ночной бой", game="flames_of_war", limit=1)[0]
    assert (hit.section_id, hit.line_end, hit.passage_lines) == ("flames_of_war:1281", 1345, (1311, 1311))
    assert index.section("flames_of_war:1281").line_end == 1281
    assert index.section_at("flames_of_war", 1311).id == "flames_of_war:1303"
    assert index.section_at("flames_of_war", 1281).id == "flames_of_war:1281"
    assert index.section_at("flames_of_war", 10 ** 6) is None


def test_a_question_quotes_the_passage_closest_in_meaning_not_the_one_holding_its_words(index):
    # «прочерк … ПСИ … карточке» are all words of L312 («…проверку только по ПСИ, в которой у
    # цели стоит прочерк…»); the answer, what a dash means, is L308: «…вместо числового значения
    # стоит прочерк, модель имеет иммунитет…». The sentence vectors find it closer by more than
    # PASSAGE_CLOSER, so it is quoted.
    hit = index.search("что означает прочерк в карточке вместо пси", "hydrophilia", 1)[0]
    assert (hit.line_start, hit.line_end) == (288, 312)
    assert hit.passage_lines == (308, 308)
    assert hit.passage.startswith("В случае, когда в карточке цели на месте ФИЗ, ПСИ или КИБ")


def test_a_passage_ending_with_a_colon_carries_the_list_it_introduces(index):
    # FoW L1133: «…кидают кубик и сравнивают с покзателем Умение:», the two outcomes at L1135, L1137
    hit = index.search("что кидать на минном поле", game="flames_of_war", limit=1)[0]
    assert hit.passage_lines == (1133, 1137)
    assert hit.passage.split("\n") == [
        "Отряды проходящие Минные Поля кидают кубик и сравнивают с покзателем Умение:",
        "· Выше или равно – Отряд переходит Поле без проишествий.",
        "· Меньше – отряд получает попадание FP 5 AT 1+ и кидает Спас-бросок(для Танков используется броня "
        "Крыши). Если Танк Уничтожен или Ремонтируется, то он ставится на середину Поля. Если он выживает, "
        "то переходит Поле без проишествий."]


def test_an_item_that_answers_is_quoted_with_the_line_that_introduces_it(index):
    # FoW L472 «…добавляйте 1 за каждый бонус:» introduces the bonuses; the item that answers
    # (L474, «…более 16”/40 см») says nothing of the +1 without it
    hit = index.search("какой штраф если цель дальше 16 дюймов", game="flames_of_war", limit=1)[0]
    assert hit.passage_lines[0] == 472 and hit.passage_lines[1] >= 474
    lines = hit.passage.split("\n")
    assert lines[0].endswith("добавляйте 1 за каждый бонус:")
    assert "· Цель находится на расстоянии более 16”/40 см" in lines


def test_a_long_introduction_keeps_its_colon_sentence_and_its_rows_in_the_lead(index):
    # Warmaster L399: a long paragraph on the steam tank ends «…бросьте D6 по таблице ниже:» and
    # its rows (L401-404) are the answer; a lead too short for both cuts the paragraph's start
    hit = index.search("паровой танк получил ошибочный приказ, что с ним", game="warmaster", limit=1)[0]
    assert hit.line_start == 399 and hit.passage_lines == (399, 404)
    assert len(hit.passage) > 400
    quoted = lead(hit.passage, "паровой танк ошибочный приказ", limit=400).replace("**", "")
    assert quoted.startswith("…") and "Если ему был отдан ошибочный приказ" in quoted
    assert quoted.endswith("1 | Не двигается до конца битвы.\n2-3 | Не стреляет в этот ход.\n4-6 | Все нормально.")
    assert len(quoted) <= 400
    # a lead with room for all of it quotes it whole
    assert lead(hit.passage, "паровой танк", limit=LEAD_CHARS).replace("**", "") == hit.passage


@pytest.mark.parametrize("lines, last, end, want", [
    (["Не список.", "- пункт"], 1, 2, 1),                                     # no colon: the line alone
    (["Бросьте D6:", "", "- 1", "", "- 2", "", "Дальше текст."], 1, 7, 5),   # blank lines between items
    (["a) Бросив D6:", "1-2 = 6 ходов", "3-4 = 7 ходов", "b) Другое."], 1, 4, 3),   # rolls; «b)» is a sibling
    (["8. Радиус у каждого свой:", "1) Генерал", "2) Герой", "9. Дальше."], 1, 4, 3),  # «1)» under «8.»
    (["Таблица:", "| 1 | a |", "|---|---|", "| 2 | b |"], 1, 4, 4),
    (["Бросьте D6:", "- 1", "- 2"], 1, 2, 2),                                 # not past the section's end
])
def test_list_end(lines, last, end, want):
    assert list_end(lines, last, end) == want


def test_quoted_lines_drop_table_borders_and_keep_a_line_each():
    assert quoted_lines(["Таблица:", "| 1 | a |", "|---|---|", "  | 2 |   b |"]) == "Таблица:\n| 1 | a |\n| 2 | b |"
    assert lead("Бросьте D6:\n- 1 реакция\n- 2 реакции", "реакции") == "Бросьте D6:\n- 1 **реакция**\n- 2 **реакции**"


def test_english_words_meet_the_russian_through_heading_pairs():
    pairs = heading_pairs(["1.7.5 Транспорты (Transport)", "Advance (Продвижение)", "Бег"])
    assert [en for en, _ in pairs] == ["transport", "advance"]
    learned = learn({"epic": pairs})
    assert learned["transport"]["epic"][0][0] == "транспорт"


def test_english_question_finds_the_russian_rule(index):
    # HH L2101: «Техника никогда не проходит проверки на боевой дух и тесты на лидерство» —
    # "vehicle", "morale" meet «техника», «боевой дух» through the book's glossary
    hit = index.search("do vehicles ever take morale or leadership tests", game="horus_heresy", limit=1)[0]
    assert hit.line_start == 2101


def test_lead_bolds_the_query_words_and_cuts_long_text():
    out = bold_query_words("Боевая единица может сделать одну реакцию в фазе.", "сколько реакций за фазу")
    assert out == "Боевая единица может сделать одну **реакцию** в **фазе**."
    long = lead("слово " * 400, "слово", limit=100)
    assert len(long.replace("**", "")) <= 101 and long.endswith("…")


def test_the_books_words_for_a_players_word_are_bold_too(index):
    # «сдох» is searched as the books' «уничтож…» (rules_index.players_words): the quote shows it
    hit = index.search("мой танк сдох, что с экипажем", "flames_of_war", 1)[0]
    out = lead(hit.passage, "мой танк сдох, что с экипажем", players_words=index.players_words)
    assert out.startswith("Оставляйте **Уничтоженные** **Танки** как Обломки.")
    assert lead(hit.passage, "мой танк сдох, что с экипажем").startswith("Оставляйте Уничтоженные **Танки**")


def test_one_entry_per_rule_main_text_first(index):
    main, summary = index.section("horus_heresy:474"), None
    for sec in index.toc("horus_heresy"):
        if sec.title == main.title and sec.line_start > 4500:
            summary = sec
    assert summary is not None                    # the reference summary repeats the heading
    assert [s.id for s in one_per_rule([summary, main])] == [main.id]
    labels = [sid for _, sid in index.autocomplete("реакции в фазе стрельбы", game="horus_heresy")]
    assert summary.id not in labels and main.id in labels


def test_glossary_heading_is_found(index):
    assert index.search("Глоссарий", game="horus_heresy", limit=1)[0].line_start == 4764


def test_a_question_is_known_by_its_first_word_or_its_mark_even_asking_for_no_number():
    from rules_index.passages import is_question
    assert is_question("как работают пушки") and is_question("how do cannons work") and is_question("пушки?")
    assert not is_question("пушки") and not is_question("cannon rules") and not is_question("прыжковая пехота")


def test_the_same_rule_in_other_books_shares_a_word_of_its_heading(index):
    # Epic's invulnerable save is Horus Heresy's «Непробиваемые спас-броски» (L813); Flames of
    # War's «Перевозчики взрывчатки — атака» (a save in its text) and Warmaster's shooting
    # chapter, the best hits there for the title read as a question, are not that rule
    others = same_rule_elsewhere(index, index.section("epic:674"))
    assert [(s.game, s.line_start) for s in others] == [("horus_heresy", 813)]
    # Spearhead is Flames of War's alone: Horus Heresy's «Командные войска» is no match for it
    assert same_rule_elsewhere(index, index.section("flames_of_war:1053")) == []
    # a heading another book words in another form («Транспорты» / «Пассажиры и Транспорт») still finds it
    transport = next(s for s in index.sections if s.game == "epic" and s.title.startswith("1.7.5 Транспорты"))
    assert {(s.game, s.title) for s in same_rule_elsewhere(index, transport)} >= {
        ("horus_heresy", "Транспорты"), ("flames_of_war", "Пассажиры и Транспорт")}
