"""A bot's next action in a :class:`~rules_fr.donne.Donne`: the advice of this package, turned
into the state machine's actions — the bid the hand is worth, the king to call, the écart a
good player makes, « Jeu » or a chelem, the card to play. What the tables' bot seats do.

A bot shows no poignée. As taker it announces a chelem only when
:func:`rules_fr.advice.chelem.is_certain_chelem` says no distribution of the other cards can
stop it (almost never); otherwise it says « Jeu ». It uses no randomness (``rng`` is accepted
for the tables' signature): a bot's choice in a given position is always the same.

>>> from rules_fr.deal import deal
>>> donne = Donne(deal(4, dealer=0, seed=5))
>>> while donne.to_move is not None:
...     _ = donne.apply(bot_action(donne, donne.to_move, random.Random()))
>>> donne.phase.value in ("finished", "all-passed", "annulled")
True
"""

from __future__ import annotations

import random

from rules_fr.advice.bid import advise_bid, advise_king_call
from rules_fr.advice.chelem import is_certain_chelem
from rules_fr.advice.ecart import advise_ecart
from rules_fr.advice.play import advise_play, context_for_donne
from rules_fr.donne import (
    Action,
    AnnounceChelem,
    Bid,
    CallCard,
    DeclareJeu,
    Discard,
    Donne,
    Phase,
    PlayCard,
)

__all__ = ["bot_action"]


def bot_action(donne: Donne, seat: int, rng: random.Random | None = None) -> Action | None:
    """The action the bot at ``seat`` takes now, or ``None`` when it is not his to take.

    Always legal: ``donne.check(bot_action(...))`` is empty.
    """
    if seat != donne.to_move:
        return None
    match donne.phase:
        case Phase.BIDDING:
            advice = advise_bid(donne.players, donne.hands[seat], donne.bids,
                                dealer_misdealt=donne.dealer_misdealt)
            return Bid(seat, advice.bid)
        case Phase.CALLING:
            return CallCard(seat, advise_king_call(donne.hands[seat]).card)
        case Phase.ECART:
            assert donne.contract is not None
            ecart = advise_ecart(donne.players, donne.dealt.hands[seat], donne.chien,
                                 contract=donne.contract, called_card=donne.called_card).ecart
            return None if ecart is None else Discard(seat, tuple(ecart))
        case Phase.ANNOUNCING:
            if is_certain_chelem(donne.hands[seat], donne.ecart):
                return AnnounceChelem(seat)
            return DeclareJeu(seat)
        case Phase.PLAYING:
            return PlayCard(seat, advise_play(context_for_donne(donne, seat)).card)
    return None
