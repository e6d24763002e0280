"""badugi_fast and badugi_fast.reference offer the same public functions with the same signatures."""

from __future__ import annotations

import inspect
import sys
from importlib import metadata
from pathlib import Path

import pytest

import badugi_fast
from badugi_fast import reference

if sys.version_info >= (3, 11):
    import tomllib
else:  # the standard library's tomllib from Python 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = sorted(set(reference.__all__))


def test_same_public_names() -> None:
    assert sorted(set(badugi_fast.__all__) - {"BACKEND"}) == PUBLIC
    assert badugi_fast.BACKEND in ("c", "python")


def test_dir_is_the_public_api() -> None:
    """``dir(badugi_fast)`` lists what a user may call, the functions imported on first use included, and none of
    the names the module imports for itself; each name it lists is there."""
    assert dir(badugi_fast) == sorted([*badugi_fast.__all__, "__version__"])
    assert {"evaluate_many", "equity", "best_discard"} <= set(dir(badugi_fast))
    assert not {"Any", "TYPE_CHECKING"} & set(dir(badugi_fast))
    assert all(getattr(badugi_fast, name) is not None for name in dir(badugi_fast))


def test_version_is_the_distributions_or_the_source_trees() -> None:
    """pyproject.toml's version: as installed, or with ``+source`` where the package imported is a source tree."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    package = Path(badugi_fast.__path__[0])
    in_source_tree = (package.parent / "pyproject.toml").is_file()
    assert badugi_fast.__version__ == (f"{declared}+source" if in_source_tree else metadata.version("badugi-fast"))
    assert badugi_fast.__version__.partition("+")[0] == declared


@pytest.mark.parametrize("name", PUBLIC)
def test_same_signatures(name: str) -> None:
    fast, ref = getattr(badugi_fast, name), getattr(reference, name)
    assert inspect.signature(fast) == inspect.signature(ref)
    assert fast.__doc__, f"{name} needs a docstring"


@pytest.mark.parametrize("module", [badugi_fast, reference], ids=["fast", "reference"])
def test_same_answers_through_each_public_function(module: object) -> None:
    api = module
    assert api.evaluate("A♠2♥3♦4♣") == 1  # type: ignore[attr-defined]
    assert api.compare("7s 4h 3d 2c", "7s 6h 5d 3c") == 1  # type: ignore[attr-defined]
    assert api.winners(["Kc Kd Kh Ks", "Ac Ad Ah As"]) == [1]  # type: ignore[attr-defined]
    assert api.best_cards("3d 8c Ks Kc") == ("Ks", "8c", "3d")  # type: ignore[attr-defined]
    assert api.describe(api.evaluate("3d 8c Ks Kc")) == "3-card K-8-3"  # type: ignore[attr-defined]
    assert api.hand_size(716) == 3  # type: ignore[attr-defined]
    assert api.rank_values(1) == (4, 3, 2, 1)  # type: ignore[attr-defined]
    assert api.parse_cards("10s") == [39]  # type: ignore[attr-defined]
    assert api.card_str(39) == "Ts"  # type: ignore[attr-defined]


@pytest.mark.parametrize("module", [badugi_fast, reference], ids=["fast", "reference"])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda api: api.evaluate("As2h3d"), "exactly 4 cards, got 3"),
        (lambda api: api.evaluate([0, 1, 2, 60]), "card 4 is 60"),
        (lambda api: api.evaluate([0, 1, 2, 2]), "duplicate card Ah"),
        (lambda api: api.evaluate(("As", "2h", "3d", 4.0)), "not float"),
        (lambda api: api.evaluate(None), "not NoneType"),
        (lambda api: api.compare("As2h3d4c", "As2h3dZz"), "expected a rank"),
        (lambda api: api.winners([]), "at least one hand"),
        (lambda api: api.winners("As2h3d4c"), "sequence of hands, not str"),
        (lambda api: api.winners(["As2h3d4c", "Kc Kd Kh Ks", "As"]), "hand 2: a hand has exactly 4 cards"),
        (lambda api: api.best_cards("As As 2h 3d"), "duplicate card As"),
        (lambda api: api.describe(1093), "out of range 1..1092"),
    ],
)
def test_same_errors(module: object, call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(module)  # type: ignore[operator]


HUGE = [2**31, -(2**31) - 1, 2**63, -(2**63) - 1, 2**64, 2**70]


@pytest.mark.parametrize("code", HUGE)
@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda api, code: api.evaluate([code, 1, 2, 3]), id="evaluate-list"),
        pytest.param(lambda api, code: api.evaluate((0, 1, code, 3)), id="evaluate-tuple"),
        pytest.param(lambda api, code: api.best_cards([0, 1, 2, code]), id="best_cards"),
        pytest.param(lambda api, code: api.compare([0, 5, 10, 15], [code, 1, 2, 3]), id="compare"),
        pytest.param(lambda api, code: api.winners([[0, 5, 10, 15], [1, code, 2, 3]]), id="winners"),
        pytest.param(lambda api, code: api.describe(code), id="describe"),
        pytest.param(lambda api, code: api.hand_size(code), id="hand_size"),
        pytest.param(lambda api, code: api.rank_values(code), id="rank_values"),
        pytest.param(lambda api, code: api.card_str(code), id="card_str"),
    ],
)
def test_huge_ints_give_the_reference_value_error(call: object, code: int) -> None:
    """An int past C's int or int64 is a ValueError with the reference's words, never cffi's OverflowError."""
    with pytest.raises(ValueError) as expected:  # noqa: PT011 - the message is compared below
        call(reference, code)  # type: ignore[operator]
    with pytest.raises(ValueError) as fast:  # noqa: PT011
        call(badugi_fast, code)  # type: ignore[operator]
    assert str(fast.value) == str(expected.value)
