"""Settings: one place for defaults, config.toml on top, and every key overridable from the
environment, including keys the file doesn't mention (issue 14 §7)."""
from __future__ import annotations

import pytest

from app.config import Config, ConfigError


def _write(tmp_path, text: str):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_key_missing_from_the_file_is_still_overridable(tmp_path):
    path = _write(tmp_path, "[dice]\nmax_dice = 20\n")
    config = Config.load(path, environ={"REFEREE_DISCORD_SHARD_COUNT": "4", "REFEREE_DISCORD_SHARD_IDS": "2,3",
                                        "REFEREE_RULES_CACHE_DIR": "/tmp/cache"})
    assert (config.max_dice, config.shard_count, config.shard_ids) == (20, 4, [2, 3])
    assert config.rules_cache_dir == "/tmp/cache"
    assert config.max_sides == 1000   # the default, from Config alone


def test_environment_wins_over_the_file(tmp_path):
    path = _write(tmp_path, "[dice]\nmax_dice = 20\n")
    assert Config.load(path, environ={"REFEREE_DICE_MAX_DICE": "30"}).max_dice == 30


def test_a_misspelt_key_fails_the_start_with_its_name(tmp_path):
    path = _write(tmp_path, "[dice]\nmax_die = 20\n")
    with pytest.raises(ConfigError, match=r"\[dice\] max_die"):
        Config.load(path, environ={})


def test_a_bad_value_names_the_variable(tmp_path):
    path = _write(tmp_path, "")
    with pytest.raises(ConfigError, match="REFEREE_DICE_MAX_DICE='many'"):
        Config.load(path, environ={"REFEREE_DICE_MAX_DICE": "many"})


def test_the_shipped_file_documents_every_setting():
    """config.toml lists each key with its default, so admins see what they may change."""
    import tomllib
    from dataclasses import fields

    from app.config import DEFAULT_CONFIG
    data = tomllib.loads(DEFAULT_CONFIG.read_text(encoding="utf-8"))
    missing = [f"[{f.metadata['section']}] {f.metadata['key']}" for f in fields(Config)
               if f.metadata["key"] not in data.get(f.metadata["section"], {})]
    assert missing == []
