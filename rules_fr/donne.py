"""One deal as a state machine: bidding, king call, chien and écart, the taker's « Jeu » or
chelem, tricks, counting and score.

As in pokerkit, every action is a frozen record; :meth:`Donne.check` returns the violations
an action would commit (nothing changes), :meth:`Donne.apply` verifies and applies it and
appends it to :attr:`Donne.history`. Replaying the history on the same dealt cards rebuilds the
same state, which is how tables persist (an append-only event log).

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

from dataclasses import dataclass, field
from enum import StrEnum

from rules_fr.bidding import (
    auction_result,
    check_bid,
    check_chelem_announcement,
    speaker_seat,
)
from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import Count, PlayedTrick, camp_of, count_deal
from rules_fr.deal import Deal, is_petit_sec
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import check_king_call, partner_seat
from rules_fr.play import check_play, legal_cards, trick_winner
from rules_fr.poignee import PoigneeLevel, check_poignee, shown_levels
from rules_fr.scoring import Score, score_count
from rules_fr.table import TableRules, rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, violation

__all__ = [
    "Action", "AnnounceChelem", "Bid", "CallCard", "DeclareJeu", "Discard", "Donne", "Phase",
    "PlayCard", "ShowPoignee",
]


class Phase(StrEnum):
    BIDDING = "bidding"
    CALLING = "calling"  # five players: the taker calls a king
    ECART = "ecart"  # petite and garde: chien shown and taken, écart to make
    ANNOUNCING = "announcing"  # the taker says « Jeu » or announces a chelem
    PLAYING = "playing"  # poignées and tricks
    FINISHED = "finished"
    ALL_PASSED = "all-passed"  # everybody passed: the next dealer deals again
    ANNULLED = "annulled"  # petit sec: the deal is annulled before bidding

    def __repr__(self) -> str:
        return f"<Phase.{self.name}: {self.value!r}>"


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    contract: Contract | None  # None: passe


@dataclass(frozen=True, slots=True)
class CallCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DeclareJeu:
    """The taker says « Jeu » (ecart.jeu): no chelem announced, the player right of the
    dealer leads the first trick."""

    seat: int


@dataclass(frozen=True, slots=True)
class AnnounceChelem:
    """The taker announces a chelem instead of saying « Jeu » (chelem.announce): he leads."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShowPoignee:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


Action = Bid | CallCard | Discard | DeclareJeu | AnnounceChelem | ShowPoignee | PlayCard


