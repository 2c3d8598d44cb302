"""marshmallow fields for the API's vocabulary: cards, card lists, contracts, bids, camps,
poignée levels, seats and half-point numbers.

Each field parses its value directly with the core's parser, without nested schemas: a card is
one dictionary lookup for a canonical code (``KH``) and falls back to
:func:`rules_fr.cards.parse_card` for names ("roi de cœur", "king of hearts"). A card list is
one field that walks its items itself, which costs a fraction of ``List(Nested(...))``.

Errors are :class:`~tutor.errors.ErrorKey` messages (a catalog key and its params), rendered in
the reader's language by the error handler; a card list reports each bad item under its index,
so the problem's pointer is ``/hand/3``.

>>> CardList().deserialize(["kh", "roi de pique", "EX"])
[Card('KH'), Card('KS'), Card('EX')]
>>> HalfPoints().deserialize(41.5)
83
"""

from __future__ import annotations

import math
from typing import Any, Final

from marshmallow import ValidationError, fields

from rules_fr.bidding import parse_bid
from rules_fr.cards import BY_CODE, Card, CardParseError, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.poignee import PoigneeLevel
from tutor.errors import ErrorKey

__all__ = [
    "CARD_LIST_EXAMPLE",
    "BidField",
    "BoundedInt",
    "CampField",
    "CardField",
    "CardList",
    "ContractField",
    "HalfPoints",
    "PlayersField",
    "PoigneeLevelField",
    "StrictBool",
    "WordField",
    "wrong_type",
]

MAX_CARD_TEXT: Final = 40
"""The longest card name accepted ("le cavalier de carreau", "the knight of diamonds" fit)."""

CARD_DESCRIPTION: Final = (
    "A card: a canonical code (`KH` roi de cœur, `CS` cavalier de pique, `10D`, `1C` as de "
    "trèfle, `T21` the 21 of trumps, `T1` the petit, `EX` the excuse; any case; `N` for the "
    "cavalier, suit symbols ♠♥♦♣) or a name in French or English (\"roi de cœur\", \"petit\", "
    "\"21 d'atout\", \"king of hearts\", \"trump 7\"). Responses always use canonical codes."
)


def wrong_type(expected: str, example: str) -> ErrorKey:
    """A value of the wrong JSON type: ``field-invalid`` saying what was expected (a kind of
    :data:`tutor.i18n.errors.EXPECTED`) with a valid example, as JSON text.

    >>> wrong_type("integer", "4").params
    {'expected': 'integer', 'example': '4'}
    """
    return ErrorKey("field-invalid", expected=expected, example=example)


CARD_LIST_EXAMPLE: Final = '"KH", "T21", "EX"'


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CARD_TEXT else text[:MAX_CARD_TEXT] + "…"


def parse_card_value(value: Any) -> Card:
    """The card a JSON value names, raising ``ValidationError`` with an :class:`ErrorKey`."""
    if type(value) is str:
        card = BY_CODE.get(value)
        if card is not None:
            return card
        if len(value) <= MAX_CARD_TEXT:
            try:
                return parse_card(value)
            except CardParseError:
                pass
        raise ValidationError(ErrorKey("unknown-card", text=_clip(value)))
    raise ValidationError(wrong_type("card", '"KH"'))


