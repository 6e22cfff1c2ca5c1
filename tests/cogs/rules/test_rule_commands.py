"""/rule, /rules, autocomplete and the buttons, driven through the offline console."""
from __future__ import annotations

import pytest


def _controls(reply):
    return {c.label: c for c in reply.controls}


def opens(control) -> str | None:
    """What a menu option opens: the section id of a rule, the game of a book's contents."""
    if not control.value:
        return None
    kind, _, state = control.value.partition(":")
    return state.split("|")[0]


async def test_rule_blastov_returns_epic_blast_markers_with_lines(console):
    replies = await console.run("/rule query:бластов game:epic", locale="en")
    assert len(replies) == 1
    embed = replies[0].embeds[0]
    assert embed["title"] == "1.3 Бласты (Blast Markers)"
    assert "lines 120–128" in embed["description"]
    assert "Бласт маркеры" in embed["description"]


async def test_rule_russian_command_and_reply(console):
    replies = await console.run("/правило запрос:бластов", locale="ru")
    text = replies[0].text
    assert "1.3 Бласты (Blast Markers)" in text and "строки 120–128" in text


async def test_autocomplete_gives_section_ids_that_open(console):
    choices = await console.autocomplete("/rule query:оверво", locale="en")
    assert 1 <= len(choices) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    value = next(c["value"] for c in choices if c["value"] == "epic:447")
    replies = await console.run(f"/rule query:{value}", locale="en")
    assert replies[0].embeds[0]["title"] == "1.10 Надзор (Overwatch)"


async def test_autocomplete_with_empty_and_junk_input(console):
    for line in ("/rule query:", "/rule query:🎲🎲", "/rule query:" + "x" * 300):
        choices = await console.autocomplete(line, locale="ru")
        assert len(choices) <= 25


async def test_next_and_previous_section_buttons(console):
    replies = await console.run("/rule query:epic:120", locale="en")
    reply = replies[0]
    nxt = next(c for c in reply.controls if "Next section" in c.label)
    after = await console.press(reply, nxt.number, locale="en")
    assert after[-1].embeds[0]["title"].startswith("1.4 ")
    prev = next(c for c in after[-1].controls if "Prev section" in c.label)
    back = await console.press(after[-1], prev.number, locale="en")
    assert back[-1].embeds[0]["title"] == "1.3 Бласты (Blast Markers)"


async def test_long_section_pages(console):
    # Warmaster's «8. БОЙ» (5,900 characters) needs more than one page.
    replies = await console.run("/rule query:warmaster:254", locale="en")
    reply = replies[0]
    counter = next(c for c in reply.controls if c.label.startswith("Page"))
    assert counter.label in ("Page 1/2", "Page 1/3")
    assert all(len(e.get("description", "")) <= 4096 for e in reply.embeds)
    forward = next(c for c in reply.controls if c.label.startswith("Next") and "section" not in c.label)
    after = await console.press(reply, forward.number, locale="en")
    assert any(c.label.startswith("Page 2/") for c in after[-1].controls)


async def test_did_you_mean_and_other_books(console):
    replies = await console.run("/rule query:бласты game:epic", locale="en")
    reply = replies[0]
    options = [c for c in reply.controls if c.value]
    assert any(opens(c) == "epic:1000" for c in options)          # 4.2.7 Бласты is close: offered
    choice = next(c for c in options if opens(c) == "epic:1000")
    after = await console.press(reply, choice.number, locale="en")
    assert after[-1].embeds[0]["title"] == "4.2.7 Бласты"


async def test_a_situation_offers_its_next_hits_whatever_they_scored(console):
    """Declining a challenge (L1727) is third here, behind the challenge its setup names
    (L1717) and far below it in score: the menu offers the first five hits, so it is one click
    away. Nothing was offered before."""
    query = "противник вызвал моего консула на поединок, а я не хочу принимать вызов"
    [reply] = await console.run(f"/rule query:{query} game:horus_heresy", locale="en")
    assert reply.embeds[0]["title"] == "Вызов на поединок"
    offered = [opens(c) for c in reply.controls if c.value]
    assert len(offered) == 5
    assert "horus_heresy:1727" in offered
    choice = next(c for c in reply.controls if c.value and opens(c) == "horus_heresy:1727")
    after = await console.press(reply, choice.number, locale="en")
    assert after[-1].embeds[0]["title"] == "Отказ от поединка"


async def test_same_rule_in_other_books(console):
    replies = await console.run("/rule query:overwatch game:epic", locale="en")
    assert "Надзор" in replies[0].embeds[0]["title"]
    # Crossfire exists only in Epic; "Штурм" exists in several books and is offered there.
    replies = await console.run("/rule query:штурм game:hydrophilia", locale="en")
    assert any(c.value and not opens(c).startswith("hydrophilia:") for c in replies[0].controls)


