"""Epic tables as data, each with its book lines (corpus/epic.md). The procedures read their
numbers from the constants here, and `/table` renders `TABLES`, so both show the same book."""
from __future__ import annotations

from dice.chains import ChainRule
from games.procedure import Source
from games.tables import Table
from i18n import Msg

BOOK = "epic"

# --- To-hit modifiers, «Модификаторы попадания» l.379–384 -----------------------------------
TO_HIT_COVER = -1            # «Цель в Укрытии -1» (l.382)
TO_HIT_DOUBLE_MARSHAL = -1   # «Атакующий совершал Действия «Double» или «Marshal» -1» (l.383)
TO_HIT_DAMAGED_WE = -1       # a «поврежденная» War Engine: «-1 на стрельбу из дистанционного оружия» (l.858)
TO_HIT_SUSTAINED = +1        # «Атакующий выполняет Действие «Sustained Fire» +1» (l.384)
TO_HIT_MODIFIERS_SOURCE = Source(BOOK, 379, 384)

# --- Hits needing 7+, «Попалание на 7+» l.386–394 -------------------------------------------
# required roll -> the second die needed after a first 6; None = «Попадание невозможно».
SEVEN_PLUS_SOURCE = Source(BOOK, 386, 394)
# The one statement of Epic's 7+ rule: `/roll … game:epic` and the procedures both read it.
SEVEN_PLUS_CHAIN = ChainRule(
    above_six={7: (6, 4), 8: (6, 5), 9: (6, 6)},   # L391–393; L394: 10 impossible
    floor=None,
    natural_one_fails=True,                         # L377: a roll of 1 always misses
    source=SEVEN_PLUS_SOURCE,
    floor_source=Source(BOOK, 377),
)
# need → the second die's need after a 6 (None: impossible), as the procedures use it
SEVEN_PLUS: dict[int, int | None] = {**{t: c[1] for t, c in SEVEN_PLUS_CHAIN.above_six.items()}, 10: None}

# --- Barrage table, «Артиллерийская таблица» l.418–429 ------------------------------------
# (bp_min, bp_max, extra templates, extra blast markers, AP to-hit, AT to-hit)
BARRAGE: tuple[tuple[int, int, int, int, int, int], ...] = (
    (1, 1, 0, 0, 6, 6),
    (2, 2, 0, 0, 5, 6),
    (3, 3, 0, 0, 4, 5),
    (4, 5, 1, 0, 4, 5),
    (6, 7, 1, 1, 4, 5),
    (8, 9, 2, 1, 4, 5),
    (10, 12, 2, 2, 4, 5),
    (13, 15, 2, 3, 4, 5),
    (16, 18, 2, 4, 4, 5),
)
BARRAGE_SOURCE = Source(BOOK, 418, 429)

# --- Assault result modifiers, «Модификаторы ближнего боя» l.557–564 (+ l.580, l.672) --------
ASSAULT_PER_KILL = 1            # «За каждого уничтоженного вами в ближнем бою противника +1» (l.558)
ASSAULT_MORE_UNITS = 1          # «У вас больше юнитов, чем во вражеской формации +1*» (l.559)
ASSAULT_DOUBLE_UNITS = 1        # «…как минимум вдвое больше юнитов… +1*» (l.560)
ASSAULT_NO_BLAST = 1            # «У ваше формации нет «Бластов» +1**» (l.561)
ASSAULT_ENEMY_MORE_BLAST = 1    # «В формации оппонента больше «Бластов» +1**» (l.562); broken counts as more (l.580)
ASSAULT_INSPIRING = 1           # Inspiring, per unit taking part (2.1.5, l.672)
ASSAULT_MODIFIERS_SOURCE = Source(BOOK, 557, 564)

# --- Terrain effects, «Свойства Террейна» l.312–324 (infantry cover saves used by /shoot) ----
TERRAIN_ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("Здание", "4+ спас-бросок за укрытие", "Непроходимый", "Непроходимый"),
    ("Скалы", "Непроходимый", "Непроходимый", "Непроходимый"),
    ("Фортификации", "3+ спас-бросок за укрытие, см. правила", "См. правило", "Непроходимый"),
    ("Джунгли", "4+ спас-бросок за укрытие", "Непроходимый", "Опасный"),
    ("Болото", "6+ спас-бросок за укрытие, опасный", "Опасный", "Опасный"),
    ("Открытая местность, верхушки холмов", "Без эффекта", "Без эффекта", "Без эффекта"),
    ("Реки", "6+ спас-бросок за укрытие, опасный", "Непроходимый", "Опасный"),
    ("Дороги", "См. правило", "См. правило", "См. правило"),
    ("Руины, Обломки", "4+ спас-бросок за укрытие", "Опасный", "Опасный"),
    ("Кусты", "6+ спас-бросок за укрытие", "Без эффекта", "Без эффекта"),
    ("Леса", "5+ спас-бросок за укрытие", "Опасный", "Опасный"),
)
TERRAIN_SOURCE = Source(BOOK, 312, 324)

