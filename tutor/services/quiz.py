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
from flask_babel import ngettext

from rules_fr.advice.ecart import advise_ecart, ecart_policy
from rules_fr.advice.play import advise_play, play_policy
from rules_fr.advice.reasons import ReasonCode
from rules_fr.cards import (
    BOUTS,
    CARDS,
    CAVALIER,
    DAME,
    EXCUSE,
    KING_MASK,
    ROI,
    SUIT_ORDER,
    VALET,
    Card,
    CardSet,
    Suit,
    parse_card,
    points_half,
)
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import pairs
from rules_fr.deal import deal, is_petit_sec
from rules_fr.ecart import random_legal_ecart
from rules_fr.partie import Partie
from rules_fr.poignee import PoigneeLevel, poignee_size
from rules_fr.renonce import RevokeTracker
from rules_fr.scoring import (
    CHELEM_ANNOUNCED,
    CHELEM_UNANNOUNCED,
    TARGETS,
    LineCode,
    target_for,
)
from rules_fr.scoring import score as score_deal_figures
from rules_fr.simulate import PlayContext, play_random_deal
from rules_fr.table import rules_for
from tutor.errors import FieldProblem
from tutor.i18n.advice import explain_ecart_advice, explain_play_advice, reason_payload
from tutor.i18n.facts import (
    explain_pairs,
    explain_poignee_count,
    explain_score_sum,
    explain_target,
)
from tutor.i18n.scores import line_text
from tutor.i18n.violations import violation_message, violation_payload
from tutor.i18n.words import (
    capitalized,
    card_list,
    card_name,
    contract_name,
    format_list,
    handful_name,
    signed,
    suit_name,
)
from tutor.services import check, count, refuse, score
from tutor.web.situations import ecart_situation, trick_situation

