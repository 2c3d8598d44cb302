"""The life of one deal, written once: auction, king call, chien and écart, the taker's
« Jeu » or chelem (a chelem may still follow « Jeu » before the first card), poignées,
tricks, counting and score.

Two kinds of deal run on this machine and differ only in *what is known*:

* a dealt deal (:class:`rules_fr.donne.Donne`): the server dealt the cards, so every hand is
  known; a card is checked against its hand (follow suit, trump, overtrump) before it is
  played, and the écart is an action;
* a physical deal (:class:`rules_fr.physical.PhysicalDonne`): people hold real cards and the
  referee records what the table sees; no hand is known, a card is checked for what can be
  seen (never twice, not in another seat's shown cards), what each play proves a player lacks
  is inferred (:mod:`rules_fr.renonce`), and a later card that contradicts an inference is a
  revoke (*renonce*), reported at once: the revoke is a rule of this machine.

The few places where the two differ form the :class:`Knowledge` hooks each subclass fills:
the hand a king call or a poignée is checked against, the check of a card, what playing a
card teaches, the chien step (the écart made, or the chien turned over), and where the
chien and the écart are at the end. Everything else — turn order, phases, which action is
legal when, the tricks, who leads, the count and the score — is here, once.

A machine holds only plain data (cards, ints, lists, frozen records): it pickles, and
replaying its :attr:`DealMachine.history` on a fresh machine rebuilds the same state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules_fr.actions import (
    Action,
    AnnounceChelem,
    Bid,
    CallCard,
    ChienStep,
    DeclareJeu,
    Discard,
    PlayCard,
    ShowChien,
    ShowPoignee,
)
from rules_fr.bidding import auction_result, check_bid, check_chelem_announcement, speaker_seat
from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import Count, Piles, PlayedTrick, camp_of, count_deal, deal_piles
from rules_fr.kingcall import callable_cards, check_king_call
from rules_fr.play import trick_winner
from rules_fr.poignee import PoigneeLevel, poignees_allowed, shown_levels
from rules_fr.scoring import Score, score_deal
from rules_fr.table import TableRules, rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, lazy_violation, violation

__all__ = ["DealMachine", "LegalActions", "Phase", "PublicTrick", "PublicView"]


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


_BEFORE_PLAY = (Phase.CALLING, Phase.ECART, Phase.ANNOUNCING)


def _phase_params(action: str, phase: Phase) -> dict[str, object]:
    return {"action": action, "phase": phase}


def _phase_rule(action: Action, phase: Phase, contract: Contract | None) -> str | None:
    """The rule that forbids ``action`` at ``phase`` (``None``: ``play.turn``, each action at
    its moment of the deal, when no rule of the catalog sets this action's moment).

    A deal annulled for a petit sec, or passed by everyone, takes no action; otherwise a bid
    comes while the auction is open (bid.once: it closes once all have spoken); a call once,
    before the chien is turned over (call.king); the chien shown once the auction is over and
    taken by the taker (chien.shown), never under a garde sans or contre
    (chien.garde-sans-contre), and the écart made after the chien is taken (ecart.size) and
    finished by « Jeu » (ecart.jeu: no other after the first card); « Jeu » once the écart is
    made (ecart.jeu); a chelem announced once, when the contract is set (the king called, the
    écart made) and before play has begun, after « Jeu » too (chelem.announce); a
    poignée just before one's first card, in one go (poignee.shown).
    """
    if phase is Phase.ANNULLED:
        return "deal.petit-sec"
    if phase is Phase.ALL_PASSED:
        return "bid.all-pass"
    match action:
        case Bid():
            return "bid.once"
        case CallCard():
            return "call.king"
        case Discard() | ShowChien():
            if phase is Phase.CALLING:
                return "call.king"
            if contract is None:
                return "ecart.size" if isinstance(action, Discard) else "chien.shown"
            if not contract.taker_takes_chien:
                return "chien.garde-sans-contre"
            return "ecart.jeu" if isinstance(action, Discard) else "chien.shown"
        case DeclareJeu() if phase is Phase.ECART:
            return "ecart.jeu"
        case AnnounceChelem():  # before the contract is set, or a second time
            return "chelem.announce"
        case ShowPoignee():
            return "poignee.shown"
    return None


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What one seat may do now, in the action vocabulary (:mod:`rules_fr.actions`).

    ``kinds`` lists the kinds of action the seat may take; the other fields detail the
    choices where the machine can list them (at a physical table it knows no hand, so it
    lists no card, call or poignée: any card not yet seen may be recorded).
    """

    seat: int
    kinds: tuple[str, ...] = ()
    bids: tuple[Contract | None, ...] = ()
    cards: CardSet = CardSet()
    calls: CardSet = CardSet()
    poignees: tuple[PoigneeLevel, ...] = ()


@dataclass(frozen=True, slots=True)
class PublicTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    """The seat that wins it (``None`` while it is being played)."""


@dataclass(frozen=True, slots=True)
class PublicView:
    """What one seat (or, with ``seat=None``, anyone at the table: the referee) may see of
    the deal, in deal seats. Another seat's hand never; the écart only to the taker (the
    trumps he had to show, to all); the chien once turned over (never under a garde sans or
    contre); at five players the partner once the called card is played."""

    seat: int | None
    phase: Phase
    dealer: int
    to_move: int | None
    bids: tuple[tuple[int, Contract | None], ...]
    taker: int | None
    contract: Contract | None
    called_card: Card | None
    partner: int | None
    chien: CardSet | None
    ecart_trumps_shown: CardSet
    chelem_announced: bool
    poignees: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks: tuple[PublicTrick, ...]
    trick: PublicTrick
    hand_sizes: tuple[int, ...]
    hand: CardSet | None = None
    """The viewer's own hand (dealt deals)."""
    ecart: CardSet | None = None
    """The taker's own écart, shown to him alone."""


class DealMachine(ABC):
    """The state of one deal, whatever is known of its hands.

    :meth:`check` returns the violations an action would commit (nothing changes);
    :meth:`apply` verifies and applies it and appends it to :attr:`history`.
    """

    kinds: ClassVar[frozenset[type]]
    """The action records this kind of deal takes."""
    implied_jeu: ClassVar[bool] = False
    """Whether a first card (or a poignée of the first leader) while the taker is to say
    « Jeu » implies it (a physical table, where nobody waits for the referee's device)."""

    def __init__(self, players: int, dealer: int, *, dealer_misdealt: bool = False) -> None:
        self.rules: TableRules = rules_for(players)
        self.players = players
        self.dealer = dealer
        self.dealer_misdealt = dealer_misdealt
        """deal.misdeal: this deal is dealt again after the dealer's misdeal, so the dealer
        may only pass."""
        self.phase = Phase.BIDDING
        self.bids: list[Contract | None] = []
        self.taker: int | None = None
        self.contract: Contract | None = None
        self.called_card: Card | None = None
        self.chelem_announced = False
        self.poignees: dict[int, tuple[Card, ...]] = {}
        self.tricks: list[PlayedTrick] = []
        self.trick: list[Card] = []
        self.leader = (dealer + 1) % players
        self.played_mask = 0
        """Every card played so far, as a mask."""
        self.history: list[Action] = []

    # --- what is known: the hooks of each kind of deal ----------------------------------------

    @abstractmethod
    def _call_hand(self, seat: int) -> CardSet:
        """The hand a king call is checked against (the ladder needs it)."""

    @abstractmethod
    def _check_chien_step(self, action: ChienStep) -> list[Violation]:
        """The écart made (dealt) or the chien turned over (physical)."""

    @abstractmethod
    def _apply_chien_step(self, action: ChienStep) -> None: ...

    @abstractmethod
    def _check_poignee(self, seat: int, cards: tuple[Card, ...]) -> list[Violation]: ...

    @abstractmethod
    def _check_card(self, seat: int, card: Card) -> list[Violation]:
        """What playing ``card`` now breaks, as far as this deal can tell."""

    @abstractmethod
    def _on_card(self, seat: int, card: Card) -> None:
        """``seat`` plays ``card`` (before it joins the trick)."""

    @abstractmethod
    def chien_and_ecart(self) -> tuple[CardSet, CardSet | None]:
        """The chien and the écart (``None``: none made) as the count uses them."""

    @property
    @abstractmethod
    def partner(self) -> int | None:
        """The taker's partner at five players (``None``: none, or not known)."""

    def _on_call(self, card: Card) -> None:  # noqa: B027 - a hook most deals leave empty
        """The taker called ``card``."""

    def _shown_chien(self) -> CardSet | None:
        """The chien as the table saw it turned over (``None``: not shown)."""
        return None

    def _ecart_trumps_shown(self) -> CardSet:
        return CardSet()

    def hand_of(self, seat: int) -> CardSet | None:
        """``seat``'s hand when this deal knows it."""
        return None

    def _own_ecart(self) -> CardSet | None:
        return None

    # --- the table ------------------------------------------------------------------------

    @property
    def cards_played(self) -> int:
        return len(self.tricks) * self.players + len(self.trick)

    @property
    def next_to_play(self) -> int:
        """The seat whose card comes next (while announcing: the player right of the dealer,
        the first leader)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def to_move(self) -> int | None:
        """The seat expected to act, or ``None`` when the deal is over."""
        if self.phase is Phase.BIDDING:
            return speaker_seat(self.dealer, self.players, len(self.bids))
        if self.phase in _BEFORE_PLAY:
            return self.taker
        if self.phase is Phase.PLAYING:
            return self.next_to_play
        return None

    @property
    def _play_begun(self) -> bool:
        """A card is played, or a poignée shown: a poignée is shown as its owner plays his
        first card (poignee.shown), so play has begun."""
        return bool(self.cards_played or self.poignees)

    def _chelem_open(self, seat: int) -> bool:
        """chelem.announce: ``seat`` is the taker and may still announce a chelem — the
        auction is over and play has not begun, whether « Jeu » is said or not."""
        if seat != self.taker or self.chelem_announced:
            return False
        return self.phase is Phase.ANNOUNCING or (
            self.phase is Phase.PLAYING and not self._play_begun)

    @property
    def _play_open(self) -> bool:
        if self.phase is Phase.PLAYING:
            return True
        return self.implied_jeu and self.phase is Phase.ANNOUNCING

    def played_by(self, seat: int) -> CardSet:
        """The cards ``seat`` has played so far."""
        players, mask = self.players, 0
        for trick in self.tricks:
            mask |= trick.cards[(seat - trick.leader) % players].mask
        position = (seat - self.leader) % players
        if position < len(self.trick):
            mask |= self.trick[position].mask
        return CardSet(mask)

    def cards_played_by(self, seat: int) -> int:
        """How many cards ``seat`` has played (a poignée is shown before the first one)."""
        return len(self.played_by(seat))

    def hand_sizes(self) -> list[int]:
        """How many cards each seat still holds."""
        size = self.rules.hand_size
        return [size - self.cards_played_by(s) for s in range(self.players)]

    def camp(self, seat: int) -> Camp:
        assert self.taker is not None
        return camp_of(seat, self.taker, self.partner)

    def _called_card_player(self) -> int | None:
        """The seat that played the called card, once it has been played."""
        card = self.called_card
        if card is None or not self.played_mask & card.mask:
            return None
        for trick in [*self.tricks, PlayedTrick(self.leader, tuple(self.trick))]:
            for position, played in enumerate(trick.cards):
                if played is card:
                    return trick.seat_of(position, self.players)
        return None

    def legal_bids(self, seat: int) -> list[Contract | None]:
        if self.phase is not Phase.BIDDING or seat != self.to_move:
            return []
        return [bid for bid in (None, *Contract)
                if not check_bid(self.players, self.bids, bid,
                                 dealer_misdealt=self.dealer_misdealt)]

    def legal_cards(self, seat: int) -> CardSet:
        """The cards ``seat`` may play now, where the hands are known (else empty)."""
        return CardSet()

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now: the kinds of action, and the bids, cards, calls and
        poignées the machine can list.

        Only the seat to move acts, but for the taker's chelem: after « Jeu » and before
        play has begun he may still announce it (``chelem``), whoever is to lead."""
        if seat != self.to_move:
            # after « Jeu », before the first card: the taker may announce a chelem while
            # the player right of the dealer is to lead (chelem.announce)
            return LegalActions(seat, ("chelem",) if self._chelem_open(seat) else ())
        match self.phase:
            case Phase.BIDDING:
                return LegalActions(seat, ("bid",), bids=tuple(self.legal_bids(seat)))
            case Phase.CALLING:
                hand = self.hand_of(seat)
                return LegalActions(seat, ("call",),
                                    calls=CardSet() if hand is None else callable_cards(hand))
            case Phase.ECART:
                return LegalActions(seat, ("ecart",) if Discard in self.kinds else ("chien",))
            case Phase.ANNOUNCING:
                return LegalActions(seat, ("jeu", "chelem"))
            case Phase.PLAYING:
                kinds: tuple[str, ...] = ("play",)
                levels: tuple[PoigneeLevel, ...] = ()
                if seat not in self.poignees and not self.cards_played_by(seat):
                    kinds = ("poignee", "play")
                    hand = self.hand_of(seat)
                    if hand is not None:
                        levels = tuple(poignees_allowed(self.players, hand))
                if self._chelem_open(seat):  # the taker leads after « Jeu »: chelem.announce
                    kinds = (*kinds, "chelem")
                return LegalActions(seat, kinds, cards=self.legal_cards(seat), poignees=levels)
        return LegalActions(seat)

    def public_view(self, seat: int | None = None) -> PublicView:
        """What ``seat`` (``None``: the referee, or any onlooker) may see of the deal."""
        players = self.players
        partner = self._called_card_player()
        own = seat is not None and seat == self.taker
        return PublicView(
            seat=seat, phase=self.phase, dealer=self.dealer, to_move=self.to_move,
            bids=tuple(((self.dealer + 1 + i) % players, b) for i, b in enumerate(self.bids)),
            taker=self.taker, contract=self.contract, called_card=self.called_card,
            partner=None if partner == self.taker else partner,
            chien=self._shown_chien(), ecart_trumps_shown=self._ecart_trumps_shown(),
            chelem_announced=self.chelem_announced,
            poignees=tuple(self.poignees.items()),
            tricks=tuple(PublicTrick(t.leader, t.cards, t.winner_seat(players))
                         for t in self.tricks),
            trick=PublicTrick(self.leader, tuple(self.trick), None),
            hand_sizes=tuple(self.hand_sizes()),
            hand=None if seat is None else self.hand_of(seat),
            ecart=self._own_ecart() if own else None,
        )

    # --- checking and applying actions ----------------------------------------------------

    def _wrong_phase(self, action: Action) -> list[Violation]:
        """``action`` is not one of this moment of the deal: the refusal cites the rule that
        sets its moment (:func:`_phase_rule`)."""
        return [lazy_violation(Code.WRONG_PHASE, _phase_params, (action.kind, self.phase),
                               rule=_phase_rule(action, self.phase, self.contract))]

    def _not_taker(self, seat: int) -> list[Violation]:
        return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]

    def check(self, action: Action) -> list[Violation]:
        """What applying ``action`` now would break (empty: legal). Changes nothing."""
        if type(action) not in self.kinds:
            raise TypeError(f"not an action of this deal: {action!r}")
        seat = action.seat
        if not 0 <= seat < self.players:
            return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.to_move)]
        phase = self.phase
        match action:
            case PlayCard():
                if not self._play_open:
                    return self._wrong_phase(action)
                expected = self.next_to_play
                if seat != expected:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=expected)]
                return self._check_card(seat, action.card)
            case Bid():
                if phase is not Phase.BIDDING:
                    return self._wrong_phase(action)
                if seat != self.to_move:
                    return [violation(Code.BID_OUT_OF_TURN, seat=seat, expected=self.to_move)]
                return check_bid(self.players, self.bids, action.contract,
                                 dealer_misdealt=self.dealer_misdealt)
            case CallCard():
                if phase is not Phase.CALLING:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return self._not_taker(seat)
                return check_king_call(self._call_hand(seat), action.card, self.players)
            case Discard() | ShowChien():
                if phase is not Phase.ECART:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return self._not_taker(seat)
                return self._check_chien_step(action)
            case DeclareJeu():
                if phase is not Phase.ANNOUNCING:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return self._not_taker(seat)
                return []
            case AnnounceChelem():
                if self.chelem_announced and not self._play_begun:
                    return self._wrong_phase(action)  # announced once: play is the leader's
                if phase is Phase.ANNOUNCING or (phase is Phase.PLAYING and not self._play_begun):
                    # chelem.announce: before the first card, « Jeu » said or not
                    return check_chelem_announcement(seat == self.taker, 0)
                if phase in (Phase.PLAYING, Phase.FINISHED):
                    # play has begun (a card, or a poignée shown with a first card): too late
                    return check_chelem_announcement(seat == self.taker, self.cards_played,
                                                     play_begun=True)
                return self._wrong_phase(action)
            case ShowPoignee():
                if not self._play_open or seat in self.poignees:
                    return self._wrong_phase(action)
                played = self.cards_played_by(seat)
                if seat != self.next_to_play or played:
                    return [violation(Code.POIGNEE_TOO_LATE, cards_played=played)]
                return self._check_poignee(seat, action.cards)
        raise TypeError(f"not an action: {action!r}")

    def apply(self, action: Action) -> Action:
        """Verify and apply ``action``; raise :class:`IllegalActionError` when it is illegal
        (the state is then unchanged)."""
        found = self.check(action)
        if found:
            raise IllegalActionError(found)
        if self.phase is Phase.ANNOUNCING and isinstance(action, ShowPoignee | PlayCard):
            self.phase = Phase.PLAYING  # implied_jeu: the first card (or poignée) says « Jeu »
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
                self.called_card = action.card
                self._on_call(action.card)
                self._after_call()
            case Discard() | ShowChien():
                self._apply_chien_step(action)
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

    def _after_contract(self) -> None:
        if self.rules.king_call:
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _after_call(self) -> None:
        """The contract is settled: the écart to make (petite, garde), or at once the taker's
        « Jeu » or chelem (garde sans, garde contre)."""
        assert self.contract is not None
        self.phase = Phase.ECART if self.contract.taker_takes_chien else Phase.ANNOUNCING

    def _play(self, seat: int, card: Card) -> None:
        self._on_card(seat, card)
        self.played_mask |= card.mask
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

    def _finished(self) -> tuple[int, Contract]:
        if self.phase is not Phase.FINISHED:
            raise ValueError("the deal is not over")
        assert self.taker is not None and self.contract is not None
        return self.taker, self.contract

    def count(self) -> Count:
        taker, contract = self._finished()
        chien, ecart = self.chien_and_ecart()
        return count_deal(players=self.players, contract=contract, taker=taker,
                          partner=self.partner, tricks=self.tricks, chien=chien, ecart=ecart)

    def piles(self, count: Count | None = None) -> Piles:
        """Each camp's cards once the excuse is settled (:func:`rules_fr.counting.deal_piles`):
        their points are :meth:`count`'s."""
        taker, contract = self._finished()
        chien, ecart = self.chien_and_ecart()
        return deal_piles(players=self.players, contract=contract, taker=taker,
                          partner=self.partner, tricks=self.tricks, chien=chien, ecart=ecart,
                          count=count)

    def poignee_levels(self) -> list[tuple[Camp, PoigneeLevel]]:
        return shown_levels(self.players, self.poignees, self.camp)

    def score(self) -> Score:
        """The deal's score, as ``POST /score/deal`` scores the same tricks."""
        taker, contract = self._finished()
        chien, ecart = self.chien_and_ecart()
        return score_deal(players=self.players, contract=contract, taker=taker,
                          partner=self.partner, tricks=self.tricks, chien=chien, ecart=ecart,
                          poignees=self.poignee_levels(), chelem_announced=self.chelem_announced)

