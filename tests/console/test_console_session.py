"""The offline console drives the real command tree: parsing, replies, buttons, errors."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from console.parser import parse
from i18n import UserError

ROOT = Path(__file__).resolve().parents[2]


async def test_help_lists_commands_in_both_languages(console):
    ru = (await console.run("/help", locale="ru"))[0]
    en = (await console.run("/помощь", locale="en"))[0]
    assert ru.ephemeral and en.ephemeral
    assert "Помощь бота-судьи" in ru.text and "/бросок" in ru.text
    assert "Referee bot help" in en.text and "/roll" in en.text


async def test_unknown_command_is_a_short_ephemeral_error(console):
    [reply] = await console.run("/nosuchthing", locale="en")
    assert reply.ephemeral
    assert "No such command: /nosuchthing." in reply.text
    assert "Example:" in reply.text


async def test_pressing_a_missing_button_says_so(console):
    [reply] = await console.run("/help", locale="en")
    [error] = await console.press(reply, 99, locale="en")
    assert "No active button number 99" in error.text


def test_parser_fills_required_option_with_rest_of_line():
    commands = [{"name": "roll", "name_localizations": {"ru": "бросок"}, "type": 1, "options": [
        {"name": "expression", "name_localizations": {"ru": "выражение"}, "type": 3, "required": True},
        {"name": "comment", "name_localizations": {"ru": "комментарий"}, "type": 3, "required": False},
    ]}]
    parsed = parse("/бросок 10к6 4+ rr1 комментарий:\"атака болтерами\"", commands)
    assert parsed.path[0]["name"] == "roll"
    assert {o["name"]: v for o, v in parsed.options} == {"comment": "атака болтерами", "expression": "10к6 4+ rr1"}
    with pytest.raises(UserError):
        parse("roll 3d6", commands)


def test_a_text_options_value_runs_on_to_the_next_option_as_in_discord():
    """`/rule query:сколько реакций можно сделать за фазу` was refused: «реакций…» went to `game`."""
    commands = [{"name": "rule", "name_localizations": {"ru": "правило"}, "type": 1, "options": [
        {"name": "query", "name_localizations": {"ru": "запрос"}, "type": 3, "required": True},
        {"name": "game", "name_localizations": {"ru": "игра"}, "type": 3, "required": False},
        {"name": "limit", "type": 4, "required": False},
    ]}, {"name": "roll", "type": 1, "options": [
        {"name": "expression", "type": 3, "required": True},
        {"name": "comment", "type": 3, "required": False},
    ]}]
    parsed = parse("/правило запрос:сколько реакций можно сделать за фазу игра:horus_heresy", commands)
    assert {o["name"]: v for o, v in parsed.options} == {
        "query": "сколько реакций можно сделать за фазу", "game": "horus_heresy"}
    assert parsed.last == "game"
    parsed = parse("/rule query:можно ли стрелять после марша", commands)
    assert {o["name"]: v for o, v in parsed.options} == {"query": "можно ли стрелять после марша"}
    assert parsed.last == "query"
    # a required option still to be given takes the words: the comment stays one word
    parsed = parse("/roll comment:атака 10к6 4+", commands)
    assert {o["name"]: v for o, v in parsed.options} == {"comment": "атака", "expression": "10к6 4+"}
    # a number option's value does not run on: the word is left to the options not given
    parsed = parse("/rule query:марш limit:3 epic", commands)
    assert {o["name"]: v for o, v in parsed.options} == {"query": "марш", "limit": "3", "game": "epic"}


def test_console_dash_c_prints_replies_and_exits(tmp_path):
    env = {"REFEREE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'c.db'}", "PATH": "/usr/bin:/bin",
           "REFEREE_CONSOLE_FILES_DIR": str(tmp_path / "files")}
    done = subprocess.run([sys.executable, "bot.py", "--console", "--locale", "en", "-c", "/help", "-c", "/nope"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Referee bot help" in done.stdout
    assert "No such command: /nope." in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_no_token_starts_the_console_and_says_so(tmp_path):
    env = {"REFEREE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'c.db'}", "PATH": "/usr/bin:/bin",
           "REFEREE_CONSOLE_FILES_DIR": str(tmp_path / "files"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "bot.py", "--locale", "en"], cwd=ROOT, env=env, input="/help\n:quit\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert "No Discord token set (DISCORD_TOKEN)" in first
    assert "Referee bot help" in done.stdout
