"""The deal state machine: complete deals at 3, 4 and 5 players, refusals leave no trace, the
taker's « Jeu » or chelem between the contract and the first card, and his chelem after « Jeu »
until play has begun."""

from __future__ import annotations

import random

import pytest

from rules_fr.actions import Action, ShowChien
from rules_fr.cards import CardSet, parse_cards
from rules_fr.catalog import RULES
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import deal
from rules_fr.donne import (
    AnnounceChelem,
    Bid,
    CallCard,
    DeclareJeu,
    Discard,
    Donne,
    Phase,
    PlayCard,
    ShowPoignee,
)
from rules_fr.ecart import random_legal_ecart
from rules_fr.kingcall import callable_cards
from rules_fr.physical import PhysicalDonne
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
    assert d.phase is Phase.ANNOUNCING and d.to_move == d.taker
    d.apply(DeclareJeu(d.taker))
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
    assert _rule_of(d, Bid(0, Contract.GARDE)) == "deal.petit-sec"  # annulled before bidding


def test_donne_duplicate_fixed_garde_skips_bidding() -> None:
    """Duplicate: the imposed garde skips the bidding, not the écart nor the taker's « Jeu »."""
    d = Donne(deal(4, dealer=0, seed=11), fixed_contract=(2, Contract.GARDE))
    assert d.phase is Phase.ECART and d.taker == 2 and d.bids == []
    d.apply(Discard(2, tuple(random_legal_ecart(4, d.hands[2], d.chien, random.Random(0)))))
    assert d.phase is Phase.ANNOUNCING and d.to_move == 2
    d.apply(DeclareJeu(2))
    assert d.phase is Phase.PLAYING and d.to_move == 1


def _garde_sans(players: int, seed: int) -> Donne:
    """A deal where the second speaker (never the player right of the dealer) takes a garde
    sans, the king called at five players."""
    d = first_valid_deal(players, seed)
    d.apply(Bid(d.to_move, None))
    d.apply(Bid(d.to_move, Contract.GARDE_SANS))
    while d.phase is Phase.BIDDING:
        d.apply(Bid(d.to_move, None))
    if d.phase is Phase.CALLING:
        d.apply(CallCard(d.taker, next(iter(callable_cards(d.hands[d.taker])))))
    assert d.taker == (d.dealer + 2) % players
    return d


@pytest.mark.parametrize("players", [3, 4, 5])
def test_donne_jeu_opens_play(players: int) -> None:
    """ecart.jeu: after the contract (the call at five, the écart of a petite or garde, at once
    for a garde sans) the taker says « Jeu »; nobody plays before, and then the player right
    of the dealer leads, not the taker."""
    d = _garde_sans(players, players)
    assert d.phase is Phase.ANNOUNCING and d.to_move == d.taker
    leader = (d.dealer + 1) % players
    card = next(iter(d.hands[leader]))
    assert [v.code for v in d.check(PlayCard(leader, card))] == [Code.WRONG_PHASE]
    trumps = tuple(c for c in d.hands[leader] if c.is_trump)
    assert [v.code for v in d.check(ShowPoignee(leader, trumps))] == [Code.WRONG_PHASE]
    assert [v.code for v in d.check(DeclareJeu(leader))] == [Code.NOT_YOUR_TURN]
    before = list(d.history)
    with pytest.raises(IllegalActionError):
        d.apply(DeclareJeu(leader))
    assert d.history == before and d.phase is Phase.ANNOUNCING
    d.apply(DeclareJeu(d.taker))
    assert d.phase is Phase.PLAYING and d.to_move == leader and not d.chelem_announced
    assert [v.code for v in d.check(DeclareJeu(d.taker))] == [Code.WRONG_PHASE]
    d.apply(PlayCard(leader, random_card(d.legal_cards(leader), random.Random(0))))


