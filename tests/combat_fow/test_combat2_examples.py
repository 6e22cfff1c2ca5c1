"""Every example an error message of the Flames of War, Warmaster and Гидрофилия commands shows
is a command that works, in its own language."""
from __future__ import annotations

import tomllib
from pathlib import Path


MESSAGES = Path(__file__).resolve().parents[2] / "i18n" / "messages"
EXAMPLES = [(locale, text)
            for file, root in (("combat_fow", "fow"), ("combat_wm", "wm"), ("combat_hydro", "hydro"))
            for entry in tomllib.loads((MESSAGES / f"{file}.toml").read_text(encoding="utf-8"))[root]["example"].values()
            for locale, text in entry.items()]


async def test_every_example_works(console):
    assert len(EXAMPLES) > 30
    for locale, line in EXAMPLES:
        replies = await console.run(line, locale=locale, user="alice")
        assert replies and not replies[0].ephemeral, (line, replies[0].text)