@pytest.mark.parametrize("locale, book, other", [("ru", "Гидрофилия", "Hydrophilia"), ("en", "Hydrophilia", "Гидрофилия")])
async def test_the_other_books_are_named_in_the_readers_language(console, locale, book, other):
    """The menu of the same rule in other books, and autocomplete with no game, named Hydrophilia
    in English in a Russian reply."""
    [reply] = await console.run("/rule query:д3 это как кидать game:horus_heresy", locale=locale)
    assert f"Кубики и броски — {book} · L21–27" in reply.text
    assert other not in reply.text
    names = [c["name"] for c in await console.autocomplete("/rule query:кубики и броски", locale=locale)]
    assert f"Кубики и броски · ОСНОВНЫЕ ПОНЯТИЯ [{book}]" in names, names
    assert not any(other in n for n in names)


@pytest.mark.parametrize("locale, note", [
    ("ru", "В книге «Warhammer: The Horus Heresy – Age of Darkness. Книга правил» ничего близкого; нашлось в другой книге."),
    ("en", "Nothing close in “Warhammer: The Horus Heresy – Age of Darkness rulebook (Russian translation)”; found in another book."),
])
async def test_a_term_only_another_book_has_is_answered_from_that_book(console, locale, note):
    """«джинк» (Jink) is Epic's aircraft dodge (L968); the Horus Heresy book never uses it. Asked
    with Horus Heresy, the reply says so and answers from Epic rather than "nothing found"."""
    replies = await console.run("/rule query:джинк game:horus_heresy", locale=locale)
    reply = replies[0]
    assert not reply.ephemeral
    assert reply.embeds[0]["title"] == "4.2.3 Зенитные атаки (Anti-aircraft Attacks)"
    assert note in reply.text


async def test_nothing_found_offers_nearest_titles(console):
    replies = await console.run("/rule query:zzzzqqq game:warmaster", locale="en")
    reply = replies[0]
    assert reply.ephemeral
    assert "Nothing" in reply.text


@pytest.mark.parametrize("query", ["   ", "?!.,;:", '"', "*", "NEAR(", "🎲🔥"])
async def test_bad_queries_get_a_clear_reply(console, query):
    replies = await console.run(f"/rule query:{query}", locale="en")
    assert replies and replies[0].text.strip()
    assert "Traceback" not in replies[0].text


@pytest.mark.parametrize("query", ["<@123456789012345678>", "<@123456789012345678>🤔))", "<:thinking:123456789012345678>"])
async def test_a_message_with_no_words_to_search_says_so(console, query):
    """Only a mention, emoji or smileys: the search reads none of it (rules_index.normalize.chat_text),
    so the reply says there is nothing to search, not "nothing found" with headings whose
    titles happened to look like the mention's digits."""
    from i18n import tr
    replies = await console.run(f"/rule query:{query}", locale="en")
    assert replies[0].ephemeral and tr("rules.error.unusable_query", "en") in replies[0].text


async def test_huge_query_gets_an_answer(console):
    replies = await console.run("/rule query:" + "бласт " * 1500, locale="ru")
    assert replies and "Traceback" not in replies[0].text


async def test_an_answer_names_its_query_as_far_as_it_was_searched(console):
    # the search reads the first 300 characters; the footer names them, then the book and lines
    replies = await console.run("/rule " + "бласт " * 70 + "game:epic", locale="ru")
    footer = replies[0].embeds[0]["footer"]["text"].split("\n")
    assert footer == ["🔎 " + " ".join(["бласт"] * 50), "Правила ЕРІС (Эпик: Армагеддон) · L120–128"]


async def test_rules_toc_pages_and_open(console):
    replies = await console.run("/rules game:warmaster", locale="en")
    reply = replies[0]
    assert reply.embeds[0]["title"].startswith("Contents: Warmaster")
    entry = next(c for c in reply.controls if opens(c) == "warmaster:10")
    opened = await console.press(reply, entry.number, locale="en")
    assert opened[-1].embeds[0]["title"] == "1. ПОСЛЕДОВАТЕЛЬНОСТЬ ХОДА"


async def test_rules_without_game_lets_you_pick_a_book(console):
    replies = await console.run("/rules", locale="ru")
    reply = replies[0]
    pick = next(c for c in reply.controls if opens(c) == "hydrophilia")
    after = await console.press(reply, pick.number, locale="ru")
    assert after[-1].embeds[0]["title"].startswith("Оглавление: Гидрофилия")


async def test_channel_game_is_searched_first(console):
    # «Штурм» exists in several books; with a Warmaster game running here, Warmaster's comes first.
    before = await console.run("/rule query:штурм", locale="en")
    started = await console.run("/game start game:warmaster name:Test side:Empire", locale="en")
    assert started and "Traceback" not in started[0].text
    after = await console.run("/rule query:штурм", locale="en")
    assert "Warmaster" in after[0].embeds[0]["description"]
    assert before[0].embeds[0]["title"] != after[0].embeds[0]["title"] or "Warmaster" in before[0].embeds[0]["description"]


