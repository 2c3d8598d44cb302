"""A deal at a physical table: the deal state machine (:mod:`rules_fr.machine`) where no hand
is known — people play with real cards and the referee's device records what the table sees.

What is recorded, in order: the bids; the king called (five players); the chien as it is
turned over (petite and garde; a garde sans or contre shows nothing); the taker's « Jeu » or
chelem announcement; the poignées shown; each card as it is played, in turn. « Jeu » need not
be recorded: at a real table nobody waits for the referee's device, so the first card (or a
poignée shown by the player right of the dealer before it) recorded while the deal waits for
the taker implies it — a chelem, which changes who leads, must be recorded before.

What can be checked is checked when it is recorded (turn order, the auction, a face card
called, the chien's size, a poignée of trumps of a threshold's size, a card never seen twice —
played, in the chien that another seat does not hold, or in another seat's poignée). What
cannot — whether a player could follow,
trump or overtrump — is inferred by :class:`rules_fr.renonce.RevokeTracker` as each card is
played: a later card that contradicts an inference is a revoke, reported at once
(:attr:`PhysicalDonne.pending_revokes`) naming the trick and the rule.

At the end the hidden cards are known by elimination: the 78 cards less every card played are
the écart (petite, garde: the chien went to the taker's hand) or the chien (garde sans, garde
contre). Then what only the whole deal reveals is checked (:meth:`PhysicalDonne.irregularities`:
the écart, the king call's ladder, each poignée against the cards its seat played, the first
lead of the called suit, a petit sec that should have annulled the deal), and the deal is
counted and scored as ``POST /score/deal`` scores the same tricks — except after a revoke: a
deal where one was established is scored only once the referee has ruled
(:meth:`PhysicalDonne.rule`, play.revoke-ruling), since no FFT text read gives a penalty to
apply in his place.

>>> from rules_fr.actions import Bid, PlayCard
>>> from rules_fr.cards import parse_card
>>> from rules_fr.contracts import Contract
>>> d = PhysicalDonne(players=4, dealer=0)
>>> _ = d.apply(Bid(1, Contract.GARDE_SANS)); _ = d.apply(Bid(2, None))
>>> _ = d.apply(Bid(3, None)); _ = d.apply(Bid(0, None))
>>> d.phase, d.taker, d.to_move
(<Phase.ANNOUNCING: 'announcing'>, 1, 1)
>>> _ = d.apply(PlayCard(1, parse_card("5H")))  # the first card implies « Jeu »
>>> d.phase
<Phase.PLAYING: 'playing'>
>>> _ = d.apply(PlayCard(2, parse_card("2S")))
>>> [v.code.value for v in d.check(PlayCard(0, parse_card("7H")))]
['not-your-turn']
>>> [v.code.value for v in d.check(PlayCard(3, parse_card("2S")))]
['card-already-played']
>>> _ = d.apply(PlayCard(3, parse_card("3H"))); _ = d.apply(PlayCard(0, parse_card("4H")))
>>> _ = d.apply(PlayCard(1, parse_card("KS")))  # seat 1 won the first trick and leads
>>> [(v.code.value, v.params["trick"]) for v in d.check(PlayCard(2, parse_card("6H")))]
[]
>>> _ = d.apply(PlayCard(2, parse_card("6H")))  # seat 2 discarded on hearts at trick 1
>>> [(v.code.value, v.params["trick"], v.params["revealed_at"]) for v in d.pending_revokes]
[('revoke-follow-suit', 1, 2)]
"""

from __future__ import annotations

from rules_fr.actions import PHYSICAL_RECORDS, Action, ChienStep, ShowChien
from rules_fr.cards import DECK, Card, CardSet
from rules_fr.deal import check_hand_for_misdeal
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import check_king_call
from rules_fr.machine import DealMachine, Phase
from rules_fr.play import check_play
from rules_fr.poignee import check_poignee
from rules_fr.renonce import RevokeRuling, RevokeTracker
from rules_fr.replay import dealt_hands, played_hands
from rules_fr.scoring import Score
from rules_fr.table import TableRules
from rules_fr.verdicts import Code, Violation, violation

__all__ = ["PhysicalAction", "PhysicalDonne", "ShowChien"]

