"""The worked examples told as stories: each seed example's situation read from its Gherkin
steps, played through the core, and told in the reader's language (``story`` of
``GET /rules/<id>``'s examples and of the MCP ``example://`` resource, the story on the rules
page).

The Gherkin stays the test (``tests/scenarios``): here its *Given* and *When* steps are only
read as data — a deal's figures, a hand and a trick, a hand, a chien and an écart — and every
figure of the story is the core's (:func:`rules_fr.scoring.score`, the check services), never
the scenario's own *Then* numbers. A scenario outline gives one story per row of its examples.
A scenario whose steps this module does not know (a bidding, a king call…) gets no story
(``[]``): it is never half told. ``tests/test_stories.py`` holds every story to the figures its
scenario states.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from rules_fr.cards import Card, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import draw_dealer, must_redraw
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score
from tutor.errors import Unprocessable
from tutor.i18n import review, score_payload
from tutor.i18n import stories as say
from tutor.i18n.facts import explain_draw
from tutor.services import check
from tutor.services.score import score_deal

__all__ = ["stories"]

_CONTRACTS: Final = {"petite": "petite", "prise": "petite", "garde": "garde",
                     "garde sans": "garde_sans", "garde_sans": "garde_sans",
                     "garde contre": "garde_contre", "garde_contre": "garde_contre"}
_CAMPS: Final = {"le preneur": "taker", "la défense": "defense", "un défenseur": "defense",
                 "the taker": "taker", "the defence": "defense", "a defender": "defense"}
_RANGE: Final = re.compile(r"^T(\d{1,2})\.\.T(\d{1,2})$")


def _cards(text: str) -> list[Card]:
    """Cards as the features write them: codes, and ``T1..T10`` for a run of trumps."""
    found: list[Card] = []
    for token in text.replace(",", " ").split():
        run = _RANGE.match(token)
        if run:
            first, last = int(run.group(1)), int(run.group(2))
            step = 1 if last >= first else -1
            found.extend(parse_card(f"T{n}") for n in range(first, last + step, step))
        else:
            found.append(parse_card(token))
    return found


def _half_points(text: str) -> int:
    """``49`` → 98, ``40,5`` → 81 (the features write the rulebook's figures)."""
    whole, _, fraction = text.replace(",", ".").partition(".")
    return 2 * int(whole) + (1 if fraction == "5" else 0)


@dataclass
class _Situation:
    """What the Given and When steps of one case set up."""

    kind: str | None = None
    players: int = 4
    contract: str | None = None
    points_half: int | None = None
    bouts: int | None = None
    poignees: list[tuple[str, str]] = field(default_factory=list)
    petit_au_bout: str | None = None
    chelem_announced: bool = False
    chelem_by: str | None = None
    alone: bool = False
    hand: list[Card] = field(default_factory=list)
    trick: list[Card] = field(default_factory=list)
    chien: list[Card] = field(default_factory=list)
    called_card: Card | None = None
    first_trick: bool = False
    card: Card | None = None
    ecart: list[Card] | None = None
    taker: int | None = None
    partner: int | None = None
    seat_poignees: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[tuple[int, list[Card]]] = field(default_factory=list)
    called: Card | None = None
    shown: list[Card] | None = None
    bids: list[Contract | None] | None = None
    bid: Contract | None = None
    misdealt: bool = False


_Step = Callable[[_Situation, re.Match[str]], None]


def _set(**values: Callable[[re.Match[str]], Any]) -> _Step:
    def apply(situation: _Situation, match: re.Match[str]) -> None:
        for name, read in values.items():
            setattr(situation, name, read(match))
    return apply


def _poignee(situation: _Situation, match: re.Match[str]) -> None:
    situation.poignees.append((_CAMPS[match.group(1)], match.group(2)))


def _bid(text: str) -> Contract | None:
    """A bid as the features write it: ``passe`` or a contract."""
    text = text.strip()
    return None if text in ("passe", "pass") else Contract.parse(text)


def _seat_poignee(situation: _Situation, match: re.Match[str]) -> None:
    situation.seat_poignees.append((int(match.group(1)), match.group(2)))


_STEPS: Final[tuple[tuple[re.Pattern[str], _Step], ...]] = tuple(
    (re.compile(pattern), step) for pattern, step in (
        (r'^une donne jouée à (\d) joueurs en "([^"]+)", le preneur étant le joueur (\d)$',
         _set(kind=lambda m: "deal", players=lambda m: int(m.group(1)),
              contract=lambda m: _CONTRACTS[m.group(2)], taker=lambda m: int(m.group(3)))),
        (r'^la carte appelée est "([^"]+)", détenue par le joueur (\d)$',
         _set(called_card=lambda m: parse_card(m.group(1)), partner=lambda m: int(m.group(2)))),
        (r'^la carte appelée est "([^"]+)", qui est au chien$',
         _set(called_card=lambda m: parse_card(m.group(1)), partner=lambda m: None)),
        (r'^l\'écart "([^"]*)"$', _set(ecart=lambda m: _cards(m.group(1)))),
        (r"^le joueur (\d) montre une poignée (simple|double|triple)$", _seat_poignee),
        (r"^les plis joués sont :$", lambda s, m: None),
        (r'^le preneur appelle "([^"]+)"$',
         _set(kind=lambda m: "call", called=lambda m: parse_card(m.group(1)))),
        (r'^le joueur montre la poignée "([^"]*)"$',
         _set(kind=lambda m: "poignee", shown=lambda m: _cards(m.group(1)))),
        (r"^je vérifie la main$", _set(kind=lambda m: "hand")),
        (r'^le pli "([^"]+)" est complet$',
         _set(kind=lambda m: "trick", trick=lambda m: _cards(m.group(1)))),
        (r"^le donneur a fait une fausse donne$", _set(misdealt=lambda m: True)),
        (r'^les joueurs tirent "([^"]+)"$',
         _set(kind=lambda m: "draw", trick=lambda m: _cards(m.group(1)))),
        (r'^les annonces précédentes "([^"]*)"$', _set(bids=lambda m: [
            _bid(b) for b in m.group(1).split(",") if b.strip()])),
        (r'^le joueur annonce "([^"]+)"$',
         _set(kind=lambda m: "bid", bid=lambda m: _bid(m.group(1)))),
        (r"^je calcule la marque de la donne jouée$", lambda s, m: None),
        (r'^(?:une donne à|a deal at) (\d) (?:joueurs en|players in) "([^"]+)"$',
         _set(kind=lambda m: "score", players=lambda m: int(m.group(1)),
              contract=lambda m: _CONTRACTS[m.group(2)])),
        (r"^(?:le preneur réalise|the taker makes) (\d+(?:[,.]5)?) (?:points avec|points with) "
         r"(\d) bouts?$",
         _set(points_half=lambda m: _half_points(m.group(1)), bouts=lambda m: int(m.group(2)))),
        (r"^(le preneur|un défenseur) montre une poignée (simple|double|triple)$", _poignee),
        (r"^(the taker|a defender) shows a (simple|double|triple) poignée$", _poignee),
        (r"^(?:le petit au bout est (?:mené|pris) par|the petit au bout is won by) "
         r"(le preneur|la défense|the taker|the defence)$",
         _set(petit_au_bout=lambda m: _CAMPS[m.group(1)])),
        (r"^le preneur a annoncé le chelem$", _set(chelem_announced=lambda m: True)),
        (r"^le chelem n'a pas été annoncé$", _set(chelem_announced=lambda m: False)),
        (r"^(le preneur|la défense) remporte tous les plis$",
         _set(chelem_by=lambda m: _CAMPS[m.group(1)])),
        (r"^le preneur joue seul$", _set(alone=lambda m: True)),
        (r"^(?:je calcule la marque|I score the deal)$", lambda s, m: None),
        (r"^(?:une table de|a table of) (\d) (?:joueurs|players)$",
         _set(players=lambda m: int(m.group(1)))),
        (r'^(?:la main|the hand) "([^"]*)"$', _set(hand=lambda m: _cards(m.group(1)))),
        (r'^(?:le pli en cours|the trick so far) "([^"]*)"$',
         _set(trick=lambda m: _cards(m.group(1)))),
        (r'^c\'est la première levée et la carte appelée est "([^"]+)"$',
         _set(called_card=lambda m: parse_card(m.group(1)), first_trick=lambda m: True)),
        (r'^la carte appelée est "([^"]+)"$',
         _set(called_card=lambda m: parse_card(m.group(1)))),
        (r'^(?:je joue|I play) "([^"]+)"$',
         _set(kind=lambda m: "play", card=lambda m: parse_card(m.group(1)))),
        (r'^le chien "([^"]*)"$', _set(chien=lambda m: _cards(m.group(1)))),
        (r'^le contrat "([^"]+)"$', _set(contract=lambda m: _CONTRACTS[m.group(1)])),
        (r'^le preneur écarte "([^"]*)"$',
         _set(kind=lambda m: "ecart", ecart=lambda m: _cards(m.group(1)))),
    ))


def _situation(steps: list[dict[str, Any]]) -> _Situation | None:
    """The situation the Given and When steps set up, or ``None`` if one is unknown here."""
    situation = _Situation()
    checking = False
    for step in steps:
        checking = checking or step["keyword"] in ("Alors", "Then")
        if checking:  # the outcome: what the test checks, never read here
            continue
        for pattern, apply in _STEPS:
            match = pattern.match(step["text"])
            if match:
                apply(situation, match)
                break
        else:
            return None
        if step.get("table") and step["text"] == "les plis joués sont :":
            header, *rows = step["table"]
            if header != ["pli", "entame", "cartes"]:
                return None
            situation.tricks = [(int(leader), _cards(cards)) for _, leader, cards in rows]
    return situation if situation.kind else None


def _fill(text: str, values: Mapping[str, str]) -> str:
    """An outline's step with the ``<name>`` of a row filled in."""
    return re.sub(r"<([^>]+)>", lambda m: values.get(m.group(1), m.group(0)), text)


def _cases(entry: Mapping[str, Any]) -> list[tuple[dict[str, str] | None,
                                                   list[dict[str, Any]]]]:
    """``(row, steps)`` for each case: the scenario itself, or each row of an outline with the
    ``<name>`` of its steps filled in."""
    if not entry.get("examples"):
        return [(None, list(entry["steps"]))]
    cases: list[tuple[dict[str, str] | None, list[dict[str, Any]]]] = []
    for block in entry["examples"]:
        for row in block["rows"]:
            values = dict(zip(block["header"], row, strict=True))
            steps = [{**step, "text": _fill(step["text"], values)} for step in entry["steps"]]
            cases.append((values, steps))
    return cases


def _score_story(s: _Situation) -> dict[str, Any] | None:
    if s.contract is None or s.points_half is None or s.bouts is None:
        return None
    contract = Contract.parse(s.contract)
    result = score(players=s.players, contract=contract, bouts=s.bouts,
                   points_half=s.points_half,
                   petit_au_bout=Camp(s.petit_au_bout) if s.petit_au_bout else None,
                   poignees=[(Camp(c), PoigneeLevel(level)) for c, level in s.poignees],
                   chelem_announced=s.chelem_announced,
                   chelem=Camp(s.chelem_by) if s.chelem_by else None, alone=s.alone)
    payload = score_payload(result)
    deal = [say.score_deal_sentence(s.players, s.contract, alone=s.alone)]
    deal += [say.poignee_sentence(camp, level) for camp, level in s.poignees]
    if s.chelem_announced:
        deal.append(say.chelem_announced_sentence())
    count = [say.count_sentence(s.points_half, s.bouts)]
    if s.petit_au_bout:
        count.append(say.petit_au_bout_sentence(s.petit_au_bout))
    if s.chelem_by:
        count.append(say.chelem_by_sentence(s.chelem_by))
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "count", "text": t} for t in count] + \
            [{"part": "score", "text": line["text"], "points": line["points"]}
             for line in payload["derivation"] if line["text"]]
    return {"kind": "score", "lines": lines, "figures": {
        "won": result.won, "target": result.target, "difference": result.difference,
        "total": result.total, "scores": result.scores()}}


