"""Quiz questions for the trainers and the course: ``GET /api/v1/quiz/<kind>``.

A question is a random position of a random deal of the core (``rules_fr.simulate`` and
``rules_fr.deal``, through the trainers' situations), and its answer is what the check,
count and score services answer about that position — the same payloads and explanations as
``POST /check/play``, ``/check/ecart``, ``/check/trick``, ``/check/bid``, ``/count`` and
``/score``, so a quiz never holds a
rule of its own. The browser shows the position, takes the reader's answer, compares it with
``answer`` and shows the explanation.

The same ``(kind, players, seed)`` gives the same question, so a question can be shared and
tested; without a seed the view draws one and says which.

>>> q = question("count", 4, 7)
>>> q == question("count", 4, 7), q["answer"]["points"] == q["answer"]["half_points"] / 2
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from flask_babel import gettext as _

from rules_fr.cards import Card, CardSet, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.ecart import random_legal_ecart
from rules_fr.simulate import play_random_deal
from rules_fr.table import rules_for
from tutor.services import check, count, score
from tutor.web.situations import ecart_situation, trick_situation

__all__ = ["KINDS", "question"]


def _cards(codes: list[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


def _play(players: int, seed: int) -> dict[str, Any]:
    """Which cards of this hand may be played to this trick? Every card's verdict."""
    situation = trick_situation(players, seed)
    body = {"players": players, "hand": _cards(situation["hand"]),
            "trick": _cards(situation["trick"]), "first_trick": situation["first_trick"],
            "called_card": (parse_card(situation["called_card"])
                            if situation["called_card"] else None)}
    verdicts = [check.play({**body, "card": card}) for card in body["hand"]]
    legal = verdicts[0]["legal_cards"]
    # The explanation of a refused card says what must be played and what may: the most
    # telling one; when every card may be played, any card's says so.
    shown = next((v for v in verdicts if not v["legal"]), verdicts[0])
    position = {key: situation[key] for key in ("players", "hand", "trick", "first_trick",
                                                "called_card", "trick_number")}
    return {
        "question": _("Which cards of your hand may be played?"),
        "position": position,
        "answer": {"legal_cards": legal, "cards": [
            {"card": v["card"], "legal": v["legal"], "explanation": v["explanation"],
             "violations": v["violations"]} for v in verdicts]},
        "explanation": shown["explanation"],
    }


def _ecart(players: int, seed: int) -> dict[str, Any]:
    """Is this écart legal? Half of them are legal écarts drawn by the core, the others any
    cards of the hand and the chien."""
    situation = ecart_situation(players, seed)
    rng = random.Random(seed ^ 0xEC4A7)
    contract = rng.choice((Contract.PETITE, Contract.GARDE))
    hand, chien = CardSet.parse(situation["hand"]), CardSet.parse(situation["chien"])
    proposed = random_legal_ecart(players, hand, chien, rng) if rng.random() < 0.5 else None
    if proposed is None:
        proposed = CardSet.of(rng.sample(list(hand | chien), rules_for(players).chien_size))
    ecart = sorted(proposed)
    verdict = check.ecart({"players": players, "contract": contract, "hand": list(hand),
                           "chien": list(chien), "ecart": ecart})
    return {
        "question": _("Is this écart legal?"),
        "position": {"players": players, "contract": contract.code,
                     "hand": situation["hand"], "chien": situation["chien"],
                     "ecart": [card.code for card in ecart]},
        "answer": {key: verdict[key] for key in ("legal", "violations", "trumps_to_show")},
        "explanation": verdict["explanation"],
    }


def _count(players: int, seed: int) -> dict[str, Any]:
    """How many points are these cards worth? A trick of a random deal, or its chien."""
    rng = random.Random(seed)
    played = play_random_deal(players, rng)
    picks = [list(trick.cards) for trick in played.tricks] + [sorted(played.chien)]
    cards = rng.choice(picks)
    answer = count.count({"cards": cards})
    return {
        "question": _("How many points are these cards worth?"),
        "position": {"players": players, "cards": [card.code for card in cards]},
        "answer": {key: answer[key] for key in ("points", "half_points", "bouts")},
        "explanation": answer["explanation"],
    }


