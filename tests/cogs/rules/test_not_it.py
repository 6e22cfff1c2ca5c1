"""«Не то» / "Not it" on /rule replies: the miss is recorded and the next hit shown; the reply
leads with the answering passage."""
from __future__ import annotations

from rules_index.misses import format_misses


async def test_reply_leads_with_the_answering_passage_in_bold(console):
    replies = await console.run("/rule сколько реакций можно сделать за фазу game:horus_heresy", locale="ru")
    description = replies[0].embeds[0]["description"]
    assert description.startswith("> ")
    quoted = description.split("\n")[0]
    assert "**реакций**" in quoted
    assert "запас реакций" in quoted.replace("**", "") and "фаз" in quoted      # the allowance a phase


async def test_not_it_records_the_miss_and_shows_the_next_hit(console):
    replies = await console.run("/rule сколько реакций можно сделать за фазу game:horus_heresy", locale="en")
    first = replies[0]
    shown_title = first.embeds[0]["title"]
    button = next(c for c in first.controls if c.label == "Not it")
    after = await console.press(first, button.number, locale="en")
    assert after[-1].embeds[0]["title"] != shown_title
    assert "Noted" in after[-1].embeds[0]["description"]
    store = console.services.state
    rows = await store.lookup_misses()
    assert len(rows) == 1
    assert rows[0]["query"] == "сколько реакций можно сделать за фазу"
    assert rows[0]["game"] == "horus_heresy"
    # a section on the reaction allowance: «Запас реакций» (L425: base 1), «Базовый запас реакций»
    # (L429: one a phase, never above 3) or «Дополнительные реакции и лимит реакций» (L448: at most 3 a phase)
    assert rows[0]["shown"][0] in {"horus_heresy:425", "horus_heresy:429", "horus_heresy:448"}
    assert "сколько реакций" in format_misses(rows)


async def test_a_section_that_is_its_answer_is_shown_once(console):
    # Epic's March (L186–188) is one sentence, the one that answers: quoted as the lead and
    # again as the text, it read twice. It is quoted, then its place in the book, and no more.
    replies = await console.run("/rule можно ли стрелять после марша game:epic", locale="ru")
    embed = replies[0].embeds[0]
    assert embed["title"] == "March (Марш-Бросок)"
    assert embed["description"].split("\n") == [
        "> Формация может сделать три последовательных движения, каждое со своей «Скоростью»;",
        "1.6 Фаза Действий (Action Phase) › 1.6.1 Действия (Action)",
        "📖 Правила ЕРІС (Эпик: Армагеддон) · строки 186–188"]
    # a longer section keeps its lead above its text (HH's reaction allowance, L448–460)
    replies = await console.run("/rule сколько реакций можно сделать за фазу game:horus_heresy", locale="ru")
    assert replies[0].embeds[0]["description"].startswith("> ")