# --- Other numbers the procedures use, with their lines --------------------------------------
ACTION_TEST_BLAST = -1        # «Если у формации есть один или больше «Бластов»… штраф в «-1»» (l.216)
ACTION_TEST_RETAIN = -1       # retaining the initiative: «штраф для теста на Действие «-1»» (l.220)
RALLY_BROKEN = -2             # «модификаторы «-2» если формация разбита» (l.624)
RALLY_ENEMY_30CM = -1         # «и «-1» если в 30 см от юнита в вашей формации есть противник» (l.624)
RALLY_ENEMY_RANGE_CM = 30
DANGEROUS_TERRAIN_FAIL = 1    # «На бросок куба «1», юнит уничтожен» (l.270)
CRITICAL_HIT_ON = 6           # «при броске 6 вычеркните DC и получите критическое попадание» (l.864)
FLAK_MOVED = -1               # AA units whose formation moved: «штрафом «-1»» (l.972)
FLAK_INTERCEPT = +1           # aircraft on Intercept firing AA: «+1» (l.966)
JINK_SAVE = 4                 # «спас-бросок 4+ вместо своего обычного» (l.968)


def _rows(*rows: tuple) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(c) for c in r) for r in rows)


def _bp_label(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _none_or(n: int) -> str:
    return "Нет" if n == 0 else str(n)


TABLES: list[Table] = [
    Table(
        id="to_hit_modifiers", game=BOOK, title=Msg.of("combat_epic.table.to_hit_modifiers"),
        columns=("Модификаторы попаданий", ""),
        rows=_rows(("Цель в Укрытии", "-1"),
                   ("Атакующий совершал Действия «Double» или «Marshal»", "-1"),
                   ("Атакующий выполняет Действие «Sustained Fire»", "+1")),
        source=TO_HIT_MODIFIERS_SOURCE,
        aliases=("to hit", "модификаторы попадания", "попадание", "hit modifiers"),
    ),
    Table(
        id="seven_plus", game=BOOK, title=Msg.of("combat_epic.table.seven_plus"),
        columns=("Требуемый бросок", "Бросок кубика"),
        rows=_rows(("7+", "Сначала 6, затем 4,5,6"), ("8+", "Сначала 6, затем 5,6"),
                   ("9+", "Сначала 6, затем 6"), ("10", "Попадание невозможно")),
        source=SEVEN_PLUS_SOURCE,
        aliases=("7+", "попадание на 7+", "hit on 7+"),
    ),
    Table(
        id="barrage", game=BOOK, title=Msg.of("combat_epic.table.barrage"),
        columns=("Артиллерийские очки", "Дополнительные шаблоны", "Дополнительные «Бласты»", "AP", "AT"),
        rows=_rows(*[(_bp_label(lo, hi), _none_or(t), _none_or(b), f"{ap}+", f"{at}+")
                     for lo, hi, t, b, ap, at in BARRAGE]),
        source=BARRAGE_SOURCE,
        aliases=("barrage points", "артобстрел", "артиллерийская таблица", "bp"),
    ),
    Table(
        id="assault_modifiers", game=BOOK, title=Msg.of("combat_epic.table.assault_modifiers"),
        columns=("Модификаторы ближнего боя", ""),
        rows=_rows(("За каждого уничтоженного вами в ближнем бою противника", "+1"),
                   ("У вас больше юнитов, чем во вражеской формации", "+1*"),
                   ("У вас как минимум вдвое больше юнитов, чем во вражеской формации.", "+1*"),
                   ("У ваше формации нет «Бластов»", "+1**"),
                   ("В формации оппонента больше «Бластов»", "+1**"),
                   # The table's footnotes (L564, L580), as rows: the table shape has no footnote field.
                   ("* Учитывает общее количество юнитов, оставшихся в атакующей формации и общее количество "
                    "юнитов, оставшееся в защищающейся формации. Не включайте сюда юниты из других формаций, "
                    "которые осуществляли огонь поддержки.", "L564"),
                   ("** Считайте разбитые вражеские формации как имеющую больше «Бластов».", "L580")),
        source=ASSAULT_MODIFIERS_SOURCE,
        aliases=("assault result", "результат ближнего боя", "ближний бой", "assault"),
    ),
    Table(
        id="terrain", game=BOOK, title=Msg.of("combat_epic.table.terrain"),
        columns=("Террейн", "Пехота", "Техника", "Машины Войны"),
        rows=TERRAIN_ROWS,
        source=TERRAIN_SOURCE,
        aliases=("terrain", "террейн", "укрытие", "cover", "свойства террейна"),
    ),
]


def barrage_row(points: int) -> tuple[int, int, int, int, int, int] | None:
    """The barrage-table row for a number of Barrage Points; None above 18 (the book stops there)."""
    for row in BARRAGE:
        if row[0] <= points <= row[1]:
            return row
    return None