def _camp(camp: Camp | None) -> str | None:
    return camp.value if camp is not None else None


def _score(players: int, seed: int) -> dict[str, Any]:
    """What does the taker score? The taker camp's figures of a random deal played out by
    the core, scored as ``POST /score`` scores them."""
    played = play_random_deal(players, random.Random(seed))
    figures = played.count
    body: dict[str, Any] = {
        "players": players, "contract": played.contract, "bouts": figures.taker_bouts,
        "points": figures.taker_points_half, "petit_au_bout": figures.petit_au_bout,
        "poignees": [], "chelem": {"announced": False, "by": figures.chelem},
        "alone": players == 5 and played.partner is None,
    }
    answer = score.score_figures(body)
    return {
        "question": _("What does the taker score?"),
        "position": {"players": players, "contract": played.contract.code,
                     "bouts": figures.taker_bouts,
                     "points": count.points_number(figures.taker_points_half),
                     "petit_au_bout": _camp(figures.petit_au_bout),
                     "chelem_by": _camp(figures.chelem),
                     "alone": body["alone"]},
        "answer": {key: answer[key] for key in ("won", "target", "difference", "multiplier",
                                                "scores", "derivation")},
        "explanation": answer["explanation"],
    }


def _trick(players: int, seed: int) -> dict[str, Any]:
    """Who wins this trick? A complete trick of a random deal, as ``/check/trick`` says."""
    rng = random.Random(seed)
    played = play_random_deal(players, rng)
    done = rng.choice(played.tricks)
    answer = check.trick({"players": players, "cards": list(done.cards), "leader": None})
    return {
        "question": _("Which card wins this trick?"),
        "position": {"players": players, "cards": [card.code for card in done.cards]},
        "answer": {"card": answer["winner"]["card"], "position": answer["winner"]["position"],
                   "points": answer["points"], "bouts": answer["bouts"]},
        "explanation": answer["explanation"],
    }


_BIDS: Final = (None, *Contract)
"""A pass, then the contracts from the lowest."""


def _bid(players: int, seed: int) -> dict[str, Any]:
    """May this bid be made after these? The earlier bids are legal ones drawn at random
    (the core's ``check_bid`` keeps them), the bid asked about any bid."""
    rng = random.Random(seed)
    earlier: list[Contract | None] = []
    for _turn in range(rng.randrange(players)):
        choices = [bid for bid in _BIDS if not check.bid(
            {"players": players, "bids": earlier, "bid": bid, "dealer_misdealt": False})[
                "violations"]]
        earlier.append(rng.choice(choices))
    asked = rng.choice(_BIDS[1:] if rng.random() < 0.8 else _BIDS)
    answer = check.bid({"players": players, "bids": earlier, "bid": asked,
                        "dealer_misdealt": False})
    code: dict[Contract | None, str] = {None: "passe",
                                        **{contract: contract.code for contract in Contract}}
    return {
        "question": _("May you make this bid?"),
        "position": {"players": players, "bids": [code[bid] for bid in earlier],
                     "bid": code[asked]},
        "answer": {"legal": answer["legal"], "violations": answer["violations"]},
        "explanation": answer["explanation"],
    }


KINDS: Final[dict[str, Callable[[int, int], dict[str, Any]]]] = {
    "play": _play, "ecart": _ecart, "count": _count, "score": _score, "trick": _trick,
    "bid": _bid}
"""Each kind of question: play and trick (the trick trainer), écart, count and score (the
score calculator), bid (the course's step on the bidding)."""


def question(kind: str, players: int, seed: int) -> dict[str, Any]:
    """The question ``kind`` drawn from ``seed`` at a table of ``players``, with its answer
    and explanation in the request's language."""
    return {"kind": kind, "players": players, "seed": seed, **KINDS[kind](players, seed)}
