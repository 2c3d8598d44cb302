"""Score derivations that read like the rulebook's worked examples.

    49 − 41 = 8. 25 (contrat) + 8 = 33, × 2 (garde) = 66. Poignée : 20. Petit au bout :
    2 × 10 = 20. Total : 106. Chaque défenseur marque −106, le preneur +318.

Each :class:`~rules_fr.scoring.ScoreLine` gets one sentence. The bonus lines are read from the
side of the camp that wins the deal, as the rulebook does (a failed contract is counted for
the defence: "25 + 7 + 20 (poignée) − 10 (petit au bout) = +42"): a bonus of the winning camp
is added, one of the other camp is "subtracted". Card points are half-points in the core and
are printed as points with the locale's decimal mark ("40,5" / "40.5").
"""

from __future__ import annotations

from typing import Any, Final

from rules_fr.scoring import LineCode, Score, ScoreLine, why_scored
from tutor.i18n.violations import violation_payload
from tutor.i18n.words import (
    bouts_phrase,
    contract_name,
    gettext,
    ngettext,
    number,
    points,
    signed,
    speaking,
    speech,
)

__all__ = ["explain_score", "line_text", "score_payload"]


def _winner(won: bool) -> str:
    return "taker" if won else "defense"


def _handful_label(level: Any) -> str:
    code = str(level)
    if code == "double":
        return gettext("Double handful")
    if code == "triple":
        return gettext("Triple handful")
    return gettext("Handful")


def _difference(p: dict[str, Any]) -> str:
    half = int(p["points_half"])
    target = int(p["target"])
    gap = int(p["difference"])
    exact_half = half - 2 * target
    shown, goal = points(half), number(target)
    if p["won"]:
        if exact_half % 2:  # a half point, rounded in the winner's favour
            return gettext("%(points)s − %(target)s = %(exact)s, counted as %(difference)s: the "
                           "half point goes to the side that wins.", points=shown, target=goal,
                           exact=points(exact_half), difference=number(gap))
        if gap == 0:
            return gettext("%(points)s − %(target)s = 0: the contract is made exactly.",
                           points=shown, target=goal)
        return gettext("%(points)s − %(target)s = %(difference)s.", points=shown, target=goal,
                       difference=number(gap))
    if exact_half % 2:
        return ngettext(
            "The taker is %(num)d point short: %(points)s − %(target)s = %(exact)s, counted as "
            "%(difference)s: the half point goes to the side that wins.",
            "The taker is %(num)d points short: %(points)s − %(target)s = %(exact)s, counted as "
            "%(difference)s: the half point goes to the side that wins.",
            gap, points=shown, target=goal, exact=points(exact_half), difference=number(-gap))
    return ngettext("The taker is %(num)d point short: %(points)s − %(target)s = %(difference)s.",
                    "The taker is %(num)d points short: %(points)s − %(target)s = "
                    "%(difference)s.", gap, points=shown, target=goal, difference=number(-gap))


def _contract(p: dict[str, Any]) -> str:
    return gettext("%(base)s (contract) + %(difference)s = %(subtotal)s, × %(multiplier)s "
                   "(%(contract)s) = %(result)s.",
                   base=number(p["base"]), difference=number(p["difference"]),
                   subtotal=number(p["subtotal"]), multiplier=number(p["multiplier"]),
                   contract=contract_name(p["contract"]),
                   result=number(p["subtotal"] * p["multiplier"]))


def _petit_au_bout(p: dict[str, Any], won: bool) -> str:
    product = dict(multiplier=number(p["multiplier"]), bonus=number(p["bonus"]),
                   result=number(p["multiplier"] * p["bonus"]))
    if p["camp"] == _winner(won):
        return gettext("Petit au bout: %(multiplier)s × %(bonus)s = %(result)s.", **product)
    if p["camp"] == "taker":
        return gettext("Petit au bout for the taker: %(multiplier)s × %(bonus)s = %(result)s, "
                       "subtracted.", **product)
    return gettext("Petit au bout for the defence: %(multiplier)s × %(bonus)s = %(result)s, "
                   "subtracted.", **product)


