"""Every example the Epic, Horus Heresy and /table error messages show is a command that works
as written, in its own language."""
from __future__ import annotations

import i18n
from games.registry import GAMES

assert GAMES                      # the games' catalogs are loaded
EXAMPLES = [(locale, text) for key, entry in sorted(i18n.catalog().items())
            if key.split(".")[0] in ("combat_epic", "combat_hh", "combat_shared") and key.split(".")[1] == "example"
            and key != "combat_shared.example.plus"
            for locale, text in entry.items()]


async def test_every_example_works(console):
    assert len(EXAMPLES) >= 28
    # The reaction examples need a tracked unit; the others work on numbers alone.
    await console.run("/game start game:horus_heresy name:Isstvan side:Loyal", locale="en", user="alice")
    for name in ("Tacticals", "Тактики"):
        await console.run(f"/unit add name:{name} size:10", locale="en", user="alice")
    for locale, line in EXAMPLES:
        replies = await console.run(line, locale=locale, user="alice")
        assert replies and not replies[0].ephemeral, (line, replies[0].text)
