"""Every fact a piece of advice claims holds in the position (issue 12).

A reason is data — a code and its params — and each code's sentence asserts facts about the
position: "last to play", "no opponent plays after you", "your partner's card holds the trick",
"your lowest trump", "your shortest suit", a card named, a count. This property test plays
random deals at 3, 4 and 5 players — random legal cards mixed with the advised ones, so the
histories are varied — and at each of well over 10,000 positions asks the advice, then checks
each reason's params against the position *as it really is* (every hand known to the test),
with the core's own functions: :func:`rules_fr.play.legal_cards` and
:func:`~rules_fr.play.trick_winner` for who wins, :func:`rules_fr.counting.camp_of` for the
sides, :func:`rules_fr.ecart.discardable_trumps` for the écart, the hand evaluation's own total
for the bid, :func:`rules_fr.counting.count_deal` for the points a trick gives its winner. A
claim the player could only guess ("nobody after you is expected to beat it") is not a fact and
is not checked; a claim of certainty is, against the real hands.

The seeds are fixed: a failure names its deal and replays.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_fr.advice.bid import advise_bid
from rules_fr.advice.ecart import advise_ecart
from rules_fr.advice.play import advise_play, make_context
from rules_fr.advice.reasons import Reason, ReasonCode
from rules_fr.cards import (
    BY_CODE,
    EXCUSE,
    KING_MASK,
    PETIT,
    SUIT_ORDER,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    Card,
    CardSet,
    suit_mask,
)
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import (
    EXCHANGE_HALF,
    PlayedTrick,
    camp_of,
    count_deal,
    trick_won_half,
)
from rules_fr.deal import deal
from rules_fr.ecart import discardable_trumps
from rules_fr.kingcall import partner_seat
from rules_fr.play import led_card, legal_cards, trick_winner

POSITIONS = 20_000
"""At least this many card-play positions are checked (each with its advice's reasons) — the
issue asks for 10,000; twice that costs a few seconds."""
BUDGET_SECONDS = 30
SEEN: Counter[str] = Counter()
"""How often each reason (and each variant of its claim) was checked: the test asserts the
claims of issue 12 were met often enough to mean something."""


@dataclass
class Position:
    """A player's turn, with what the test knows and the player may not: every hand."""

    players: int
    seat: int
    hands: list[CardSet]
    trick: list[Card]
    leader: int
    history: list[PlayedTrick]
    taker: int
    partner: int | None
    called: Card | None
    ecart: CardSet | None

    @property
    def hand(self) -> CardSet:
        return self.hands[self.seat]

    def camp(self, seat: int) -> Camp:
        return camp_of(seat, self.taker, self.partner)

    def seat_at(self, position: int) -> int:
        return (self.leader + position) % self.players

    def later(self) -> list[int]:
        """The seats still to play to this trick after the player."""
        return [self.seat_at(i) for i in range(len(self.trick) + 1, self.players)]

    def opponents_after(self) -> list[int]:
        return [s for s in self.later() if self.camp(s) is not self.camp(self.seat)]

    def legal(self) -> CardSet:
        return legal_cards(self.hand, self.trick, called_card=self.called,
                           first_trick=not self.history, players=self.players)

    def wins_with(self, card: Card) -> int:
        """The seat that holds the trick once ``card`` is played to it."""
        return self.seat_at(trick_winner([*self.trick, card]))

    def out_of_hand(self) -> int:
        """The cards neither in the player's hand nor played (in other hands, the chien or the
        écart)."""
        played = 0
        for past in self.history:
            played |= CardSet.of(past.cards).mask
        played |= CardSet.of(self.trick).mask
        return ((1 << 78) - 1) & ~played & ~self.hand.mask

    def others_hold(self, mask: int) -> bool:
        return any(h.mask & mask for s, h in enumerate(self.hands) if s != self.seat)


def _cards(value: Any) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, str):
        return [BY_CODE[value]]
    return [BY_CODE[code] for code in value]


def _lowest_trump(mask: int) -> Card:
    return min(CardSet(mask & TRUMP_MASK), key=lambda c: c.rank)


def _suit_length(hand: CardSet, suit: Any) -> int:
    return (hand.mask & suit_mask(suit)).bit_count()


