"""The chelem advice and the bot taker's « Jeu » or chelem (ecart.jeu, chelem.announce)."""

from __future__ import annotations

import random

import pytest

from rules_fr.advice.bot import bot_action
from rules_fr.advice.chelem import is_certain_chelem
from rules_fr.cards import CARDS, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import Deal, deal
from rules_fr.donne import AnnounceChelem, DeclareJeu, Donne, Phase

# Three players, 24 cards: the eighteen highest trumps, the excuse and spades from the king
# down to the 10 — the three lowest trumps and the lower spades are elsewhere.
CERTAIN = CardSet.parse([f"T{r}" for r in range(4, 22)] + ["EX", "KS", "QS", "CS", "JS", "10S"])


def test_chelem_announce_advised_only_when_certain() -> None:
    """A hand that draws every trump with masters and holds the top of its suit: certain. A
    plain card another may beat, or too few master trumps: not announced."""
    assert is_certain_chelem(CERTAIN)
    assert not is_certain_chelem(CERTAIN - CardSet.parse(["10S"]) | CardSet.parse(["9H"]))
    # T4..T6 swapped for low spades: 6 trumps out (T1..T6), only 15 masters: still certain
    swapped = CERTAIN - CardSet.parse(["T4", "T5", "T6"]) | CardSet.parse(["9S", "8S", "7S"])
    assert is_certain_chelem(swapped)
    # a lone low trump against the others' T21: never
    assert not is_certain_chelem(CardSet.parse(["T2", "KS", "KH", "KD", "KC"]))


def test_chelem_ecart_known_out_of_play() -> None:
    """The taker knows his écart: a card he put aside cannot beat him."""
    hand = CERTAIN - CardSet.parse(["10S"]) | CardSet.parse(["8S"])
    assert not is_certain_chelem(hand)
    assert is_certain_chelem(hand, CardSet.parse(["10S", "9S"]))


def _prepared(taker_hand: CardSet, players: int = 3, dealer: int = 0) -> Deal:
    rest = [c for c in CARDS if c not in taker_hand]
    random.Random(3).shuffle(rest)
    size = len(taker_hand)
    chien_size = 78 - players * size
    hands = [taker_hand] + [CardSet.of(rest[i * size:(i + 1) * size])
                            for i in range(players - 1)]
    chien = CardSet.of(rest[(players - 1) * size:(players - 1) * size + chien_size])
    return Deal(tuple(hands), chien, dealer)


def test_bot_taker_announces_a_certain_chelem_and_leads() -> None:
    """chelem.announce: a bot taker (garde sans, not the player right of the dealer) with a
    certain chelem announces it, leads, and the advice's play makes it."""
    taker = 0
    donne = Donne(_prepared(CERTAIN, dealer=1), fixed_contract=(taker, Contract.GARDE_SANS))
    assert donne.phase is Phase.ANNOUNCING and (donne.dealer + 1) % 3 != taker
    assert bot_action(donne, taker) == AnnounceChelem(taker)
    while donne.to_move is not None:
        donne.apply(bot_action(donne, donne.to_move))  # type: ignore[arg-type]
    assert donne.tricks[0].leader == taker and donne.chelem_announced
    assert donne.count().chelem is Camp.TAKER


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_taker_says_jeu_otherwise(players: int) -> None:
    """ecart.jeu: an ordinary hand — the bot taker says « Jeu » and the player right of the
    dealer leads."""
    said = 0
    for seed in range(12):
        donne = Donne(deal(players, dealer=seed % players, seed=seed))
        while donne.to_move is not None and donne.phase is not Phase.PLAYING:
            action = bot_action(donne, donne.to_move)
            assert action is not None
            if donne.phase is Phase.ANNOUNCING:
                assert action == DeclareJeu(donne.taker)  # type: ignore[arg-type]
                said += 1
            donne.apply(action)
        if donne.phase is Phase.PLAYING:
            assert donne.to_move == (donne.dealer + 1) % players
    assert said >= 3