def _play_story(s: _Situation) -> dict[str, Any] | None:
    if s.card is None or not s.hand:
        return None
    answer = check.play({"players": s.players, "hand": s.hand, "trick": s.trick,
                         "card": s.card, "called_card": s.called_card,
                         "first_trick": s.first_trick})
    deal = [say.hand_sentence(s.players, s.hand)]
    if s.called_card is not None:
        deal.append(say.called_card_sentence(s.called_card, first_trick=s.first_trick))
    deal.append(say.trick_sentence(s.trick))
    lines = [{"part": "deal", "text": t} for t in deal] + [
        {"part": "play", "text": say.play_sentence(s.card)},
        {"part": "verdict", "text": answer["explanation"]}]
    return {"kind": "play", "lines": lines, "figures": {
        "legal": answer["legal"], "legal_cards": answer["legal_cards"]}}


def _ecart_story(s: _Situation) -> dict[str, Any] | None:
    if s.ecart is None or s.contract is None or not s.hand:
        return None
    answer = check.ecart({"players": s.players, "hand": s.hand, "chien": s.chien,
                          "contract": Contract.parse(s.contract), "ecart": s.ecart})
    lines = [{"part": "deal",
              "text": say.ecart_deal_sentence(s.players, s.contract, s.hand, s.chien)},
             {"part": "play", "text": say.ecart_sentence(s.ecart)},
             {"part": "verdict", "text": answer["explanation"]}]
    return {"kind": "ecart", "lines": lines, "figures": {
        "legal": answer["legal"], "trumps_to_show": answer["trumps_to_show"]}}


