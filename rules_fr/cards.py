"""Cards, the 78-card deck, card points and card notation.

A tarot deck has four suits of fourteen cards (1 to 10, valet, cavalier, dame, roi), the
twenty-one trumps (atouts) and the excuse. Three cards are *bouts* (also called oudlers): the
petit (trump 1), the 21 and the excuse; the number of bouts a taker wins sets his target.

Every card is one of 78 singletons, so identity and equality agree and a card can be used as a
dictionary key cheaply. Each card has an index 0..77 (suits first, ♠ ♥ ♦ ♣ from 1 to roi, then
trumps 1..21, then the excuse) and a one-bit ``mask``; :class:`CardSet` holds any set of cards in
one integer, the way python-chess holds squares, which keeps the hot paths of card play in a few
integer operations.

Points are kept in **half-points** (integers): a roi or a bout is 9, a dame 7, a cavalier 5, a
valet 3, any other card 1; the whole deck is 182 half-points, that is 91 points.

>>> parse_card("roi de cœur").code
'KH'
>>> points_half(DECK)
182
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from typing import Final

__all__ = [
    "Card",
    "CardParseError",
    "CardSet",
    "DECK",
    "EXCUSE",
    "PETIT",
    "TWENTY_ONE",
    "Suit",
    "BOUTS",
    "TRUMPS",
    "SUIT_ORDER",
    "card_from_index",
    "parse_card",
    "parse_cards",
    "points_half",
    "format_half_points",
    "sort_given",
    "suit_mask",
]


class Suit(StrEnum):
    """The suit a card belongs to, for following; trumps and the excuse are suits of their own."""

    SPADES = "S"  # pique
    HEARTS = "H"  # cœur
    DIAMONDS = "D"  # carreau
    CLUBS = "C"  # trèfle
    TRUMPS = "T"  # atouts
    EXCUSE = "X"  # l'excuse follows no suit


SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""Plain suits in the FFT's priority order (the dealer draw breaks ties in this order)."""

VALET, CAVALIER, DAME, ROI = 11, 12, 13, 14
_RANK_CODES: Final = {
    **{n: str(n) for n in range(1, 11)},
    VALET: "J",
    CAVALIER: "C",
    DAME: "Q",
    ROI: "K",
}


class CardParseError(ValueError):
    """Text that names no card; ``text`` is the offending input."""

    def __init__(self, text: str) -> None:
        super().__init__(f"unknown card: {text!r}")
        self.text = text


class Card:
    """One of the 78 tarot cards (never built directly: use :func:`parse_card` or the constants).

    ``rank`` is 1..14 for plain cards (11 valet, 12 cavalier, 13 dame, 14 roi), 1..21 for trumps
    and 0 for the excuse. ``code`` is the canonical notation used everywhere: ``KH``, ``10D``,
    ``T21``, ``EX``.
    """

    __slots__ = ("index", "suit", "rank", "code", "mask", "suit_bits", "points_half",
                 "is_trump", "is_excuse", "is_bout", "is_king", "is_face")

    index: int
    suit: Suit
    rank: int
    code: str
    mask: int
    suit_bits: int
    """The mask of every card of this card's suit (for following suit in a few operations)."""
    points_half: int
    is_trump: bool
    is_excuse: bool
    is_bout: bool
    is_king: bool
    is_face: bool

    def __init__(self, index: int, suit: Suit, rank: int) -> None:
        if len(_CARDS) >= 78:
            raise TypeError("the 78 cards already exist; use parse_card() or card_from_index()")
        set_ = object.__setattr__
        set_(self, "index", index)
        set_(self, "suit", suit)
        set_(self, "rank", rank)
        set_(self, "mask", 1 << index)
        set_(self, "is_trump", suit is Suit.TRUMPS)
        set_(self, "is_excuse", suit is Suit.EXCUSE)
        set_(self, "is_bout", suit is Suit.EXCUSE or (suit is Suit.TRUMPS and rank in (1, 21)))
        plain = suit in SUIT_ORDER
        set_(self, "is_king", plain and rank == ROI)
        set_(self, "is_face", plain and rank >= VALET)
        if suit is Suit.EXCUSE:
            code = "EX"
        elif suit is Suit.TRUMPS:
            code = f"T{rank}"
        else:
            code = _RANK_CODES[rank] + suit.value
        set_(self, "code", code)
        if self.is_bout or self.is_king:
            half = 9
        elif plain and rank == DAME:
            half = 7
        elif plain and rank == CAVALIER:
            half = 5
        elif plain and rank == VALET:
            half = 3
        else:
            half = 1
        set_(self, "points_half", half)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return card_from_index, (self.index,)

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


