"""Physical tables: voids inferred from plays, revokes reported when a later card
contradicts them (seed 000 card-play rules)."""

from rules_fr.cards import parse_card, parse_cards
from rules_fr.renonce import RevokeTracker
from rules_fr.verdicts import Code


def test_revoke_follow_suit_detected_later() -> None:
    t = RevokeTracker(4)
    assert t.observe(2, parse_cards(["5H"]), parse_card("T4"), trick=3) == []
    (v,) = t.observe(2, [], parse_card("KH"), trick=7)
    assert v.code is Code.REVOKE_FOLLOW_SUIT and v.rule == "play.follow-suit"
    assert v.params == {"seat": 2, "card": "KH", "trick": 3, "played": "T4", "led": "5H",
                        "revealed_at": 7}


def test_revoke_trump_after_discard() -> None:
    t = RevokeTracker(4)
    t.observe(0, parse_cards(["5H"]), parse_card("2S"), trick=1)
    assert [v.code for v in t.observe(0, [], parse_card("T9"), trick=2)] == [Code.REVOKE_TRUMP]


def test_revoke_overtrump_after_undertrump() -> None:
    t = RevokeTracker(4)
    t.observe(3, parse_cards(["T10"]), parse_card("T4"), trick=1)
    assert t.observe(3, [], parse_card("T8"), trick=2) == []  # lower than 10: fine
    assert [v.code for v in t.observe(3, [], parse_card("T12"), trick=3)] == [
        Code.REVOKE_OVERTRUMP]


def test_excuse_proves_nothing() -> None:
    t = RevokeTracker(4)
    t.observe(1, parse_cards(["5H"]), parse_card("EX"), trick=1)
    assert t.observe(1, [], parse_card("KH"), trick=2) == []


def test_card_already_played() -> None:
    t = RevokeTracker(4)
    t.observe(1, [], parse_card("KH"), trick=1)
    assert [v.code for v in t.observe(2, [], parse_card("KH"), trick=2)] == [
        Code.CARD_ALREADY_PLAYED]
