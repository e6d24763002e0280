"""Rank numbers: the table of rules.md (1 ... 1092; 715, 286, 78 and 13 values) and their decoding."""

from __future__ import annotations

from math import comb

import pytest

from badugi_fast.ranks import RANK_COUNT, describe, hand_size, rank_number, rank_values


def test_counts_and_boundaries_of_rules_md() -> None:
    sizes = [hand_size(rank) for rank in range(1, RANK_COUNT + 1)]
    assert [sizes.count(size) for size in (4, 3, 2, 1)] == [715, 286, 78, 13] == [comb(13, k) for k in (4, 3, 2, 1)]
    assert sizes == sorted(sizes, reverse=True)
    boundaries = {1: (4, 3, 2, 1), 715: (13, 12, 11, 10), 716: (3, 2, 1), 1001: (13, 12, 11)}
    boundaries |= {1002: (2, 1), 1079: (13, 12), 1080: (1,), 1092: (13,)}
    for rank, values in boundaries.items():
        assert rank_values(rank) == values
        assert rank_number(values) == rank


def test_order_within_a_size_reads_from_the_top() -> None:
    for rank in range(1, RANK_COUNT):
        this, following = rank_values(rank), rank_values(rank + 1)
        if len(this) == len(following):
            assert this < following  # lower ranks read from the highest down are better


@pytest.mark.parametrize(
    ("values", "text"),
    [
        ((8, 4, 3, 1), "4-card badugi 8-4-3-A"),
        ((13, 8, 3), "3-card K-8-3"),
        ((3, 1), "2-card 3-A"),
        ((13,), "1-card K"),
    ],
)
def test_describe(values: tuple[int, ...], text: str) -> None:
    assert describe(rank_number(values)) == text


@pytest.mark.parametrize("rank", [0, 1093, -1, "1", 1.0, True, None])
@pytest.mark.parametrize("function", [describe, hand_size, rank_values])
def test_bad_rank_numbers(function: object, rank: object) -> None:
    with pytest.raises(ValueError, match="rank number"):
        function(rank)  # type: ignore[operator]  # bad input on purpose


@pytest.mark.parametrize("values", [(1, 2), (4, 4, 1), (14,), (), (5, 4, 3, 2, 1)])
def test_rank_number_refuses_impossible_values(values: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="distinct ranks"):
        rank_number(values)
