"""Card play, one test per rule of the rulebook (seed 000 and FFT 2012)."""

from __future__ import annotations

import pytest

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.play import check_play, legal_cards, play_warnings, trick_winner
from rules_fr.verdicts import Code


def codes(hand: list[str], trick: list[str], card: str, players: int = 4,
          **kw: object) -> list[str]:
    return [v.code for v in check_play(CardSet.parse(hand), parse_cards(trick), parse_card(card),
                                       players=players, **kw)]


def legal(hand: list[str], trick: list[str], **kw: object) -> list[str]:
    return legal_cards(CardSet.parse(hand), parse_cards(trick), **kw).codes()


def test_play_own_cards_only() -> None:
    assert codes(["7H"], [], "8H") == [Code.CARD_NOT_IN_HAND]


def test_play_lead_any_card() -> None:
    hand = ["7H", "KS", "T4", "EX"]
    assert legal(hand, []) == ["KS", "7H", "T4", "EX"]


def test_play_follow_suit_without_going_higher() -> None:
    hand = ["2H", "KH", "T20", "3S"]
    assert codes(hand, ["5H", "QH"], "2H") == []
    assert codes(hand, ["5H"], "T20") == [Code.MUST_FOLLOW_SUIT]
    assert codes(hand, ["5H"], "3S") == [Code.MUST_FOLLOW_SUIT]


def test_play_follow_suit_violation_names_the_cards() -> None:
    hand = CardSet.parse(["7H", "KH", "2S"])
    v = check_play(hand, parse_cards(["5H"]), parse_card("2S"), players=4)[0]
    assert v.rule == "play.follow-suit"
    assert v.params == {"card": "2S", "led": "5H", "suit": "H", "cards": ["7H", "KH"]}


def test_play_must_trump_when_void() -> None:
    hand = ["T3", "2S"]
    assert codes(hand, ["5H"], "2S") == [Code.MUST_TRUMP]
    assert legal(hand, ["5H"]) == ["T3"]


def test_play_must_overtrump_when_possible() -> None:
    hand = ["T3", "T15", "2S"]
    assert codes(hand, ["5H", "T10"], "T3") == [Code.MUST_OVERTRUMP]
    assert legal(hand, ["5H", "T10"]) == ["T15"]


def test_play_undertrump_when_overtrump_impossible() -> None:
    hand = ["T3", "T5", "2S"]
    assert legal(hand, ["5H", "T10"]) == ["T3", "T5"]
    assert codes(hand, ["5H", "T10"], "2S") == [Code.MUST_TRUMP]


def test_play_trump_lead_overtrump_even_partner() -> None:
    hand = ["T3", "T15", "2S"]
    assert legal(hand, ["T10"]) == ["T15"]
    assert codes(hand, ["T10"], "T3") == [Code.MUST_OVERTRUMP]
    assert codes(hand, ["T10"], "2S") == [Code.MUST_FOLLOW_SUIT]


def test_play_trump_lead_any_trump_when_none_higher() -> None:
    assert legal(["T3", "T5", "2S"], ["T10"]) == ["T3", "T5"]


def test_play_discard_with_neither_suit_nor_trump() -> None:
    assert legal(["2S", "KD"], ["5H", "T10"]) == ["2S", "KD"]
    assert legal(["2S", "KD"], ["T10"]) == ["2S", "KD"]


@pytest.mark.parametrize("trick", [[], ["5H"], ["5H", "T10"], ["T10"], ["EX"]])
def test_play_excuse_anytime(trick: list[str]) -> None:
    hand = ["EX", "7H", "T3", "T15"]
    assert codes(hand, trick, "EX") == []


def test_play_excuse_allowed_when_undertrumping() -> None:
    # other engines refused the excuse when the player could only undertrump
    assert codes(["EX", "T3"], ["5H", "T10"], "EX") == []


def test_play_excuse_lead_next_card_sets_suit() -> None:
    assert legal(["7H", "2S", "T4"], ["EX"]) == ["2S", "7H", "T4"]
    assert legal(["7H", "2S", "T4"], ["EX", "KS"]) == ["2S"]
    assert codes(["7H", "2S", "T4"], ["EX", "KS"], "7H") == [Code.MUST_FOLLOW_SUIT]


def test_play_called_suit_first_lead() -> None:
    hand = ["7S", "KS", "2H", "T4"]
    kw = {"called_card": parse_card("KS"), "first_trick": True}
    assert codes(hand, [], "7S", players=5, **kw) == [Code.CALLED_SUIT_FIRST_LEAD]
    assert codes(hand, [], "KS", players=5, **kw) == []  # the called card itself
    assert codes(hand, [], "2H", players=5, **kw) == []
    # not the first trick: anything
    assert codes(hand, [], "7S", players=5, called_card=parse_card("KS")) == []


def test_play_called_suit_first_lead_only_called_suit_left() -> None:
    kw = {"called_card": parse_card("KS"), "first_trick": True}
    assert legal(["7S", "8S"], [], **kw) == ["7S", "8S"]


def test_play_trick_complete() -> None:
    assert codes(["2S"], ["5H", "6H", "7H", "8H"], "2S") == [Code.TRICK_COMPLETE]


def test_trick_winner_highest_trump_else_led_suit() -> None:
    assert trick_winner(parse_cards(["5H", "KS", "QH", "2H"])) == 2
    assert trick_winner(parse_cards(["5H", "T1", "QH", "T2"])) == 3
    assert trick_winner(parse_cards(["EX", "5H", "KH"])) == 2


def test_warning_excuse_last_trick() -> None:
    warnings = play_warnings(CardSet.parse(["EX"]), parse_cards(["5H"]), parse_card("EX"),
                             players=4)
    assert [w.code for w in warnings] == [Code.EXCUSE_LAST_TRICK]


def test_warning_petit_exposed() -> None:
    hand = CardSet.parse(["T1", "T2", "T3"])
    # leading the petit with other trumps in hand: three players may still overtrump it
    w = play_warnings(hand, [], parse_card("T1"), players=4)
    assert [(x.code, x.params["players_after"]) for x in w] == [(Code.PETIT_EXPOSED, 3)]
    w = play_warnings(hand, parse_cards(["5H", "T10", "KH"]), parse_card("T1"), players=4)
    assert [x.code for x in w] == [Code.PETIT_EXPOSED]
    assert w[0].params["beaten_by"] == "T10"
    # petit forced (only legal card): no advice to give
    assert play_warnings(CardSet.parse(["T1", "2S"]), parse_cards(["5H"]), parse_card("T1"),
                         players=4) == []
