"""Nothing outside a game's own package names the game (issue 9 §1): no string literal in the
code outside `games/<id>/` (and its tests) holds a game's id or its catalog prefix. A new game
is then one package, and removing one is deleting it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
# The product's code. benchmarks/ measures particular games on purpose (odds_epic.py…).
SCANNED = ("app", "bot.py", "charts", "cogs", "console", "db", "dice", "games", "i18n", "rules_index", "scripts")


def _game_pattern() -> re.Pattern[str]:
    ids = sorted(GAMES, key=len, reverse=True)
    return re.compile(r"(?<![a-z])(" + "|".join(map(re.escape, ids)) + r")(?![a-z])")


def _own_place(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return len(parts) > 2 and parts[0] == "games" and parts[1] in GAMES


def _docstring_nodes(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_literals() -> list[str]:
    pattern = _game_pattern()
    found = []
    for entry in SCANNED:
        base = ROOT / entry
        for path in sorted([base] if base.is_file() else base.rglob("*.py")):
            if _own_place(path) or "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = _docstring_nodes(tree)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                        and pattern.search(node.value)):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    return found


def test_no_game_is_named_outside_its_package():
    assert game_literals() == []
