"""Counting: trick winners, the excuse exchange, petit au bout, chelem, the chien (seed 000,
FFT 2012)."""

from __future__ import annotations

from rules_fr.cards import DECK, EXCUSE, CardSet, parse_cards, points_half
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick, count_deal, deal_piles


def trick(leader: int, *codes: str) -> PlayedTrick:
    return PlayedTrick(leader, tuple(parse_cards(codes)))


def rest_in_chien(*tricks: PlayedTrick) -> CardSet:
    """Everything not played goes to a big 'chien' so the totals make 91."""
    played = CardSet.of(c for t in tricks for c in t.cards)
    return DECK - played


def count(*tricks: PlayedTrick, contract: Contract = Contract.GARDE_SANS, taker: int = 0,
          partner: int | None = None, players: int = 4):
    return count_deal(players=players, contract=contract, taker=taker, partner=partner,
                      tricks=list(tricks), chien=rest_in_chien(*tricks))


def test_counting_total_91() -> None:
    c = count(trick(0, "5H", "KH", "2H", "3H"), trick(1, "T2", "T5", "T9", "T1"))
    assert c.points_half[Camp.TAKER] + c.points_half[Camp.DEFENSE] == 182


def test_excuse_exchange_owner_keeps_it_and_gives_half_point() -> None:
    # taker (seat 0) plays the excuse in a trick the defence wins; the last trick is later
    first = trick(1, "5H", "KH", "2H", "EX")  # seat 1 leads; seat 0 plays 4th: EX
    last = trick(2, "6S", "7S", "8S", "9S")
    c = count(first, last, contract=Contract.GARDE_CONTRE)
    assert c.excuse_camp is Camp.TAKER and c.excuse_exchanged
    # the taker won nothing but keeps the excuse, net 4 points
    assert c.points_half[Camp.TAKER] == 8
    assert c.bouts[Camp.TAKER] == 1


def test_excuse_exchange_same_totals_when_owner_has_no_trick_yet() -> None:
    # the owner's camp wins a trick only afterwards: the totals are the same
    won = trick(2, "2S", "3S", "KS", "4S")  # seat 0 (taker) wins with the king
    final = trick(0, "6D", "7D", "8D", "9D")
    early = count(trick(1, "5H", "KH", "2H", "EX"), won, final, contract=Contract.GARDE_CONTRE)
    late = count(won, trick(0, "EX", "5H", "KH", "2H"), final, contract=Contract.GARDE_CONTRE)
    assert early.points_half == {Camp.TAKER: 8 + 12, Camp.DEFENSE: 182 - 20}
    assert late.points_half == early.points_half
    assert early.bouts == late.bouts == {Camp.TAKER: 1, Camp.DEFENSE: 2}  # chien: petit, 21


def test_excuse_last_trick_changes_camp() -> None:
    c = count(trick(0, "2S", "KS", "3S", "4S"), trick(1, "5H", "KH", "2H", "EX"),
              contract=Contract.GARDE_CONTRE)
    assert c.excuse_camp is Camp.DEFENSE and c.excuse_lost_last_trick
    assert not c.excuse_exchanged
    # the excuse counted once, for the defence: not twice
    assert c.points_half[Camp.TAKER] == 0
    assert c.points_half[Camp.TAKER] + c.points_half[Camp.DEFENSE] == 182


def test_excuse_chelem_wins_last_trick_and_petit_au_bout_penultimate() -> None:
    c = count(trick(0, "KS", "2S", "3S", "4S"), trick(0, "T1", "5S", "6S", "7S"),
              trick(0, "EX", "5H", "KH", "2H"))
    assert c.chelem is Camp.TAKER and c.tricks_won[Camp.TAKER] == 3
    assert c.trick_winners == (0, 0, 0)
    assert c.petit_au_bout is Camp.TAKER
    assert c.excuse_camp is Camp.TAKER


