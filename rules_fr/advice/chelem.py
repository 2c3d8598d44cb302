"""Whether the taker should announce a chelem: only when no distribution of the other cards can
stop him taking every trick.

An announced chelem that fails costs the attack 200 points (score.chelem), so the advice is
deliberately timid: it says "announce" only for a hand that wins every trick *whatever* the
others hold and however they play, the taker leading the first trick (chelem.announce gives
him the lead). The test is a sufficient condition, reasoned on the worst case:

- the trumps: the others' trumps might all sit in one hand, so each round of trumps may take
  only one of them; the taker needs at least as many trumps above the others' highest as the
  others hold trumps (he leads them first and draws every trump out);
- then each plain suit he holds must be his from the top: his lowest card of the suit above
  the others' highest (nobody can trump any more, so a master card wins);
- the excuse, if he holds it, is played at the last trick, which it wins in a chelem
  (excuse.chelem).

"The others' cards" are every card outside his hand, less the cards he knows are out of play
(his écart); a garde sans's or contre's chien is unknown to him and counted as theirs, and a
partner at five players is counted as an opponent.

>>> from rules_fr.cards import CardSet
>>> hand = CardSet.parse([f"T{r}" for r in range(4, 22)] + ["EX", "KS", "QS", "CS", "JS", "10S"])
>>> is_certain_chelem(hand)
True
>>> weaker = hand - CardSet.parse(["10S"]) | CardSet.parse(["8S"])
>>> is_certain_chelem(weaker)  # the 10 or the 9 of spades, held by another, beats the 8
False
"""

from __future__ import annotations

from rules_fr.cards import DECK, SUIT_ORDER, CardSet

__all__ = ["is_certain_chelem"]


def is_certain_chelem(hand: CardSet, out_of_play: CardSet | None = None) -> bool:
    """True when ``hand`` wins every trick whoever holds the other cards, its holder leading
    the first trick (``out_of_play``: cards he knows nobody holds, his écart).

    >>> from rules_fr.cards import CardSet
    >>> is_certain_chelem(CardSet.parse(["T21", "T20", "KS"]))  # 19 trumps out: no
    False
    """
    others = CardSet(DECK.mask & ~hand.mask & ~(out_of_play.mask if out_of_play else 0))
    their_trumps = [c.rank for c in others if c.is_trump]
    if their_trumps:
        highest = max(their_trumps)
        masters = sum(1 for c in hand if c.is_trump and c.rank > highest)
        if masters < len(their_trumps):
            return False
    for suit in SUIT_ORDER:
        mine = [c.rank for c in hand if c.suit is suit]
        theirs = [c.rank for c in others if c.suit is suit]
        if mine and theirs and min(mine) < max(theirs):
            return False
    return True
