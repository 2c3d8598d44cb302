"""The auction (les enchères) and the chelem announcement.

The seeds' rules: the player right of the dealer speaks first, then each player to his right,
up to the dealer. Each player speaks **once**: he passes or names a contract strictly higher
than every contract named before him (petite < garde < garde sans < garde contre). The highest
contract wins the auction; if everyone passes, the deal is dealt again (see
:func:`rules_fr.deal.redeal`). A dealer who misdealt deals again and "ne peut pas prendre à ce
tour": he may only pass.

A garde contre cannot be outbid, but the FFT does not end the auction early on it: the players
after it still speak, and can only pass. We keep it so: an auction is complete when every
player has spoken once.

A bid is a :class:`~rules_fr.contracts.Contract`, or ``None`` for *passe*. Bids are listed in
speaking order: index 0 is the player right of the dealer, seat ``(dealer + 1) % n``.

>>> bids = [None, Contract.GARDE, None, None]
>>> check_bid(4, bids[:1], Contract.PETITE), auction_result(4, bids).contract
([], <Contract.GARDE: 2>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_fr.contracts import Contract
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, violation

__all__ = [
    "AuctionResult",
    "Bid",
    "auction_result",
    "check_bid",
    "check_chelem_announcement",
    "check_speaker",
    "chelem_leader",
    "first_illegal_bid",
    "highest_bid",
    "parse_bid",
    "speaker_seat",
]

Bid = Contract | None
"""A contract, or ``None`` for *passe*."""

_PASS_WORDS = frozenset({"passe", "pass", "je passe", "passer"})
_TAKE_WORDS = frozenset({"prends", "je prends", "prendre"})


def parse_bid(text: str) -> Contract | None:
    """The bid named by ``text``: ``None`` for a pass, else the contract.

    Accepts ``passe``/``pass``, ``petite``/``prise``, ``garde``, ``garde_sans``,
    ``garde_contre``, with spaces, hyphens or underscores, any case, the long forms ("garde
    sans le chien") and the spoken ones ("je passe", "je prends", "je garde"). Anything else
    raises ``ValueError``.

    >>> parse_bid("passe"), parse_bid("Pass"), parse_bid("prise"), parse_bid("je prends")
    (None, None, <Contract.PETITE: 1>, <Contract.PETITE: 1>)
    >>> parse_bid("garde-contre"), parse_bid("Je garde sans le chien")
    (<Contract.GARDE_CONTRE: 4>, <Contract.GARDE_SANS: 3>)
    >>> parse_bid("contre")
    Traceback (most recent call last):
    ...
    ValueError: unknown bid: 'contre'
    """
    if not isinstance(text, str):
        raise ValueError(f"unknown bid: {text!r}")
    words = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    if words in _PASS_WORDS:
        return None
    if words in _TAKE_WORDS:
        return Contract.PETITE
    if words.startswith("je "):
        words = words[3:]
    try:
        return Contract.parse(words)
    except ValueError:
        raise ValueError(f"unknown bid: {text!r}") from None


def highest_bid(bids: Sequence[Contract | None]) -> Contract | None:
    """The highest contract named so far, ``None`` when all passed (or nobody spoke).

    >>> highest_bid([None, Contract.PETITE, Contract.GARDE, None])
    <Contract.GARDE: 2>
    >>> highest_bid([None, None]) is None
    True
    """
    return max((bid for bid in bids if bid is not None), default=None)


def check_bid(
    players: int,
    earlier: Sequence[Contract | None],
    bid: Contract | None,
    *,
    dealer_misdealt: bool = False,
) -> list[Violation]:
    """What is wrong with ``bid`` after the ``earlier`` bids (an empty list: a legal bid).

    ``earlier`` holds the bids already made, in speaking order, and is taken as legal. The
    speaker is the next in order, so the dealer is the one who speaks when ``players - 1`` bids
    were made: ``dealer_misdealt=True`` says this deal is a redeal after the dealer's misdeal,
    and then the dealer may only pass. (At five players with a dealer who sits out, no bidder
    is the dealer: leave it ``False``.)

    Guards, in the rulebook's order: each player speaks once (``bid-auction-closed``); a
    dealer who misdealt may not take (``bid-dealer-after-misdeal``); a contract must be
    strictly higher than the highest contract named (``bid-too-low``, with ``bid`` and
    ``highest``). Passing is legal whenever the auction is open.

    >>> check_bid(4, [], Contract.PETITE)
    []
    >>> [(v.code.value, dict(v.params)) for v in check_bid(4, [Contract.GARDE], Contract.GARDE)]
    [('bid-too-low', {'bid': 'garde', 'highest': 'garde'})]
    >>> [v.code.value for v in check_bid(3, [None, None, None], None)]
    ['bid-auction-closed']
    >>> [v.code.value for v in check_bid(3, [None, None], Contract.GARDE, dealer_misdealt=True)]
    ['bid-dealer-after-misdeal']
    >>> check_bid(3, [None, None], None, dealer_misdealt=True)
    []
    """
    rules_for(players)  # 3, 4 or 5 players hold cards
    # bid.once: each player speaks once, the dealer last
    if len(earlier) >= players:
        return [violation(Code.BID_AUCTION_CLOSED, bids=len(earlier), players=players)]
    if bid is None:  # passing is always allowed while the auction is open
        return []
    found: list[Violation] = []
    # deal.misdeal: the dealer who misdealt redeals and may not take
    if dealer_misdealt and len(earlier) == players - 1:
        found.append(violation(Code.BID_DEALER_AFTER_MISDEAL, bid=bid))
    # bid.higher: strictly above every contract named before
    highest = highest_bid(earlier)
    if highest is not None and bid <= highest:
        found.append(violation(Code.BID_TOO_LOW, bid=bid, highest=highest))
    return found


def speaker_seat(dealer: int, players: int, bids_so_far: int | Sequence[Contract | None]) -> int:
    """The seat of the player who speaks next, given the bids made so far (or their number).

    The player right of the dealer speaks first, the dealer last. ``ValueError`` once every
    player has spoken.

    >>> speaker_seat(3, 4, 0), speaker_seat(3, 4, [None, None]), speaker_seat(3, 4, 3)
    (0, 2, 3)
    """
    spoken = bids_so_far if isinstance(bids_so_far, int) else len(bids_so_far)
    if not 0 <= spoken < players:
        raise ValueError(f"the auction is over: {players} players have spoken")
    return (dealer + 1 + spoken) % players


def check_speaker(
    dealer: int, players: int, bids_so_far: int | Sequence[Contract | None], seat: int
) -> list[Violation]:
    """``bid-out-of-turn`` when ``seat`` is not the player whose turn it is to speak
    (``bid-auction-closed`` when everyone has spoken).

    >>> check_speaker(0, 4, 0, 1)
    []
    >>> [(v.code.value, dict(v.params)) for v in check_speaker(0, 4, 0, 0)]
    [('bid-out-of-turn', {'seat': 0, 'expected': 1})]
    """
    spoken = bids_so_far if isinstance(bids_so_far, int) else len(bids_so_far)
    if spoken >= players:
        return [violation(Code.BID_AUCTION_CLOSED, bids=spoken, players=players)]
    expected = speaker_seat(dealer, players, spoken)
    if seat != expected:
        return [violation(Code.BID_OUT_OF_TURN, seat=seat, expected=expected)]
    return []


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """Where an auction stands: who takes (so far) with what, whether it is over."""

    taker_index: int | None
    """Position of the taker in speaking order (0 is right of the dealer); ``None`` if none."""
    contract: Contract | None
    complete: bool
    """Every player has spoken."""
    all_passed: bool
    """Complete, and nobody took: the deal is dealt again."""

    def taker_seat(self, dealer: int, players: int) -> int | None:
        """The taker's seat at a table where ``dealer`` dealt.

        >>> auction_result(4, [None, None, Contract.GARDE, None]).taker_seat(1, 4)
        0
        """
        if self.taker_index is None:
            return None
        return (dealer + 1 + self.taker_index) % players


def first_illegal_bid(
    players: int, bids: Sequence[Contract | None], *, dealer_misdealt: bool = False
) -> tuple[int, list[Violation]] | None:
    """The first bid of ``bids`` (in speaking order) that breaks a rule, as its index and
    violations (:func:`check_bid` against the bids before it); ``None`` when every bid is
    legal. An auction can then be judged up to its first fault.

    >>> first_illegal_bid(4, [None, Contract.GARDE, None]) is None
    True
    >>> index, found = first_illegal_bid(4, [Contract.GARDE, Contract.PETITE, None])
    >>> index, [v.code.value for v in found]
    (1, ['bid-too-low'])
    """
    for index, bid in enumerate(bids):
        found = check_bid(players, bids[:index], bid, dealer_misdealt=dealer_misdealt)
        if found:
            return index, found
    return None


def auction_result(
    players: int, bids: Sequence[Contract | None], *, dealer_misdealt: bool = False
) -> AuctionResult:
    """The outcome of the bids made so far, in speaking order.

    Every bid is checked with :func:`check_bid` against the ones before it; an illegal
    sequence raises :class:`~rules_fr.verdicts.IllegalActionError` (a ``ValueError``). The
    taker is the last player who named a contract, which is the highest one.

    >>> auction_result(4, [None, Contract.PETITE, Contract.GARDE_SANS, None])
    AuctionResult(taker_index=2, contract=<Contract.GARDE_SANS: 3>, complete=True, \
all_passed=False)
    >>> auction_result(3, [None, None, None]).all_passed
    True
    >>> auction_result(5, [Contract.GARDE]).complete
    False
    >>> auction_result(4, [Contract.GARDE, Contract.PETITE])
    Traceback (most recent call last):
    ...
    rules_fr.verdicts.IllegalActionError: bid-too-low
    """
    fault = first_illegal_bid(players, bids, dealer_misdealt=dealer_misdealt)
    if fault is not None:
        raise IllegalActionError(fault[1])
    taker_index = None
    for index, bid in enumerate(bids):
        if bid is not None:
            taker_index = index
    contract = None if taker_index is None else bids[taker_index]
    complete = len(bids) == players
    return AuctionResult(taker_index, contract, complete, complete and contract is None)


# --- chelem --------------------------------------------------------------------------------


def check_chelem_announcement(is_taker: bool, cards_played: int, *,
                              play_begun: bool = False) -> list[Violation]:
    """What is wrong with announcing a chelem now (an empty list: a legal announcement).

    "Le chelem est annoncé en plus du contrat": by the taker, once the auction is over (after
    his écart, when he makes one) and before the first card is played, whether he has said
    « Jeu » or not. Guards: only the taker announces (``chelem-not-taker``); not once a card
    is played (``chelem-too-late``, with ``cards_played``), nor once play has begun
    (``play_begun``: a poignée is shown as its owner plays his first card). That the auction
    is over is the state machine's phase check.

    >>> check_chelem_announcement(True, 0)
    []
    >>> [v.code.value for v in check_chelem_announcement(False, 1)]
    ['chelem-not-taker', 'chelem-too-late']
    >>> [(v.code.value, v.params) for v in check_chelem_announcement(True, 0, play_begun=True)]
    [('chelem-too-late', {})]
    """
    found: list[Violation] = []
    if not is_taker:
        found.append(violation(Code.CHELEM_NOT_TAKER))
    if cards_played > 0:
        found.append(violation(Code.CHELEM_TOO_LATE, cards_played=cards_played))
    elif play_begun:
        found.append(violation(Code.CHELEM_TOO_LATE))
    return found


def chelem_leader(taker_seat: int, dealer: int, players: int, announced: bool) -> int:
    """Who leads the first trick: the taker after announcing a chelem ("l'entame revient de
    droit au preneur, quel que soit le donneur"), otherwise the player right of the dealer.

    >>> chelem_leader(2, 0, 4, announced=True), chelem_leader(2, 0, 4, announced=False)
    (2, 1)
    """
    return taker_seat if announced else (dealer + 1) % players