def test_excuse_chelem_defence_keeps_excuse_for_four_points() -> None:
    # chelem by the taker; the defence's excuse, played normally, stays with it for 4 points
    tricks = [trick(0, "KS", "2S", "EX", "4S"), trick(0, "T1", "5S", "6S", "7S")]
    c = count(*tricks)
    assert c.chelem is Camp.TAKER
    assert c.points_half[Camp.DEFENSE] == 8  # 4 points
    assert c.bouts[Camp.DEFENSE] == 1


def test_petit_au_bout_goes_to_last_trick_winner() -> None:
    c = count(trick(0, "KS", "2S", "3S", "4S"), trick(0, "T1", "T2", "5S", "6S"))
    assert c.petit_au_bout is Camp.DEFENSE  # captured at the last trick by seat 1


def test_no_petit_au_bout_when_petit_elsewhere() -> None:
    c = count(trick(0, "T1", "T2", "5S", "6S"), trick(1, "KS", "2S", "3S", "4S"))
    assert c.petit_au_bout is None


def test_counting_chien_by_contract() -> None:
    tricks = [trick(0, "KS", "2S", "3S", "4S")]
    chien = rest_in_chien(*tricks)
    sans = count_deal(players=4, contract=Contract.GARDE_SANS, taker=0, partner=None,
                      tricks=tricks, chien=chien)
    contre = count_deal(players=4, contract=Contract.GARDE_CONTRE, taker=0, partner=None,
                        tricks=tricks, chien=chien)
    assert sans.points_half[Camp.TAKER] == 182
    assert contre.points_half[Camp.TAKER] == 12
    assert sans.chien_camp is Camp.TAKER and contre.chien_camp is Camp.DEFENSE
    ecart = CardSet.parse(["5D", "6D"])
    garde = count_deal(players=4, contract=Contract.GARDE, taker=0, partner=None,
                       tricks=tricks, chien=chien - ecart, ecart=ecart | CardSet.parse([]))
    assert garde.points_half[Camp.TAKER] == 12 + 2


def test_partner_counts_with_taker_at_five() -> None:
    c = count(trick(0, "5H", "KH", "2H", "3H", "4H"), taker=0, partner=1, players=5)
    assert c.tricks_won[Camp.TAKER] == 1
    assert c.trick_winners == (1,)


def test_excuse_chelem_is_the_takers_only() -> None:
    """excuse.chelem: "En cas de chelem réussi par un preneur possédant l'excuse, cette carte
    jouée au dernier pli, remporte ce dernier pli. (C'est le seul cas où l'excuse fait un pli)"
    (seed 000). The defence won every other trick and leads its excuse to the last one: the
    excuse wins nothing, the taker's 4♥ takes the trick and the excuse with it ("Si l'excuse
    est placée au dernier pli, elle est perdue par son propriétaire"), and there is no chelem."""
    c = count(trick(1, "KS", "2H", "3S", "4S"), trick(1, "EX", "3H", "2S", "4H"),
              contract=Contract.GARDE_CONTRE)
    assert c.trick_winners == (1, 0)
    assert c.chelem is None
    assert c.excuse_camp is Camp.TAKER and c.excuse_lost_last_trick
    assert c.bouts[Camp.TAKER] == 1


def test_petit_au_bout_in_the_last_trick_of_an_excuse_chelem() -> None:
    """petit.au-bout: "Le camp qui réalise la dernière levée, lorsque celle-ci comprend le
    petit, bénéficie d'une prime" — also when the taker's camp makes that last trick with the
    excuse in a chelem and a defender's petit falls in it (the penultimate-trick rule of
    petit.au-bout-chelem adds a case, it does not take this one away).

    A legal five-player deal: the taker (seat 0) holds the excuse, the four top spades and the
    ten top trumps; seat 1 holds the petit, the eleven trumps below and the four low spades;
    nobody else has a trump; seat 3 holds the called K♥. The taker leads his spades (seat 1
    follows), then his trumps (seat 1 cannot overtrump and keeps his petit), then the excuse:
    seat 1 has only the petit left.
    """
    others = [c.code for c in DECK
              if not c.is_trump and not c.is_excuse and c.code not in
              ("KS", "QS", "CS", "JS", "1S", "2S", "3S", "4S")]  # 5♠ to 10♠ first: seat 2
    leads = ["KS", "QS", "CS", "JS"] + [f"T{r}" for r in range(21, 11, -1)] + ["EX"]
    follows = ["4S", "3S", "2S", "1S"] + [f"T{r}" for r in range(11, 0, -1)]
    tricks = [trick(0, lead, follow, others.pop(0), others.pop(), others.pop())
              for lead, follow in zip(leads, follows, strict=True)]
    chien = CardSet.parse(others)
    assert tricks[-1].cards[1].code == "T1"
    assert "KH" in [c.code for t in tricks for c in t.cards[3::5]]  # seat 3, called
    c = count_deal(players=5, contract=Contract.GARDE_CONTRE, taker=0, partner=3,
                   tricks=tricks, chien=chien)
    assert c.chelem is Camp.TAKER
    assert c.trick_winners[-1] == 0
    assert c.petit_au_bout is Camp.TAKER


