"""Card text and codes: every accepted spelling, and a clear ValueError for everything else."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.cards import card_str, hand_codes, parse_cards


def test_codes_follow_rules_md() -> None:
    assert [card_str(code) for code in (0, 3, 4, 51)] == ["Ac", "As", "2c", "Ks"]
    assert parse_cards("Ac As 2c Ks") == [0, 3, 4, 51]


def test_every_card_round_trips() -> None:
    assert [parse_cards(card_str(code)) for code in range(52)] == [[code] for code in range(52)]


@pytest.mark.parametrize(
    "text",
    ["As2h3d4c", "As 2h 3d 4c", "as 2H 3D 4C", "A♠2♥3♦4♣", "As,2h,3d,4c", " As\t2h\r\n3d  4c ", "AS2H3D4C"],
)
def test_spellings_of_one_hand(text: str) -> None:
    assert hand_codes(text) == (3, 6, 9, 12)


def test_ten_may_be_written_10() -> None:
    assert parse_cards("10s Ts 10c tc") == [39, 39, 36, 36]


def test_sequences_of_strings_and_codes() -> None:
    assert hand_codes(["As", "2h", "3d", "4c"]) == (3, 6, 9, 12)
    assert hand_codes((3, 6, 9, 12)) == (3, 6, 9, 12)
    assert hand_codes(np.array([3, 6, 9, 12], dtype=np.uint8)) == (3, 6, 9, 12)
    assert hand_codes(["As", 6, "3d", 12]) == (3, 6, 9, 12)  # mixed, as a hand-written list may be


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("", "exactly 4 cards, got 0"),
        ("As2h3d", "exactly 4 cards, got 3"),
        ("As2h3d4c5c", "exactly 4 cards, got 5"),
        ("As2h3d3d", "duplicate card 3d"),
        ("As2h3d1c", "character 7"),
        ("As2h3dXc", "expected a rank"),
        ("As2h3d4x", "expected a suit"),
        ("As2h3d4", "the end of the text"),
        ("As2h3d10", "expected a suit"),
        ("As 2h 3d 4♤", "expected a suit"),
        ("As2h3d4c\x00", "expected a rank"),
        ("As2h3d\ud8004c", "expected a rank"),
        (b"As2h3d4c", "not bytes"),
        (None, "not NoneType"),
        (1234, "not int"),
        (["As", "2h", "3d"], "exactly 4 cards, got 3"),
        (["As", "2h", "3d", "4c", "5c"], "exactly 4 cards, got 5"),
        (["As", "2h", "3d", "4c5c"], "card 4 must be one card"),
        (["As", "2h", "3d", ""], "card 4 must be one card"),
        ([3, 6, 9, 52], "card 4 is 52, out of range 0..51"),
        ([3, 6, 9, -1], "card 4 is -1, out of range"),
        ([3, 6, 9, 2**70], "out of range"),
        ([3, 6, 9, 12.0], "card 4 must be a card string or an int code, not float"),
        ([True, 6, 9, 12], "not bool"),
        ([3, 6, None, 12], "card 3 must be a card string or an int code, not NoneType"),
        ([3, 6, 9, 3], "duplicate card As"),
    ],
)
def test_bad_hands_say_what_is_wrong(hand: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hand_codes(hand)  # type: ignore[arg-type]  # bad input on purpose


@pytest.mark.parametrize("code", [-1, 52, 1.0, "As", None, True])
def test_card_str_refuses_non_codes(code: object) -> None:
    with pytest.raises(ValueError, match="card code"):
        card_str(code)  # type: ignore[arg-type]  # bad input on purpose


def test_parse_cards_refuses_non_text() -> None:
    with pytest.raises(ValueError, match="must be a str"):
        parse_cards(b"As")  # type: ignore[arg-type]  # bad input on purpose