def _poignee(p: dict[str, Any], won: bool) -> str:
    label = _handful_label(p["level"])
    bonus = number(p["bonus"])
    if p["camp"] == _winner(won):
        return gettext("%(handful)s: %(bonus)s.", handful=label, bonus=bonus)
    if p["camp"] == "taker":
        return gettext("%(handful)s shown by the taker: %(bonus)s.", handful=label, bonus=bonus)
    return gettext("%(handful)s shown by the defence: %(bonus)s.", handful=label, bonus=bonus)


def _chelem(p: dict[str, Any], line: ScoreLine, won: bool) -> str:
    bonus = number(p["bonus"])
    kind = p["kind"]
    if kind == "announced":
        return gettext("Slam announced and made: %(bonus)s.", bonus=bonus)
    if kind == "unannounced":
        return gettext("Slam made without being announced: %(bonus)s.", bonus=bonus)
    if kind == "failed":
        if won:
            return gettext("Slam announced but not made: %(bonus)s, subtracted.", bonus=bonus)
        return gettext("Slam announced but not made: %(bonus)s.", bonus=bonus)
    if kind == "defence":
        return gettext("Slam by the defence: %(bonus)s.", bonus=bonus)
    return gettext("Slam: %(bonus)s.", bonus=number(abs(line.points)))


def _per_seat_factor(line: ScoreLine) -> dict[str, str]:
    p = line.params
    return dict(factor=number(p["factor"]), total=number(p["total"]),
                score=signed(line.points))


@speaking
def line_text(line: ScoreLine, score: Score) -> str:
    """The sentence of one derivation line, in the current language."""
    p = dict(line.params)
    code = LineCode(line.code)
    if code is LineCode.TARGET:
        return gettext("With %(bouts)s, the taker needs %(target)s points.",
                       bouts=bouts_phrase(int(p["bouts"])), target=number(p["target"]))
    if code is LineCode.DIFFERENCE:
        return _difference(p)
    if code is LineCode.CONTRACT:
        return _contract(p)
    if code is LineCode.PETIT_AU_BOUT:
        return _petit_au_bout(p, score.won)
    if code is LineCode.POIGNEE:
        return _poignee(p, score.won)
    if code is LineCode.CHELEM:
        return _chelem(p, line, score.won)
    if code is LineCode.TOTAL:
        if score.won:
            return gettext("Total: %(total)s.", total=number(line.points))
        return gettext("Total for the defence: %(total)s.", total=number(-line.points))
    if code is LineCode.TAKER:
        if score.players == 5 and int(p["factor"]) == 4:
            return gettext("The taker, alone against four, scores %(factor)s × %(total)s = "
                           "%(score)s.", **_per_seat_factor(line))
        return gettext("The taker scores %(factor)s × %(total)s = %(score)s.",
                       **_per_seat_factor(line))
    if code is LineCode.PARTNER:
        return gettext("The partner scores %(factor)s × %(total)s = %(score)s.",
                       **_per_seat_factor(line))
    if code is LineCode.DEFENDER:
        return ngettext("Each of the %(num)d defenders scores %(score)s.",
                        "Each of the %(num)d defenders scores %(score)s.",
                        int(p["defenders"]), score=signed(line.points))
    raise ValueError(f"no sentence for score line {line.code!r}")  # pragma: no cover


def _summary(score: Score) -> str:
    defender, taker, partner = signed(score.defender), signed(score.taker), signed(score.partner)
    has_partner = any(line.code == LineCode.PARTNER for line in score.lines)
    if score.players == 5 and not has_partner:
        return gettext("Each defender scores %(defender)s, the taker, alone against four, "
                       "%(taker)s.", defender=defender, taker=taker)
    if has_partner:
        return gettext("Each defender scores %(defender)s, the taker %(taker)s and the partner "
                       "%(partner)s.", defender=defender, taker=taker, partner=partner)
    return gettext("Each defender scores %(defender)s, the taker %(taker)s.",
                   defender=defender, taker=taker)


