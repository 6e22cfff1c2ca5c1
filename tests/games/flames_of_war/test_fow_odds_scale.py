"""/fow-odds shoot at the options' maximum (issue 14 §3: ROF 20 × 50 teams took 46 s on the
loop): the teams destroyed are Binomial(n, p·d), exactly what thinning the hits gives."""
from __future__ import annotations

from fractions import Fraction

from dice.dist import Dist
from games.flames_of_war import odds


def test_destroyed_teams_equal_the_thinned_hits():
    p, d = Fraction(1, 2), odds.per_destroyed(3, 4)
    assert Dist.binomial(6, p * d) == Dist.binomial(6, p).thin(d)


def test_the_largest_shot_is_exact_and_sums_to_one():
    result = odds.shoot_odds(is_hit_on=4, rof=20, teams=50, save=3, fp=3, unit_teams=100)
    assert len(result.data["destroyed"]) == 1001 and result.data["destroyed"].total() == 1


def test_the_chart_draws_the_hits_the_text_prints():
    """issue 12: the odds reply's Distribution is the hits distribution, the event being pinned."""
    result = odds.shoot_odds(is_hit_on=4, rof=2, teams=3, unit_teams=6)
    assert result.distribution.dist == result.data["hits"]
    assert result.distribution.event_probability == result.data["p_pinned"] == Fraction(1, 64)
