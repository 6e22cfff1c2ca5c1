"""Reading a typed command line against the command tree's own (translated) payloads.

`/roll 10к6 4+ rr1 comment:атака` → command path ["roll"] and options {"expression": "10к6 4+ rr1",
"comment": "атака"}. Names may be typed in English or Russian. Options go by name
(`name:value`, `name:"quoted value"`, or a text option's words up to the next option, as Discord's
client takes them) or positionally for required options in order; the last positional option
takes the rest of the line, so dice expressions need no quotes.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from i18n import UserError

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


def fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


def names_of(node: dict[str, Any]) -> set[str]:
    return {fold(node["name"]), *(fold(v) for v in (node.get("name_localizations") or {}).values())}


@dataclass
class ParsedCommand:
    path: list[dict[str, Any]]                  # payload nodes from the top-level command down
    options: list[tuple[dict[str, Any], str]] = field(default_factory=list)  # (option node, raw text)
    focused: str | None = None                  # option name being autocompleted
    last: str | None = None                     # the option the line's last word went to

    @property
    def leaf(self) -> dict[str, Any]:
        return self.path[-1]


def _split(line: str) -> list[str]:
    try:
        return shlex.split(line, posix=True)
    except ValueError:  # an unbalanced quote: fall back to plain words
        return line.split()


def _localized(node: dict[str, Any], locale: str) -> str:
    return (node.get("name_localizations") or {}).get(locale) or node["name"]


@dataclass(frozen=True)
class Names:
    """Command names as the reader's client shows them: «стрельба эпик», "set, clear"."""
    names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]    # (name, its (locale, name) pairs)
    separator: str

    @classmethod
    def of(cls, nodes: list[dict[str, Any]], separator: str) -> "Names":
        return cls(tuple((n["name"], tuple(sorted((n.get("name_localizations") or {}).items()))) for n in nodes),
                   separator)

    def render(self, locale: str) -> str:
        return self.separator.join(dict(loc).get(locale) or name for name, loc in self.names)


@dataclass(frozen=True)
class Usage:
    """The command's own form, in the reader's language: `/отряд добавить название:… размер:…`."""
    path: tuple[str, ...]
    options: tuple[str, ...]
    localized: tuple[tuple[tuple[str, str], ...], ...]   # per name: (locale, name) pairs

    @classmethod
    def of(cls, path: list[dict[str, Any]], params: list[dict[str, Any]]) -> "Usage":
        shown = [p for p in params if p.get("required")] or params[:2]
        nodes = [*path, *shown]
        return cls(tuple(n["name"] for n in path), tuple(n["name"] for n in shown),
                   tuple(tuple(sorted((n.get("name_localizations") or {}).items())) for n in nodes))

    def render(self, locale: str) -> str:
        names = [dict(loc).get(locale) or name for name, loc in zip((*self.path, *self.options), self.localized)]
        words = names[:len(self.path)] + [f"{name}:…" for name in names[len(self.path):]]
        return "/" + " ".join(words)


def _find(nodes: list[dict[str, Any]], word: str) -> dict[str, Any] | None:
    word = fold(word)
    return next((n for n in nodes if word in names_of(n)), None)


def parse(line: str, commands: list[dict[str, Any]]) -> ParsedCommand:
    text = line.strip()
    if not text.startswith("/"):
        raise UserError("console.error.not_a_command", example="console.example.roll")
    words = _split(text[1:])
    if not words:
        raise UserError("console.error.not_a_command", example="console.example.roll")
    command = _find(commands, words[0])
    if command is None:
        raise UserError("console.error.unknown_command", example="console.example.help", name=words[0])
    path, rest = [command], words[1:]
    while any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in path[-1].get("options", [])):
        subs = [o for o in path[-1]["options"] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        choice = _find(subs, rest[0]) if rest else None
        if choice is None:
            raise UserError("console.error.need_subcommand", example="console.example.help",
                            command=Names.of(path, " "), subcommands=Names.of(subs, ", "))
        path.append(choice)
        rest = rest[1:]
    parsed = ParsedCommand(path)
    params = [o for o in path[-1].get("options", [])]
    named: dict[str, str] = {}
    positional: list[str] = []
    last_named: str | None = None
    by_name = {p["name"]: p for p in params}
    given = [(word, _find(params, key) if sep else None, value)
             for word in rest for key, sep, value in [word.partition(":")]]
    # As in Discord's client, a text option's value runs on to the next option
    # (`/rule query:можно ли стрелять после марша game:epic`), unless a required option is still
    # to be given: then the words are that option's (`/roll comment:атака 10к6 4+`).
    named_anywhere = {node["name"] for _, node, _ in given if node is not None}
    runs_on = not any(p.get("required") and p["name"] not in named_anywhere for p in params)
    for word, node, value in given:
        if node is not None:
            named[node["name"]] = value
            last_named = node["name"]
        elif runs_on and last_named is not None and by_name[last_named]["type"] == STRING:
            named[last_named] = f"{named[last_named]} {word}".strip()
        else:
            positional.append(word)
            last_named = None
    # Positional words fill the required options in order (or, when none is left, the optional
    # ones); the last of them takes the rest of the line.
    required = [p for p in params if p["name"] not in named and p.get("required")]
    targets = required or [p for p in params if p["name"] not in named]
    if positional and not targets:
        raise UserError("console.error.extra_words", example=Usage.of(path, params), words=" ".join(positional))
    last_positional: str | None = None
    for index, word in enumerate(positional):
        if index < len(targets) - 1:
            named[targets[index]["name"]] = word
            last_positional = targets[index]["name"]
        else:
            named[targets[-1]["name"]] = " ".join(positional[index:])
            last_positional = targets[-1]["name"]
            break
    parsed.options = [(by_name[name], value) for name, value in named.items()]
    parsed.last = last_named or last_positional
    return parsed
