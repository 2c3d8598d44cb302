"""The action vocabulary of a deal: one frozen record per kind of action, and one registry of
the kinds.

Every action names the deal seat that takes it. Its *kind* (``bid``, ``call``, ``ecart``,
``chien``, ``jeu``, ``chelem``, ``poignee``, ``play``) is the word the API, the tables' event
log, the bots and the catalogs use: :data:`ACTION_KINDS` maps each to its record and the
payload it carries, and says which deal takes it — a dealt deal (:mod:`rules_fr.donne`),
where the server knows every hand and the taker's écart is an action, or a physical deal
(:mod:`rules_fr.physical`), where the referee records the chien as it is turned over and
nobody records the écart, made face down.

>>> kind_of(PlayCard(2, BY_CODE["KH"]))
'play'
>>> action_to_data(Bid(1, Contract.GARDE))
{'seat': 1, 'action': 'bid', 'contract': 'garde'}
>>> action_from_data({'seat': 0, 'action': 'ecart', 'cards': ['2S', '3S']})
Discard(seat=0, cards=(Card('2S'), Card('3S')))
>>> DEALT_KINDS
('bid', 'call', 'ecart', 'jeu', 'chelem', 'poignee', 'play')
>>> PHYSICAL_KINDS
('bid', 'call', 'chien', 'jeu', 'chelem', 'poignee', 'play')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from rules_fr.cards import BY_CODE, Card
from rules_fr.contracts import Contract

__all__ = [
    "ACTION_KINDS", "DEALT_KINDS", "DEALT_RECORDS", "PHYSICAL_KINDS", "PHYSICAL_RECORDS",
    "Action", "ActionKind", "AnnounceChelem", "Bid", "CallCard", "ChienStep", "DeclareJeu",
    "Discard", "PlayCard", "ShowChien", "ShowPoignee", "action_from_data", "action_to_data",
    "kind_of", "make_action",
]


# One frozen record per kind, alike by nature: a kind is told by its type (``match`` and the
# type checker read it), so kinds with the same fields (Discard, ShowChien and ShowPoignee;
# CallCard and PlayCard) are still records of their own; what their payloads share is
# handled once, by ACTION_KINDS (make_action, action_from_data).
@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the auction (bid.order): a contract, or ``None`` for « passe »."""

    seat: int
    contract: Contract | None
    kind: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class CallCard:
    """Five players: the taker calls a king (or, by the ladder, a lower face card)."""

    seat: int
    card: Card
    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Discard:
    """The taker's écart after a petite or a garde (dealt deals: the server sees it)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "ecart"


@dataclass(frozen=True, slots=True)
class ShowChien:
    """The chien of a petite or a garde, turned over before the taker takes it (physical
    deals: the referee records what the table sees)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "chien"


@dataclass(frozen=True, slots=True)
class DeclareJeu:
    """The taker says « Jeu » (ecart.jeu): no chelem announced, the player right of the
    dealer leads the first trick."""

    seat: int
    kind: ClassVar[str] = "jeu"


@dataclass(frozen=True, slots=True)
class AnnounceChelem:
    """The taker announces a chelem instead of saying « Jeu » (chelem.announce): he leads."""

    seat: int
    kind: ClassVar[str] = "chelem"


@dataclass(frozen=True, slots=True)
class ShowPoignee:
    """A poignée shown, before the seat's first card (poignee.shown)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "poignee"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card played to the current trick."""

    seat: int
    card: Card
    kind: ClassVar[str] = "play"


Action = (Bid | CallCard | Discard | ShowChien | DeclareJeu | AnnounceChelem | ShowPoignee
          | PlayCard)

ChienStep = Discard | ShowChien
"""The step between the contract and « Jeu » on a petite or a garde: the écart made (dealt
deals) or the chien turned over (physical deals)."""

Payload = Literal["contract", "card", "cards", "none"]


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of action: its word, its record, what it carries, which deals take it."""

    name: str
    record: type[Action]
    payload: Payload
    """``contract`` (a bid: a contract or ``None``), ``card``, ``cards`` or ``none``."""
    dealt: bool
    """Taken by a dealt deal (the server knows the hands)."""
    physical: bool
    """Recorded at a physical table."""


ACTION_KINDS: Final[Mapping[str, ActionKind]] = {k.name: k for k in (
    ActionKind("bid", Bid, "contract", True, True),
    ActionKind("call", CallCard, "card", True, True),
    ActionKind("ecart", Discard, "cards", True, False),
    ActionKind("chien", ShowChien, "cards", False, True),
    ActionKind("jeu", DeclareJeu, "none", True, True),
    ActionKind("chelem", AnnounceChelem, "none", True, True),
    ActionKind("poignee", ShowPoignee, "cards", True, True),
    ActionKind("play", PlayCard, "card", True, True),
)}
"""Every kind of action, by its word."""

DEALT_KINDS: Final = tuple(k.name for k in ACTION_KINDS.values() if k.dealt)
PHYSICAL_KINDS: Final = tuple(k.name for k in ACTION_KINDS.values() if k.physical)
DEALT_RECORDS: Final[frozenset[type]] = frozenset(
    k.record for k in ACTION_KINDS.values() if k.dealt)
PHYSICAL_RECORDS: Final[frozenset[type]] = frozenset(
    k.record for k in ACTION_KINDS.values() if k.physical)


def kind_of(action: Action) -> str:
    """The word of ``action``'s kind (``play``, ``bid``...)."""
    return action.kind


def make_action(kind: str, seat: int, value: Any = None) -> Action:
    """The action of kind ``kind`` for ``seat`` carrying ``value`` (a contract or ``None``,
    a :class:`Card`, an iterable of cards, or nothing, as :attr:`ActionKind.payload` says)."""
    entry = ACTION_KINDS[kind]
    record: Any = entry.record
    if entry.payload == "none":
        return record(seat)  # type: ignore[no-any-return]
    if entry.payload == "cards":
        return record(seat, tuple(value))  # type: ignore[no-any-return]
    return record(seat, value)  # type: ignore[no-any-return]


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def action_to_data(action: Action) -> dict[str, Any]:
    """The JSON of an action (as the tables' event log stores it): ``seat`` is the deal
    seat, ``action`` the kind, then its payload under ``contract``, ``card`` or ``cards``."""
    data: dict[str, Any] = {"seat": action.seat, "action": action.kind}
    match action:
        case Bid():
            data["contract"] = None if action.contract is None else action.contract.code
        case CallCard() | PlayCard():
            data["card"] = action.card.code
        case Discard() | ShowChien() | ShowPoignee():
            data["cards"] = _codes(action.cards)
    return data


def action_from_data(data: Mapping[str, Any]) -> Action:
    """The action :func:`action_to_data` wrote (``ValueError`` on an unknown kind)."""
    kind = data["action"]
    entry = ACTION_KINDS.get(kind)
    if entry is None:
        raise ValueError(f"unknown action {kind!r}")
    seat = int(data["seat"])
    match entry.payload:
        case "contract":
            raw = data["contract"]
            return make_action(kind, seat, None if raw is None else Contract.parse(raw))
        case "card":
            return make_action(kind, seat, BY_CODE[data["card"]])
        case "cards":
            return make_action(kind, seat, [BY_CODE[c] for c in data["cards"]])
    return make_action(kind, seat)