class CardField(fields.String):
    """One card, in any notation the core accepts; dumped as its canonical code."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": CARD_DESCRIPTION, "example": "KH",
                    "maxLength": MAX_CARD_TEXT, "minLength": 1, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    # a card, not the str a String field loads: String only for its OpenAPI type
    def _deserialize(  # type: ignore[override]
            self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card:
        return parse_card_value(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        if value is None:
            return None
        return value if isinstance(value, str) else value.code


class CardList(fields.List[Any]):
    """A list of cards, parsed in one pass; ``unique`` refuses a card given twice
    (``duplicate-card``, reported at the second occurrence); past ``max_items`` the
    ``too_long`` error (``list-too-long``, or ``hand-too-large`` for a hand).

    >>> CardList(unique=True).deserialize(["KH", "kh"])
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: {1: ['duplicate-card']}
    """

    def __init__(self, *, unique: bool = True, max_items: int = 78, min_items: int = 0,
                 too_long: str = "list-too-long", **kwargs: Any) -> None:
        metadata = {"maxItems": max_items, **kwargs.pop("metadata", {})}
        if min_items:
            metadata["minItems"] = min_items
        if unique:
            metadata.setdefault("uniqueItems", True)
        super().__init__(CardField(), metadata=metadata, **kwargs)
        self.unique = unique
        self.max_items = max_items
        self.min_items = min_items
        self.too_long = too_long

    # never a None item, which marshmallow's List allows for: list[Card], not list[Card | None]
    def _deserialize(  # type: ignore[override]
            self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Card]:
        if type(value) is not list:
            raise ValidationError(wrong_type("card-list", CARD_LIST_EXAMPLE))
        size = len(value)
        if size > self.max_items:
            raise ValidationError(ErrorKey(self.too_long, size=size, max=self.max_items))
        if size < self.min_items:
            raise ValidationError(ErrorKey("list-too-short", size=size, min=self.min_items))
        by_code = BY_CODE
        cards: list[Card] = []
        seen = 0
        errors: dict[int, list[ErrorKey]] = {}
        for index, item in enumerate(value):
            card = by_code.get(item) if type(item) is str else None
            if card is None:
                try:
                    card = parse_card_value(item)
                except ValidationError as error:
                    errors[index] = error.messages  # type: ignore[assignment]
                    continue
            if self.unique and card.mask & seen:
                errors[index] = [ErrorKey("duplicate-card", card=card.code)]
            seen |= card.mask
            cards.append(card)
        if errors:
            raise ValidationError(errors)
        return cards

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        return [card if isinstance(card, str) else card.code for card in value]


def control_character(text: str) -> int | None:
    """The index of the first character of ``text`` a name may not hold: a control character
    (C0, DEL, C1: a NUL is refused by PostgreSQL, a newline breaks a scoresheet's line) or a
    lone surrogate (which no UTF-8 database can store); None when there is none.

    >>> control_character("Chloé"), control_character("a\\x00b"), control_character("x\\x7f")
    (None, 1, 1)
    """
    for index, char in enumerate(text):
        point = ord(char)
        if point < 0x20 or 0x7F <= point <= 0x9F or 0xD800 <= point <= 0xDFFF:
            return index
    return None


class NameField(fields.String):
    """A person's name, as people write it: 1 to ``max_length`` characters, no control
    character (``control-character``, naming its position and code point) — the same answer on
    every database, where PostgreSQL alone would refuse a NUL with a 500."""

    def __init__(self, max_length: int, **kwargs: Any) -> None:
        metadata = {"minLength": 1, "maxLength": max_length,
                    "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]+$",
                    "example": "Chloé", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.max_length = max_length

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str:
            raise ValidationError(wrong_type("text", '"Chloé"'))
        if not 1 <= len(value) <= self.max_length:
            raise ValidationError(ErrorKey("name-length", max=self.max_length))
        found = control_character(value)
        if found is not None:
            raise ValidationError(ErrorKey("control-character", position=found + 1,
                                           code=f"U+{ord(value[found]):04X}"))
        return value


class BoundedInt(fields.Integer):
    """A JSON integer (not a float, string or boolean) within ``[minimum, maximum]``; outside,
    the ``key`` error (``value-range`` by default) with value, min and max."""

    def __init__(self, minimum: int, maximum: int, *, key: str = "value-range",
                 **kwargs: Any) -> None:
        metadata = {"minimum": minimum, "maximum": maximum, **kwargs.pop("metadata", {})}
        super().__init__(strict=True, metadata=metadata, **kwargs)
        self.minimum = minimum
        self.maximum = maximum
        self.key = key

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is not int:
            example = self.metadata.get("example", self.minimum)
            raise ValidationError(wrong_type("integer", str(example)))
        if not self.minimum <= value <= self.maximum:
            shown = value if abs(value) < 10**12 else str(value)[:14] + "…"
            raise ValidationError(ErrorKey(self.key, value=shown, min=self.minimum,
                                           max=self.maximum))
        return value


class PlayersField(BoundedInt):
    """How many players hold cards: 3, 4 or 5 (``players-range`` otherwise)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "Players holding cards in the deal: 3, 4 or 5.",
                    "example": 4, **kwargs.pop("metadata", {})}
        super().__init__(3, 5, key="players-range", metadata=metadata, **kwargs)


SEAT_RANGE: Final = "A seat, 0 to players − 1 (seat 4 only at 5 players; else a 422)."
"""What the schema cannot bound by itself (the number of players is another member), said
in the description of every seat member, so generators and readers see it."""


def seat_field(**kwargs: Any) -> BoundedInt:
    """A seat, 0..4 (the number of players bounds it further, checked by the view); a
    member's own description is followed by :data:`SEAT_RANGE`."""
    metadata = {"description": "A seat, 0 to players − 1, in playing order (seat i + 1 plays "
                               "after seat i).", **kwargs.pop("metadata", {})}
    if "0 to players − 1" not in metadata["description"]:
        metadata["description"] = f"{metadata['description']} {SEAT_RANGE}"
    return BoundedInt(0, 4, metadata=metadata, **kwargs)