# --- the facts of each play reason -----------------------------------------------------------

Check = Callable[[Position, Card, dict[str, Any]], None]


def _named_cards_are_here(pos: Position, r: Reason) -> None:
    hand_or_trick = pos.hand.mask | CardSet.of(pos.trick).mask
    for key in ("card", "cards"):
        for card in _cards(r.params.get(key)):
            assert card.mask & pos.hand.mask, (r, "names a card not in the hand")
    for card in _cards(r.params.get("over")):
        assert card.mask & hand_or_trick and card in pos.trick, (r, "not in the trick")


def _after_why(pos: Position, why: Any) -> None:
    if why == "last":
        assert len(pos.trick) == pos.players - 1, "said last to play, but someone plays after"
    else:
        assert why == "partners-after"
        assert pos.later(), "said partners after, but nobody plays after"
        assert not pos.opponents_after(), "said no opponent after, but one plays after"


def _win_last(pos: Position, card: Card, p: dict[str, Any]) -> None:
    _after_why(pos, p["why"])
    assert pos.wins_with(card) == pos.seat, "said to take the trick, but the card does not"


def _petit_safe(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card is PETIT
    why = p["why"]
    if why in ("last", "partners-after"):
        _after_why(pos, why)
        assert pos.wins_with(PETIT) == pos.seat
    elif why == "partner":
        holder = pos.wins_with(PETIT)
        assert holder != pos.seat and pos.camp(holder) is pos.camp(pos.seat), \
            "said the partner's trump holds the trick, but it does not after the petit"
        assert pos.trick[trick_winner(pos.trick)].is_trump
    elif why == "none-after":
        assert pos.wins_with(PETIT) == pos.seat
        for seat in pos.opponents_after():
            assert not pos.hands[seat].mask & TRUMP_MASK & ~PETIT.mask, \
                "said no opponent after holds a trump, but one does"
    else:
        assert why == "no-trumps"
        assert not pos.others_hold(TRUMP_MASK), "said no trump is left outside the hand"


def _charge(pos: Position, card: Card, p: dict[str, Any]) -> None:
    holder = pos.wins_with(card)
    assert holder == p["winner"], "the seat said to hold the trick does not, after this card"
    if p.get("takes"):
        assert holder == pos.seat
    else:
        assert holder != pos.seat and pos.camp(holder) is pos.camp(pos.seat), \
            "said the partner holds the trick, but he does not after this card"


def _trump_low(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card.is_trump
    held = pos.hand.mask & TRUMP_MASK
    if p["lowest"] == "hand":
        assert card is _lowest_trump(held), "said the lowest trump held, but a lower is held"
    elif p["lowest"] == "but-petit":
        assert held & PETIT.mask and card is _lowest_trump(held & ~PETIT.mask)
    else:
        assert p["lowest"] == "legal"
        assert card is _lowest_trump(pos.legal().mask), "not the lowest trump one may play"
        assert card is not _lowest_trump(held), "the lowest trump held: say so"
    # "keep the high ones for later" is said only of trumps the hand holds (issue 24)
    assert p["higher"] == (held & TRUMPS_ABOVE[card.rank]).bit_count(), "the high ones kept"


def _keep_petit(pos: Position, card: Card, p: dict[str, Any]) -> None:
    over = _cards(p["over"])[0]
    assert PETIT in pos.hand and PETIT in pos.legal() and card is not PETIT
    assert over.is_trump and over.rank == max(c.rank for c in pos.trick if c.is_trump) > 1


def _least_worth(pos: Position, card: Card, p: dict[str, Any]) -> None:
    worth = [c.points_half for c in pos.legal() if not c.is_excuse]
    assert not worth or card.points_half == min(worth), "said the card worth least"


def _discard_low(pos: Position, card: Card, p: dict[str, Any]) -> None:
    _least_worth(pos, card, p)
    led = led_card(pos.trick)
    assert led is not None and not pos.hand.mask & (led.suit_bits | TRUMP_MASK), \
        "said neither the suit nor a trump"


def _draw_trumps(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert p["held"] == (pos.hand.mask & TRUMP_MASK).bit_count()
    outside = pos.out_of_hand() & TRUMP_MASK
    if pos.ecart is not None and pos.seat == pos.taker:
        outside &= ~pos.ecart.mask
    assert p["out"] == outside.bit_count(), "the trumps said left outside"


def _plain_suits_led(pos: Position) -> list[int]:
    legal = pos.legal().mask
    return [suit_mask(s) for s in SUIT_ORDER if legal & suit_mask(s)]


def _lead_long_suit(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert led_card(pos.trick) is None and not card.is_trump
    mine = (pos.hand.mask & card.suit_bits).bit_count()
    assert all(mine >= (pos.hand.mask & bits).bit_count() for bits in _plain_suits_led(pos)), \
        "said the longest suit"
    assert card is min(CardSet(pos.legal().mask & card.suit_bits), key=lambda c: c.rank)
    # "to make its other cards good": one of them is beaten by a card still out of play
    played = 0
    for trick in pos.history:
        for c in trick.cards:
            played |= c.mask
    out = card.suit_bits & ~pos.hand.mask & ~played
    beaten = [c for c in CardSet(pos.hand.mask & card.suit_bits & ~card.mask)
              if any(h.rank > c.rank for h in CardSet(out))]
    in_other_hands = [c for c in beaten if any(
        h.rank > c.rank for i, hand in enumerate(pos.hands) if i != pos.seat
        for h in CardSet(hand.mask & card.suit_bits))]
    if p["establish"]:
        assert beaten, "said its other cards are not good yet"
    else:
        assert not in_other_hands, "said its other cards are good already"


def _lead_low(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert led_card(pos.trick) is None and not card.is_trump
    suits = _plain_suits_led(pos)
    if p.get("kingless", True):
        assert not pos.hand.mask & card.suit_bits & KING_MASK, "said the suit has no king"
        suits = [bits for bits in suits if not pos.hand.mask & bits & KING_MASK]
    mine = (pos.hand.mask & card.suit_bits).bit_count()
    assert all(mine >= (pos.hand.mask & bits).bit_count() for bits in suits), \
        "said the longest suit"


def _lead_taker_void(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert not pos.hands[pos.taker].mask & card.suit_bits, "said the taker lacks the suit"


def _cash_master(pos: Position, card: Card, p: dict[str, Any]) -> None:
    above = card.suit_bits & ~((card.mask << 1) - 1)
    assert not pos.others_hold(above), "said nobody can beat the card"


def _capture_petit(pos: Position, card: Card, p: dict[str, Any]) -> None:
    # "The petit is in the trick: take it" — whose it is, the player may not know (five
    # players before the called card shows): not claimed
    assert PETIT in pos.trick
    assert pos.wins_with(card) == pos.seat, "said to take the petit"


def _wins(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert pos.wins_with(card) == pos.seat, "said the card wins the trick (now)"


def _king_first_round(pos: Position, card: Card, p: dict[str, Any]) -> None:
    _wins(pos, card, p)
    for past in pos.history:
        led = led_card(past.cards)
        assert led is None or not led.mask & card.suit_bits, "not the suit's first round"


def _called(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card is pos.called


def _called_king(pos: Position, card: Card, p: dict[str, Any]) -> None:
    _called(pos, card, p)
    _wins(pos, card, p)


def _excuse(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card is EXCUSE


def _before_last(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card is EXCUSE and len(pos.hand) == 2


def _protects_petit(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card is EXCUSE and PETIT in pos.hand


def _kept_for_end(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert pos.seat == pos.taker and PETIT in pos.hand and card is not PETIT
    assert not pos.others_hold(TRUMP_MASK), "said the defence has no trump left"


def _hunt_petit(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert PETIT not in pos.hand and PETIT.mask & pos.out_of_hand()


def _only(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert pos.legal().codes() == [card.code]


def _to_partner(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert pos.seat == pos.taker and pos.called is not None
    assert card.mask & pos.called.suit_bits


def _trump_win(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card.is_trump
    _wins(pos, card, p)
    if p["sure"] == "none-after":
        assert not pos.opponents_after(), "said no opponent plays after"


def _trump_high(pos: Position, card: Card, p: dict[str, Any]) -> None:
    assert card.is_trump
    if p["sure"]:
        assert not pos.others_hold(TRUMPS_ABOVE[card.rank]), \
            "said no trump outside the hand beats it"
    else:
        assert card is max(CardSet(pos.legal().mask & TRUMP_MASK), key=lambda c: c.rank)


# Rows alike by nature with i18n's REASON_MESSAGES: one check a reason code, keyed the same.
PLAY_FACTS: dict[ReasonCode, Check] = {
    ReasonCode.PLAY_ONLY_CARD: _only,
    ReasonCode.PLAY_EXCUSE_BEFORE_LAST: _before_last,
    ReasonCode.PLAY_EXCUSE_KEPT_FOR_CHELEM: lambda pos, card, p: None,
    ReasonCode.PLAY_EXCUSE_SAVES: _excuse,
    ReasonCode.PLAY_EXCUSE_PROTECTS_PETIT: _protects_petit,
    ReasonCode.PLAY_PETIT_SAFE: _petit_safe,
    ReasonCode.PLAY_KEEP_PETIT: _keep_petit,
    ReasonCode.PLAY_PETIT_KEPT_FOR_END: _kept_for_end,
    ReasonCode.PLAY_CAPTURE_PETIT: _capture_petit,
    ReasonCode.PLAY_DRAW_TRUMPS: _draw_trumps,
    ReasonCode.PLAY_CASH_MASTER: _cash_master,
    ReasonCode.PLAY_LEAD_LONG_SUIT: _lead_long_suit,
    ReasonCode.PLAY_LEAD_TAKER_VOID: _lead_taker_void,
    ReasonCode.PLAY_LEAD_LOW: _lead_low,
    ReasonCode.PLAY_HUNT_PETIT: _hunt_petit,
    ReasonCode.PLAY_NO_BLIND_TRUMP: lambda pos, card, p: None,
    ReasonCode.PLAY_LEAD_CALLED_KING: _called,
    ReasonCode.PLAY_LEAD_TO_PARTNER: _to_partner,
    ReasonCode.PLAY_CALLED_KING: _called_king,
    ReasonCode.PLAY_CHARGE: _charge,
    ReasonCode.PLAY_KING_FIRST_ROUND: _king_first_round,
    ReasonCode.PLAY_WIN_LAST: _win_last,
    ReasonCode.PLAY_WIN_CHEAP: _wins,
    ReasonCode.PLAY_TRUMP_WIN: _trump_win,
    ReasonCode.PLAY_TRUMP_HIGH: _trump_high,
    ReasonCode.PLAY_TRUMP_LOW: _trump_low,
    ReasonCode.PLAY_DUCK: _least_worth,
    ReasonCode.PLAY_DISCARD_LOW: _discard_low,
}


def _variant(r: Reason) -> str:
    """The reason's code, with the param that picks its sentence."""
    for key in ("why", "lowest", "takes", "shortest", "kingless", "sure"):
        if key in r.params:
            return f"{r.code.value}/{r.params[key]}"
    return r.code.value


def check_play_advice(pos: Position) -> Card:
    """Ask the advice for ``pos`` as the player knows it; check each reason's facts; return
    the card advised."""
    ctx = make_context(
        pos.players, pos.hand, pos.trick, seat=pos.seat, taker=pos.taker,
        contract=Contract.GARDE, called_card=pos.called,
        partner=pos.partner if pos.seat == pos.partner else None, history=pos.history,
        ecart=pos.ecart if pos.seat == pos.taker else None)
    advice = advise_play(ctx)
    assert advice.card in pos.legal()
    for r in advice.reasons:
        SEEN[_variant(r)] += 1
        _named_cards_are_here(pos, r)
        subject = _cards(r.params.get("card"))
        card = subject[0] if subject else advice.card
        if r.code in (ReasonCode.PLAY_EXCUSE_SAVES, ReasonCode.PLAY_KEEP_PETIT,
                      ReasonCode.PLAY_EXCUSE_KEPT_FOR_CHELEM):
            card = advice.card  # the card named is the one saved or kept, not the one played
        else:
            assert card is advice.card, (r, advice.card)
        PLAY_FACTS[r.code](pos, card, dict(r.params))
    return advice.card


# --- the écart and the bid --------------------------------------------------------------------


def check_ecart_advice(players: int, hand: CardSet, chien: CardSet,
                       called: Card | None) -> CardSet:
    advice = advise_ecart(players, hand, chien, called_card=called)
    assert advice.ecart is not None
    pool = hand | chien
    kept = pool.mask & ~advice.ecart.mask
    for r in advice.reasons:
        SEEN[_variant(r)] += 1
        p = dict(r.params)
        for card in _cards(p.get("cards")):
            assert card in pool
        if r.code is ReasonCode.ECART_SHORTEN:
            left = (kept & suit_mask(p["suit"])).bit_count()
            assert p["left"] == left, "the cards said kept of the suit"
            others = [(kept & suit_mask(s)).bit_count() for s in SUIT_ORDER
                      if s.value != p["suit"]]
            if p["shortest"]:  # shorter than every other suit, a void too (issue 24)
                assert all(left < n for n in others), "said the shortest suit"
                assert left, "said the shortest suit"
        elif r.code is ReasonCode.ECART_VOID:
            assert not kept & suit_mask(p["suit"]), "said no card of the suit is left"
        elif r.code is ReasonCode.ECART_HONOURS:
            for card in _cards(p["cards"]):
                assert not pool.mask & card.suit_bits & KING_MASK, "said without its king"
        elif r.code is ReasonCode.ECART_TRUMPS_FORCED:
            forced = CardSet.of(_cards(p["cards"]))
            lowest = sorted(discardable_trumps(pool), key=lambda c: c.rank)[:len(forced)]
            assert forced == CardSet.of(lowest), "said the lowest trumps one may discard"
        elif r.code is ReasonCode.ECART_KEEP_TRUMPS:
            assert p["count"] == (kept & TRUMP_MASK).bit_count() == \
                (pool.mask & TRUMP_MASK).bit_count()
        elif r.code is ReasonCode.ECART_KEEP_KINGS:
            assert CardSet.of(_cards(p["cards"])).mask == pool.mask & KING_MASK
    return advice.ecart


def check_bid_advice(players: int, hand: CardSet) -> None:
    """The hand evaluation's lines add up to the strength the bid reason quotes; each line's
    count is the hand's."""
    advice = advise_bid(players, hand)
    lines = [r for r in advice.reasons if r.code.value.startswith("hand-")]
    assert sum(int(r.params.get("points", 0)) for r in lines) == advice.strength
    for r in lines:
        p = dict(r.params)
        if r.code in (ReasonCode.HAND_TRUMPS, ReasonCode.HAND_FEW_TRUMPS):
            assert p["count"] == (hand.mask & (TRUMP_MASK | EXCUSE.mask)).bit_count()
            if r.code is ReasonCode.HAND_TRUMPS:  # "the excuse counted": only when held
                assert p["excuse"] == (EXCUSE in hand)
        elif r.code is ReasonCode.HAND_LONG_SUIT:
            assert p["length"] == _suit_length(hand, p["suit"])
        elif r.code is ReasonCode.HAND_VOID:
            assert _suit_length(hand, p["suit"]) == 0
        elif r.code is ReasonCode.HAND_SINGLETON:
            assert _suit_length(hand, p["suit"]) == 1
    for r in advice.reasons:
        if "strength" in r.params:
            assert r.params["strength"] == advice.strength


# --- the deals --------------------------------------------------------------------------------


def play_one_deal(players: int, seed: int) -> int:
    """Deal, take, call, make the écart, play every card (the advised one or a random legal
    one), checking the advice at each turn; then check the points each trick gave its winner
    against the core's count. Returns the number of positions checked."""
    rng = random.Random(seed)
    dealt = deal(players, seed=seed)
    hands = list(dealt.hands)
    for hand in hands:
        check_bid_advice(players, hand)
    taker = rng.randrange(players)
    called = None
    if players == 5:
        called = rng.choice([c for c in CardSet(KING_MASK)])
    partner = partner_seat(hands, called, taker) if called is not None else None
    ecart = None
    if rng.random() < 0.7:  # a petite or a garde: the chien taken, an écart made
        ecart = check_ecart_advice(players, hands[taker], dealt.chien, called)
        hands[taker] = (hands[taker] | dealt.chien) - ecart
        if called is not None and called in dealt.chien:
            partner = None
    history: list[PlayedTrick] = []
    leader = dealt.first_speaker
    checked = 0
    while len(hands[0]):
        trick: list[Card] = []
        for i in range(players):
            seat = (leader + i) % players
            pos = Position(players, seat, hands, trick, leader, history, taker, partner,
                           called, ecart)
            advised = check_play_advice(pos)
            checked += 1
            card = advised if rng.random() < 0.5 else rng.choice(list(pos.legal()))
            hands[seat] = hands[seat] - CardSet.of([card])
            trick = [*trick, card]
        done = PlayedTrick(leader, tuple(trick))
        history = [*history, done]
        leader = done.winner_seat(players)
    _check_trick_points(players, taker, partner, history, dealt.chien, ecart)
    return checked


def _check_trick_points(players: int, taker: int, partner: int | None,
                        tricks: Sequence[PlayedTrick], chien: CardSet,
                        ecart: CardSet | None) -> None:
    """What ``/check/trick`` says a trick gives its winner (:func:`trick_won_half`, the excuse
    returned for a half-point card when it is the other side's and not at the last trick) adds
    up, over the deal, to the core's count of each side's tricks."""
    count = count_deal(players=players, contract=Contract.GARDE, taker=taker, partner=partner,
                       tricks=tricks, chien=chien, ecart=ecart)
    if count.chelem is not None:
        return  # the excuse may win the last trick of a chelem: counted apart by the core
    got = {Camp.TAKER: 0, Camp.DEFENSE: 0}
    last = len(tricks) - 1
    for number, trick in enumerate(tricks):
        winner = camp_of(trick.winner_seat(players), taker, partner)
        returned = False
        if EXCUSE in trick.cards:
            owner = camp_of(trick.seat_of(trick.cards.index(EXCUSE), players), taker, partner)
            returned = owner is not winner and number != last
            if returned:  # the owner keeps the excuse and gives a half-point card for it
                got[owner] += EXCUSE.points_half - EXCHANGE_HALF
        got[winner] += trick_won_half(trick.cards, excuse_returned=returned)
    aside = (ecart if ecart is not None else chien).points_half()
    assert got[Camp.TAKER] + aside == count.points_half[Camp.TAKER]
    assert got[Camp.DEFENSE] == count.points_half[Camp.DEFENSE]


def test_every_reason_states_only_facts() -> None:
    check_positions()


def check_positions() -> dict[int, int]:
    """Play seeded deals, 3, 4 and 5 players in turn, until enough positions are checked."""
    start = time.perf_counter()
    checked = {3: 0, 4: 0, 5: 0}
    seed = 0
    while sum(checked.values()) < POSITIONS or min(checked.values()) < POSITIONS // 5:
        players = (3, 4, 5)[seed % 3]
        checked[players] += play_one_deal(players, 12_000 + seed)
        seed += 1
    elapsed = time.perf_counter() - start
    assert sum(checked.values()) >= POSITIONS, checked
    assert elapsed < BUDGET_SECONDS, f"{elapsed:.1f} s for {checked}"
    for variant in ("play-win-last/last", "play-win-last/partners-after", "play-charge/True",
                    "play-trump-low/hand", "play-trump-low/but-petit", "play-trump-low/legal",
                    "play-trump-win/none-after", "play-trump-win/expected",
                    "play-trump-win/for-now", "play-trump-high/True",
                    "play-keep-petit", "play-petit-safe/partner", "play-petit-safe/none-after",
                    "ecart-shorten/True", "ecart-shorten/False", "play-lead-low/True",
                    "play-draw-trumps", "play-cash-master", "play-discard-low", "play-duck"):
        # A suit shortened and shorter than every other, voids included, is rare: the écart
        # makes the voids first.
        assert SEEN[variant] >= (1 if variant == "ecart-shorten/True" else 5), (variant, SEEN)
    return checked


if __name__ == "__main__":  # the figures: python tests/test_advice_facts.py
    began = time.perf_counter()
    positions = check_positions()
    print(f"{sum(positions.values())} positions {positions} in "
          f"{time.perf_counter() - began:.1f} s")
    for name, times in sorted(SEEN.items()):
        print(f"{times:7d}  {name}")