_CARDS: list[Card] = []
for _suit_index, _suit in enumerate(SUIT_ORDER):
    for _rank in range(1, 15):
        _CARDS.append(Card(_suit_index * 14 + _rank - 1, _suit, _rank))
for _rank in range(1, 22):
    _CARDS.append(Card(56 + _rank - 1, Suit.TRUMPS, _rank))
_CARDS.append(Card(77, Suit.EXCUSE, 0))
CARDS: Final[tuple[Card, ...]] = tuple(_CARDS)
"""All 78 cards by index."""

BY_CODE: Final[dict[str, Card]] = {card.code: card for card in CARDS}

PETIT: Final = BY_CODE["T1"]
TWENTY_ONE: Final = BY_CODE["T21"]
EXCUSE: Final = BY_CODE["EX"]


def card_from_index(index: int) -> Card:
    """The card with this index (0..77).

    >>> card_from_index(77)
    Card('EX')
    """
    return CARDS[index]


def suit_mask(suit: Suit) -> int:
    """The bit mask of every card of ``suit``."""
    return _SUIT_MASKS[suit]


_SUIT_MASKS: Final[dict[Suit, int]] = {
    suit: sum(card.mask for card in CARDS if card.suit is suit) for suit in Suit
}
for _card in CARDS:
    object.__setattr__(_card, "suit_bits", _SUIT_MASKS[_card.suit])
TRUMP_MASK: Final = _SUIT_MASKS[Suit.TRUMPS]
EXCUSE_MASK: Final = EXCUSE.mask
FULL_MASK: Final = (1 << 78) - 1
BOUT_MASK: Final = PETIT.mask | TWENTY_ONE.mask | EXCUSE.mask
KING_MASK: Final = sum(card.mask for card in CARDS if card.is_king)
_MASK_BY_HALF: Final = {
    half: sum(card.mask for card in CARDS if card.points_half == half) for half in (3, 5, 7, 9)
}


def trumps_above_mask(rank: int) -> int:
    """Mask of the trumps strictly higher than trump ``rank`` (0 gives every trump).

    >>> CardSet(trumps_above_mask(19)).codes()
    ['T20', 'T21']
    """
    return TRUMPS_ABOVE[rank]


TRUMPS_ABOVE: Final = tuple(
    sum(1 << (56 + r - 1) for r in range(rank + 1, 22)) for rank in range(0, 22)
)