_EXPLANATION_ORDER = {
    LineCode.DIFFERENCE: 0, LineCode.CONTRACT: 1, LineCode.POIGNEE: 2,
    LineCode.PETIT_AU_BOUT: 3, LineCode.CHELEM: 4, LineCode.TOTAL: 5,
}


def _explanation(score: Score, texts: list[str | None]) -> str:
    """The explanation from the lines' sentences (``texts[i]`` of ``score.lines[i]``; ``None``
    for a line not said yet)."""
    order = sorted((i for i, line in enumerate(score.lines) if line.code in _EXPLANATION_ORDER),
                   key=lambda i: _EXPLANATION_ORDER[LineCode(score.lines[i].code)])
    sentences = [text if (text := texts[i]) is not None else line_text(score.lines[i], score)
                 for i in order]
    sentences.append(_summary(score))
    return " ".join(sentences)


@speaking
def explain_score(score: Score) -> str:
    """The whole derivation in a few sentences, in the rulebook's order (difference, contract,
    poignées, petit au bout, chelem, total) and the seats' scores.

    The target (with N bouts, the taker needs …) is left out, as the rulebook leaves it out:
    it is the second figure of the first sentence, and the derivation's ``target`` line says it.
    """
    return _explanation(score, [None] * len(score.lines))


SAID_SCORES: Final = 1024
"""Score payloads kept per language (then the memory starts again from empty)."""


@speaking
def score_payload(score: Score) -> dict[str, Any]:
    """``{"won", "target", "difference", "multiplier", "scores", "derivation", "why_allowed",
    "explanation"}``; each derivation step is ``{"code", "params", "points", "text"}``
    (each line is worded once: the explanation reuses the steps' sentences); ``why_allowed``
    says why a surprising line is by the rules (:func:`rules_fr.scoring.why_scored`), and the
    explanation ends with it.

    Worded once per language and score: a score is a function of the fields its equality
    compares (the facts it was computed from and the verdict), and its sentences of those and
    the catalog, so the payload is kept by the language's :class:`~tutor.i18n.words.Speech`
    and each call gets its own copy of it (a bounded memory: a few distinct scores are most of
    what a scoresheet, a table or a quiz asks)."""
    said = speech().scores
    key = (score.players, score.contract, score.won, score.difference, score.total,
           score.facts)
    found = said.get(key)
    if found is None:
        found = _compose_payload(score)
        if len(said) >= SAID_SCORES:
            said.clear()
        said[key] = found
    return {**found, "scores": dict(found["scores"]),
            "derivation": [{**step, "params": dict(step["params"])}
                           for step in found["derivation"]],
            "why_allowed": [{**why, "params": dict(why["params"])}
                            for why in found["why_allowed"]]}


def _seats_scored(score: Score) -> dict[str, int]:
    """``{"taker", "partner", "defender"}``, without ``partner`` where there is none (three or
    four players, or a taker alone at five): a ``"partner": 0`` would read as a seat scoring
    nothing."""
    scores = score.scores()
    alone = score.facts[6]
    if score.players != 5 or alone:
        del scores["partner"]
    return scores


def _compose_payload(score: Score) -> dict[str, Any]:
    texts: list[str | None] = [line_text(line, score) for line in score.lines]
    why = [violation_payload(v) for v in why_scored(score)]
    return {
        "won": score.won,
        "target": score.target,
        "difference": score.difference,
        "multiplier": score.multiplier,
        "scores": _seats_scored(score),
        "derivation": [dict(line.as_dict(), text=text)
                       for line, text in zip(score.lines, texts, strict=True)],
        "why_allowed": why,
        "explanation": " ".join([_explanation(score, texts), *(w["message"] for w in why)]),
    }
