"""One normalisation for the index and the query, plus the retries (layout, transliteration).

Both sides go through `terms()` so whatever the books spell oddly (mixed-script «МW», «ТК»,
«спас- бросками», ё) and whatever players type («мw», «tk», «спасбросок», «огнемёт») meet
in the same form: NFKC → casefold → ё→е → look-alike folding → hyphen/compound joining →
tokens (keeping `7+` and dice like `d6`) → Snowball stems (Russian for Cyrillic, English for
Latin).
"""
from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any, Iterable

import snowballstemmer

_RU = snowballstemmer.stemmer("russian")   # PyStemmer's C stemmer where it is installed (pyproject.toml)
_EN = snowballstemmer.stemmer("english")
# A Snowball stemmer keeps the word it works on in its own state: two threads stemming at once
# (autocomplete on the event loop, a search on its worker thread) read each other's letters and
# made wrong stems, which `stem`'s cache then kept, or raised IndexError (the pure-Python
# stemmer; PyStemmer's says it must not be called concurrently either). One word at a time.
_STEMMING = threading.Lock()


def _snowball(stemmer: Any, token: str) -> str:
    with _STEMMING:
        return stemmer.stemWord(token)

# Cyrillic letters that look like Latin ones (after casefold). Used to fold mixed-script tokens
# («МW» → "mw», «Еngage» → "engage") and short abbreviation-like tokens («ТК» → "tk").
_CYR_TO_LAT = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ѕ": "s", "ј": "j",
})
_LAT_TO_CYR = str.maketrans({
    "a": "а", "b": "в", "e": "е", "k": "к", "m": "м", "h": "н", "o": "о", "p": "р",
    "c": "с", "t": "т", "y": "у", "x": "х", "i": "і",
})
_LOOKALIKE_CYR = set("авекмнорстухіѕј")
_LOOKALIKE_LAT = set("abekmhopctyxisj")

_QWERTY = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./"
_JCUKEN = "ёйцукенгшщзхъфывапролджэячсмитьбю."
_EN_TO_RU_LAYOUT = str.maketrans(_QWERTY + "{}:\"<>~", _JCUKEN + "хъжэбюё")
_RU_TO_EN_LAYOUT = str.maketrans(_JCUKEN, _QWERTY)