def _deal_story(s: _Situation) -> dict[str, Any] | None:
    if s.contract is None or s.taker is None or not s.tricks:
        return None
    contract = Contract.parse(s.contract)
    answer = score_deal({
        "players": s.players, "contract": contract, "taker": s.taker, "partner": s.partner,
        "called_card": s.called_card, "chien": s.chien, "ecart": s.ecart or [],
        "tricks": [{"leader": leader, "cards": cards} for leader, cards in s.tricks],
        "announcements": {"poignees": [{"seat": seat, "level": PoigneeLevel(level)}
                                       for seat, level in s.seat_poignees],
                          "chelem_announced": s.chelem_announced}})
    deal = [say.played_deal_sentence(s.players, s.contract, s.taker)]
    if s.called_card is not None:
        deal.append(say.called_partner_sentence(s.called_card, s.partner))
    if s.chien:
        deal.append(say.chien_sentence(s.chien, contract.taker_takes_chien))
    if s.ecart:
        deal.append(say.ecart_aside_sentence(s.ecart))
    deal += [say.seat_poignee_sentence(seat, level) for seat, level in s.seat_poignees]
    if s.chelem_announced:
        deal.append(say.chelem_announced_sentence())
    play = [say.played_trick_sentence(number, leader, cards)
            for number, (leader, cards) in enumerate(s.tricks, start=1)]
    counted = answer["count"]
    count = [review.camp_sentence(side, counted[side]["tricks"],
                                  int(2 * counted[side]["points"]), counted[side]["bouts"])
             for side in ("taker", "defense")]
    count.append(review.chien_sentence(contract.code, contract.chien_camp.value))
    excuse = review.excuse_sentence(played=any(c.is_excuse for _, cards in s.tricks
                                               for c in cards),
                                    exchanged=counted["excuse"]["exchanged"],
                                    lost_last_trick=counted["excuse"]["lost_last_trick"],
                                    camp=counted["excuse"]["camp"])
    if excuse:
        count.append(excuse)
    if counted["petit_au_bout"]:
        count.append(say.petit_au_bout_sentence(counted["petit_au_bout"]))
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in play] + \
            [{"part": "count", "text": t} for t in count] + \
            [{"part": "score", "text": line["text"], "points": line["points"]}
             for line in answer["derivation"] if line["text"]]
    return {"kind": "deal", "lines": lines, "figures": {
        "count": counted, "won": answer["won"], "target": answer["target"],
        "difference": answer["difference"], "total": next(
            (line["points"] for line in answer["derivation"] if line["code"] == "total"), None),
        "scores": answer["scores"]}}


