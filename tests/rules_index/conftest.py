"""Shared by the rule-lookup tests: an index with one of its signals switched off."""
from __future__ import annotations

import copy

import pytest

from rules_index.section_model import MODEL_FILE, SectionModel


@pytest.fixture
def without_section_model():
    """A copy of an index whose section model knows no section (its signal off), with no
    answers kept from the original's searches."""
    def make(index):
        unfused = copy.copy(index)
        unfused.section_model = SectionModel(index, MODEL_FILE.with_name("absent.npz"))
        unfused.__dict__.pop("_answers", None)
        return unfused
    return make