def test_donne_jeu_not_before_the_ecart() -> None:
    """« Jeu » ends the écart: not said during the bidding nor before the écart is made."""
    d = first_valid_deal(4, 3)
    assert [v.code for v in d.check(DeclareJeu(d.to_move))] == [Code.WRONG_PHASE]
    d.apply(Bid(d.to_move, Contract.GARDE))
    while d.phase is Phase.BIDDING:
        d.apply(Bid(d.to_move, None))
    assert d.phase is Phase.ECART
    assert [v.code for v in d.check(DeclareJeu(d.taker))] == [Code.WRONG_PHASE]
    assert [v.code for v in d.check(AnnounceChelem(d.taker))] == [Code.WRONG_PHASE]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_donne_chelem_announced_before_first_card(players: int) -> None:
    """chelem.announce: the taker announces it once the contract is settled, before any card
    (instead of « Jeu »), and then leads the first trick whoever dealt — even when he is not
    the player right of the dealer. Only the taker announces."""
    d = _garde_sans(players, 10 + players)
    assert d.to_move == d.taker != (d.dealer + 1) % players
    other = (d.taker + 1) % players
    assert [v.code for v in d.check(AnnounceChelem(other))] == [Code.CHELEM_NOT_TAKER]
    d.apply(AnnounceChelem(d.taker))
    assert d.chelem_announced and d.phase is Phase.PLAYING and d.to_move == d.taker
    assert [v.code for v in d.check(AnnounceChelem(d.taker))] == [Code.WRONG_PHASE]
    play_out(d, random.Random(players))
    assert d.tricks[0].leader == d.taker
    # random cards: the announced chelem fails (or is made), and the score says which
    kinds = [line.params["kind"] for line in d.score().lines if line.code.value == "chelem"]
    assert kinds and kinds[0] in ("announced", "failed")


def _as_physical(d: Donne) -> PhysicalDonne:
    """The same deal recorded at a physical table (no écart under a garde sans)."""
    physical = PhysicalDonne(d.players, d.dealer)
    for action in d.history:
        physical.apply(action)
    return physical


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("physical", [False, True])
def test_donne_chelem_announced_after_jeu(players: int, physical: bool) -> None:
    """chelem.announce: « avant que la première carte soit jouée » — after « Jeu », before the
    first card, the taker may still announce the chelem (dealt and physical deals alike),
    while the player right of the dealer is to lead; it is listed for him alone, and once
    announced he leads."""
    dealt = _garde_sans(players, 20 + players)
    dealt.apply(DeclareJeu(dealt.taker))
    d: Donne | PhysicalDonne = _as_physical(dealt) if physical else dealt
    taker, leader = d.taker, (d.dealer + 1) % players
    assert taker is not None and taker != leader
    assert d.phase is Phase.PLAYING and d.to_move == leader and d.cards_played == 0
    assert d.legal_actions(taker).kinds == ("chelem",)
    assert d.legal_actions(leader).kinds == ("poignee", "play")
    for seat in range(players):
        if seat not in (taker, leader):
            assert d.legal_actions(seat).kinds == ()
    assert d.check(AnnounceChelem(taker)) == []
    assert [v.code for v in d.check(AnnounceChelem(leader))] == [Code.CHELEM_NOT_TAKER]
    d.apply(AnnounceChelem(taker))
    assert d.chelem_announced and d.phase is Phase.PLAYING
    assert d.to_move == taker and d.next_to_play == taker
    assert "chelem" not in d.legal_actions(taker).kinds
    assert [v.code for v in d.check(AnnounceChelem(taker))] == [Code.WRONG_PHASE]
    assert [v.code for v in d.check(PlayCard(leader, next(iter(dealt.hands[leader]))))] == [
        Code.NOT_YOUR_TURN]
    if physical:
        dealt.apply(AnnounceChelem(taker))
    d.apply(PlayCard(taker, random_card(dealt.legal_cards(taker), random.Random(players))))
    assert d.tricks == [] and d.trick and d.leader == taker


@pytest.mark.parametrize("physical", [False, True])
def test_donne_chelem_listed_with_the_leaders_actions(physical: bool) -> None:
    """After « Jeu », a taker who is also the player right of the dealer may show a poignée,
    play, or still announce the chelem."""
    dealt = first_valid_deal(4, 1)  # dealer 1: seat 2 speaks first, and leads
    assert dealt.dealer == 1
    for seat, bid in ((2, Contract.GARDE_SANS), (3, None), (0, None), (1, None)):
        dealt.apply(Bid(seat, bid))
    dealt.apply(DeclareJeu(2))
    d: Donne | PhysicalDonne = _as_physical(dealt) if physical else dealt
    assert d.to_move == 2 and d.legal_actions(2).kinds == ("poignee", "play", "chelem")
    d.apply(AnnounceChelem(2))
    assert d.legal_actions(2).kinds == ("poignee", "play") and d.chelem_announced


