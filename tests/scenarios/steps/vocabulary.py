"""The words of the features and the scene a scenario builds: parsers of card lists and
figures, the :class:`Scene` dataclass, and :func:`post` (every step asks the HTTP API)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

API = "/api/v1"

# --- the vocabulary of the features ----------------------------------------------------------

SUITS = ("S", "H", "D", "C")
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
DECK_CODES: tuple[str, ...] = (
    *(rank + suit for suit in SUITS for rank in RANKS),
    *(f"T{n}" for n in range(1, 22)),
    "EX",
)
"""The 78 cards, in the order of a new pack (spades, hearts, diamonds, clubs, trumps, excuse)."""

SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}
"""Cards per hand and in the chien, the rulebook's table, to build regular deals."""

CONTRACTS = {
    "petite": "petite", "prise": "petite", "garde": "garde",
    "garde sans": "garde_sans", "garde_sans": "garde_sans",
    "garde contre": "garde_contre", "garde_contre": "garde_contre",
}
CAMPS = {"le preneur": "taker", "au preneur": "taker", "la défense": "defense",
         "à la défense": "defense", "un défenseur": "defense",
         "the taker": "taker", "the defence": "defense", "a defender": "defense"}
RANGE = re.compile(r"^T(\d{1,2})\.\.T(\d{1,2})$")


def card_list(text: str) -> list[str]:
    """Cards written in a step: codes separated by spaces or commas; ``T1..T10`` (or
    ``T10..T1``) stands for the trumps in between, in that order."""
    found: list[str] = []
    for token in text.replace(",", " ").split():
        match = RANGE.match(token)
        if match:
            first, last = int(match.group(1)), int(match.group(2))
            step = 1 if last >= first else -1
            found.extend(f"T{n}" for n in range(first, last + step, step))
        else:
            found.append(token)
    return found


def signed(text: str) -> int:
    """``+318``, ``-106``, ``−106`` (typographic minus), ``106``."""
    return int(text.strip().replace("−", "-").replace("+", ""))


def number(text: str) -> int | float:
    """Card points as the rulebook writes them: ``49``, ``40,5``, ``40.5``."""
    value = float(text.strip().replace(",", "."))
    return int(value) if value.is_integer() else value


def flat(text: str) -> str:
    """Text compared loosely: typographic minus and apostrophe as ASCII, any space as one."""
    text = text.replace("−", "-").replace("’", "'").replace("\u202f", " ").replace("\u00a0", " ")
    return " ".join(text.split())


# --- the scene: what a scenario has set up and what the API answered -------------------------


@dataclass
class Scene:
    lang: str = "fr"
    players: int = 4
    hand: list[str] = field(default_factory=list)
    trick: list[str] = field(default_factory=list)
    chien: list[str] | None = None
    ecart: list[str] = field(default_factory=list)
    contract: str = "garde"
    called_card: str | None = None
    first_trick: bool = False
    bids: list[str] = field(default_factory=list)
    dealer_misdealt: bool = False
    hands: list[list[str]] = field(default_factory=list)
    # scoring
    bouts: int = 0
    points: int | float = 0
    petit_au_bout: str | None = None
    poignees: list[dict[str, Any]] = field(default_factory=list)
    chelem_announced: bool = False
    chelem_by: str | None = None
    alone: bool = False
    # a played deal
    taker: int | None = None
    partner: int | None = None
    tricks: list[dict[str, Any]] = field(default_factory=list)
    seat_poignees: list[dict[str, Any]] = field(default_factory=list)
    # the answer
    status: int | None = None
    response: dict[str, Any] | None = None
    # dealing and speaking
    dealer: int | None = None
    plan: dict[str, Any] | None = None
    redeal: dict[str, Any] | None = None
    cards_played: int | None = None
    # a partie
    names: list[str] = field(default_factory=list)
    deals: int | None = None
    mort: bool = False
    entries: list[dict[str, Any]] = field(default_factory=list)
    partie: dict[str, Any] | None = None
    # a live duplicate table
    table: dict[str, Any] | None = None
    # a table's tokens and its last answer (the referee's steps)
    table_id: str | None = None
    referee: str | None = None
    tokens: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None
    """The last answer of an action at the table (its status in ``status``)."""

    def body(self) -> dict[str, Any]:
        """The last answer, which must be a 200."""
        assert self.response is not None, "no request was made"
        assert self.status == 200, f"expected 200, got {self.status}: {self.response}"
        return self.response



def post(client: FlaskClient, scene: Scene, path: str, payload: dict[str, Any]) -> None:
    reply = client.post(f"{API}{path}?lang={scene.lang}", json=payload)
    scene.status = reply.status_code
    scene.response = reply.get_json()
    if reply.status_code == 200:
        assert reply.headers.get("Content-Language") == scene.lang, reply.headers



def dealt_scene(players: int, hand_size: int, chien_size: int, cards: list[str]) -> Scene:
    return Scene(players=players,
                 hands=[cards[i * hand_size:(i + 1) * hand_size] for i in range(players)],
                 chien=cards[players * hand_size:players * hand_size + chien_size])


def shuffled_deck() -> list[str]:
    cards = list(DECK_CODES)
    random.Random(78).shuffle(cards)
    return cards


