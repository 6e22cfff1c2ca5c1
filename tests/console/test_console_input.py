"""The console refuses what Discord's client would refuse before the bot sees it (issue 14 §7, §8):
a missing required option, a number outside an option's range, a value not in its choices, a file
that isn't there. Each gets a short reply naming the option, in the reader's language, and the
bot is never called (so nothing is stored)."""
from __future__ import annotations


async def _error(console, line: str, locale: str) -> str:
    [reply] = await console.run(line, locale=locale)
    assert reply.ephemeral
    return reply.text


async def test_missing_required_option_is_named(console):
    assert (await _error(console, "/roll", "ru")).splitlines()[2:5] == [
        "Не задан обязательный параметр выражение.", "", "Пример: /бросок выражение:…"]
    assert (await _error(console, "/unit add", "en")).splitlines()[2:5] == [
        "The required option name is missing.", "", "Example: /unit add name:…"]


async def test_extra_words_show_the_commands_own_form(console):
    """The example used to be `/roll 10d6 4+` whatever the command was."""
    assert (await _error(console, "/game status now", "ru")).splitlines()[2:5] == [
        "Лишние слова: «now». Необязательные параметры задаются по имени: имя:значение.", "", "Пример: /игра статус"]
    assert (await _error(console, "/game status now", "en")).splitlines()[4] == "Example: /game status"


async def test_a_missing_subcommand_lists_them_in_the_readers_language(console):
    """«У /status есть подкоманды: set, clear» used to reach Russian players."""
    assert (await _error(console, "/состояние Рота", "ru")).splitlines()[2] == "У /состояние есть подкоманды: поставить, снять."
    assert (await _error(console, "/status Rifles", "en")).splitlines()[2] == "/status has subcommands: set, clear."


async def test_number_outside_the_options_range_never_reaches_the_bot(console):
    text = await _error(console, "/shoot epic-barrage points:9 vehicles:9007199254740992", "en")
    assert text.splitlines()[2] == "Option vehicles: 9007199254740992 is out of range (0…100)."
    text = await _error(console, "/shoot epic-barrage points:9 vehicles:inf", "ru")
    assert text.splitlines()[2] == "Параметр техника должен быть числом, а не «inf»."


async def test_unknown_choice_lists_the_choices_by_their_names(console):
    text = await _error(console, "/odds epic-shoot weapons:x action:zzz", "en")
    assert text.splitlines()[2].startswith("Option action: “zzz” is not one of none / other, Double")


async def test_missing_file_is_named(console):
    text = await _error(console, "/game import file:/nonexistent/game.json", "en")
    assert text.splitlines()[2] == "Option file: file “/nonexistent/game.json” not found or unreadable."


async def test_suggestions_follow_the_option_being_typed_after_positional_values(console):
    await console.run("/game start game:epic side:A", locale="en")
    names = [c["name"] for c in await console.autocomplete("/unit add Gargant 8 type:war", locale="en")]
    assert names == ["war engine"]
    choices = [c["value"] for c in await console.autocomplete("/odds epic-shoot weapons:x action:", locale="en")]
    assert choices == ["none", "double", "marshal", "sustained"]


async def test_user_text_is_shown_literally_never_as_a_link_or_a_ping(console):
    """A hostile unit name (issue 14 §8) reaches Discord escaped and pings no one; the console
    shows it as Discord's client would: as typed."""
    name = "[free nitro](https://evil.example/x) ||s|| @everyone"
    await console.run("/game start game:epic side:A", locale="en")
    await console.run(f'/unit add "{name}" 4', locale="en")
    [reply] = await console.run(f'/check epic dangerous formation:"{name}"', locale="en")
    message = await console.server.message(reply.message_id)
    raw = message.payload()["embeds"][0]["title"]
    assert "\\[free nitro](https://evil.example/x) \\|\\|s\\|\\| @\u200beveryone" in raw
    assert name.replace("@", "@\u200b") in reply.text   # what Discord shows; it pings no one
