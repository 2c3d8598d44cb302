"""A deal at a physical table: people play with real cards and the referee's device records
what the table sees, so the server knows no hidden hand.

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
trump or overtrump — is inferred by :class:`rules_fr.renonce.RevokeTracker`: a later card that
contradicts an inference is a revoke, reported at once (:attr:`PhysicalDonne.pending_revokes`)
naming the trick and the rule.

At the end the hidden cards are known by elimination: the 78 cards less every card played are
the écart (petite, garde: the chien went to the taker's hand) or the chien (garde sans, garde
contre). Then what only the whole deal reveals is checked (:meth:`PhysicalDonne.irregularities`:
the écart, the king call's ladder, each poignée against the cards its seat played, the first
lead of the called suit, a petit sec that should have annulled the deal), and the deal is
counted and scored as ``POST /score/deal`` scores the same tricks.

>>> from rules_fr.cards import parse_card
>>> d = PhysicalDonne(players=4, dealer=0)
>>> d.apply(Bid(1, Contract.GARDE_SANS)); d.apply(Bid(2, None))
>>> d.apply(Bid(3, None)); d.apply(Bid(0, None))
>>> d.phase, d.taker, d.to_move
(<Phase.ANNOUNCING: 'announcing'>, 1, 1)
>>> d.apply(PlayCard(1, parse_card("5H")))  # the first card implies « Jeu »
>>> d.phase
<Phase.PLAYING: 'playing'>
>>> d.apply(PlayCard(2, parse_card("2S")))
>>> [v.code.value for v in d.check(PlayCard(0, parse_card("7H")))]
['not-your-turn']
>>> [v.code.value for v in d.check(PlayCard(3, parse_card("2S")))]
['card-already-played']
>>> d.apply(PlayCard(3, parse_card("3H"))); d.apply(PlayCard(0, parse_card("4H")))
>>> d.apply(PlayCard(1, parse_card("KS")))  # seat 1 won the first trick and leads
>>> [(v.code.value, v.params["trick"]) for v in d.check(PlayCard(2, parse_card("6H")))]
[]
>>> d.apply(PlayCard(2, parse_card("6H")))  # seat 2 discarded on hearts at trick 1
>>> [(v.code.value, v.params["trick"], v.params["revealed_at"]) for v in d.pending_revokes]
[('revoke-follow-suit', 1, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_fr.bidding import (
    auction_result,
    check_bid,
    check_chelem_announcement,
    speaker_seat,
)
from rules_fr.cards import DECK, Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import Count, PlayedTrick, camp_of, count_deal
from rules_fr.deal import check_hand_for_misdeal
from rules_fr.donne import (
    AnnounceChelem,
    Bid,
    CallCard,
    DeclareJeu,
    Phase,
    PlayCard,
    ShowPoignee,
)
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import check_king_call
from rules_fr.play import check_play, trick_winner
from rules_fr.poignee import PoigneeLevel, check_poignee, shown_levels
from rules_fr.renonce import RevokeTracker
from rules_fr.replay import dealt_hands, played_hands
from rules_fr.scoring import Score, score_count
from rules_fr.table import TableRules, rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, violation

__all__ = ["PhysicalAction", "PhysicalDonne", "ShowChien"]

_REVOKES = frozenset({Code.REVOKE_FOLLOW_SUIT, Code.REVOKE_TRUMP, Code.REVOKE_OVERTRUMP})


@dataclass(frozen=True, slots=True)
class ShowChien:
    """The chien of a petite or a garde, turned over before the taker takes it."""

    seat: int
    cards: tuple[Card, ...]


PhysicalAction = Bid | CallCard | ShowChien | DeclareJeu | ShowPoignee | AnnounceChelem | PlayCard


@dataclass
class PhysicalDonne:
    """One deal of a physical table: what was seen, what it proves, and the score at the end.

    The phases are :class:`rules_fr.donne.Phase`'s; ``ECART`` is the moment the chien is
    turned over (the taker then makes his écart face down, which nobody records);
    ``ANNOUNCING`` waits for the taker's « Jeu » or chelem, or for the first card.
    """

    players: int
    dealer: int
    rules: TableRules = field(init=False)
    phase: Phase = field(init=False, default=Phase.BIDDING)
    bids: list[Contract | None] = field(init=False, default_factory=list)
    taker: int | None = field(init=False, default=None)
    contract: Contract | None = field(init=False, default=None)
    called_card: Card | None = field(init=False, default=None)
    chien: CardSet | None = field(init=False, default=None)
    """The chien as recorded (petite, garde); ``None`` until then, and under a garde sans or
    contre."""
    chelem_announced: bool = field(init=False, default=False)
    poignees: dict[int, tuple[Card, ...]] = field(init=False, default_factory=dict)
    tricks: list[PlayedTrick] = field(init=False, default_factory=list)
    trick: list[Card] = field(init=False, default_factory=list)
    leader: int = field(init=False)
    tracker: RevokeTracker = field(init=False)
    pending_revokes: list[Violation] = field(init=False, default_factory=list)
    """The revokes the last card revealed, until the table logs them."""
    pending_at: tuple[int, int] = field(init=False, default=(0, 0))
    """(trick number, deal seat) of the last card played."""
    revokes: list[tuple[int, int, list[Violation]]] = field(init=False, default_factory=list)
    """(trick revealed at, deal seat, violations) of every revoke logged in this deal."""
    end_checked: bool = field(init=False, default=False)
    """The end-of-deal irregularities were logged (and ruled on): score now."""

    def __post_init__(self) -> None:
        self.rules = rules_for(self.players)
        self.leader = (self.dealer + 1) % self.players
        self.tracker = RevokeTracker(self.players)

    # --- what the table knows ---------------------------------------------------------------

    @property
    def cards_played(self) -> int:
        return len(self.tricks) * self.players + len(self.trick)

    @property
    def to_move(self) -> int | None:
        """The seat whose action the referee records next (``None``: the deal is over)."""
        if self.phase is Phase.BIDDING:
            return speaker_seat(self.dealer, self.players, len(self.bids))
        if self.phase in (Phase.CALLING, Phase.ECART, Phase.ANNOUNCING):
            return self.taker
        if self.phase is Phase.PLAYING:
            return self.next_to_play
        return None

    @property
    def next_to_play(self) -> int:
        """The seat whose card comes next (while announcing: the player right of the dealer,
        whose first card implies « Jeu »)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def _play_open(self) -> bool:
        """Cards and poignées may be recorded: play started, or « Jeu » is implied by them."""
        return self.phase in (Phase.PLAYING, Phase.ANNOUNCING)

    @property
    def played_mask(self) -> int:
        return self.tracker.played_mask

    def played_by(self, seat: int) -> CardSet:
        """The cards ``seat`` has played so far."""
        mask = 0
        for trick in self.tricks:
            for position, card in enumerate(trick.cards):
                if trick.seat_of(position, self.players) == seat:
                    mask |= card.mask
        for position, card in enumerate(self.trick):
            if (self.leader + position) % self.players == seat:
                mask |= card.mask
        return CardSet(mask)

    def hand_sizes(self) -> list[int]:
        """How many cards each seat still holds."""
        return [self.rules.hand_size - len(self.played_by(s)) for s in range(self.players)]

    @property
    def partner(self) -> int | None:
        """The seat that played the called card, once it has (``None``: not yet, or the taker
        plays alone — he played it, or it lies in the chien or the écart)."""
        card = self.called_card
        if card is None or not self.played_mask & card.mask:
            return None
        for trick in [*self.tricks, PlayedTrick(self.leader, tuple(self.trick))]:
            for position, played in enumerate(trick.cards):
                if played is card:
                    seat = trick.seat_of(position, self.players)
                    return None if seat == self.taker else seat
        return None

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

    # --- checking and applying --------------------------------------------------------------

    def check(self, action: PhysicalAction) -> list[Violation]:
        """What recording ``action`` now would break, as far as the table can tell."""
        seat = action.seat
        if not 0 <= seat < self.players:
            return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.to_move)]
        match action:
            case Bid():
                if self.phase is not Phase.BIDDING:
                    return self._wrong_phase(action)
                if seat != self.to_move:
                    return [violation(Code.BID_OUT_OF_TURN, seat=seat, expected=self.to_move)]
                return check_bid(self.players, self.bids, action.contract)
            case CallCard():
                if self.phase is not Phase.CALLING:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]
                # The ladder (a dame only with the four kings...) needs the hand: checked at
                # the end; here, a face card.
                return check_king_call(DECK, action.card, self.players)
            case ShowChien():
                if self.phase is not Phase.ECART:
                    return self._wrong_phase(action)
                if seat != self.taker:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat, expected=self.taker)]
                return _chien_problems(self.rules, action.cards)
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
                    return check_chelem_announcement(seat == self.taker, self.cards_played)
                return self._wrong_phase(action)
            case ShowPoignee():
                if not self._play_open or seat in self.poignees:
                    return self._wrong_phase(action)
                played = len(self.played_by(seat))
                if seat != self.next_to_play or played:
                    return [violation(Code.POIGNEE_TOO_LATE, cards_played=played)]
                # Whether the excuse hides a trump needs the hand: checked at the end.
                return [v for v in check_poignee(self.players, self.possible_hand(seat),
                                                 action.cards)
                        if v.code is not Code.POIGNEE_EXCUSE_HIDES_TRUMP]
            case PlayCard():
                if not self._play_open:
                    return self._wrong_phase(action)
                if seat != self.next_to_play:
                    return [violation(Code.NOT_YOUR_TURN, seat=seat,
                                      expected=self.next_to_play)]
                card = action.card
                if self.played_mask & card.mask:
                    return [violation(Code.CARD_ALREADY_PLAYED, card=card, seat=seat)]
                if self._held_by_other(seat) & card.mask:
                    return [violation(Code.DEAL_DUPLICATE_CARD, card=card)]
                return []
        raise TypeError(f"not an action: {action!r}")

    def _wrong_phase(self, action: PhysicalAction) -> list[Violation]:
        return [violation(Code.WRONG_PHASE, action=type(action).__name__, phase=self.phase)]

    def apply(self, action: PhysicalAction) -> None:
        """Record ``action``; raise :class:`IllegalActionError` (recording nothing) when
        :meth:`check` finds it impossible."""
        found = self.check(action)
        if found:
            raise IllegalActionError(found)
        if self.phase is Phase.ANNOUNCING and isinstance(action, (ShowPoignee, PlayCard)):
            self.phase = Phase.PLAYING  # the first card (or poignée) implies « Jeu »
        match action:
            case Bid():
                self.bids.append(action.contract)
                result = auction_result(self.players, self.bids)
                if result.complete:
                    if result.all_passed:
                        self.phase = Phase.ALL_PASSED
                    else:
                        self.taker = result.taker_seat(self.dealer, self.players)
                        self.contract = result.contract
                        if self.rules.king_call:
                            self.phase = Phase.CALLING
                        else:
                            self._after_call()
            case CallCard():
                self.called_card = action.card
                self._after_call()
            case ShowChien():
                self.chien = CardSet.of(action.cards)
                self.phase = Phase.ANNOUNCING
            case DeclareJeu():
                self.phase = Phase.PLAYING
            case AnnounceChelem():
                self.chelem_announced = True
                assert self.taker is not None
                self.leader = self.taker  # chelem.announce: the announcer leads
                self.phase = Phase.PLAYING
            case ShowPoignee():
                self.poignees[action.seat] = tuple(action.cards)
            case PlayCard():
                self._play(action.seat, action.card)

    def _after_call(self) -> None:
        assert self.contract is not None
        self.phase = Phase.ECART if self.contract.taker_takes_chien else Phase.ANNOUNCING

    def _play(self, seat: int, card: Card) -> None:
        number = len(self.tricks) + 1
        found = self.tracker.observe(seat, self.trick, card, trick=number)
        self.pending_revokes = [v for v in found if v.code in _REVOKES]
        self.pending_at = (number, seat)
        # A revoke is reported once: the inference it contradicts is spent.
        spent = {(v.code, v.params["trick"]) for v in self.pending_revokes}
        self.tracker.inferences = [i for i in self.tracker.inferences
                                   if i.seat != seat or (i.code, i.trick) not in spent]
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        played = PlayedTrick(self.leader, tuple(self.trick))
        self.tricks.append(played)
        self.trick = []
        self.leader = played.seat_of(trick_winner(played.cards), self.players)
        if len(self.tricks) == self.rules.tricks:
            self.phase = Phase.FINISHED

    def log_revokes(self) -> tuple[int, int, list[Violation]]:
        """Take the pending revokes into :attr:`revokes` (when the table logs them)."""
        entry = (*self.pending_at, self.pending_revokes)
        self.revokes.append(entry)
        self.pending_revokes = []
        return entry

    # --- the end ------------------------------------------------------------------------------

    @property
    def unseen(self) -> CardSet:
        """The cards never seen (at the end: the écart, or the chien of a garde sans or
        contre)."""
        return CardSet(DECK.mask & ~self.played_mask)

    def _chien_and_ecart(self) -> tuple[CardSet, CardSet | None]:
        assert self.contract is not None
        if self.contract.taker_takes_chien:
            assert self.chien is not None
            return self.chien, self.unseen
        return self.unseen, None

    def irregularities(self) -> list[tuple[int | None, Violation]]:
        """(deal seat or ``None``, violation) for each rule the finished deal proves broken
        that could not be seen while it was played."""
        if self.phase is not Phase.FINISHED:
            raise ValueError("the deal is not over")
        assert self.taker is not None and self.contract is not None
        chien, ecart = self._chien_and_ecart()
        dealt = [CardSet.of(h) for h in dealt_hands(self.players, self.contract, self.taker,
                                                    self.tricks, list(chien), list(ecart or ()))]
        found: list[tuple[int | None, Violation]] = []
        for seat, hand in enumerate(dealt):
            found.extend((seat, v) for v in check_hand_for_misdeal(hand))
        if self.called_card is not None:
            found.extend((self.taker, v) for v in check_king_call(dealt[self.taker],
                                                                  self.called_card))
        if ecart is not None:
            found.extend((self.taker, v) for v in check_ecart(
                self.players, self.contract, dealt[self.taker], chien, ecart))
        played = [CardSet.of(cards) for cards in played_hands(self.players, self.tricks)]
        for seat, cards in self.poignees.items():
            found.extend((seat, v) for v in check_poignee(self.players, played[seat], cards))
        if self.called_card is not None and self.tricks:
            first = self.tricks[0]
            found.extend((first.leader, v) for v in check_play(
                played[first.leader], [], first.cards[0], players=self.players,
                called_card=self.called_card, first_trick=True))
        return found

    def count(self) -> Count:
        if self.phase is not Phase.FINISHED:
            raise ValueError("the deal is not over")
        assert self.taker is not None and self.contract is not None
        chien, ecart = self._chien_and_ecart()
        return count_deal(players=self.players, contract=self.contract, taker=self.taker,
                          partner=self.partner, tricks=self.tricks, chien=chien, ecart=ecart)

    def camp(self, seat: int) -> Camp:
        assert self.taker is not None
        return camp_of(seat, self.taker, self.partner)

    def poignee_levels(self) -> list[tuple[Camp, PoigneeLevel]]:
        return shown_levels(self.players, self.poignees, self.camp)

    def score(self) -> Score:
        """The deal's score, as :meth:`rules_fr.donne.Donne.score` and ``/score/deal``."""
        count = self.count()
        assert self.contract is not None
        return score_count(count, players=self.players, contract=self.contract,
                           poignees=self.poignee_levels(),
                           chelem_announced=self.chelem_announced,
                           alone=self.rules.king_call and self.partner is None)


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