def _verdict_story(kind: str, s: _Situation, deal: list[str], action: list[str],
                   answer: dict[str, Any], figures: dict[str, Any]) -> dict[str, Any]:
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in action] + \
            [{"part": "verdict", "text": answer["explanation"]}]
    return {"kind": kind, "lines": lines, "figures": figures}


def _call_story(s: _Situation) -> dict[str, Any] | None:
    if s.called is None or not s.hand:
        return None
    answer = check.king_call({"players": s.players, "hand": s.hand, "card": s.called,
                              "chien": s.chien or None})
    deal = [say.hand_sentence(s.players, s.hand)]
    if s.chien:
        deal.append(say.unseen_chien_sentence(s.chien))
    return _verdict_story("call", s, deal, [], answer,  # the verdict names the card called
                          {"legal": answer["legal"], "alone": answer["alone"]})


def _poignee_story(s: _Situation) -> dict[str, Any] | None:
    if s.shown is None or not s.hand:
        return None
    answer = check.poignee({"players": s.players, "hand": s.hand, "shown": s.shown,
                            "cards_played": None})
    return _verdict_story("poignee", s, [say.hand_sentence(s.players, s.hand)],
                          [say.show_sentence(s.shown)], answer,
                          {"legal": answer["legal"], "level": answer["level"],
                           "bonus": answer["bonus"]})


