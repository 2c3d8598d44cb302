"""A dealt deal: the deal state machine (:mod:`rules_fr.machine`) where every hand is known,
because the server dealt the cards (or a duplicate deal was prepared).

As in pokerkit, every action is a frozen record (:mod:`rules_fr.actions`); :meth:`Donne.check`
returns the violations an action would commit (nothing changes), :meth:`Donne.apply` verifies
and applies it and appends it to :attr:`Donne.history`. Replaying the history on the same dealt
cards rebuilds the same state, which is how tables persist (an append-only event log).

Known hands make every card checkable when it is played (follow suit, trump, overtrump, the
called suit at the first lead), a king call checkable against the ladder, a poignée against
the hand, and the écart an action of the taker's, checked like ``POST /check/ecart``.

>>> from rules_fr.deal import deal
>>> d = Donne(deal(4, dealer=0, seed=3))
>>> d.phase, d.to_move
(<Phase.BIDDING: 'bidding'>, 1)
>>> _ = d.apply(Bid(1, Contract.GARDE))
>>> [v.code for v in d.check(Bid(2, Contract.PETITE))]
['bid-too-low']

Once the contract is settled (after the king call, the écart, or at once for a garde sans or
contre) the deal waits for the taker (ecart.jeu, chelem.announce): he says « Jeu » and the
player right of the dealer leads, or he announces a chelem and leads himself.

>>> _ = d.apply(Bid(2, Contract.GARDE_SANS))
>>> _ = d.apply(Bid(3, None)); _ = d.apply(Bid(0, None))
>>> d.phase, d.taker, d.to_move
(<Phase.ANNOUNCING: 'announcing'>, 2, 2)
>>> [v.code for v in d.check(PlayCard(1, next(iter(d.hands[1]))))]
['wrong-phase']
>>> _ = d.apply(DeclareJeu(2))
>>> d.phase, d.to_move, d.chelem_announced
(<Phase.PLAYING: 'playing'>, 1, False)
"""

from __future__ import annotations

from rules_fr import actions
from rules_fr.actions import DEALT_RECORDS, ChienStep
from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Contract
from rules_fr.deal import Deal, is_petit_sec
from rules_fr.ecart import check_ecart, trumps_to_show
from rules_fr.kingcall import partner_seat
from rules_fr.machine import DealMachine, LegalActions, Phase, PublicView
from rules_fr.play import check_play, legal_cards, why_allowed
from rules_fr.poignee import check_poignee
from rules_fr.verdicts import Violation

# The action vocabulary lives in rules_fr.actions; these names are kept importable from here.
Action = actions.Action
AnnounceChelem = actions.AnnounceChelem
Bid = actions.Bid
CallCard = actions.CallCard
DeclareJeu = actions.DeclareJeu
Discard = actions.Discard
PlayCard = actions.PlayCard
ShowPoignee = actions.ShowPoignee

__all__ = [
    "Action", "AnnounceChelem", "Bid", "CallCard", "DeclareJeu", "Discard", "Donne",
    "LegalActions", "Phase", "PlayCard", "PublicView", "ShowPoignee",
]


class Donne(DealMachine):
    """The state of one deal with known hands (a server-dealt or prepared deal).

    ``fixed_contract`` (taker seat, contract) skips the bidding, as in duplicate tournaments
    where the contract is imposed (a garde).
    """

    kinds = DEALT_RECORDS

    def __init__(self, dealt: Deal, dealer_misdealt: bool = False,
                 fixed_contract: tuple[int, Contract] | None = None) -> None:
        super().__init__(dealt.players, dealt.dealer, dealer_misdealt=dealer_misdealt)
        self.dealt = dealt
        self.fixed_contract = fixed_contract
        self.hands: list[CardSet] = list(dealt.hands)
        self._partner: int | None = None
        """The called card's holder (hidden from the table until that card is played)."""
        self.ecart: CardSet | None = None
        self.petit_sec_seat: int | None = None
        # deal.petit-sec: announced at once, the deal annulled before bidding
        for seat, hand in enumerate(self.hands):
            if is_petit_sec(hand):
                self.petit_sec_seat = seat
                self.phase = Phase.ANNULLED
                return
        if fixed_contract is not None:
            self.taker, self.contract = fixed_contract
            self._after_contract()

    @property
    def chien(self) -> CardSet:
        return self.dealt.chien

    @property
    def partner(self) -> int | None:
        return self._partner

    # --- what is known: every hand --------------------------------------------------------

    def hand_of(self, seat: int) -> CardSet | None:
        return self.hands[seat]

    def legal_cards(self, seat: int) -> CardSet:
        """The cards ``seat`` may play now (empty when it is not that seat's turn)."""
        if self.phase is not Phase.PLAYING or seat != self.to_move:
            return CardSet()
        return legal_cards(self.hands[seat], self.trick, called_card=self.called_card,
                           first_trick=not self.tricks)

    def why_allowed(self, seat: int, card: Card) -> list[Violation]:
        """Why ``card`` may be played by ``seat`` now when the play would surprise a beginner
        (:func:`rules_fr.play.why_allowed`); empty when it is not that seat's turn."""
        if self.phase is not Phase.PLAYING or seat != self.to_move:
            return []
        return why_allowed(self.hands[seat], self.trick, card, players=self.players,
                           called_card=self.called_card, first_trick=not self.tricks)

    def _call_hand(self, seat: int) -> CardSet:
        return self.hands[seat]

    def _on_call(self, card: Card) -> None:
        assert self.taker is not None
        self._partner = partner_seat(self.hands, card, self.taker)

    def _check_chien_step(self, action: ChienStep) -> list[Violation]:
        assert self.contract is not None and self.taker is not None
        return check_ecart(self.players, self.contract, self.dealt.hands[self.taker],
                           self.chien, action.cards)

    def _apply_chien_step(self, action: ChienStep) -> None:
        assert self.taker is not None
        self.ecart = CardSet.of(action.cards)
        self.hands[self.taker] = (self.hands[self.taker] | self.chien) - self.ecart

    def _check_poignee(self, seat: int, cards: tuple[Card, ...]) -> list[Violation]:
        return check_poignee(self.players, self.hands[seat], cards)

    def _check_card(self, seat: int, card: Card) -> list[Violation]:
        return check_play(self.hands[seat], self.trick, card, players=self.players,
                          called_card=self.called_card, first_trick=not self.tricks)

    def _on_card(self, seat: int, card: Card) -> None:
        self.hands[seat] = self.hands[seat].remove(card)

    def chien_and_ecart(self) -> tuple[CardSet, CardSet | None]:
        return self.chien, self.ecart

    # --- what the table sees ----------------------------------------------------------------

    def _shown_chien(self) -> CardSet | None:
        """Petite and garde: the chien is turned face up once the contract is known."""
        if (self.contract is not None and self.contract.taker_takes_chien
                and self.phase in (Phase.ECART, Phase.ANNOUNCING, Phase.PLAYING,
                                   Phase.FINISHED)):
            return self.chien
        return None

    def _ecart_trumps_shown(self) -> CardSet:
        return CardSet() if self.ecart is None else trumps_to_show(self.ecart)

    def _own_ecart(self) -> CardSet | None:
        return self.ecart