class StrictBool(fields.Boolean):
    """A JSON boolean only (marshmallow would also take "yes", 1, "on")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise ValidationError(wrong_type("boolean", "true"))
        return value


class _Choice(fields.String):
    """A word among fixed choices, parsed by ``parse``; dumped with ``.code``/``.value``."""

    key = "unknown-choice"
    choices: tuple[str, ...] = ()
    description = ""
    """What the word says, for the documentation (the OpenAPI document, the MCP tools)."""

    def __init__(self, **kwargs: Any) -> None:
        # OpenAPI 3.0: a nullable enum must list null among its values to accept it
        enum: list[str | None] = list(self.choices)
        if kwargs.get("allow_none"):
            enum.append(None)
        metadata = {"enum": enum, "description": self.description, "example": self.choices[0],
                    **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def error(self, value: Any) -> ErrorKey:
        return ErrorKey(self.key, value=_clip(str(value)), choices=", ".join(self.choices))

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not str:
            raise ValidationError(wrong_type("word", f'"{self.choices[0]}"'))
        if len(value) > MAX_CARD_TEXT:
            raise ValidationError(self.error(value))
        try:
            return self.parse(value)
        except ValueError:
            raise ValidationError(self.error(value)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return getattr(value, "code", value)


class WordField(_Choice):
    """A word among the ``choices`` given, loaded as itself (``unknown-choice`` otherwise)."""

    def __init__(self, choices: tuple[str, ...], description: str, **kwargs: Any) -> None:
        self.choices = choices
        self.description = description
        super().__init__(**kwargs)

    def parse(self, text: str) -> str:
        if text not in self.choices:
            raise ValueError(text)
        return text


class ContractField(_Choice):
    """A contract: ``petite`` (alias ``prise``), ``garde``, ``garde_sans``, ``garde_contre``
    (the core's aliases too: "garde sans le chien")."""

    key = "unknown-contract"
    choices = tuple(c.code for c in Contract)
    description = ("The contract, lowest to highest: `petite` (alias `prise`), `garde`, "
                   "`garde_sans` (without the chien), `garde_contre` (against the chien).")

    def error(self, value: Any) -> ErrorKey:
        return ErrorKey(self.key, text=_clip(str(value)))

    def parse(self, text: str) -> Contract:
        return Contract.parse(text)


class BidField(_Choice):
    """A bid: ``passe`` or a contract (``petite``/``prise``, ``garde``, ``garde_sans``,
    ``garde_contre``); loads as ``None`` for a pass."""

    key = "unknown-bid"
    choices = ("passe", *(c.code for c in Contract))
    description = "A bid: `passe`, or a contract (`petite`, `garde`, `garde_sans`, `garde_contre`)."

    def error(self, value: Any) -> ErrorKey:
        return ErrorKey(self.key, text=_clip(str(value)))

    def parse(self, text: str) -> Contract | None:
        return parse_bid(text)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return "passe" if value is None else super()._serialize(value, attr, obj, **kwargs)


class CampField(_Choice):
    """``taker`` (the taker's camp, with his partner) or ``defense``."""

    choices = tuple(c.value for c in Camp)
    description = "A camp: `taker` (the taker, with his partner at five) or `defense`."

    def parse(self, text: str) -> Camp:
        return Camp(text)


class PoigneeLevelField(_Choice):
    """``simple``, ``double`` or ``triple``."""

    choices = tuple(level.value for level in PoigneeLevel)
    description = "A poignée: `simple`, `double` or `triple` (bonus 20, 30, 40)."

    def parse(self, text: str) -> PoigneeLevel:
        return PoigneeLevel(text)


class HalfPoints(fields.Float):
    """Card points as the rulebook writes them (a multiple of 0.5 from 0 to 91), loaded as an
    exact integer count of half-points; dumped back as a number (``41.5``, ``41``).

    >>> HalfPoints().deserialize(49), HalfPoints().serialize("p", {"p": 83})
    (98, 41.5)
    >>> HalfPoints().deserialize(41.25)
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: not-a-half-point
    """

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"minimum": 0, "maximum": 91, "multipleOf": 0.5,
                    **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) not in (int, float):
            raise ValidationError(wrong_type("points", "41.5"))
        if isinstance(value, float) and not math.isfinite(value):
            raise ValidationError(ErrorKey("field-invalid"))
        if not 0 <= value <= 91:
            shown = value if abs(value) < 10**12 else "…"
            raise ValidationError(ErrorKey("points-range", value=shown))
        doubled = value * 2
        if doubled != int(doubled):
            raise ValidationError(ErrorKey("not-a-half-point", value=value))
        return int(doubled)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        whole, odd = divmod(int(value), 2)
        return whole + 0.5 if odd else whole
