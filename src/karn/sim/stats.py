"""Statistics of many games: the Wilson score interval, means, medians, percentiles, histograms.

Pure functions of numbers: no game, no randomness.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence

#: The normal quantile of a two-sided 95% interval (z such that P(|Z| <= z) = 0.95).
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson, 1927): the range of true rates
    ``p`` for which ``successes`` out of ``trials`` is within ``z`` standard deviations.

    Unlike the normal approximation it stays inside [0, 1] and is sound near 0 and 1 and
    for few trials. With no trial nothing is known: (0, 1).

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    center = (p + z2 / (2 * trials)) / denominator
    half_width = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # Exact at the ends: 0 successes gives a lower bound of 0, all successes an upper bound of 1.
    low = 0.0 if successes == 0 else max(0.0, center - half_width)
    high = 1.0 if successes == trials else min(1.0, center + half_width)
    return (low, high)


def rate(successes: int, trials: int) -> float:
    """``successes / trials``, 0 when there is no trial."""
    return successes / trials if trials else 0.0


def mean(values: Sequence[int]) -> float | None:
    """The arithmetic mean, None for no value."""
    return statistics.fmean(values) if values else None


def median(values: Sequence[int]) -> float | None:
    """The median (the mean of the two middle values for an even count), None for no value."""
    return float(statistics.median(values)) if values else None


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """The value at ``fraction`` (0 to 1) of the sorted, non-empty ``ordered`` values, by
    the nearest rank: the smallest value with at least that fraction of values at or below it.

    >>> percentile([1, 2, 3, 4], 0.5), percentile([1, 2, 3, 4], 0.9), percentile([5], 0.1)
    (2, 4, 5)
    """
    if not ordered:
        raise ValueError("no values")
    if not 0 <= fraction <= 1:
        raise ValueError(f"a fraction is between 0 and 1, not {fraction}")
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def histogram(values: Iterable[int]) -> dict[int, int]:
    """How many times each value occurs, by increasing value."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items()))
