"""The fuzzer in its light mode: every part, a few examples each, no finding allowed."""

from __future__ import annotations

import pytest

from fuzz.runner import LIGHT, PARTS, run


@pytest.mark.parametrize("part", PARTS)
def test_the_light_fuzzer_finds_nothing(part: str) -> None:
    found = run([part], LIGHT, seed=1)
    assert found.requests > 0, f"the {part} part sent no request"
    assert not found.items, found.summary()