_REVOKES = frozenset({Code.REVOKE_FOLLOW_SUIT, Code.REVOKE_TRUMP, Code.REVOKE_OVERTRUMP})

PhysicalAction = Action
"""Any action of the vocabulary (:data:`rules_fr.actions.Action`); a physical deal takes the
kinds of :data:`rules_fr.actions.PHYSICAL_KINDS`."""


class PhysicalDonne(DealMachine):
    """One deal of a physical table: what was seen, what it proves, and the score at the end.

    ``ECART`` is the moment the chien is turned over (the taker then makes his écart face
    down, which nobody records); ``ANNOUNCING`` waits for the taker's « Jeu » or chelem, or
    for the first card, which implies « Jeu ».
    """

    kinds = PHYSICAL_RECORDS
    implied_jeu = True

    def __init__(self, players: int, dealer: int, *, dealer_misdealt: bool = False) -> None:
        super().__init__(players, dealer, dealer_misdealt=dealer_misdealt)
        self.chien: CardSet | None = None
        """The chien as recorded (petite, garde); ``None`` until then, and under a garde sans
        or contre."""
        self.tracker = RevokeTracker(players)
        self.pending_revokes: list[Violation] = []
        """The revokes the last card revealed, until the table logs them."""
        self.pending_at: tuple[int, int] = (0, 0)
        """(trick number, deal seat) of the last card played."""
        self.revokes: list[tuple[int, int, list[Violation]]] = []
        """(trick revealed at, deal seat, violations) of every revoke logged in this deal."""
        self.end_checked = False
        """The end-of-deal irregularities were logged (and ruled on): score now."""
        self.ruling: RevokeRuling | None = None
        """The referee's ruling on the deal's revokes (``None``: none yet, or no revoke)."""

    # --- what the table knows ---------------------------------------------------------------

    @property
    def partner(self) -> int | None:
        """The seat that played the called card, once it has (``None``: not yet, or the taker
        plays alone — he played it, or it lies in the chien or the écart)."""
        seat = self._called_card_player()
        return None if seat == self.taker else seat

    def _held_by_other(self, seat: int) -> int:
        """Cards that are seen to belong to someone other than ``seat``: the recorded chien
        (the taker's after a petite or garde) and the other seats' poignées."""
        mask = 0
        if self.chien is not None and seat != self.taker:
            mask |= self.chien.mask
        for other, cards in self.poignees.items():
            if other != seat:
                mask |= CardSet.of(cards).mask
        return mask

    def possible_hand(self, seat: int) -> CardSet:
        """Every card ``seat`` may still hold, as far as the table can tell."""
        return CardSet(DECK.mask & ~self.played_mask & ~self._held_by_other(seat)
                       & ~self.tracker.absent_mask(seat))

    def _call_hand(self, seat: int) -> CardSet:
        # The ladder (a dame only with the four kings...) needs the hand: checked at the end;
        # here, a face card.
        return DECK

    def _check_chien_step(self, action: ChienStep) -> list[Violation]:
        return _chien_problems(self.rules, action.cards)

    def _apply_chien_step(self, action: ChienStep) -> None:
        self.chien = CardSet.of(action.cards)

    def _check_poignee(self, seat: int, cards: tuple[Card, ...]) -> list[Violation]:
        # Whether the excuse hides a trump needs the hand: checked at the end.
        return [v for v in check_poignee(self.players, self.possible_hand(seat), cards)
                if v.code is not Code.POIGNEE_EXCUSE_HIDES_TRUMP]

    def _check_card(self, seat: int, card: Card) -> list[Violation]:
        if self.played_mask & card.mask:
            return [violation(Code.CARD_ALREADY_PLAYED, card=card, seat=seat)]
        if self._held_by_other(seat) & card.mask:
            return [violation(Code.DEAL_DUPLICATE_CARD, card=card)]
        return []

    def _on_card(self, seat: int, card: Card) -> None:
        """play.follow-suit, play.must-trump, play.overtrump at a table without known hands:
        a card that contradicts what an earlier play proved is a revoke, reported at once."""
        number = len(self.tricks) + 1
        found = self.tracker.observe(seat, self.trick, card, trick=number)
        self.pending_revokes = [v for v in found if v.code in _REVOKES]
        self.pending_at = (number, seat)
        # A revoke is reported once: the inference it contradicts is spent.
        spent = {(v.code, v.params["trick"]) for v in self.pending_revokes}
        self.tracker.inferences = [i for i in self.tracker.inferences
                                   if i.seat != seat or (i.code, i.trick) not in spent]

    def _shown_chien(self) -> CardSet | None:
        return self.chien

    def log_revokes(self) -> tuple[int, int, list[Violation]]:
        """Take the pending revokes into :attr:`revokes` (when the table logs them)."""
        entry = (*self.pending_at, self.pending_revokes)
        self.revokes.append(entry)
        self.pending_revokes = []
        return entry

    # --- the referee's ruling on a revoke -------------------------------------------------------

    @property
    def awaiting_ruling(self) -> bool:
        """The deal is over, a revoke was established in it, and the referee has not ruled:
        it cannot be scored yet (play.revoke-ruling)."""
        return self.phase is Phase.FINISHED and bool(self.revokes) and self.ruling is None

    def rule(self, ruling: RevokeRuling) -> None:
        """Record the referee's ruling on the revokes of the finished deal; a
        :class:`ValueError` when nothing awaits one (no revoke, the deal not over, or already
        ruled).

        >>> d = PhysicalDonne(players=4, dealer=0)
        >>> d.rule(RevokeRuling.AS_PLAYED)
        Traceback (most recent call last):
        ...
        ValueError: no revoke awaits the referee's ruling
        """
        if not self.awaiting_ruling:
            raise ValueError("no revoke awaits the referee's ruling")
        self.ruling = RevokeRuling(ruling)

    def score(self) -> Score:
        """The deal's score (see :meth:`DealMachine.score`); after a revoke, only once the
        referee has ruled to score it as played (an annulled deal has no score)."""
        if self.revokes and self.ruling is not RevokeRuling.AS_PLAYED:
            raise ValueError("a revoke was established: the deal is scored only as the "
                             "referee rules")
        return super().score()

    # --- the end ------------------------------------------------------------------------------

    @property
    def unseen(self) -> CardSet:
        """The cards never seen (at the end: the écart, or the chien of a garde sans or
        contre)."""
        return CardSet(DECK.mask & ~self.played_mask)

    def chien_and_ecart(self) -> tuple[CardSet, CardSet | None]:
        assert self.contract is not None
        if self.contract.taker_takes_chien:
            assert self.chien is not None
            return self.chien, self.unseen
        return self.unseen, None

    def irregularities(self) -> list[tuple[int | None, Violation]]:
        """(deal seat or ``None``, violation) for each rule the finished deal proves broken
        that could not be seen while it was played."""
        taker, contract = self._finished()
        chien, ecart = self.chien_and_ecart()
        dealt = [CardSet.of(h) for h in dealt_hands(self.players, contract, taker,
                                                    self.tricks, list(chien), list(ecart or ()))]
        found: list[tuple[int | None, Violation]] = []
        for seat, hand in enumerate(dealt):
            found.extend((seat, v) for v in check_hand_for_misdeal(hand))
        if self.called_card is not None:
            found.extend((taker, v) for v in check_king_call(dealt[taker], self.called_card))
        if ecart is not None:
            found.extend((taker, v) for v in check_ecart(
                self.players, contract, dealt[taker], chien, ecart))
        played = [CardSet.of(cards) for cards in played_hands(self.players, self.tricks)]
        for seat, cards in self.poignees.items():
            found.extend((seat, v) for v in check_poignee(self.players, played[seat], cards))
        if self.called_card is not None and self.tricks:
            first = self.tricks[0]
            found.extend((first.leader, v) for v in check_play(
                played[first.leader], [], first.cards[0], players=self.players,
                called_card=self.called_card, first_trick=True))
        return found


def _chien_problems(rules: TableRules, cards: tuple[Card, ...]) -> list[Violation]:
    """The chien turned over: as many cards as the deal gives it, each once."""
    found: list[Violation] = []
    if len(cards) != rules.chien_size:
        found.append(violation(Code.DEAL_CHIEN_SIZE, size=len(cards),
                               expected=rules.chien_size))
    seen = 0
    for card in cards:
        if seen & card.mask:
            found.append(violation(Code.DEAL_DUPLICATE_CARD, card=card,
                                   count=sum(1 for c in cards if c is card)))
            break
        seen |= card.mask
    return found
