"""The deal state machine: complete deals at 3, 4 and 5 players, refusals leave no trace."""

from __future__ import annotations

import random

import pytest

from rules_fr.cards import CardSet, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import deal
from rules_fr.donne import (
    AnnounceChelem,
    Bid,
    CallCard,
    Discard,
    Donne,
    Phase,
    PlayCard,
    ShowPoignee,
)
from rules_fr.ecart import random_legal_ecart
from rules_fr.kingcall import callable_cards
from rules_fr.poignee import legal_poignee, poignees_allowed
from rules_fr.simulate import random_card
from rules_fr.verdicts import Code, IllegalActionError


def first_valid_deal(players: int, seed: int) -> Donne:
    while True:
        d = Donne(deal(players, dealer=seed % players, seed=seed))
        if d.phase is Phase.BIDDING:
            return d
        seed += 1000


def play_out(d: Donne, rng: random.Random) -> None:
    while d.phase is Phase.PLAYING:
        seat = d.to_move
        assert seat is not None
        if not d.cards_played_by(seat) and seat not in d.poignees:
            levels = poignees_allowed(d.players, d.hands[seat])
            if levels:
                shown = legal_poignee(d.players, d.hands[seat], levels[0])
                d.apply(ShowPoignee(seat, tuple(shown)))
        d.apply(PlayCard(seat, random_card(d.legal_cards(seat), rng)))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_donne_complete_deal(players: int, seed: int) -> None:
    rng = random.Random(seed)
    d = first_valid_deal(players, seed)
    contract = Contract(seed % 4 + 1)
    for i in range(players):
        seat = d.to_move
        d.apply(Bid(seat, contract if i == 1 else None))
    assert d.taker == (d.dealer + 2) % players and d.contract is contract
    if players == 5:
        assert d.phase is Phase.CALLING
        d.apply(CallCard(d.taker, random_card(callable_cards(d.hands[d.taker]), rng)))
    if contract.taker_takes_chien:
        assert d.phase is Phase.ECART
        ecart = random_legal_ecart(players, d.hands[d.taker], d.chien, rng)
        d.apply(Discard(d.taker, tuple(ecart)))
    assert d.phase is Phase.PLAYING
    play_out(d, rng)
    assert d.phase is Phase.FINISHED and d.to_move is None
    count, s = d.count(), d.score()
    assert count.points_half[Camp.TAKER] + count.points_half[Camp.DEFENSE] == 182
    assert s.taker + s.partner + s.defenders * s.defender == 0
    # replaying the history rebuilds the same state
    again = Donne(d.dealt)
    for action in d.history:
        again.apply(action)
    assert again.score() == s and again.tricks == d.tricks


def test_donne_illegal_action_changes_nothing() -> None:
    d = first_valid_deal(4, 1)
    before = (list(d.bids), d.phase, list(d.history))
    with pytest.raises(IllegalActionError) as error:
        d.apply(Bid((d.to_move + 1) % 4, Contract.GARDE))
    assert error.value.violations[0].code is Code.BID_OUT_OF_TURN
    with pytest.raises(IllegalActionError):
        d.apply(PlayCard(d.to_move, next(iter(d.hands[d.to_move]))))
    assert (d.bids, d.phase, d.history) == before


def test_donne_all_pass() -> None:
    d = first_valid_deal(4, 2)
    for _ in range(4):
        d.apply(Bid(d.to_move, None))
    assert d.phase is Phase.ALL_PASSED and d.to_move is None


def test_donne_petit_sec_annuls() -> None:
    hands = [CardSet.parse(["T1", *[f"{r}S" for r in range(1, 11)], "JS", "CS", "QS", "KS",
                            "1H", "2H", "3H"])]
    rest = [c for c in parse_cards([f"{r}{s}" for s in "HDC" for r in
                                    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                     "C", "Q", "K"]]) if c not in hands[0]]
    rest += parse_cards([f"T{r}" for r in range(2, 22)] + ["EX"])
    others = [CardSet.of(rest[i * 18:(i + 1) * 18]) for i in range(3)]
    from rules_fr.deal import Deal
    d = Donne(Deal((hands[0], *others), CardSet.of(rest[54:]), dealer=3))
    assert d.phase is Phase.ANNULLED and d.petit_sec_seat == 0


def test_donne_duplicate_fixed_garde_skips_bidding() -> None:
    d = Donne(deal(4, dealer=0, seed=11), fixed_contract=(2, Contract.GARDE))
    if d.phase is not Phase.ANNULLED:
        assert d.phase is Phase.ECART and d.taker == 2


def test_donne_chelem_announcer_leads() -> None:
    d = first_valid_deal(4, 5)
    d.apply(Bid(d.to_move, Contract.GARDE_SANS))
    for _ in range(3):
        d.apply(Bid(d.to_move, None))
    assert d.phase is Phase.PLAYING
    assert [v.code for v in d.check(AnnounceChelem((d.taker + 1) % 4))] == [
        Code.CHELEM_NOT_TAKER]
    d.apply(AnnounceChelem(d.taker))
    assert d.to_move == d.taker
