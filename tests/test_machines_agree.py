"""The dealt and the physical deal are one state machine (rules_fr.machine) that differs only
in what is known: random complete deals, played through the dealt machine with random legal
choices, then recorded card by card at a physical table, give the same score — and the
physical table, which never saw a hand, finds nothing irregular in a legal deal."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.actions import (
    Action,
    AnnounceChelem,
    Bid,
    CallCard,
    DeclareJeu,
    Discard,
    PlayCard,
    ShowChien,
    ShowPoignee,
    action_from_data,
    action_to_data,
)
from rules_fr.deal import deal
from rules_fr.donne import Donne
from rules_fr.ecart import random_legal_ecart
from rules_fr.machine import Phase
from rules_fr.physical import PhysicalDonne
from rules_fr.poignee import legal_poignee
from rules_fr.simulate import random_card


def _random_action(donne: Donne, rng: random.Random) -> Action:
    """A random legal action of the seat to move, from the core's own legal_actions."""
    seat = donne.to_move
    assert seat is not None
    legal = donne.legal_actions(seat)
    assert legal.kinds, (donne.phase, seat)
    taker = donne.taker
    if donne.phase is Phase.PLAYING and taker is not None and \
            "chelem" in donne.legal_actions(taker).kinds and rng.random() < 0.1:
        return AnnounceChelem(taker)  # chelem.announce: after « Jeu », before the first card
    match donne.phase:
        case Phase.BIDDING:
            # lean towards a taker so that most deals are played
            bids = list(legal.bids)
            taking = [b for b in bids if b is not None]
            return Bid(seat, rng.choice(taking) if taking and rng.random() < 0.5
                       else rng.choice(bids))
        case Phase.CALLING:
            return CallCard(seat, random_card(legal.calls, rng))
        case Phase.ECART:
            ecart = random_legal_ecart(donne.players, donne.dealt.hands[seat], donne.chien, rng)
            assert ecart is not None
            return Discard(seat, tuple(ecart))
        case Phase.ANNOUNCING:
            return AnnounceChelem(seat) if rng.random() < 0.05 else DeclareJeu(seat)
    if legal.poignees and rng.random() < 0.5:
        shown = legal_poignee(donne.players, donne.hands[seat], rng.choice(legal.poignees))
        assert shown is not None
        return ShowPoignee(seat, tuple(shown))
    return PlayCard(seat, random_card(legal.cards, rng))


def _as_recorded(action: Action, donne: Donne) -> Action | None:
    """What the referee of a physical table records for ``action``: the chien turned over
    instead of the écart (made face down, recorded by nobody)."""
    if isinstance(action, Discard):
        return ShowChien(action.seat, tuple(donne.chien))
    return action


@settings(max_examples=120, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_dealt_and_physical_machines_score_the_same_deal_alike(players: int,
                                                                seed: int) -> None:
    rng = random.Random(seed)
    donne = Donne(deal(players, dealer=rng.randrange(players), seed=seed))
    if donne.phase is Phase.ANNULLED:
        return
    physical = PhysicalDonne(players, donne.dealer)
    while donne.to_move is not None:
        action = _random_action(donne, rng)
        assert donne.check(action) == []
        donne.apply(action)
        recorded = _as_recorded(action, donne)
        assert recorded is not None
        # The event log's JSON round-trips the action.
        assert action_from_data(action_to_data(recorded)) == recorded
        assert physical.check(recorded) == [], recorded
        physical.apply(recorded)
        assert physical.pending_revokes == []
        assert physical.phase is donne.phase
        assert physical.to_move == donne.to_move
        assert physical.chelem_announced == donne.chelem_announced
        if donne.taker is not None:  # the taker's chelem is listed alike, « Jeu » said or not
            assert ("chelem" in physical.legal_actions(donne.taker).kinds) == \
                ("chelem" in donne.legal_actions(donne.taker).kinds)
    if donne.phase is Phase.ALL_PASSED:
        return
    assert donne.phase is Phase.FINISHED
    assert physical.irregularities() == []
    assert physical.unseen == (donne.ecart if donne.ecart is not None else donne.chien)
    assert physical.partner == donne.partner
    assert physical.count() == donne.count()
    assert physical.score() == donne.score()
    # The state is plain data: it pickles, and the copy scores the same.
    assert pickle.loads(pickle.dumps(donne)).score() == donne.score()
    assert pickle.loads(pickle.dumps(physical)).score() == physical.score()
