"""The five game systems the bot knows: ids, titles and the names players call them by.

This is the one place a game id is defined. Rule lookup, dice (7+ chains), state and combat
all key on these ids; a new game is a new entry here plus its own package under `games/`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    title_ru: str
    title_en: str
    # Everything a player might type to mean this game (matched after casefold, ё→е).
    nicknames: tuple[str, ...]

    def title(self, locale: str) -> str:
        return self.title_ru if locale == "ru" else self.title_en


GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in (
        GameInfo("epic", "Эпик: Армагеддон", "Epic: Armageddon",
                 ("epic", "эпик", "ea", "эа", "epic armageddon", "эпик армагеддон")),
        GameInfo("horus_heresy", "Ересь Хоруса", "The Horus Heresy",
                 ("horus heresy", "hh", "хх", "ересь хоруса", "ересь", "age of darkness", "хорус")),
        GameInfo("flames_of_war", "Flames of War", "Flames of War",
                 ("flames of war", "fow", "фов", "флеймс", "flames")),
        GameInfo("warmaster", "Вармастер", "Warmaster",
                 ("warmaster", "wm", "вм", "вармастер")),
        GameInfo("hydrophilia", "Гидрофилия", "Hydrophilia",
                 ("hydrophilia", "гидрофилия", "гидра")),
    )
}


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


def resolve_game(text: str | None) -> GameInfo | None:
    """Game from an id, a title or a nickname; None when nothing matches."""
    if not text:
        return None
    key = _fold(text)
    for game in GAMES.values():
        if key in {_fold(game.id), _fold(game.title_ru), _fold(game.title_en), *map(_fold, game.nicknames)}:
            return game
    return None
