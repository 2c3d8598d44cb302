"""Physical tables: voids inferred from plays, revokes reported when a later card
contradicts them (seed 000 card-play rules)."""

import pytest

from rules_fr.cards import parse_card, parse_cards
from rules_fr.physical import PhysicalDonne
from rules_fr.renonce import RevokeRuling, RevokeTracker
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


# --- play.revoke-ruling: a deal with an established revoke is scored as the referee rules --


def _physical_with_revoke(seed: int) -> PhysicalDonne:
    """A scripted four-player deal with a revoke (browser.referee_deals), recorded in a
    physical deal to its last card, each revoke logged as the table logs it."""
    from browser.referee_deals import scripted_deal

    from rules_fr.actions import Bid, DeclareJeu, PlayCard, ShowChien
    from rules_fr.contracts import Contract

    script = scripted_deal(seed)
    d = PhysicalDonne(players=4, dealer=0)
    for seat, contract in ((1, Contract.GARDE), (2, None), (3, None), (0, None)):
        d.apply(Bid(seat, contract))
    d.apply(ShowChien(1, tuple(parse_cards(script.chien))))
    d.apply(DeclareJeu(1))
    for seat, code in script.plays:
        d.apply(PlayCard(seat, parse_card(code)))
        if d.pending_revokes:
            d.log_revokes()
    return d


def test_a_deal_with_a_revoke_is_not_scored_before_the_ruling() -> None:
    d = _physical_with_revoke(7)
    assert d.revokes and d.awaiting_ruling
    with pytest.raises(ValueError, match="referee"):
        d.score()


def test_ruled_as_played_scores_the_tricks_as_played() -> None:
    from rules_fr.machine import DealMachine

    d = _physical_with_revoke(7)
    d.rule(RevokeRuling.AS_PLAYED)
    assert not d.awaiting_ruling and d.ruling is RevokeRuling.AS_PLAYED
    assert d.score() == DealMachine.score(d)  # the machine's score of the same tricks
    with pytest.raises(ValueError):
        d.rule(RevokeRuling.ANNUL)  # ruled once


def test_ruled_annulled_has_no_score() -> None:
    d = _physical_with_revoke(11)
    d.rule(RevokeRuling.ANNUL)
    with pytest.raises(ValueError):
        d.score()


def test_no_ruling_without_a_revoke() -> None:
    fresh = PhysicalDonne(players=4, dealer=0)
    with pytest.raises(ValueError):
        fresh.rule(RevokeRuling.AS_PLAYED)
    assert not fresh.awaiting_ruling


@pytest.mark.parametrize("seed", range(40))
def test_every_revoke_put_in_is_established_by_the_end_of_the_deal(seed: int) -> None:
    """play.revoke: a revoke is established by a later card of the same player — and every one
    is, by the end of the deal, since the card he failed to play is still in his hand (no card
    reaches a hand during play) and he must play it at a later trick. A scripted deal revokes
    once on purpose (a defender discards on a suit he holds): the deal's logged revokes name
    that seat and that trick."""
    from browser.referee_deals import scripted_deal

    d = _physical_with_revoke(1000 + seed)
    script = scripted_deal(1000 + seed)
    assert script.revoke is not None
    number, seat = script.revoke
    named = {(s, v.params["trick"]) for _, s, found in d.revokes for v in found}
    assert (seat, number) in named, (script.revoke, d.revokes)
    assert all(v.params["revealed_at"] > v.params["trick"] for _, _, found in d.revokes
               for v in found)


@pytest.mark.parametrize("seed", range(20))
def test_a_legal_deal_reports_no_revoke(seed: int) -> None:
    """No false alarm: a deal where every card is legal (played by the advice bots, every hand
    known) records no revoke when entered at a physical table card by card."""
    import random

    from rules_fr.actions import Bid, DeclareJeu, Discard, PlayCard, ShowChien, ShowPoignee
    from rules_fr.advice.bot import bot_action
    from rules_fr.contracts import Contract
    from rules_fr.deal import deal, is_petit_sec
    from rules_fr.donne import Donne

    rng = random.Random(seed)
    while True:
        dealt = deal(4, 0, seed=rng.randrange(2**31))
        if not any(is_petit_sec(h) for h in dealt.hands):
            break
    donne = Donne(dealt)
    donne.apply(Bid(1, Contract.GARDE))
    for seat in (2, 3, 0):
        donne.apply(Bid(seat, None))
    while donne.to_move is not None:
        action = bot_action(donne, donne.to_move, rng)
        assert action is not None
        donne.apply(action)
    physical = PhysicalDonne(players=4, dealer=0)
    for action in donne.history:
        if isinstance(action, Discard):
            physical.apply(ShowChien(action.seat, tuple(dealt.chien)))
        elif isinstance(action, Bid | DeclareJeu | PlayCard | ShowPoignee):
            physical.apply(action)
        assert not physical.pending_revokes, action
    assert not physical.revokes and not physical.awaiting_ruling
    physical.score()  # scored by itself