__all__ = ["ANSWER_FIELDS", "ASKED", "CHOICE_KINDS", "KINDS", "SEEDS", "ask", "mark", "question"]

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
    groups = pairs(cards)
    return {
        "question": _("How many points are these cards worth?"),
        "position": {"players": players, "cards": [card.code for card in cards]},
        "answer": {**{key: answer[key] for key in ("points", "half_points", "bouts")},
                   "pairs": [{"cards": [card.code for card in group],
                              "points": count.points_number(points_half(group))}
                             for group in groups]},
        # The working as rulebooks show it: the cards two by two, then the sum.
        "explanation": answer["explanation"] + " " + explain_pairs(groups),
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
        # The total line by line, as the rulebook shows it, when bonuses add to it.
        "explanation": " ".join(part for part in (
            answer["explanation"], explain_score_sum(answer["derivation"], answer["won"]))
            if part),
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


# --- choice questions: the answer is one of a few choices the question lists -------------------


def _choice(value: str, label: str) -> dict[str, str]:
    return {"value": value, "label": label}


_YES_NO: Final = ("yes", "no")


def _yes_no() -> list[dict[str, str]]:
    return [_choice("yes", _("Yes")), _choice("no", _("No"))]


def _row(label: str, cards: list[Card] | list[str]) -> dict[str, Any]:
    return {"label": label, "cards": [c if isinstance(c, str) else c.code for c in cards]}


def _target(players: int, seed: int) -> dict[str, Any]:
    """How many points does the taker need? The bouts his side won (drawn at random), and
    the target the core sets for them (:func:`rules_fr.scoring.target_for`)."""
    rng = random.Random(seed)
    won = sorted(rng.sample(sorted(BOUTS), rng.randrange(len(BOUTS) + 1)))
    target = target_for(len(won))
    return {
        "question": _("The taker's side won these oudlers. How many points does the taker "
                      "need to make his contract?"),
        "position": {"players": players, "bouts": [card.code for card in won]},
        "shown": [_row(_("Oudlers in the taker's tricks"), won)],
        "choices": [_choice(str(t), _("%(points)s points", points=t)) for t in TARGETS],
        "answer": {"choice": str(target), "target": target, "bouts": len(won)},
        "explanation": explain_target(len(won), target),
    }


def _dealt_hand(players: int, seed: int, wanted: Callable[[CardSet], bool],
                share: float) -> CardSet:
    """A hand of a deal of ``seed``; ``share`` of the seeds look on (seed after seed) for a
    hand that ``wanted`` holds, so that a rare hand comes up often enough to be learned."""
    rng = random.Random(seed)
    look = rng.random() < share
    for tries in range(20_000):
        dealt = deal(players, 0, seed=seed * 7919 + tries)
        hands = [hand for hand in dealt.hands if wanted(hand)] if look else list(dealt.hands)
        if hands:
            return rng.choice(hands)
    return deal(players, 0, seed=seed).hands[0]  # pragma: no cover - never that unlucky


def _hand(players: int, seed: int) -> dict[str, Any]:
    """Must this deal be annulled? A hand of a deal, a petit sec half the time; the verdict
    of ``POST /check/hand``."""
    hand = _dealt_hand(players, seed, is_petit_sec, 0.5)
    verdict = check.hand({"players": players, "hand": list(hand)})
    return {
        "question": _("You pick up this hand before the bidding. Must the deal be annulled?"),
        "position": {"players": players, "hand": hand.codes()},
        "shown": [_row(_("Your hand"), list(hand))],
        "choices": _yes_no(),
        "answer": {"choice": "yes" if verdict["petit_sec"] else "no",
                   "petit_sec": verdict["petit_sec"], "violations": verdict["violations"]},
        "explanation": verdict["explanation"],
    }


def _king(players: int, seed: int) -> dict[str, Any]:
    """May the taker call this card? A five-player taker's hand and a face card, judged by
    ``POST /check/king-call`` (played with five players whatever ``players`` asks)."""
    rng = random.Random(seed)
    hand = _dealt_hand(5, seed, lambda h: (h.mask & KING_MASK).bit_count() == 4, 0.25)
    ranks = [ROI] * 5 + [DAME] * 3 + [CAVALIER, VALET]
    rank = rng.choice(ranks)
    asked = rng.choice([card for card in CARDS if card.is_face and card.rank == rank])
    verdict = check.king_call({"players": 5, "hand": list(hand), "chien": None,
                               "card": asked})
    return {
        "question": _("You are the taker with five players. May you call %(card)s?",
                      card=card_name(asked)),
        "position": {"players": 5, "hand": hand.codes(), "card": asked.code},
        "shown": [_row(_("Your hand"), list(hand)), _row(_("The card you would call"), [asked])],
        "choices": _yes_no(),
        "answer": {"choice": "yes" if verdict["legal"] else "no", "legal": verdict["legal"],
                   "alone": verdict["alone"], "violations": verdict["violations"]},
        "explanation": verdict["explanation"],
    }


def _poignee(players: int, seed: int) -> dict[str, Any]:
    """Which poignée may this hand show? A hand with many trumps (a poignée most of the
    time), the poignées ``POST /check/hand`` allows; the answer is the largest."""
    least = poignee_size(players, PoigneeLevel.SIMPLE) - random.Random(~seed).randrange(2)
    hand = _dealt_hand(players, seed,
                       lambda h: len(h.trumps()) + (EXCUSE in h) >= least, 0.9)
    verdict = check.hand({"players": players, "hand": list(hand)})
    allowed = [entry["level"] for entry in verdict["poignees"]]
    choices = [_choice("none", _("None"))] + [
        _choice(level.value, _("%(handful)s (%(trumps)s trumps)", handful=handful_name(level),
                               trumps=poignee_size(players, level)))
        for level in PoigneeLevel]
    return {
        "question": _("Which is the largest handful you may show with this hand?"),
        "position": {"players": players, "hand": hand.codes()},
        "shown": [_row(_("Your hand"), list(hand))],
        "choices": choices,
        "answer": {"choice": allowed[-1] if allowed else "none", "poignees": verdict["poignees"],
                   "trumps": len(hand.trumps()), "excuse": EXCUSE in hand},
        "explanation": explain_poignee_count(players, hand, verdict["explanation"]),
    }


_CHELEM_FIGURES: Final = {Camp.TAKER: (3, 182), Camp.DEFENSE: (0, 0), None: (2, 100)}
"""Bouts and half-points of the taker's side when it wins every trick (with the excuse), when
the defence does, and in a deal of neither."""


def _chelem(players: int, seed: int) -> dict[str, Any]:
    """What does the slam bring? Announced or not, made by the taker, by the defence or by
    nobody: the slam lines of the core's score (:func:`rules_fr.scoring.score`), from the
    taker's side."""
    rng = random.Random(seed)
    announced = rng.random() < 0.5
    by = rng.choice((Camp.TAKER, Camp.TAKER, Camp.DEFENSE, None))
    bouts, half = _CHELEM_FIGURES[by]
    made = score_deal_figures(players=players, contract=Contract.GARDE, bouts=bouts,
                              points_half=half, chelem_announced=announced, chelem=by)
    lines = [line for line in made.lines if line.code == LineCode.CHELEM]
    bonus = sum(line.points for line in lines)
    values = sorted({0, *(sign * b for b in (CHELEM_ANNOUNCED, CHELEM_UNANNOUNCED)
                          for sign in (1, -1))} | {bonus}, reverse=True)
    said = [line_text(line, made) for line in lines] or [
        _("No slam: nobody won every trick and none was announced.")]
    return {
        "question": _("What does the slam add to the taker's side of the score?"),
        "position": {"players": players, "announced": announced, "by": _camp(by)},
        "facts": [_("The taker announced a slam before the first card.") if announced else
                  _("Nobody announced a slam."),
                  _("The taker's side won every trick.") if by is Camp.TAKER else
                  _("The defence won every trick.") if by is Camp.DEFENSE else
                  _("Each side won some tricks.")],
        "choices": [_choice(str(v), signed(v) if v else "0") for v in values],
        "answer": {"choice": str(bonus), "bonus": bonus},
        "explanation": " ".join(said),
    }


_PEOPLE_NAMES: Final = "ABCDEFG"


def _sitout(players: int, seed: int) -> dict[str, Any]:
    """Does this person play this deal? Six or seven people, one or two sitting out in turn
    (:meth:`rules_fr.partie.Partie.players_for_deal`)."""
    rng = random.Random(seed)
    people = rng.choice((6, 7))
    partie = Partie(list(_PEOPLE_NAMES[:people]))
    number = rng.randrange(partie.deals)
    playing = partie.players_for_deal(number)
    out = [p for p in range(people) if p not in playing]
    asked = rng.choice(out if rng.random() < 0.5 else list(playing))
    names = [_PEOPLE_NAMES[p] for p in range(people)]
    return {
        "question": _("%(people)s people play a partie, named %(names)s. Does %(person)s play "
                      "deal %(number)s?", people=people, names=format_list(names),
                      person=names[asked], number=number + 1),
        "position": {"players": 5, "people": people, "deal": number + 1,
                     "person": names[asked]},
        "choices": _yes_no(),
        "answer": {"choice": "yes" if asked in playing else "no",
                   "playing": [names[p] for p in playing], "out": [names[p] for p in out]},
        "explanation": ngettext(
            "Deal %(number)s is played by %(playing)s; %(out)s sits out and scores nothing. "
            "Each deal a different person sits out, in turn.",
            "Deal %(number)s is played by %(playing)s; %(out)s sit out and score nothing. "
            "Each deal different people sit out, in turn.", len(out), number=number + 1,
            playing=format_list([names[p] for p in playing]),
            out=format_list([names[p] for p in out])),
    }


def _revoke(players: int, seed: int) -> dict[str, Any]:
    """Was there a revoke? A player's card on an earlier trick, then a card he plays later,
    judged by the core's :class:`~rules_fr.renonce.RevokeTracker` (what the first play proved
    he did not hold)."""
    rng = random.Random(seed)
    suits = [suit for suit in Suit if suit not in (Suit.TRUMPS, Suit.EXCUSE)]
    led_suit = rng.choice(suits)
    plain = [c for c in CARDS if c.suit in suits]
    led = rng.choice([c for c in plain if c.suit is led_suit])
    earlier = rng.choice([c for c in CARDS if c.suit not in (led_suit, Suit.EXCUSE)])
    first, second = sorted(rng.sample(range(1, rules_for(players).hand_size), 2))
    pool = [c for c in CARDS if c not in (led, earlier) and not c.is_excuse]
    revealing = [c for c in pool if c.suit is led_suit
                 or (c.is_trump and not earlier.is_trump)]
    later = rng.choice(revealing if rng.random() < 0.5 else
                       [c for c in pool if c not in revealing])
    tracker = RevokeTracker(players)
    tracker.observe(1, [led], earlier, trick=first)
    found = tracker.observe(1, [], later, trick=second)
    return {
        "question": _("A player's earlier card, then a card he plays later: did he revoke?"),
        "position": {"players": players, "earlier": {"trick": first, "led": led.code,
                                                     "card": earlier.code},
                     "later": {"trick": second, "card": later.code}},
        "shown": [_row(_("Trick %(number)s: the card led, then his card", number=first),
                       [led, earlier]),
                  _row(_("Trick %(number)s: the card he plays", number=second), [later])],
        "choices": _yes_no(),
        "answer": {"choice": "yes" if found else "no",
                   "violations": [violation_payload(v) for v in found]},
        "explanation": (" ".join(violation_message(v) for v in found) if found else _(
            "No revoke: %(card)s is not among the cards his play at trick %(number)s proved "
            "he did not hold.", card=card_name(later), number=first)),
    }


# --- the advice engine's questions: what would a good player do? ----------------------------


def _advice(players: int, seed: int) -> dict[str, Any]:
    """Which card would a good player play? A moment of a deal the advice engine's bots play
    out (:func:`rules_fr.advice.play.play_policy` at every seat), with two legal cards at
    least; the answer is the engine's card (``POST /advice/play``'s), and why."""
    rng = random.Random(seed)
    moments: list[PlayContext] = []

    def recording(ctx: PlayContext, draw: random.Random) -> Card:
        if len(ctx.legal) > 1:
            moments.append(ctx)
        return play_policy(ctx, draw)

    played = play_random_deal(players, rng, policies=[recording] * players,
                              ecart_policy=ecart_policy)
    ctx = rng.choice(moments)
    advice = advise_play(ctx)
    role = (_("You are the taker.") if ctx.seat == ctx.taker else
            _("You are the taker's partner.") if ctx.seat == ctx.partner else
            _("You defend."))
    return {
        "question": _("Which card would a good player play here?"),
        "position": {"players": players, "contract": played.contract.code, "seat": ctx.seat,
                     "taker": ctx.taker, "hand": ctx.hand.codes(),
                     "trick": [card.code for card in ctx.trick],
                     "trick_number": ctx.trick_number + 1,
                     "legal_cards": ctx.legal.codes()},
        "facts": [role, _("Contract: %(contract)s", contract=contract_name(played.contract)),
                  _("Trick %(number)s", number=ctx.trick_number + 1)],
        "answer": {"card": advice.card.code,
                   "reasons": [reason_payload(r) for r in advice.reasons]},
        "explanation": explain_play_advice(advice.card, advice.reasons),
    }


def _void(players: int, seed: int) -> dict[str, Any]:
    """Which suit would a good taker empty in the écart? A taker's hand and the chien; the
    answer is the suit the advice engine's écart puts aside whole (``ecart-void``), or
    none."""
    situation = ecart_situation(players, seed)
    hand, chien = CardSet.parse(situation["hand"]), CardSet.parse(situation["chien"])
    advice = advise_ecart(players, hand, chien, contract=Contract.GARDE)
    voided = [r.params["suit"] for r in advice.reasons if r.code == ReasonCode.ECART_VOID]
    held = hand | chien
    suits = [suit for suit in SUIT_ORDER if any(c.suit is suit for c in held)]
    choices = [_choice(suit.value, capitalized(suit_name(suit))) for suit in suits]
    return {
        "question": _("You take a garde. Which suit would a good player put aside whole in "
                      "the écart, to trump it later?"),
        "position": {"players": players, "contract": Contract.GARDE.code,
                     "hand": hand.codes(), "chien": chien.codes()},
        "shown": [_row(_("Your hand"), list(hand)), _row(_("The chien"), list(chien))],
        "choices": [*choices, _choice("none", _("None"))],
        "answer": {"choice": voided[0] if voided else "none",
                   "accepted": voided or ["none"],
                   "ecart": [] if advice.ecart is None else advice.ecart.codes(),
                   "reasons": [reason_payload(r) for r in advice.reasons]},
        "explanation": explain_ecart_advice(
            None if advice.ecart is None else list(advice.ecart), advice.reasons),
    }


CHOICE_KINDS: Final = ("target", "hand", "king", "poignee", "chelem", "sitout", "revoke",
                        "void")
"""The kinds answered by one of the question's ``choices`` (the member ``choice``)."""


KINDS: Final[dict[str, Callable[[int, int], dict[str, Any]]]] = {
    "play": _play, "ecart": _ecart, "count": _count, "score": _score, "trick": _trick,
    "bid": _bid, "target": _target, "hand": _hand, "king": _king, "poignee": _poignee,
    "chelem": _chelem, "sitout": _sitout, "revoke": _revoke, "advice": _advice,
    "void": _void}
"""Each kind of question: play and trick (the trick trainer), écart, count and score (the
score calculator), bid (the course's step on the bidding)."""


def question(kind: str, players: int, seed: int) -> dict[str, Any]:
    """The question ``kind`` drawn from ``seed`` at a table of ``players``, with its answer
    and explanation in the request's language: the marker's copy (:func:`mark`); a client is
    shown :func:`ask`'s."""
    if kind == "king":
        players = 5  # the king call belongs to the five-player game
    return {"kind": kind, "players": players, "seed": seed, **KINDS[kind](players, seed)}


ASKED: Final = ("kind", "players", "seed", "question", "position", "shown", "facts",
                 "choices")
"""What a question shows: everything but its ``answer`` and ``explanation`` (``shown``, the
rows of cards to draw, and ``choices`` come with the choice kinds only)."""


def ask(kind: str, players: int, seed: int | None) -> dict[str, Any]:
    """The question as a client shows it (:data:`ASKED`: no answer, no explanation), drawing
    the seed when none is given (the question names it).

    >>> sorted(ask("bid", 4, 3)) == sorted(ASKED[:5]), set(ask("king", 5, 3)) <= set(ASKED)
    (True, True)
    """
    asked = question(kind, players, seed if seed is not None else random.randrange(SEEDS))
    return {key: asked[key] for key in ASKED if key in asked}


ANSWER_FIELDS: Final[dict[str, str]] = {
    "play": "cards", "ecart": "legal", "count": "points", "score": "score", "trick": "card",
    "bid": "legal", "advice": "card", **{kind: "choice" for kind in CHOICE_KINDS}}
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
    elif kind in CHOICE_KINDS:
        values = [choice["value"] for choice in asked["choices"]]
        refuse([FieldProblem("/choice", "unknown-choice",
                             {"value": given, "choices": ", ".join(values)})]
               if given not in values else [])
        right, said = given in expected.get("accepted", [expected["choice"]]), given
    elif kind == "count":
        right, said = given == expected["half_points"], count.points_number(given)
    elif kind == "score":
        right, said = given == expected["scores"]["taker"], given
        lead = _("The taker scores %(score)s.", score=expected["scores"]["taker"])
    elif kind == "advice":
        _not_among("card", [given], position["hand"], "card-not-in-hand")
        right, said = given.code == expected["card"], given.code
    else:  # trick
        _not_among("card", [given], position["cards"], "card-not-in-trick")
        right, said = given.code == expected["card"], given.code
    why = " ".join(part for part in (lead, asked["explanation"]) if part)
    return {
        "kind": kind, "players": players, "seed": seed, "question": asked["question"],
        "position": position,
        **{key: asked[key] for key in ("shown", "facts", "choices") if key in asked},
        "given": said, "right": right, "answer": expected,
        "mistakes": mistakes, "why": why,
        "explanation": (_("Right. %(explanation)s", explanation=why) if right
                        else _("Not quite. %(explanation)s", explanation=why)),
    }
