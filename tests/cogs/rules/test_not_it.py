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


async def test_not_it_on_a_long_situation_searches_it_whole(console):
    # A situation is often longer than a button's custom_id holds (100 characters, the game and
    # the rank among them): «Не то» cut it to 75 and searched the cut, so it recorded a query
    # nobody typed and offered the next hit of that one. The whole query is in the reply.
    query = ("мой носорог поехал через руины, кинул кубик на ландшафт и выпала единица, "
             "что с танком, он дальше едет?")
    replies = await console.run(f"/rule {query} game:horus_heresy", locale="ru")
    first = replies[0]
    assert first.embeds[0]["footer"]["text"].startswith(f"🔎 {query}\n")
    button = next(c for c in first.controls if c.label == "Не то")
    after = await console.press(first, button.number, locale="en")     # another player's locale
    hits = [h for h in console.services.rules.search(query, "horus_heresy", 12) if h.score >= 15]
    assert first.embeds[0]["title"] == hits[0].title
    assert after[-1].embeds[0]["title"] == hits[1].title
    assert after[-1].embeds[0]["footer"]["text"].startswith(f"🔎 {query}\n")
    rows = await console.services.state.lookup_misses()
    assert [(r["query"], r["game"], r["shown"][0]) for r in rows] == [(query, "horus_heresy", hits[0].section_id)]
    # what was shown: the answer and the hits its menu offered beside it (not the other books' menu)
    offered = [s for c in first.controls if c.value
               for s in [c.value.partition(":")[2].split("|")[0]] if s.startswith("horus_heresy:")]
    assert rows[0]["shown"] == offered and len(offered) == 5


def test_the_query_is_read_back_only_from_an_answer_to_it():
    import discord

    from cogs.rules._render import query_in
    answer = discord.Embed(title="Таран")
    answer.set_footer(text="🔎 мой носорог поехал через руины и что\nWarhammer · L1869–1885")
    # the custom_id holds the query's start as typed; the footer spaces it once
    assert query_in([answer], "мой носорог поехал через руины  и") == "мой носорог поехал через руины и что"
    # another query's footer, or none (a message sent before footers named it): the custom_id's start
    assert query_in([answer], "мой танк") == "мой танк"
    assert query_in([discord.Embed(title="Таран")], "мой танк") == "мой танк"


async def test_paging_an_answer_keeps_its_lead_and_not_it(console):
    # «Таран» is two pages long. Paging forward and back rebuilt the section alone: the quoted
    # answer, the query in the footer and «Не то» were gone from both pages.
    replies = await console.run("/rule как работает таран game:horus_heresy", locale="ru")
    first = replies[0]
    labels = [c.label for c in first.controls]
    assert "Не то" in labels and first.embeds[0]["description"].startswith("> ")
    forward = next(c for c in first.controls if c.label.startswith("Вперёд"))
    second = (await console.press(first, forward.number))[-1]
    assert "Не то" in [c.label for c in second.controls]
    assert second.embeds[0]["footer"]["text"].startswith("🔎 как работает таран\n")
    assert not second.embeds[0]["description"].startswith("> ")          # the lead is page 1's
    back = next(c for c in second.controls if c.label.startswith("◀"))
    again = (await console.press(second, back.number))[-1]
    assert again.embeds == first.embeds and [c.label for c in again.controls] == labels
    # «Не то» from the second page: the next hit, recorded once with the whole query
    not_it = next(c for c in second.controls if c.label == "Не то")
    after = (await console.press(second, not_it.number))[-1]
    hits = [h for h in console.services.rules.search("как работает таран", "horus_heresy", 12) if h.score >= 15]
    assert after.embeds[0]["title"] == hits[1].title
    rows = await console.services.state.lookup_misses()
    assert [(r["query"], r["shown"][0]) for r in rows] == [("как работает таран", hits[0].section_id)]


def test_an_answer_page_finds_its_section_again_or_none():
    from types import SimpleNamespace

    from cogs.rules._views import rank_in
    hits = [SimpleNamespace(section_id=s) for s in ("epic:120", "epic:1000", "epic:866")]
    assert rank_in(hits, 1, "epic:1000") == 1
    # the books changed since the answer was sent: the section moved, or is no longer found
    assert rank_in(hits, 0, "epic:866") == 2
    assert rank_in(hits, 5, "epic:1000") == 1
    assert rank_in(hits, 0, "epic:7") is None


def test_did_you_mean_offers_what_scored_almost_as_high_at_any_scale():
    # A question scores in the hundreds, a situation in the tens: six points apart is a tie for
    # one and a clear gap for the other. A hit within 15% of the shown one (at least 6 points)
    # is offered; the rule's runner-up for a question at 200 was never offered before.
    from types import SimpleNamespace

    from cogs.rules._views import shown_with

    def hits(*scores):
        return [SimpleNamespace(score=s, section_id=f"epic:{k}", game="epic", title=f"Rule {k}", line_start=k)
                for k, s in enumerate(scores, 1)]
    assert shown_with(hits(200.0, 175.0, 169.0), 0) == ["epic:1", "epic:2"]
    assert shown_with(hits(40.0, 34.5, 33.0), 0) == ["epic:1", "epic:2"]          # 6 points at least
    assert shown_with(hits(53.2, 46.4, 45.5, 44.1), 0) == ["epic:1", "epic:2", "epic:3"]
    assert shown_with(hits(200.0, 175.0, 169.0), 1) == ["epic:2", "epic:3"]       # after «Не то»


def test_a_question_offers_its_next_hits_whatever_they_scored():
    # A situation's answer is often second or third, behind the rule its setup names, and far
    # below it in score: a question's menu offers its first five hits; a name's, the close ones.
    from types import SimpleNamespace

    from cogs.rules._views import shown_with

    def hits(*scores):
        return [SimpleNamespace(score=s, section_id=f"epic:{k}", game="epic", title=f"Rule {k}", line_start=k)
                for k, s in enumerate(scores, 1)]
    spread = hits(200.0, 90.0, 40.0, 20.0, 10.0, 5.0)
    assert shown_with(spread, 0, question=True) == ["epic:1", "epic:2", "epic:3", "epic:4", "epic:5"]
    assert shown_with(spread, 1, question=True) == ["epic:2", "epic:3", "epic:4", "epic:5", "epic:6"]   # after «Не то»
    assert shown_with(spread, 0) == ["epic:1"]                                     # a name: nothing close