class CardSet:
    """An immutable set of cards held in one 78-bit integer.

    Iteration yields cards in deck order (♠ ♥ ♦ ♣ from 1 to roi, trumps 1 to 21, excuse).

    >>> hand = CardSet.parse(["KH", "T1", "EX"])
    >>> len(hand), PETIT in hand, "KH" in hand, hand.codes()
    (3, True, True, ['KH', 'T1', 'EX'])
    >>> (hand - CardSet.parse(["EX"])).codes()
    ['KH', 'T1']
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, mask: int = 0) -> None:
        _set_mask(self, mask)  # the slot's own setter: immutable, and cheap to make

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of ``cards`` (duplicates collapse)."""
        mask = 0
        for card in cards:
            mask |= card.mask
        return cls(mask)

    @classmethod
    def parse(cls, texts: Iterable[str]) -> CardSet:
        """The set of cards named by ``texts`` (any notation :func:`parse_card` accepts)."""
        return cls.of(parse_card(text) for text in texts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return CardSet, (self.mask,)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        cards = CARDS
        while mask:
            low = mask & -mask
            yield cards[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):  # "KS" in hand: a code is read as its card, not ignored
            card = parse_card(card)
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __repr__(self) -> str:
        return f"CardSet.parse({self.codes()!r})"

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet(self.mask | card.mask)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``."""
        return CardSet(self.mask & ~card.mask)

    def codes(self) -> list[str]:
        """The canonical codes, in deck order."""
        return [card.code for card in self]

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of ``suit`` in this set."""
        return CardSet(self.mask & _SUIT_MASKS[suit])

    def count_suit(self, suit: Suit) -> int:
        """How many cards of ``suit`` this set holds."""
        return (self.mask & _SUIT_MASKS[suit]).bit_count()

    def trumps(self) -> CardSet:
        """The trumps of this set (not the excuse)."""
        return CardSet(self.mask & TRUMP_MASK)

    def points_half(self) -> int:
        """Card points of the set, in half-points."""
        return points_half(self)

    def bouts(self) -> int:
        """How many bouts the set holds."""
        return (self.mask & BOUT_MASK).bit_count()


_set_mask: Final[Callable[[CardSet, int], None]] = CardSet.__dict__["mask"].__set__

DECK: Final = CardSet(FULL_MASK)
TRUMPS: Final = CardSet(TRUMP_MASK)
BOUTS: Final = CardSet(BOUT_MASK)


def points_half(cards: CardSet | Iterable[Card]) -> int:
    """Card points in half-points: a bout or roi 9, dame 7, cavalier 5, valet 3, other 1.

    >>> points_half(CardSet.parse(["KH", "T1"])), points_half([BY_CODE["5S"]])
    (18, 1)
    """
    if not isinstance(cards, CardSet):
        cards = CardSet.of(cards)
    mask = cards.mask
    by_half = _MASK_BY_HALF
    return (
        mask.bit_count()
        + 2 * (mask & by_half[3]).bit_count()
        + 4 * (mask & by_half[5]).bit_count()
        + 6 * (mask & by_half[7]).bit_count()
        + 8 * (mask & by_half[9]).bit_count()
    )


def sort_given(given: Iterable[Card], pool: CardSet) -> tuple[CardSet, list[Card], list[Card]]:
    """Cards a player says he puts aside or shows, sorted against the cards he may use: those
    of ``pool`` among them (each once), those ``pool`` lacks, and those given again (a card
    listed a second time), the last two in the order given.

    >>> sort_given(parse_cards(["KS", "KS", "T1", "2H"]), CardSet.parse(["KS", "2H"]))
    (CardSet.parse(['KS', '2H']), [Card('T1')], [Card('KS')])
    """
    seen = 0
    lacking: list[Card] = []
    again: list[Card] = []
    for card in given:
        if card.mask & seen:
            again.append(card)
        elif not card.mask & pool.mask:
            lacking.append(card)
        seen |= card.mask
    return CardSet(seen & pool.mask), lacking, again


def format_half_points(half: int) -> str:
    """Half-points as the rulebook writes them, with a dot (``41.5``); the locale layer may
    render it otherwise.

    >>> format_half_points(83), format_half_points(82)
    ('41.5', '41')
    """
    whole, odd = divmod(half, 2)
    return f"{whole}.5" if odd else str(whole)


# --- parsing -------------------------------------------------------------------------------

_SUIT_WORDS: Final = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES, "pique": Suit.SPADES,
    "piques": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS, "coeur": Suit.HEARTS,
    "coeurs": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "carreau": Suit.DIAMONDS,
    "carreaux": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS, "trefle": Suit.CLUBS,
    "trefles": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS,
}
_RANK_WORDS: Final = {
    "roi": ROI, "king": ROI, "k": ROI, "r": ROI,
    "dame": DAME, "queen": DAME, "q": DAME,
    "cavalier": CAVALIER, "knight": CAVALIER, "cav": CAVALIER, "n": CAVALIER, "c": CAVALIER,
    "valet": VALET, "jack": VALET, "knave": VALET, "j": VALET, "v": VALET,
    "as": 1, "ace": 1, "a": 1,
    **{str(n): n for n in range(1, 11)},
}
_NUMBER_WORDS: Final = {
    "un": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4,
    "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8,
    "neuf": 9, "nine": 9, "dix": 10, "ten": 10,
}
_EXCUSE_WORDS: Final = {"ex", "excuse", "l excuse", "the excuse", "fool", "the fool", "*", "★"}
_PETIT_WORDS: Final = {"petit", "le petit", "the petit", "petit d atout", "little one"}
_TRUMP_WORDS: Final = ("atout", "atouts", "trump", "trumps", "t")
_ARTICLES: Final = ("le ", "la ", "l ", "the ")
_JOINERS: Final = (" de ", " d ", " of ", " du ")
_COMPACT: Final = re.compile(r"^(10|[1-9]|[ajcnqkrv])([shdc♠♤♥♡♦♢♣♧])$")
_TRUMP_COMPACT: Final = re.compile(r"^(?:t|atout |atouts |trump |trumps )?(\d{1,2})$")