def _hand_story(s: _Situation) -> dict[str, Any] | None:
    if not s.hand:
        return None
    answer = check.hand({"players": s.players, "hand": s.hand})
    return _verdict_story("hand", s, [say.hand_sentence(s.players, s.hand)], [], answer,
                          {"petit_sec": answer["petit_sec"],
                           "poignees": [p["level"] for p in answer["poignees"]]})


def _bid_story(s: _Situation) -> dict[str, Any] | None:
    if s.bids is None and s.kind != "bid":
        return None
    earlier = s.bids or []
    answer = check.bid({"players": s.players, "bids": earlier, "bid": s.bid,
                        "dealer_misdealt": s.misdealt})
    deal = [say.misdealt_sentence()] if s.misdealt else []
    return _verdict_story("bid", s, [*deal, say.earlier_bids_sentence(s.players, earlier)],
                          [], answer, {"legal": answer["legal"]})  # the verdict says the bid


def _trick_story(s: _Situation) -> dict[str, Any] | None:
    if not s.trick:
        return None
    answer = check.trick({"players": len(s.trick), "cards": s.trick, "leader": None})
    winner = answer["winner"]
    return _verdict_story("trick", s, [say.full_trick_sentence(s.trick)], [], answer,
                          {"winner": None if winner is None else winner["card"],
                           "half_points": answer["half_points"]})


def _draw_story(s: _Situation) -> dict[str, Any] | None:
    """Who deals first: the same core functions and sentence as ``POST /deal/draw``."""
    if not s.trick:
        return None
    dealer, redraw = draw_dealer(s.trick), must_redraw(s.trick)
    answer = {"explanation": explain_draw(s.trick, dealer, redraw)}
    return _verdict_story("draw", s, [say.draws_sentence(s.trick)], [], answer,
                          {"dealer": dealer, "redraw": redraw})


_TELLERS: Final = {"score": _score_story, "play": _play_story, "ecart": _ecart_story,
                   "deal": _deal_story, "call": _call_story, "poignee": _poignee_story,
                   "hand": _hand_story, "bid": _bid_story, "trick": _trick_story,
                   "draw": _draw_story}


def stories(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The example ``entry`` (:func:`tutor.examples.example`) told in the current language:
    one story per case, each ``{"case", "kind", "text", "lines", "figures"}`` — ``case`` the
    number of the outline's row it tells, counted over its example blocks (``None`` for a
    plain scenario), ``lines`` its sentences in order
    (``part``: ``deal``, ``count``, ``score``, ``play`` or ``verdict``), ``text`` them joined,
    ``figures`` the core's answer. ``[]`` when its steps are not a situation told here.
    Needs the app (the sentences come from the catalogs)."""
    told: list[dict[str, Any]] = []
    cases = _cases(entry)
    for number, (_row, steps) in enumerate(cases, start=1):
        try:
            situation = _situation(steps)
        except ValueError:  # a card that does not exist: the scenario of a refusal
            return []
        if situation is None or situation.kind is None:
            return []
        try:
            story = _TELLERS[situation.kind](situation)
        except (ValueError, Unprocessable):  # a case the core refuses (a scenario of a 422)
            story = None
        if story is None:
            return []
        told.append({"case": number if entry.get("examples") else None, **story,
                     "text": " ".join(line["text"] for line in story["lines"])})
    return told
