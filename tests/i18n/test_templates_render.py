"""Every template renders in both languages with sample values: no placeholder, brace or raw
catalog key is left in the text, and Russian templates never put a name the player typed where
Russian grammar would need it inflected (after a preposition that governs a case, or as the
subject of a past-tense verb whose ending assumes a gender)."""
from __future__ import annotations

import re
import string

import pytest

import i18n
from games.registry import check_all

check_all()          # the games' catalogs join the shared ones
CATALOG = i18n.catalog()


class Sample(int):
    """Stands for any value: a number for plural specs, a name in text, itself for `.attr`/`[i]`."""

    def __new__(cls) -> "Sample":
        return super().__new__(cls, 3)

    def __format__(self, spec: str) -> str:
        return "⟨x⟩" if not spec else format(3, spec)

    def __getattr__(self, name: str) -> "Sample":
        return self

    def __getitem__(self, key: object) -> "Sample":
        return self


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_template_renders_without_leftovers(locale):
    problems = []
    for key, entry in CATALOG.items():
        template = entry[locale]
        try:
            text = i18n.tr(key, locale, **{f: Sample() for f in _fields(template)})
        except Exception as exc:                       # a bad spec, a stray brace
            problems.append(f"{key}: {type(exc).__name__}: {exc}")
            continue
        if "{{" not in template and "}}" not in template and ("{" in text or "}" in text):
            problems.append(f"{key}: a brace is left: {text!r}")
        leaked = [k for k in re.findall(r"\b[a-z_0-9]+(?:\.[a-z_0-9]+){2,}\b", text) if k in CATALOG]
        if leaked:
            problems.append(f"{key}: shows the raw key {leaked[0]}")
    assert not problems, "\n".join(problems)


# Prepositions that govern an oblique case: «по цель», «против Бойзы» would need the name inflected.
_CASE_PREPOSITIONS = r"по|против|у|для|от|к|ко|о|об|из|без|над|под|при|между|перед"
# Fields that hold numbers, dice or distances (never a typed name), and a name in «» quotes is a
# label, read in the nominative («для «Тактиков»» is not written; «для отряда «Тактики»» is).
_NUMBER_FIELD = re.compile(r"^(n|k|d\d|low|high|count|total|samples|allowance|asked|threshold|attempt|first|"
                           r"floors|radius|stat|need|ld|l|surge|inches|distance|scope|holders|dice|units|start)$")


def test_russian_templates_never_inflect_a_typed_name():
    problems = []
    for key, entry in CATALOG.items():
        ru = entry["ru"]
        for m in re.finditer(r"(?<![А-Яа-яЁё])(" + _CASE_PREPOSITIONS + r")\s+\{([a-z_0-9]+)\}", ru, re.IGNORECASE):
            if not _NUMBER_FIELD.match(m.group(2)):
                problems.append(f"{key}: «{m.group(0)}» needs the name inflected: {ru}")
        # «Бойзы … не восстановила»: a bare name as the subject of a gendered past-tense verb.
        for m in re.finditer(r"(?:^|[.:!?]\s+)«\{([a-z_]+)\}»\s+(?:не\s+)?[а-яё]+(?:ла|ло|ил|ел|ал|ял|ул|ыл)\b", ru):
            problems.append(f"{key}: «{m.group(0).strip()}» agrees in gender with a typed name: {ru}")
    assert not problems, "\n".join(problems)


def test_english_text_gives_russian_terms_only_beside_their_english_names():
    """Issue 10 §3: «Гидрофилия: attacks…», "ЗАЩ/ПСИ/КИБ" in English replies. A Russian term may
    follow its English name in parentheses («BRN (БРН)») or be quoted («…»), nowhere else."""
    bare = {key: entry["en"] for key, entry in CATALOG.items()
            if re.search(r"[А-Яа-яЁё]", re.sub(r"\([^()]*\)|«[^»]*»|\{[^}]*\}", "", entry["en"]))}
    assert bare == {}
