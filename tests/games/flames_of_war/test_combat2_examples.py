"""Every example an error message of the Flames of War, Warmaster and Гидрофилия commands shows
is a command that works, in its own language."""
from __future__ import annotations

import i18n
from games.registry import GAMES

assert GAMES                      # the games' catalogs are loaded
EXAMPLES = [(locale, text) for key, entry in sorted(i18n.catalog().items())
            if key.split(".")[0] in ("fow", "wm", "hydro") and key.split(".")[1] == "example"
            for locale, text in entry.items()]


async def test_every_example_works(console):
    assert len(EXAMPLES) > 30
    for locale, line in EXAMPLES:
        replies = await console.run(line, locale=locale, user="alice")
        assert replies and not replies[0].ephemeral, (line, replies[0].text)