@pytest.mark.parametrize("physical", [False, True])
def test_donne_chelem_too_late_after_the_first_card(physical: bool) -> None:
    """Once a card is played, the refusal says it is too late, and how many cards were
    played; the chelem is listed for nobody."""
    dealt = _garde_sans(4, 7)
    dealt.apply(DeclareJeu(dealt.taker))
    leader = dealt.to_move
    assert leader is not None
    card = random_card(dealt.legal_cards(leader), random.Random(1))
    dealt.apply(PlayCard(leader, card))
    d: Donne | PhysicalDonne = _as_physical(dealt) if physical else dealt
    taker = d.taker
    assert taker is not None
    found = d.check(AnnounceChelem(taker))
    assert [v.code for v in found] == [Code.CHELEM_TOO_LATE]
    assert found[0].rule == "chelem.announce" and found[0].params == {"cards_played": 1}
    assert all("chelem" not in d.legal_actions(s).kinds for s in range(4))


def test_donne_chelem_too_late_once_a_poignee_is_shown() -> None:
    """A poignée is shown as its owner plays his first card (poignee.shown): play has begun,
    and the chelem comes too late even before that card is on the table."""
    d = PhysicalDonne(4, 0)
    for seat, bid in ((1, None), (2, Contract.GARDE_SANS), (3, None), (0, None)):
        d.apply(Bid(seat, bid))
    d.apply(DeclareJeu(2))
    assert d.legal_actions(2).kinds == ("chelem",)
    d.apply(ShowPoignee(1, tuple(parse_cards([f"T{n}" for n in range(10, 0, -1)]))))
    assert d.cards_played == 0 and d.legal_actions(2).kinds == ()
    found = d.check(AnnounceChelem(2))
    assert [v.code for v in found] == [Code.CHELEM_TOO_LATE] and found[0].params == {}
    assert found[0].rule == "chelem.announce"


# --- wrong-phase: the refusal cites the rule that sets the action's moment ------------------


def _rule_of(d: Donne | PhysicalDonne, action: Action) -> str:
    found = d.check(action)
    assert [v.code for v in found] == [Code.WRONG_PHASE], found
    assert found[0].rule in RULES and found[0].params == {"action": action.kind,
                                                          "phase": d.phase.value}
    return found[0].rule


def _garde(d: Donne) -> Donne:
    d.apply(Bid(d.to_move, Contract.GARDE))
    while d.phase is Phase.BIDDING:
        d.apply(Bid(d.to_move, None))
    return d