def piles(*tricks: PlayedTrick, contract: Contract = Contract.GARDE_SANS, taker: int = 0,
          partner: int | None = None, players: int = 4):
    return deal_piles(players=players, contract=contract, taker=taker, partner=partner,
                      tricks=list(tricks), chien=rest_in_chien(*tricks))


def test_piles_move_the_excuse_exchange_card_and_add_up_to_the_count() -> None:
    # the taker's excuse lost to a defender's king before the last trick: the taker's camp
    # keeps the excuse and gives its lowest low card to the defence
    tricks = (trick(1, "5H", "KH", "2H", "EX"), trick(2, "2S", "3S", "KS", "4S"),
              trick(0, "6D", "7D", "8D", "9D"))
    c = count(*tricks, contract=Contract.GARDE_CONTRE)
    p = piles(*tricks, contract=Contract.GARDE_CONTRE)
    assert c.excuse_exchanged and p.exchange_card is not None and p.exchange_owed is None
    assert p.exchange_card in p.cards[Camp.DEFENSE]
    assert p.exchange_card.points_half == 1
    assert EXCUSE in p.cards[Camp.TAKER]
    for camp in Camp:
        assert points_half(p.cards[camp]) == c.points_half[camp]
    assert sorted(p.cards[Camp.TAKER] + p.cards[Camp.DEFENSE]) == sorted(DECK)


def test_piles_without_an_exchange_add_up_to_the_count() -> None:
    for tricks, contract in (
            ((trick(0, "2S", "KS", "3S", "4S"), trick(1, "5H", "KH", "2H", "EX")),
             Contract.GARDE_CONTRE),  # the excuse at the last trick changes camp
            ((trick(0, "KS", "2S", "3S", "4S"), trick(0, "T1", "5S", "6S", "7S"),
              trick(0, "EX", "5H", "KH", "2H")), Contract.GARDE_SANS)):  # an excuse chelem
        c = count(*tricks, contract=contract)
        p = piles(*tricks, contract=contract)
        assert p.exchange_card is None and p.exchange_owed is None
        for camp in Camp:
            assert points_half(p.cards[camp]) == c.points_half[camp]


def test_piles_with_no_low_card_to_give_leave_the_half_point_owed() -> None:
    # a taker's chelem: the defence's excuse stays with it for 4 points, and it has no card
    tricks = [trick(0, "KS", "2S", "EX", "4S"), trick(0, "T1", "5S", "6S", "7S")]
    p = piles(*tricks)
    assert p.cards[Camp.DEFENSE] == (EXCUSE,) and p.exchange_owed is Camp.TAKER
    assert p.exchange_card is None


def test_piles_put_the_ecart_with_the_taker() -> None:
    tricks = [trick(0, "KS", "2S", "3S", "4S")]
    ecart = CardSet.of(parse_cards(["5C", "6C", "7C"]))
    chien = CardSet.of(parse_cards(["KC", "QC", "JC"]))
    p = deal_piles(players=4, contract=Contract.GARDE, taker=0, partner=None, tricks=tricks,
                   chien=chien, ecart=ecart)
    assert set(ecart) <= set(p.cards[Camp.TAKER])
    assert not set(chien) & set(p.cards[Camp.TAKER] + p.cards[Camp.DEFENSE])