async def test_explicit_game_beats_channel_game(console):
    await console.run("/game start game:warmaster name:Test side:Empire", locale="en")
    replies = await console.run("/rule query:бласты game:epic", locale="en")
    assert replies[0].embeds[0]["title"] == "1.3 Бласты (Blast Markers)"


async def test_unknown_game_gets_a_clear_reply(console):
    replies = await console.run("/rule query:бласты game:warhammer", locale="en")
    assert replies[0].ephemeral and "warhammer" in replies[0].text and "Traceback" not in replies[0].text


async def test_wrong_layout_says_how_it_searched(console):
    replies = await console.run("/rule query:gthtuhtd game:horus_heresy", locale="ru")
    embed = replies[0].embeds[0]
    assert embed["title"].startswith("Перегрев") and "перегрев" in embed["description"]
    assert "Искал как «перегрев» (другая раскладка)." in replies[0].text


@pytest.mark.parametrize("locale, note", [
    ("ru", "Искал как «pinning down» (английский термин русскими буквами)."),
    ("en", "Searched as “pinning down” (an English term typed in Cyrillic)."),
])
async def test_an_english_term_typed_in_cyrillic_says_how_it_searched(console, locale, note):
    # «пиннед даун» is a players' name now (aliases.toml); «пиннинг даун» is not
    replies = await console.run("/rule пиннинг даун game:flames_of_war", locale=locale)
    assert replies[0].embeds[0]["title"] == "Придавленные Отряды"
    assert note in replies[0].text


def test_core_never_imports_discord():
    import subprocess
    import sys
    code = "import sys, rules_index; rules_index.load_index; print('discord' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def _walk_components(components):
    for row in components:
        for item in row.get("components", [row]):
            yield item


@pytest.mark.parametrize("line", [
    "/rule query:warmaster:254", "/rule query:бласты", "/rule query:штурм", "/rules game:horus_heresy",
    "/rule query:таблица повреждений техники game:horus_heresy", "/rule query:zzzzqqq",
])
async def test_replies_respect_discord_limits(console, line):
    for reply in await console.run(line, locale="ru"):
        for e in reply.embeds:
            total = len(e.get("title", "")) + len(e.get("description", "")) + len((e.get("footer") or {}).get("text", ""))
            total += sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
            assert len(e.get("title", "")) <= 256 and len(e.get("description", "")) <= 4096 and total <= 6000
        for item in _walk_components(reply.components):
            if item.get("type") == 3:                       # select menu
                assert 1 <= len(item["options"]) <= 25
                for o in item["options"]:
                    assert len(o["label"]) <= 100 and len(o.get("description") or "") <= 100 and len(o["value"]) <= 100
            if item.get("type") == 2:
                assert len(item.get("label") or "") <= 80


async def test_a_rule_page_names_its_book_and_lines_not_its_internal_id(console):
    replies = await console.run("/rule Таран game:horus_heresy", locale="ru")
    footer = replies[0].embeds[0]["footer"]["text"]
    assert footer.endswith("· L1869–1885") and "horus_heresy" not in footer


async def test_the_lead_quotes_a_list_it_introduces_a_line_each(console):
    # FoW L1133–1137: the roll, then its two outcomes, each a quoted line above the section
    replies = await console.run("/rule что кидать на минном поле game:flames_of_war", locale="ru")
    lead = replies[0].embeds[0]["description"].split("\n\n")[0].split("\n")
    assert lead[0] == "> Отряды проходящие **Минные** **Поля** **кидают** кубик и сравнивают с покзателем Умение:"
    assert lead[1] == "> · Выше или равно – Отряд переходит **Поле** без проишествий."
    assert lead[2].startswith("> · Меньше – отряд получает попадание FP 5 AT 1+")


@pytest.mark.parametrize("locale, where", [("ru", "— Время дня(TIME OF DAY) · строка 1311"),
                                           ("en", "— Время дня(TIME OF DAY) · line 1311")])
async def test_a_chapter_led_by_its_subsections_passage_says_where_the_passage_is(console, locale, where):
    # FoW «Ночной Бой» (L1281) has no text of its own: it is searched with its subsections'
    # text, so its lead is quoted from one of them (L1311, in «Время дня»). The chapter's own
    # line alone would send the player to the wrong place for the quote.
    replies = await console.run("/rule ночной бой game:flames_of_war", locale=locale)
    embed = replies[0].embeds[0]
    assert embed["footer"]["text"].endswith("· L1281")
    quote, attribution = embed["description"].split("\n")[:2]
    assert quote == "> · 5 и 6 – сражение на Ночь(используются правила **Ночного** **Боя**)."
    assert attribution == where


async def test_a_lead_inside_its_section_is_not_attributed_again(console):
    # the section's own book and lines below already say where its passage is
    replies = await console.run("/rule что кидать на минном поле game:flames_of_war", locale="ru")
    header = replies[0].embeds[0]["description"].split("\n\n")[0].split("\n")
    assert [line[:2] for line in header] == ["> ", "> ", "> ", "Сп", "📖 "]