# Latin transliteration of Russian as players type it ("bronepoezd dvizhenie", "shturm").
_TRANSLIT = [
    ("shch", "щ"), ("sch", "щ"), ("yo", "е"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"),
    ("ts", "ц"), ("yu", "ю"), ("ju", "ю"), ("ya", "я"), ("ja", "я"), ("ye", "е"), ("e'", "э"),
    ("a", "а"), ("b", "б"), ("v", "в"), ("w", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"),
    ("i", "и"), ("j", "й"), ("y", "ы"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"),
    ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"),
    ("h", "х"), ("c", "к"), ("x", "кс"), ("q", "к"), ("'", "ь"),
]
_TRANSLIT_RE = re.compile("|".join(re.escape(a) for a, _ in _TRANSLIT))
_TRANSLIT_MAP = dict(_TRANSLIT)

# Words that carry no meaning for lookup (both languages, already normalised).
STOPWORDS = frozenset("""
и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было
вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас
нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем
была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем
ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два
об другой хоть после над больше тот через эти нас про всего них какая много разве три эту моя впрочем
хорошо свою этой перед иногда лучше чуть том нельзя такой такое такая такие им более всегда конечно всю между это ли
значит означает
сколько какие какое каким каких какого каком как-то что-то ли делать работает будут бывает нужно
также который которая которые которых своих свой своей свои её
the a an of to in on for and or is are be by with at as it its does do how what when which who
vs versus if can i my you your or not near
мое мои моего моему моим моих моей мою твой твоя твое твои твоего твоим наш наша наше наши нашего нашим
наших ваш ваша ваши хочу хотел хотела хотим хочет ему ей прямо вообще просто типа короче блин вот
get gets got take takes many much does doesnt dont didnt say says whats from who goes during out way
there any have has should would will than then this that these those them they their me we our us he
she his her guys why where into onto
""".split())

_TOKEN_RE = re.compile(r"\d+\+|\d*[dдк]\d+\b|[^\W\d_]+|\d+", re.UNICODE)
# A hyphen joins the letters it touches («спас-бросок», «спас- бросок» broken at a line end);
# a dash with a space before it is punctuation («техника – это», "CH - Characters") and joins nothing.
_HYPHEN_RE = re.compile(r"(?<=[^\W\d_])[-‐‑‒–]\s?(?=[^\W\d_])")
_QUOTES = str.maketrans({"″": '"', "”": '"', "“": '"', "’": "'", "«": '"', "»": '"', "\u00a0": " "})


def _letters_without_lookalike(token: str) -> tuple[int, int]:
    """(Latin, Cyrillic) letters of a lower-case token that have no look-alike in the other script."""
    return (sum(1 for ch in token if "a" <= ch <= "z" and ch not in _LOOKALIKE_LAT),
            sum(1 for ch in token if ("а" <= ch <= "я" or ch in "іѕј") and ch not in _LOOKALIKE_CYR))


def _fold_lookalikes(token: str) -> str:
    if token in STOPWORDS:
        return token
    has_lat = any("a" <= ch <= "z" for ch in token)
    has_cyr = any("а" <= ch <= "я" or ch in "іѕј" for ch in token)
    if has_lat and has_cyr:
        # The letters with no look-alike decide the script («мw» → Latin, «amaкa» → Latin).
        lat_only, cyr_only = _letters_without_lookalike(token)
        return token.translate(_CYR_TO_LAT) if lat_only >= cyr_only else token.translate(_LAT_TO_CYR)
    if has_cyr and len(token) <= 2 and all(ch in _LOOKALIKE_CYR for ch in token):
        # Two-letter abbreviations the books write in either script: «ТК», «АР», «АТ», «СС».
        return token.translate(_CYR_TO_LAT)
    return token


def clean_keep_hyphens(text: str) -> str:
    """`clean` without the hyphen joining: to see which words a player hyphenated."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold().replace("ё", "е")


def clean(text: str) -> str:
    """NFKC, casefold, ё→е, quotes and inch marks unified, hyphenated words joined."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold().replace("ё", "е")
    return _HYPHEN_RE.sub("", text)


# What a chat message carries besides its words: Discord's mentions and custom emoji, links,
# emoji, smileys («))», ":)"), trailing dots and repeated marks («??», "!!!"). The words' path
# drops them anyway; the sentence encoder reads every piece, and they moved its vector enough to
# reorder near ties.
_MARKUP_RE = re.compile(r"<a?:\w+:\d+>|<(?:@[!&]?|#)\d+>|https?://\S+|(?<!\w):[a-z0-9_+-]+:(?!\w)")
_SMILEY_RE = re.compile(r"\){2,}|\({2,}|(?<!\w)[:;=]-?[()DPdpРр]+(?!\w)|(?<=\s)[()]+(?=\s|$)")
_LONE_CLOSE_RE = re.compile(r"(?<=[^\W\d_])\)(?=\s|$)")      # «стреляю по рино)», no «(» before it
_DOTS_RE = re.compile(r"\.{2,}|…")
_REPEATED_MARK_RE = re.compile(r"([?!])[?!]+")
# whom a message is addressed to, before what it asks («ребят, можно ли…», "guys, can…"), set
# off by a mark: «Товарищи по оружию» is a rule
_ADDRESS = (r"(?:ребят[аы]?|ребзя|народ|парни|пацаны|друзья|коллеги|господа|товарищи|слушайте|подскажите|"
            r"помогите|вопрос|кто знает|guys|folks|hey|hi|quick question)\b")
_ADDRESS_RE = re.compile(rf"^(?:{_ADDRESS}\s*)*{_ADDRESS}\s*[,:!.—–-]\s*", re.IGNORECASE)
CAPS_LETTERS = 8        # a message this long in capitals is shouting, not an abbreviation («КД», "BTR")
CAPS_SHARE = 0.7
_QUOTED_RE = re.compile(r'^\s*(?:«([^«»]*)»|"([^"]*)"|“([^“”]*)”)\s*$')


_WORD_RE = re.compile(r"[^\W\d_]+")


def _one_script(word: str, cyrillic_message: bool) -> str:
    """A word typed in two scripts («cтрелять» with a Latin c) in the one its other letters are,
    or, when every letter has a look-alike («тaнк»), the message's: case kept. The words' path
    folds such a word too (`_fold_lookalikes`); the encoder would read other pieces."""
    low = word.lower()
    if not (any("a" <= ch <= "z" for ch in low) and any("а" <= ch <= "я" for ch in low)):
        return word
    lat_only, cyr_only = _letters_without_lookalike(low)
    to_latin = lat_only > cyr_only or (lat_only == cyr_only and not cyrillic_message)
    folded = low.translate(_CYR_TO_LAT if to_latin else _LAT_TO_CYR)
    return "".join(f.upper() if c.isupper() else f for c, f in zip(word, folded))


def chat_text(text: str) -> str:
    """A chat message as a query: markup, emoji and smileys out, repeated marks as one, spaces
    collapsed; a message typed in capitals in lower case (the encoder reads case, and «КАК
    РАБОТАЕТ» is no name in capitals)."""
    text = _MARKUP_RE.sub(" ", text)
    text = "".join(" " if unicodedata.category(c) in ("So", "Cf", "Cs", "Co") or c == "\ufe0f" else c
                   for c in text)
    text = _SMILEY_RE.sub(" ", text)
    if text.count(")") > text.count("("):
        text = _LONE_CLOSE_RE.sub(" ", text, count=text.count(")") - text.count("("))
    text = _DOTS_RE.sub(" ", text)
    text = _REPEATED_MARK_RE.sub(r"\1", text)
    text = " ".join(text.split())
    quoted = _QUOTED_RE.match(text)
    if quoted:
        text = next(g for g in quoted.groups() if g is not None).strip()
    text = _ADDRESS_RE.sub("", text) or text
    cyrillic_message = is_cyrillic(text)
    text = _WORD_RE.sub(lambda word: _one_script(word.group(0), cyrillic_message), text)
    letters = [c for c in text if c.isalpha()]
    if len(letters) >= CAPS_LETTERS and sum(c.isupper() for c in letters) >= CAPS_SHARE * len(letters):
        text = text.lower()
    return text


# A signed number («+1 на попадание», "-2 to hit") is how the books write a modifier; it also
# counts as the word «модификатор», so "модификаторы на попадание" finds the list of +1s.
_SIGNED_RE = re.compile(r"(?:^|(?<=[\s(«\"]))[+−–-]\d(?!\d*[+\d]*\s*(?:см|см\.|\"|mm|мм|дюйм))")
MODIFIER_WORD = "модификатор"


def tokens(text: str) -> list[str]:
    """Normalised word tokens, stop words kept (for display/exact matching)."""
    out = []
    cleaned = clean(text)
    for _ in _SIGNED_RE.finditer(cleaned):
        out.append(MODIFIER_WORD)
    for raw in _TOKEN_RE.findall(cleaned):
        out.append(_token(raw))
    return out


@lru_cache(maxsize=200_000)
def _token(raw: str) -> str:
    if raw[0].isdigit() and not raw.endswith("+") and not any(c in raw for c in "dдк"):
        return raw
    if re.fullmatch(r"\d*[dдк]\d+", raw):
        return re.sub(r"[дк]", "d", raw)
    return _fold_lookalikes(raw)


# Words the tabletop means one way however it is said: to roll (кидать, кинуть, бросать,
# бросок, ролл, roll), the die (кубик, куб, дайс, dice), a test (тест, проверка). Stems → one canonical stem.
_CANON = {
    **dict.fromkeys(("кида", "кинут", "киньт", "кинул", "кин", "броса", "бросьт", "бросок", "броск", "брос",
                     "ролл", "roll"), "брос"),
    **dict.fromkeys(("кубик", "куб", "дайс", "dice", "die"), "кубик"),
    # a test is a check: the translations say «тест на лидерство» and «проверка на боевой дух»
    **dict.fromkeys(("проверк", "проверок", "проверьт", "проверя"), "тест"),
}


# Aspect pairs whose root alternates after a prefix: взорвать/взрывать, прорвать/прорывать,
# вызвать/вызывать, отозвать/отзывать. Both are read as the imperfective root («взрыв», «вызыв»)
# so «техника взрывается» meets the book's «Взорвана».
_ASPECT_ROOT = re.compile(r"^(вз|вс|раз|рас|об|от|под|пред|над|пере|про|за|на|до|вы|при|с)о?(р|з)в(?!ы)")


@lru_cache(maxsize=200_000)
def stem(token: str) -> str:
    if not token or not token[0].isalpha():
        return token
    if "a" <= token[0] <= "z":
        out = _snowball(_EN, token)
    else:
        out = _ASPECT_ROOT.sub(r"\1\2ыв", _noun_stems.get(token) or _snowball(_RU, token))
    return _CANON.get(out, out)


# Snowball reads a bare masculine noun's ending as a verb's: «юнит» → «юн» (as «говорит» →
# «говор»), «режим» → «реж», «герой» → «гер», while every other form of the word keeps it
# («юнита», «юниты» → «юнит»). So «независимый юнит» did not meet the book's «Независимые
# Юниты». Such a noun is stemmed as its genitive is. Which words are such nouns is read once,
# as the index is built, from the words of the books, their written questions and aliases
# (`noun_stems`, with pymorphy3), and the index carries the list (`use_noun_stems` as it
# loads): a query's stem is a lookup, never a parse, so autocomplete on the event loop never
# waits for pymorphy3 to load (0.3 s) or parse.
_BARE_NOUN_LAST = frozenset("тлмнй")
_OTHER_CASES = ({"gent"}, {"datv"}, {"ablt"}, {"loct"}, {"plur", "nomn"}, {"plur", "gent"})
_noun_stems: dict[str, str] = {}


def noun_stems(words: Iterable[str]) -> dict[str, str]:
    """The words among `words` whose end Snowball reads as a verb's though they are nouns in
    their dictionary form, each with its genitive's stem. A word qualifies when pymorphy3 reads
    it as a noun in its dictionary form and as no other noun's form («славой» may be «слава»'s);
    a word its dictionary lacks («юнит»), only when `words` hold another of its forms («юниты»):
    its guesses also make nouns of players' verbs («пинит», «сейвит»). Empty without pymorphy3."""
    morph = analyzer()
    if morph is None:
        return {}
    vocabulary = set(words)
    out = {}
    for token in sorted(vocabulary):
        if not token or not ("а" <= token[0] <= "я") or token[-1] not in _BARE_NOUN_LAST:
            continue
        snowball = _snowball(_RU, token)
        if len(snowball) >= len(token):
            continue
        parses = morph.parse(token)
        parse = parses[0]
        if parse.tag.POS != "NOUN" or parse.normal_form != token:
            continue
        if any(p.tag.POS == "NOUN" and p.normal_form != token and p.score >= 0.1 for p in parses):
            continue
        genitive = parse.inflect({"gent"})
        if genitive is None:
            continue
        if not morph.word_is_known(token):
            forms = {f.word for g in _OTHER_CASES if (f := parse.inflect(g)) is not None}
            if not forms & vocabulary:
                continue
        of_genitive = _snowball(_RU, genitive.word)
        # the genitive's stem, where it keeps more of the word: «юнита» → «юнит», «героя» → «геро»
        if len(of_genitive) > len(snowball) and of_genitive.startswith(snowball) and token.startswith(of_genitive):
            out[token] = of_genitive
    return out


def use_noun_stems(stems: dict[str, str]) -> None:
    """Stem with these nouns from now on (`noun_stems`; the index's, as it is built or loaded)."""
    global _noun_stems
    if stems == _noun_stems:
        return
    _noun_stems = dict(stems)
    for memo in (stem, lemma_stem, line_terms):
        memo.cache_clear()


def used_noun_stems() -> dict[str, str]:
    return dict(_noun_stems)


@lru_cache(maxsize=100_000)
def line_words(line: str) -> tuple[str, ...]:
    """The normalised words of a line (no stems), cached: the surface forms typos are matched to."""
    return tuple(t for t in tokens(line) if t.isalpha() and t not in STOPWORDS)


@lru_cache(maxsize=100_000)
def line_terms(line: str) -> tuple[str, ...]:
    """`terms(line)`, cached: the books' lines are tokenised once however often they are read."""
    return tuple(terms(line))


def terms(text: str, keep_stopwords: bool = False) -> list[str]:
    """Stems of the meaningful tokens of `text`, in order."""
    return [stem(t) for t in tokens(text) if keep_stopwords or t not in STOPWORDS]


def key(text: str) -> str:
    """A phrase key: stems joined by spaces, stop words kept (for exact title/alias matching)."""
    return " ".join(terms(text, keep_stopwords=True))


def compact(text: str) -> str:
    """Stems joined without spaces: «макро оружие» and «Макрооружие» meet here."""
    return stem("".join(t for t in tokens(text) if t not in STOPWORDS))


def switch_layout(text: str) -> str | None:
    """Text typed in the wrong keyboard layout, switched; None when there is nothing to switch."""
    text = text.casefold()
    latin = sum(1 for ch in text if "a" <= ch <= "z" or ch in "[];',.`{}")
    cyr = sum(1 for ch in text if "а" <= ch <= "я" or ch == "ё")
    if latin and latin >= cyr:
        return text.translate(_EN_TO_RU_LAYOUT)
    if cyr:
        return text.translate(_RU_TO_EN_LAYOUT)
    return None


def transliterate(text: str) -> str | None:
    """Latin transliteration of Russian back to Cyrillic; None when the text has no Latin."""
    low = text.casefold()
    if not re.search(r"[a-z]", low):
        return None
    return _TRANSLIT_RE.sub(lambda m: _TRANSLIT_MAP[m.group(0)], low)


# English typed in Cyrillic as players hear it («пиннед даун», «мистейкен таргет», «амбуш»),
# spelled back in Latin letters: the diphthongs first («мейк» → "make", «драйв» → "drive",
# «даун» → "down"), «э» as the "a" of «бэк»/«стэнд», then letter by letter. The fuzzy
# matching over the books' English names absorbs what is left («таргет» → "target").
_EN_SPELLING = [
    ("дж", "j"), ("ей", "a"), ("эй", "a"), ("ай", "i"), ("ау", "ow"), ("оу", "o"), ("ью", "u"),
    ("кс", "x"), ("ж", "g"), ("ё", "yo"), ("й", "y"), ("х", "h"), ("ц", "ts"), ("ч", "ch"), ("ш", "sh"),
    ("щ", "sch"), ("ъ", ""), ("ь", ""), ("ы", "y"), ("э", "a"), ("ю", "yu"), ("я", "ya"), ("а", "a"),
    ("б", "b"), ("в", "v"), ("г", "g"), ("д", "d"), ("е", "e"), ("з", "z"), ("и", "i"), ("к", "k"),
    ("л", "l"), ("м", "m"), ("н", "n"), ("о", "o"), ("п", "p"), ("р", "r"), ("с", "s"), ("т", "t"),
    ("у", "u"), ("ф", "f"),
]
_EN_SPELLING_RE = re.compile("|".join(re.escape(a) for a, _ in _EN_SPELLING))
_EN_SPELLING_MAP = dict(_EN_SPELLING)


_EN_SILENT_E = re.compile(r"(?<=[а-я])([еэа])й([бвгдзклмнпрстф])\b")   # «мейк» → "make", «драйв» → "drive"
_EN_FINAL_AY = re.compile(r"(?<=\w)[еэ]й\b")                          # «вэй» → "way"
_EN_INITIAL_W = re.compile(r"\bв(?=[аоэеи])")                              # «вэй», «вотч» → "way", "watch"
# English writes the hard k sound c before a, o, u, l and r: «каннон», «кроссфайр» → "cannon",
# "crossfire", which "kannon" and "krossfire" missed; «кемп», «скилл» keep their k
_EN_HARD_C = re.compile(r"к(?=[аоулр])")


def english_spelling(text: str) -> str | None:
    """English typed in Cyrillic, spelled in Latin letters; None when the text has no Cyrillic."""
    low = text.casefold().replace("ё", "е")
    if not re.search(r"[а-я]", low):
        return None
    low = _EN_SILENT_E.sub(lambda m: ("i" if m.group(1) == "а" else "a") + m.group(2) + "e", low)
    low = _EN_HARD_C.sub("c", _EN_FINAL_AY.sub("ay", _EN_INITIAL_W.sub("w", low)))
    return _EN_SPELLING_RE.sub(lambda m: _EN_SPELLING_MAP[m.group(0)], low)


_CYR_LAT_TWINS = {
    "а": "a", "б": "b", "в": "vw", "г": "g", "д": "d", "е": "e", "ж": "j", "з": "z", "и": "i", "й": "y",
    "к": "kc", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "sc", "т": "t", "у": "u",
    "ф": "f", "х": "hx", "ц": "c", "ы": "y", "э": "e",
}
_LAT_CYR_TWINS = {
    "a": "а", "b": "б", "c": "сцк", "d": "д", "e": "еэ", "f": "ф", "g": "г", "h": "х", "i": "и", "j": "дж",
    "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "q": "к", "r": "р", "s": "с", "t": "т",
    "u": "у", "v": "в", "w": "в", "x": "х", "y": "ий", "z": "з",
}


def script_twins(token: str, limit: int = 8) -> list[str]:
    """Letter-by-letter twins of a short abbreviation in the other script («ап» → "ap";
    "fnp" → «фнп»), for players who type an English abbreviation in Cyrillic or back."""
    if not token or len(token) > 4:
        return []
    back: list[str] = []
    cyr = token.translate(_LAT_TO_CYR)
    if len(token) <= 2 and cyr != token and all("а" <= ch <= "я" for ch in cyr):
        # «ВС» was folded to look-alike "bc"; players mean the letters W, S (Weapon Skill):
        # transliterate the Cyrillic it came from as well.
        back = script_twins(cyr, limit)
    table = _CYR_LAT_TWINS if "а" <= token[0] <= "я" else _LAT_CYR_TWINS
    variants = [""]
    for ch in token:
        letters = table.get(ch)
        if not letters:
            return []
        # «дж» is one sound for "j", not a choice between «д» and «ж»
        options = [letters] if letters == "дж" else list(letters)
        variants = [v + o for v in variants for o in options][:limit]
    return list(dict.fromkeys(variants + back))


# Lemmas from a maintained dictionary (pymorphy3 + pymorphy3-dicts-ru, shipped in the wheel,
# nothing downloaded): «ушел» → «уйти», «дерется» → «драться», which Snowball stems apart.
_MORPH: Any = None


def analyzer() -> Any:
    """pymorphy3's analyzer, loaded once (0.3 s), or None where it is not installed."""
    global _MORPH
    if _MORPH is None:
        try:
            import pymorphy3
        except ImportError:          # optional: lookup works without it, a little less well
            _MORPH = False
        else:
            _MORPH = pymorphy3.MorphAnalyzer()
    return _MORPH or None


@lru_cache(maxsize=50_000)
def lemma_stem(word: str) -> str | None:
    """The stem of a Russian word's dictionary form, or None (not Cyrillic, or no pymorphy3)."""
    if len(word) < 3 or not ("а" <= word[0] <= "я"):
        return None
    morph = analyzer()
    if morph is None:
        return None
    return stem(morph.parse(word)[0].normal_form.replace("ё", "е"))


def is_cyrillic(text: str) -> bool:
    """Whether most of the text's letters are Cyrillic."""
    low = text.casefold()
    return sum("а" <= ch <= "я" or ch == "ё" for ch in low) > sum("a" <= ch <= "z" for ch in low)
