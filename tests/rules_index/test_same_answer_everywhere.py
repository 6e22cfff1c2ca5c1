"""A search gives the same answer in every process: Python salts its string hashes per process,
so a loop over a set of words must not decide a ranking (the hidden sets are scored through the
command line, one process per query)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _search(seed: int, query: str, game: str) -> list[tuple[str, float]]:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    out = subprocess.run([sys.executable, "-m", "rules_index", "search", query, "--game", game, "--limit", "10", "--json"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    return [(h["section_id"], h["score"]) for h in json.loads(out)]


def test_the_ranking_does_not_depend_on_the_process_hash_seed():
    # «трое» is a typo-matched word: its near spellings were gathered from a set of the word's
    # two forms, in whichever order the seed gave, and ties among them were cut at ten
    query = "стреляю в бочку с бензином рядом трое врагов"
    answers = {seed: _search(seed, query, "hydrophilia") for seed in (1, 2, 3)}
    assert answers[1] == answers[2] == answers[3]
    assert len(answers[1]) == 10
