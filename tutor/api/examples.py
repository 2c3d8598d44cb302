"""Request examples for the OpenAPI document: the docs page pre-fills them, and schemathesis
sends them first, so the happy path of every endpoint is exercised (``DEAL`` is
``rules_fr.deal.deal(4, seed=7)``; ``SCORE_DEAL`` a random deal played by the simulator)."""

from __future__ import annotations

from typing import Any, Final

PLAY: Final[dict[str, Any]] = {
    "players": 4,
    "hand": ["7H", "KH", "T3", "EX", "2S"],
    "trick": ["5H"],
    "card": "T3",
}

ECART: Final[dict[str, Any]] = {
    "players": 4,
    "contract": "garde",
    "hand": ["KS", "KH", "KD", "KC", "T1", "T21", "EX", "T2", "T3", "T4", "T5", "T6", "T7", "T8",
             "T9", "T10", "T11", "T12"],
    "chien": ["2S", "3S", "4H", "5D", "T13", "T14"],
    "ecart": ["2S", "3S", "4H", "5D", "T2", "T3"],
}

BID: Final[dict[str, Any]] = {
    "players": 4,
    "bids": ["passe", "garde"],
    "bid": "petite",
}

KING_CALL: Final[dict[str, Any]] = {
    "hand": ["KS", "KH", "KD", "KC", "QS", "2H", "T4"],
    "card": "QH",
}

POIGNEE: Final[dict[str, Any]] = {
    "players": 4,
    "hand": ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "KS", "2H"],
    "shown": ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10"],
}

HAND: Final[dict[str, Any]] = {
    "players": 4,
    "hand": ["T1", "KS", "QS", "2H", "5H", "9D"],
}

DEAL: Final[dict[str, Any]] = {
    "players": 4,
    "hands": [
        ["2S", "6H", "JH", "5D", "6D", "7D", "10D", "KD", "1C", "9C", "CC", "QC", "KC", "T1",
         "T2", "T3", "T11", "T18"],
        ["1S", "5S", "9S", "1H", "5H", "9H", "QH", "KH", "3D", "JD", "QD", "2C", "6C", "10C",
         "T7", "T9", "T14", "EX"],
        ["3S", "4S", "8S", "JS", "QS", "4H", "7H", "10H", "4D", "CD", "3C", "4C", "5C", "8C",
         "JC", "T5", "T8", "T12"],
        ["6S", "7S", "10S", "2H", "3H", "8H", "CH", "1D", "2D", "8D", "7C", "T6", "T10", "T13",
         "T17", "T19", "T20", "T21"],
    ],
    "chien": ["CS", "KS", "9D", "T4", "T15", "T16"],
}

SCORE: Final[dict[str, Any]] = {
    "players": 4,
    "contract": "garde",
    "bouts": 2,
    "points": 49,
    "petit_au_bout": "taker",
    "poignees": [{"camp": "taker", "level": "simple"}],
    "chelem": {"announced": False, "by": None},
    "alone": False,
}

SCORE_DEAL: Final[dict[str, Any]] = {
    "players": 4,
    "contract": "petite",
    "taker": 3,
    "partner": None,
    "chien": ["2S", "QH", "CD", "7C", "T9", "T16"],
    "ecart": ["QS", "9H", "QH", "3D", "1C", "7C"],
    "tricks": [
        {"leader": 0, "cards": ["QD", "KD", "T12", "CD"]},
        {"leader": 2, "cards": ["5H", "7H", "3H", "2H"]},
        {"leader": 3, "cards": ["QC", "10C", "CC", "3C"]},
        {"leader": 3, "cards": ["T9", "T17", "T20", "T15"]},
        {"leader": 1, "cards": ["6D", "EX", "5D", "7D"]},
        {"leader": 0, "cards": ["9D", "1D", "T3", "8D"]},
        {"leader": 2, "cards": ["5C", "6C", "JC", "2C"]},
        {"leader": 0, "cards": ["7S", "CS", "KS", "2S"]},
        {"leader": 2, "cards": ["T13", "T21", "T7", "T11"]},
        {"leader": 3, "cards": ["T2", "T5", "T14", "6H"]},
        {"leader": 1, "cards": ["JH", "4H", "T16", "T8"]},
        {"leader": 3, "cards": ["3S", "9S", "6S", "1S"]},
        {"leader": 0, "cards": ["2D", "T19", "CH", "T10"]},
        {"leader": 1, "cards": ["5S", "KC", "JS", "4S"]},
        {"leader": 3, "cards": ["T1", "JD", "T6", "9C"]},
        {"leader": 1, "cards": ["KH", "1H", "T4", "10S"]},
        {"leader": 3, "cards": ["8S", "4D", "T18", "8C"]},
        {"leader": 1, "cards": ["10H", "8H", "4C", "10D"]},
    ],
    "announcements": {"poignees": [], "chelem_announced": False},
}

ADVICE_BID: Final[dict[str, Any]] = {
    "players": 4,
    "hand": ["T21", "T1", "T20", "T18", "T15", "T12", "T9", "T6", "T4", "KS", "QS", "KH",
             "2H", "5D", "7D", "KC", "3C", "EX"],
    "bids": ["passe"],
}

ADVICE_ECART: Final[dict[str, Any]] = {
    "players": 4,
    "contract": "garde",
    "hand": DEAL["hands"][0],
    "chien": DEAL["chien"],
}

ADVICE_PLAY: Final[dict[str, Any]] = {
    "players": 4,
    "hand": ["7H", "KH", "T3", "EX", "2S", "QD"],
    "trick": ["5H"],
    "seat": 1,
    "taker": 1,
    "contract": "garde",
}

ADVICE_KING_CALL: Final[dict[str, Any]] = {
    "hand": ["T21", "T19", "T16", "T12", "T8", "T5", "T2", "KS", "QS", "9S", "4S", "KH",
             "7H", "QD", "3C"],
}