@dataclass
class Donne:
    """The state of one deal with known hands (a server-dealt or prepared deal).

    ``fixed_contract`` (taker seat, contract) skips the bidding, as in duplicate tournaments
    where the contract is imposed (a garde).
    """

    dealt: Deal
    dealer_misdealt: bool = False
    fixed_contract: tuple[int, Contract] | None = None
    rules: TableRules = field(init=False)
    hands: list[CardSet] = field(init=False)
    phase: Phase = field(init=False, default=Phase.BIDDING)
    bids: list[Contract | None] = field(init=False, default_factory=list)
    taker: int | None = field(init=False, default=None)
    contract: Contract | None = field(init=False, default=None)
    called_card: Card | None = field(init=False, default=None)
    partner: int | None = field(init=False, default=None)
    """The called card's holder (hidden from the table until that card is played)."""
    ecart: CardSet | None = field(init=False, default=None)
    chelem_announced: bool = field(init=False, default=False)
    poignees: dict[int, tuple[Card, ...]] = field(init=False, default_factory=dict)
    tricks: list[PlayedTrick] = field(init=False, default_factory=list)
    trick: list[Card] = field(init=False, default_factory=list)
    leader: int = field(init=False)
    petit_sec_seat: int | None = field(init=False, default=None)
    history: list[Action] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.rules = rules_for(self.dealt.players)
        self.hands = list(self.dealt.hands)
        self.leader = (self.dealt.dealer + 1) % self.players
        # deal.petit-sec: announced at once, the deal annulled before bidding
        for seat, hand in enumerate(self.hands):
            if is_petit_sec(hand):
                self.petit_sec_seat = seat
                self.phase = Phase.ANNULLED
                return
        if self.fixed_contract is not None:
            taker, contract = self.fixed_contract
            self.taker, self.contract = taker, contract
            self._after_contract()

    # --- what the table sees --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.dealt.players

    @property
    def dealer(self) -> int:
        return self.dealt.dealer

    @property
    def chien(self) -> CardSet:
        return self.dealt.chien

    @property
    def cards_played(self) -> int:
        return len(self.tricks) * self.players + len(self.trick)

    @property
    def to_move(self) -> int | None:
        """The seat expected to act, or ``None`` when the deal is over."""
        if self.phase is Phase.BIDDING:
            return speaker_seat(self.dealer, self.players, len(self.bids))
        if self.phase in (Phase.CALLING, Phase.ECART, Phase.ANNOUNCING):
            return self.taker
        if self.phase is Phase.PLAYING:
            return (self.leader + len(self.trick)) % self.players
        return None

    def legal_cards(self, seat: int) -> CardSet:
        """The cards ``seat`` may play now (empty when it is not that seat's turn)."""
        if self.phase is not Phase.PLAYING or seat != self.to_move:
            return CardSet()
        return legal_cards(self.hands[seat], self.trick, called_card=self.called_card,
                           first_trick=not self.tricks)

    def legal_bids(self, seat: int) -> list[Contract | None]:
        if self.phase is not Phase.BIDDING or seat != self.to_move:
            return []
        return [bid for bid in (None, *Contract)
                if not check_bid(self.players, self.bids, bid,
                                 dealer_misdealt=self.dealer_misdealt)]

    def camp(self, seat: int) -> Camp:
        assert self.taker is not None
        return camp_of(seat, self.taker, self.partner)

    # --- checking and applying actions ----------------------------------------------------

    def check(self, action: Action) -> list[Violation]:
        """What applying ``action`` now would break (empty: legal). Changes nothing."""
        seat = action.seat
        if not 0 <= seat < self.players:
            return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.to_move)]
        match action:
            case Bid():
                if self.phase is not Phase.BIDDING:
                    return self._wrong_phase(action)
                if seat != self.to_move:
                    return [violation(Code.BID_OUT_OF_TURN, seat=seat, expected=self.to_move)]
                return check_bid(self.players, self.bids, action.contract,
                                 dealer_misdealt=self.dealer_misdealt)
            case CallCard():
                if self.phase is not Phase.CALLING:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]
                return check_king_call(self.hands[seat], action.card, self.players)
            case Discard():
                if self.phase is not Phase.ECART:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]
                assert self.contract is not None
                return check_ecart(self.players, self.contract, self.dealt.hands[seat],
                                   self.chien, action.cards)
            case DeclareJeu():
                if self.phase is not Phase.ANNOUNCING:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]
                return []
            case AnnounceChelem():
                if self.phase is Phase.ANNOUNCING:
                    return check_chelem_announcement(seat == self.taker, 0)
                if self.phase in (Phase.PLAYING, Phase.FINISHED) and self.cards_played:
                    # after the first card: too late, and say so
                    return check_chelem_announcement(seat == self.taker, self.cards_played)
                return self._wrong_phase(action)
            case ShowPoignee():
                if self.phase is not Phase.PLAYING or seat in self.poignees:
                    return self._wrong_phase(action)
                played = self.cards_played_by(seat)
                if seat != self.to_move or played:
                    return [violation(Code.POIGNEE_TOO_LATE, cards_played=played)]
                return check_poignee(self.players, self.hands[seat], action.cards)
            case PlayCard():
                if self.phase is not Phase.PLAYING:
                    return self._wrong_phase(action)
                if seat != self.to_move:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.to_move)]
                return check_play(self.hands[seat], self.trick, action.card,
                                  players=self.players, called_card=self.called_card,
                                  first_trick=not self.tricks)
        raise TypeError(f"not an action: {action!r}")

    def apply(self, action: Action) -> Action:
        """Verify and apply ``action``; raise :class:`IllegalActionError` when it is illegal
        (the state is then unchanged)."""
        found = self.check(action)
        if found:
            raise IllegalActionError(found)
        match action:
            case Bid():
                self.bids.append(action.contract)
                result = auction_result(self.players, self.bids,
                                        dealer_misdealt=self.dealer_misdealt)
                if result.complete:
                    if result.all_passed:
                        self.phase = Phase.ALL_PASSED
                    else:
                        self.taker = result.taker_seat(self.dealer, self.players)
                        self.contract = result.contract
                        self._after_contract()
            case CallCard():
                assert self.taker is not None
                self.called_card = action.card
                self.partner = partner_seat(self.hands, action.card, self.taker)
                self._after_bidding_done()
            case Discard():
                assert self.taker is not None
                self.ecart = CardSet.of(action.cards)
                self.hands[self.taker] = (self.hands[self.taker] | self.chien) - self.ecart
                self.phase = Phase.ANNOUNCING  # ecart.jeu: the taker then says « Jeu »
            case DeclareJeu():
                self.phase = Phase.PLAYING  # the player right of the dealer leads
            case AnnounceChelem():
                self.chelem_announced = True
                assert self.taker is not None
                self.leader = self.taker  # chelem.announce: the announcer leads
                self.phase = Phase.PLAYING
            case ShowPoignee():
                self.poignees[action.seat] = tuple(action.cards)
            case PlayCard():
                self._play(action.seat, action.card)
        self.history.append(action)
        return action

    def _wrong_phase(self, action: Action) -> list[Violation]:
        return [violation(Code.WRONG_PHASE, action=type(action).__name__, phase=self.phase)]

    def cards_played_by(self, seat: int) -> int:
        """How many cards ``seat`` has played (a poignée is shown before the first one)."""
        played = sum(1 for t in self.tricks for i in range(len(t.cards))
                     if t.seat_of(i, self.players) == seat)
        return played + sum(1 for i in range(len(self.trick))
                            if (self.leader + i) % self.players == seat)

    def _after_contract(self) -> None:
        if self.rules.king_call:
            self.phase = Phase.CALLING
        else:
            self._after_bidding_done()

    def _after_bidding_done(self) -> None:
        """The contract is settled: the écart to make (petite, garde), or at once the taker's
        « Jeu » or chelem (garde sans, garde contre)."""
        assert self.contract is not None
        self.phase = Phase.ECART if self.contract.taker_takes_chien else Phase.ANNOUNCING

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat] = self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        played = PlayedTrick(self.leader, tuple(self.trick))
        self.tricks.append(played)
        self.trick = []
        self.leader = played.seat_of(trick_winner(played.cards), self.players)
        if len(self.tricks) == self.rules.tricks:
            self.phase = Phase.FINISHED

    # --- the end ----------------------------------------------------------------------------

    def count(self) -> Count:
        if self.phase is not Phase.FINISHED:
            raise ValueError("the deal is not over")
        assert self.taker is not None and self.contract is not None
        return count_deal(players=self.players, contract=self.contract, taker=self.taker,
                          partner=self.partner, tricks=self.tricks, chien=self.chien,
                          ecart=self.ecart)

    def poignee_levels(self) -> list[tuple[Camp, PoigneeLevel]]:
        return shown_levels(self.players, self.poignees, self.camp)

    def score(self) -> Score:
        count = self.count()
        assert self.contract is not None
        return score_count(count, players=self.players, contract=self.contract,
                           poignees=self.poignee_levels(),
                           chelem_announced=self.chelem_announced,
                           alone=self.rules.king_call and self.partner is None)
