"""User text in state replies is shown as typed: a unit named like a masked link and a ping
renders as neither in /game status, /unit list, /history and /undo (issue 14 §8)."""
from __future__ import annotations

EVIL = "[free nitro](https://evil.example/x) ||s|| @everyone"
ESCAPED = "\\[free nitro](https://evil.example/x) \\|\\|s\\|\\| @\u200beveryone"   # cogs/_common/markdown.safe


def _sent(replies) -> str:
    """What went to Discord (the console's text undoes markdown escapes, as the client does)."""
    return "\n".join([r.content or "" for r in replies] +
                     [f"{e.get('title', '')}\n{e.get('description', '')}" for r in replies for e in r.embeds])


async def test_a_hostile_unit_name_is_escaped_everywhere_it_is_shown(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    await console.run(f'/unit add "{EVIL}" 4', locale="en", user="alice")
    for line in ("/game status", "/unit list", "/history", "/undo"):
        sent = _sent(await console.run(line, locale="en", user="alice"))
        assert ESCAPED in sent, (line, sent)
        assert EVIL not in sent.replace(ESCAPED, ""), (line, sent)
