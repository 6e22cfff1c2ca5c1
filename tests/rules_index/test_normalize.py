"""One normalisation for index and query: ё, look-alikes, hyphens, 7+, stems, layout, translit."""
from __future__ import annotations

import pytest

from rules_index import normalize as nz


def test_yo_folds_to_e_and_case_folds():
    assert nz.terms("Огнемёт") == nz.terms("огнемет") == nz.terms("ОГНЕМЁТ")


def test_latin_cyrillic_lookalikes_fold_in_mixed_tokens():
    # The books write «МW» (Cyrillic М), «Еngage» (Cyrillic Е); players type Latin.
    assert nz.terms("МW") == nz.terms("MW") == ["mw"]
    assert nz.terms("Еngage") == nz.terms("engage")


def test_two_letter_abbreviations_fold_across_scripts():
    assert nz.terms("ТК") == nz.terms("TK") == nz.terms("тк")
    assert nz.terms("АР") == nz.terms("AP")


def test_stopwords_are_not_folded_into_latin():
    assert nz.terms("огонь в укрытие") == nz.terms("огонь укрытие")


def test_hyphens_and_compounds():
    assert nz.terms("спас-бросок") == nz.terms("спасбросок") == nz.terms("спас- бросок")
    assert nz.compact("макро оружие") == nz.compact("Макрооружие")


def test_target_numbers_and_dice_are_kept():
    assert "7+" in nz.terms("попадание на 7+")
    assert "d6" in nz.terms("бросок D6") and "d6" in nz.terms("бросок д6")
    assert "2d6" in nz.terms("2Д6")


def test_inflections_share_a_stem():
    assert nz.terms("бластов") == nz.terms("бласты")
    assert nz.terms("overwatches") == nz.terms("overwatch")


@pytest.fixture
def nouns():
    """Stem with the nouns read from the given words (as a build reads the books'), then as before."""
    before = nz.used_noun_stems()
    yield lambda words: nz.use_noun_stems(nz.noun_stems(words))
    nz.use_noun_stems(before)


@pytest.mark.parametrize("forms", [
    # a bare masculine noun, whose end Snowball read as a verb's («юнит» → «юн»)
    ["юнит", "юнита", "юниты", "юнитов"],
    ["режим", "режима", "режиме"],
    ["герой", "героя", "героем"],
    ["лимит", "лимита"],
    ["волкит", "волкиты"],          # a word pymorphy3 does not know, whose other form is among the words
])
def test_a_noun_s_dictionary_form_shares_its_other_forms_stem(nouns, forms):
    nouns(forms)
    assert len({nz.stem(f) for f in forms}) == 1, {f: nz.stem(f) for f in forms}


@pytest.mark.parametrize("words, word, other", [
    (["получит", "получить"], "получит", "получить"),    # verbs keep Snowball's stem
    (["говорит", "говорить"], "говорит", "говорить"),
    (["пинит", "пин", "пины"], "пинит", "пин"),          # a players' verb pymorphy3 guesses is a noun
    (["ганом", "ган"], "ганом", "ган"),                  # an unknown word in a case ending is that case
    (["славой", "слава"], "славой", "слава"),            # a form of another noun («слава»)
    (["бой", "боя"], "бой", "боя"),                      # already one stem
])
def test_other_words_keep_their_stems(nouns, words, word, other):
    nouns(words)
    assert nz.stem(word) == nz.stem(other)


def test_keyboard_layout_switch_both_ways():
    assert nz.switch_layout("ckjdj") == "слово"
    assert nz.switch_layout("cgfc-,hjcjr") == "спас-бросок"
    assert nz.switch_layout("руддщ") == "hello"
    assert nz.switch_layout("123") is None


def test_transliteration():
    assert nz.transliterate("bronepoezd dvizhenie") == "бронепоезд движение"
    assert nz.transliterate("shturm") == "штурм"
    assert nz.transliterate("штурм") is None


