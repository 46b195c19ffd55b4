"""karn.sim.stats: the Wilson score interval against values known by other means, percentiles, histograms."""

from __future__ import annotations

import math

import pytest

from karn.sim.stats import Z_95, histogram, mean, median, percentile, rate, wilson_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # 95%, no continuity correction; the bounds were found separately, by bisection
        # on the score equation |x/n - p| = z sqrt(p (1 - p) / n), to 4 decimals.
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
        (1, 10, 0.0179, 0.4042),
        (9, 10, 0.5958, 0.9821),  # the mirror image of 1 of 10
        (0, 10, 0.0, 0.2775),  # z^2 / (n + z^2) = 3.8415 / 13.8415
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_known_values(successes: int, trials: int, low: float, high: float) -> None:
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_bounds_solve_the_score_equation() -> None:
    """Each bound p satisfies |x/n - p| = z * sqrt(p (1 - p) / n): the definition of the interval."""
    for successes, trials in [(3, 7), (120, 1000), (999, 1000)]:
        observed = successes / trials
        for bound in wilson_interval(successes, trials):
            assert abs(observed - bound) == pytest.approx(Z_95 * math.sqrt(bound * (1 - bound) / trials))


def test_wilson_interval_edges_and_errors() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0 and wilson_interval(5, 5)[1] == 1.0
    narrow = wilson_interval(500, 1000)
    wide = wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    for bad in [(-1, 3), (4, 3), (0, -1)]:
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def test_percentile_is_the_nearest_rank() -> None:
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [percentile(values, f) for f in (0.0, 0.1, 0.25, 0.5, 0.9, 1.0)] == [1, 1, 3, 5, 9, 10]
    with pytest.raises(ValueError):
        percentile([], 0.5)


def test_means_medians_rates_histograms() -> None:
    assert mean([1, 2, 6]) == 3.0 and mean([]) is None
    assert median([4, 1, 3, 2]) == 2.5 and median([]) is None
    assert rate(1, 4) == 0.25 and rate(0, 0) == 0.0
    assert histogram([3, 1, 3, 2, 3]) == {1: 1, 2: 1, 3: 3}
