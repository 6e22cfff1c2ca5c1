"""/game import through the command tree: an attachment Discord can't serve, and hostile files,
get a clear ephemeral reply and leave the game as it was (issue 14 §7, §8)."""
from __future__ import annotations

import json


async def _game(console) -> None:
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    await console.run("/unit add Tactical 4", locale="en", user="alice")


async def _units(console) -> list[str]:
    _, units = await console.bot.services.state.units(console.config.console_guild_id,
                                                      console.config.console_channel_id)
    return [u.name for u in units]


async def test_an_unreadable_attachment_gets_a_clear_reply(console, tmp_path, monkeypatch):
    """The attachment is uploaded, then gone when the bot fetches it: Discord's CDN answers 404."""
    await _game(console)
    path = tmp_path / "gone.json"
    path.write_text(json.dumps(await console.bot.services.state.export_game(
        console.config.console_guild_id, console.config.console_channel_id)))
    upload = console.server.attach

    def attach_then_delete(where):
        payload = upload(where)
        path.unlink()
        return payload
    monkeypatch.setattr(console.server, "attach", attach_then_delete)
    [reply] = await console.run(f"/game import file:{path}", locale="en", user="alice")
    assert reply.ephemeral and reply.text.splitlines()[2] == (
        "Couldn't download the file from Discord (it was deleted or is unavailable). Attach it again.")
    assert await _units(console) == ["Tactical"]


async def test_a_hostile_file_is_refused_in_the_players_language(console, tmp_path):
    await _game(console)
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000)
    [reply] = await console.run(f"/game import file:{path}", locale="ru", user="alice")
    assert reply.ephemeral and reply.text.splitlines()[2] == "Не получилось прочитать файл как JSON."
    path.write_text(json.dumps({"format": "wargame-referee/game-state", "version": 1,
                                "game": {"system": "epic", "turn": 2 ** 63}}))
    [reply] = await console.run(f"/game import file:{path}", locale="ru", user="alice")
    assert reply.ephemeral and "game.turn: не больше 1000" in reply.text
    assert await _units(console) == ["Tactical"]