def _normalize(text: str) -> str:
    text = text.strip().lower().replace("œ", "oe").replace("’", "'").replace("'", " ")
    text = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return " ".join(text.split())


def parse_card(text: str) -> Card:
    """The card named by ``text``, raising :class:`CardParseError` when it names none.

    Accepts canonical codes in any case (``KH``, ``cs``, ``10D``, ``T21``, ``EX``), suit symbols
    (``K♥``), ``N`` for the cavalier, and names in French and English.

    >>> [parse_card(t).code for t in ["kh", "N♠", "cavalier de pique", "petit", "21 d'atout",
    ...                                "l'excuse", "king of hearts", "trump 7", "as de trèfle"]]
    ['KH', 'CS', 'CS', 'T1', 'T21', 'EX', 'KH', 'T7', '1C']
    >>> parse_card("joker")
    Traceback (most recent call last):
    ...
    rules_fr.cards.CardParseError: unknown card: 'joker'
    """
    if not isinstance(text, str):
        raise CardParseError(repr(text))
    exact = BY_CODE.get(text)
    if exact is not None:
        return exact
    card = _parse_normalized(_normalize(text))
    if card is None:
        raise CardParseError(text)
    return card


def _parse_normalized(words: str) -> Card | None:
    if not words:
        return None
    upper = words.upper().replace(" ", "")
    if upper in BY_CODE:
        return BY_CODE[upper]
    if words in _EXCUSE_WORDS:
        return EXCUSE
    if words in _PETIT_WORDS:
        return PETIT
    compact = _COMPACT.match(words.replace(" ", ""))
    if compact:
        return _plain(_RANK_WORDS[compact.group(1)], _SUIT_WORDS[compact.group(2)])
    trump = _TRUMP_COMPACT.match(words)
    if trump:  # "T7", "trump 7", "atout 21", and a bare number, as in "le 21"
        return _trump(int(trump.group(1)))
    for article in _ARTICLES:
        if words.startswith(article):
            return _parse_normalized(words[len(article):])
    for joiner in _JOINERS:
        if joiner in words:
            left, right = (part.strip() for part in words.split(joiner, 1))
            if right in _TRUMP_WORDS:  # "21 d'atout", "7 of trumps"
                return _trump(_number(left))
            suit = _SUIT_WORDS.get(right)
            rank = _RANK_WORDS.get(left) or _NUMBER_WORDS.get(left)
            if suit is not None and rank is not None:
                return _plain(rank, suit)
            return None
    parts = words.split(" ")
    if len(parts) == 2 and parts[0] in _TRUMP_WORDS:  # "trump 7", "atout sept"
        return _trump(_number(parts[1]))
    if len(parts) == 2 and parts[1] in _TRUMP_WORDS:  # "7 atout"
        return _trump(_number(parts[0]))
    return None


def _number(word: str) -> int:
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word, 0)


def _trump(rank: int) -> Card | None:
    return BY_CODE.get(f"T{rank}") if 1 <= rank <= 21 else None


def _plain(rank: int, suit: Suit) -> Card | None:
    if not 1 <= rank <= 14 or suit not in SUIT_ORDER:
        return None
    return CARDS[SUIT_ORDER.index(suit) * 14 + rank - 1]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Each text parsed with :func:`parse_card`, order kept.

    >>> parse_cards(["KH", "EX"])
    [Card('KH'), Card('EX')]
    """
    return [parse_card(text) for text in texts]