def test_english_typed_in_cyrillic_is_spelled_back():
    assert nz.english_spelling("пиннед даун") == "pinned down"
    assert nz.english_spelling("мистейкен таргет") == "mistaken target"
    assert nz.english_spelling("мейк вэй") == "make way"          # a silent e, a final «эй», an initial w
    assert nz.english_spelling("драйв бэк") == "drive bak"        # «э» as the a of "back": the fuzzy match ends it
    assert nz.english_spelling("кроссфайр каннон") == "crossfire cannon"   # a hard c before a, o, u, l, r…
    assert nz.english_spelling("скилл") == "skill"                       # …and k elsewhere
    assert nz.english_spelling("pinned down") is None


def test_abbreviations_across_scripts():
    assert "ap" in nz.script_twins("ап")          # «АП2» typed for AP2
    assert "фнп" in nz.script_twins("fnp")
    assert "ws" in nz.script_twins("bc")          # «ВС» (folded to look-alike "bc") is WS
    for token in ("s", "i", "e", "x", "ee", "я"):
        assert isinstance(nz.script_twins(token), list)


def test_rolling_words_are_one_concept():
    assert nz.terms("кидать кубик") == nz.terms("бросок кубика") == nz.terms("roll dice")


@pytest.mark.parametrize("typed, read", [
    # Discord's mention and custom emoji, emoji, smileys, repeated marks, trailing dots, whom it
    # is addressed to, quotes around the whole of it, capitals: none of it is what is asked
    ("<@123456789012345678> ребят, можно ли стрелять после марша?? ))", "можно ли стрелять после марша?"),
    ("ЧТО БУДЕТ ЕСЛИ ПРОВАЛИЛ ТЕСТ 🤔", "что будет если провалил тест"),
    ("Народ подскажите: как работает таран <:thinking:123456789012345678>", "как работает таран"),
    ("«мой танк застрял в лесу…»", "мой танк застрял в лесу"),
    ("guys, my rhino blew up :( what now!!!", "my rhino blew up what now!"),
    ("стреляю по рино)", "стреляю по рино"),
    # what is asked stays: a rule's «(X)», an abbreviation in capitals, a lone word that is a query
    ("Оно неубиваемо (X)", "Оно неубиваемо (X)"),
    ("КД", "КД"),
    ("AP2 по рино", "AP2 по рино"),
    ("вопрос", "вопрос"),
    ("вопросы по штурму", "вопросы по штурму"),
    ("Товарищи по оружию", "Товарищи по оружию"),
    # a word typed with look-alike letters of the other script, in its own script, case kept
    ("cтрелять пoсле марша", "стрелять после марша"),
    ("Мoй ТAНК", "Мой ТАНК"),                   # every letter a look-alike: the message's script
    ("my тank", "my tank"),
    ("мw оружие", "mw оружие"),                 # «w» has no Cyrillic look-alike
])
def test_a_chat_message_is_read_for_its_words(typed, read):
    assert nz.chat_text(typed) == read


def test_stemming_from_several_threads_gives_each_word_its_own_stem(monkeypatch):
    # Autocomplete stems on the event loop while a search stems on its worker thread. Snowball's
    # stemmer keeps its word in its own state: unguarded, the pure-Python one (what runs where
    # PyStemmer is not installed) mixed two words' letters and `stem`'s cache kept the result.
    import sys
    import threading

    from snowballstemmer import russian_stemmer

    from games.registry import GAMES
    words = sorted({t for system in GAMES.values() for line in system.book.lines()[:3000]
                    for t in nz.tokens(line) if "а" <= t[0] <= "я"})
    assert len(words) > 5000
    monkeypatch.setattr(nz, "_RU", russian_stemmer.RussianStemmer())
    serial = {}
    for w in words:
        serial[w] = nz._snowball(nz._RU, w)
    nz.stem.cache_clear()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    wrong, failed = [], []

    def work(part):
        try:
            wrong.extend(w for w in part if nz._snowball(nz._RU, w) != serial[w])
        except Exception as exc:     # noqa: BLE001 - the race raised IndexError inside Snowball
            failed.append(exc)
    try:
        threads = [threading.Thread(target=work, args=(words[k::4],)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
        nz.stem.cache_clear()
    assert not failed and not wrong
