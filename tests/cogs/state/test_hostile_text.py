"""A lone surrogate or a NUL in a typed name (issue 14 §8) gets a clear reply, never an
encoding error; nothing is stored."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("line", ["/unit rename unit:\ud800 new_name:B", "/unit remove unit:\ud800x",
                                  "/status set unit:\ud800 status:pinned"])
async def test_broken_unicode_in_names_is_answered_clearly(console, line):
    await console.run("/game start game:epic side:A", locale="en")
    replies = await console.run(line, locale="en")
    assert [r.ephemeral for r in replies] == [True]
    assert "Something went wrong" not in replies[0].text and "That didn't work" in replies[0].text
