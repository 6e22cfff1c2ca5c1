"""The core (dice, games, rules_index, db, i18n) knows nothing of Discord."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ("dice", "games", "rules_index", "db", "i18n")


def _core_files():
    for package in CORE:
        yield from sorted((ROOT / package).rglob("*.py"))


def test_no_core_file_imports_discord():
    offenders = []
    for path in _core_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "discord" or n.startswith("discord.") for n in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, f"core modules import discord: {offenders}"


def test_importing_every_core_module_loads_no_discord():
    modules = sorted({".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                      for p in _core_files() if "migrations" not in p.parts and "corpus" not in p.parts})
    script = "import importlib, sys\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules) + \
             "print(sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.')))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