def test_wrong_phase_cites_the_rule_of_the_moment_dealt() -> None:
    """A dealt deal: each out-of-phase action cites the rule that forbids it then — an écart
    on a garde sans the garde sans/contre rule (no écart), an écart changed after the first
    card ecart.jeu, a bid after the auction bid.once, a chelem before the contract is set or a
    second time chelem.announce — and play.turn (each action at its moment)
    only where no narrower rule sets the moment."""
    d = first_valid_deal(4, 3)
    seat, hand = d.to_move, d.hands[d.to_move]
    six = tuple(list(hand)[:6])
    trumps = tuple(c for c in hand if c.is_trump)
    assert _rule_of(d, Discard(seat, six)) == "ecart.size"
    assert _rule_of(d, PlayCard(seat, next(iter(hand)))) == "play.turn"
    assert _rule_of(d, DeclareJeu(seat)) == "play.turn"
    assert _rule_of(d, AnnounceChelem(seat)) == "chelem.announce"
    assert _rule_of(d, ShowPoignee(seat, trumps)) == "poignee.shown"
    assert _rule_of(d, CallCard(seat, next(iter(hand)))) == "call.king"  # no call at four

    garde = _garde(d)
    taker = garde.taker
    assert taker is not None and garde.phase is Phase.ECART
    assert _rule_of(garde, DeclareJeu(taker)) == "ecart.jeu"
    assert _rule_of(garde, AnnounceChelem(taker)) == "chelem.announce"  # contract not set
    assert _rule_of(garde, Bid(taker, Contract.GARDE_CONTRE)) == "bid.once"
    ecart = tuple(random_legal_ecart(4, garde.hands[taker], garde.chien, random.Random(0)))
    garde.apply(Discard(taker, ecart))
    assert _rule_of(garde, Discard(taker, ecart)) == "ecart.jeu"
    garde.apply(DeclareJeu(taker))
    leader = garde.to_move
    garde.apply(PlayCard(leader, random_card(garde.legal_cards(leader), random.Random(0))))
    other = tuple(list(garde.hands[taker])[:6])
    assert _rule_of(garde, Discard(taker, other)) == "ecart.jeu"

    sans = _garde_sans(4, 7)
    assert sans.phase is Phase.ANNOUNCING
    taker = sans.taker
    assert taker is not None
    six = tuple(list(sans.hands[taker])[:6])
    assert _rule_of(sans, Discard(taker, six)) == "chien.garde-sans-contre"
    assert _rule_of(sans, PlayCard(sans.next_to_play, next(iter(sans.hands[1])))) \
        == "play.turn"
    sans.apply(DeclareJeu(taker))
    assert _rule_of(sans, Discard(taker, six)) == "chien.garde-sans-contre"
    sans.apply(AnnounceChelem(taker))  # after « Jeu », before the first card: once
    assert _rule_of(sans, AnnounceChelem(taker)) == "chelem.announce"

    five = first_valid_deal(5, 4)
    five.apply(Bid(five.to_move, Contract.GARDE))
    while five.phase is Phase.BIDDING:
        five.apply(Bid(five.to_move, None))
    assert five.phase is Phase.CALLING and five.taker is not None
    assert _rule_of(five, Discard(five.taker, tuple(list(five.hands[five.taker])[:3]))) \
        == "call.king"
    assert _rule_of(five, AnnounceChelem(five.taker)) == "chelem.announce"  # no king yet

    passed = first_valid_deal(4, 2)
    for _ in range(4):
        passed.apply(Bid(passed.to_move, None))
    assert _rule_of(passed, Bid(0, Contract.GARDE)) == "bid.all-pass"


def test_wrong_phase_cites_the_rule_of_the_moment_physical() -> None:
    """A physical table: a chien recorded on a garde sans cites the garde sans/contre rule
    (the chien stays face down), before and after the first card; a chien recorded twice, or
    during the auction, chien.shown; a second poignée of one seat poignee.shown."""
    chien = tuple(parse_cards(["KS", "2H", "3D", "4C", "T5", "T6"]))
    sans = PhysicalDonne(4, 0)
    assert _rule_of(sans, ShowChien(1, chien)) == "chien.shown"  # once the auction is over
    for bid in (Contract.GARDE_SANS, None, None, None):
        sans.apply(Bid(sans.to_move, bid))
    assert sans.phase is Phase.ANNOUNCING
    assert _rule_of(sans, ShowChien(1, chien)) == "chien.garde-sans-contre"
    sans.apply(PlayCard(1, parse_cards(["5H"])[0]))
    assert _rule_of(sans, ShowChien(1, chien)) == "chien.garde-sans-contre"

    garde = PhysicalDonne(4, 0)
    for bid in (Contract.GARDE, None, None, None):
        garde.apply(Bid(garde.to_move, bid))
    assert garde.phase is Phase.ECART
    garde.apply(ShowChien(1, chien))
    assert _rule_of(garde, ShowChien(1, chien)) == "chien.shown"
    trumps = tuple(parse_cards([f"T{r}" for r in range(7, 17)]))
    garde.apply(ShowPoignee(1, trumps))
    assert _rule_of(garde, ShowPoignee(1, trumps)) == "poignee.shown"
    garde.apply(PlayCard(1, parse_cards(["5H"])[0]))
    assert _rule_of(garde, ShowChien(1, chien)) == "chien.shown"
