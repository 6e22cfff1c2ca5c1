"""House rules and statuses are named as players read them, in Russian: the settings by their
titles, and an unknown status answered with a status the game has, never an internal id."""
from __future__ import annotations


async def test_a_setting_is_set_by_its_russian_title_and_a_bad_one_lists_titles(console):
    await console.run("/игра старт игра:эпик название:Тест сторона:Империум", locale="ru")
    set_ = await console.run('/игра настройки настройка:"Округление при восстановлении строя" значение:"половина вниз"',
                             locale="ru")
    assert set_[0].embeds[0]["title"] == "Настройка «Округление при восстановлении строя»: половина вниз, один «Бласт» снимается"
    wrong = await console.run('/игра настройки настройка:Округление значение:вбок', locale="ru")
    assert "rally_rounding" not in wrong[0].text and "«половина вниз, один «Бласт» снимается»" in wrong[0].text


async def test_an_unknown_status_shows_one_the_game_has_as_the_example(console):
    await console.run("/игра старт игра:эпик название:Тест сторона:Империум", locale="ru")
    await console.run("/отряд добавить Тактики 5", locale="ru")
    replies = await console.run("/состояние поставить отряд:Тактики состояние:прижат", locale="ru")
    assert "Пример: /состояние поставить отряд:Тактики состояние:разбита" in replies[0].text
    assert "pinned" not in replies[0].text


async def test_the_settings_list_shows_titles_and_the_book_never_ids(console):
    await console.run('/игра старт игра:"Flames of War" название:Тест сторона:А', locale="ru")
    shown = (await console.run("/игра настройки", locale="ru"))[0].embeds[0]["description"]
    assert shown.startswith("**Порог Придавливания (L580)** (FoW L580)\nСейчас: **Как в тексте: более пяти попаданий (6+)** "
                            "(по умолчанию)\nИначе: «Как в оригинале: пять и более попаданий (5+)»")
    assert "fow_" not in shown and "flames_of_war" not in shown and "more_than_five" not in shown
