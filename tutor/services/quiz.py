"""Quiz questions for the trainers, the course and chatbots: ``GET /api/v1/quiz/<kind>``
asks, ``POST /api/v1/quiz/answer`` marks.

A question is a random position of a random deal of the core (``rules_fr.simulate`` and
``rules_fr.deal``, through the trainers' situations), and its answer is what the check,
count and score services answer about that position — the same payloads and explanations as
``POST /check/play``, ``/check/ecart``, ``/check/trick``, ``/check/bid``, ``/count`` and
``/score``, so a quiz never holds a rule of its own.

What a client shows (:func:`ask`: ``GET /quiz/<kind>``, the MCP tool ``quiz_question``) is
the question and the position only — never the answer, which a chatbot or a page would give
away. The same ``(kind, players, seed)`` gives the same question, so :func:`mark` draws it
again to mark a reader's answer (``POST /quiz/answer``, the MCP tool ``quiz_answer``, the
browser's ``quiz.js``): one marking for every client. Without a seed one is drawn and named.

>>> q = question("count", 4, 7)
>>> q == question("count", 4, 7), q["answer"]["points"] == q["answer"]["half_points"] / 2
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from flask_babel import gettext as _

from rules_fr.cards import Card, CardSet, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.ecart import random_legal_ecart
from rules_fr.simulate import play_random_deal
from rules_fr.table import rules_for
from tutor.errors import FieldProblem
from tutor.i18n.words import card_list
from tutor.services import check, count, refuse, score
from tutor.web.situations import ecart_situation, trick_situation

__all__ = ["ANSWER_FIELDS", "ASKED", "KINDS", "SEEDS", "ask", "mark", "question"]

SEEDS: Final = 1_000_000
"""Seeds run from 0 to 999 999."""


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
    and explanation in the request's language: the marker's copy (:func:`mark`); a client is
    shown :func:`ask`'s."""
    return {"kind": kind, "players": players, "seed": seed, **KINDS[kind](players, seed)}


ASKED: Final = ("kind", "players", "seed", "question", "position")
"""What a question shows: everything but its ``answer`` and ``explanation``."""


def ask(kind: str, players: int, seed: int | None) -> dict[str, Any]:
    """The question as a client shows it (:data:`ASKED`: no answer, no explanation), drawing
    the seed when none is given (the question names it).

    >>> sorted(ask("bid", 4, 3)) == sorted(ASKED)
    True
    """
    asked = question(kind, players, seed if seed is not None else random.randrange(SEEDS))
    return {key: asked[key] for key in ASKED}


ANSWER_FIELDS: Final[dict[str, str]] = {
    "play": "cards", "ecart": "legal", "count": "points", "score": "score", "trick": "card",
    "bid": "legal"}
"""The member of an answer that holds the reader's answer to each kind of question: the
cards that may be played, legal or not, the points (in half-points once parsed), the
taker's score, the card that wins the trick."""


def _given(kind: str, body: Mapping[str, Any]) -> Any:
    """The reader's answer, refused (422) when it is missing or given for another kind."""
    name = ANSWER_FIELDS[kind]
    allowed = ", ".join(("kind", "players", "seed", name))
    problems = [FieldProblem(f"/{other}", "unknown-field", {"field": other, "allowed": allowed})
                for other in sorted(set(ANSWER_FIELDS.values()) - {name}) if other in body]
    if name not in body:
        problems.append(FieldProblem(f"/{name}", "field-required"))
    refuse(problems)
    return body[name]


def _not_among(name: str, cards: list[Card], shown: list[str], key: str) -> None:
    """A card of the answer that the question does not show is a 422 at its place."""
    codes = set(shown)
    refuse([FieldProblem(f"/{name}" + ("" if name == "card" else f"/{i}"), key,
                         {"card": card.code})
            for i, card in enumerate(cards) if card.code not in codes])


def mark(body: Mapping[str, Any]) -> dict[str, Any]:
    """Mark the reader's answer to the question ``(kind, players, seed)``: ``right``, the
    expected ``answer`` (the question's), the ``mistakes`` (for ``play``: each card whose
    verdict the reader got wrong, with its explanation) and an ``explanation`` that gives the
    mark, then why. Every client marks here: the API, the MCP tool and the browser
    (``quiz.js`` sends the reader's answer and shows this verdict): right is exactly the set
    of cards that may be played, the same verdict, the same points, score or card."""
    kind, players, seed = body["kind"], body["players"], body["seed"]
    given = _given(kind, body)
    asked = question(kind, players, seed)
    expected, position = asked["answer"], asked["position"]
    mistakes: list[dict[str, Any]] = []
    lead = ""
    if kind == "play":
        _not_among("cards", given, position["hand"], "card-not-in-hand")
        chosen = {card.code for card in given}
        mistakes = [verdict for verdict in expected["cards"]
                    if (verdict["card"] in chosen) != verdict["legal"]]
        right = not mistakes
        said: Any = sorted(chosen, key=position["hand"].index)
        lead = _("The cards you may play: %(cards)s.", cards=card_list(expected["legal_cards"]))
    elif kind in ("ecart", "bid"):
        right, said = given is expected["legal"], given
    elif kind == "count":
        right, said = given == expected["half_points"], count.points_number(given)
    elif kind == "score":
        right, said = given == expected["scores"]["taker"], given
        lead = _("The taker scores %(score)s.", score=expected["scores"]["taker"])
    else:  # trick
        _not_among("card", [given], position["cards"], "card-not-in-trick")
        right, said = given.code == expected["card"], given.code
    why = " ".join(part for part in (lead, asked["explanation"]) if part)
    return {
        "kind": kind, "players": players, "seed": seed, "question": asked["question"],
        "position": position, "given": said, "right": right, "answer": expected,
        "mistakes": mistakes, "why": why,
        "explanation": (_("Right. %(explanation)s", explanation=why) if right
                        else _("Not quite. %(explanation)s", explanation=why)),
    }
