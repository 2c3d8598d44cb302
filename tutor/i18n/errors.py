"""The API's error sentences, by stable key (``error_text("unknown-card", text="ZZ")``).

The keys are the contract with the API (see notes/I18N_INTERFACE.md, and its "Extra keys"); an
unknown key raises :class:`KeyError`, so a key the API uses without a catalog entry fails its
tests rather than a reader. Each key's sentence uses the params the API passes; where a param
is optional (``content_type`` may be empty, ``path`` absent) a shorter sentence is used without
it. Params that name cards (``card``, ``cards``) take card codes and are spoken as names;
numbers are formatted for the locale. A missing required param raises :class:`KeyError` too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, Final

from flask_babel import gettext, ngettext

from tutor.i18n.analysis import ANALYSIS_ERRORS
from tutor.i18n.facts import FACT_ERRORS
from tutor.i18n.review import REVIEW_ERRORS
from tutor.i18n.streams import STREAM_ERRORS
from tutor.i18n.violations import score_reason
from tutor.i18n.words import card_list, card_name, count_cards, handful_name, number, to_cards

__all__ = ["ERRORS", "error_text"]

P = Mapping[str, Any]


def _has(p: P, name: str) -> bool:
    return p.get(name) not in (None, "")


def _unsupported_media_type(p: P) -> str:
    if _has(p, "content_type"):
        return gettext("Send the request body as JSON (Content-Type: application/json), not "
                       "%(content_type)s.", content_type=p["content_type"])
    return gettext("Send the request body as JSON (Content-Type: application/json).")


def _validation_failed(p: P) -> str:
    if isinstance(p.get("count"), int):
        return ngettext("%(num)d field of the request is missing or invalid: see the details.",
                        "%(num)d fields of the request are missing or invalid: see the details.",
                        p["count"])
    return gettext("Some fields of the request are missing or invalid: see the details.")


def _not_found(p: P) -> str:
    if _has(p, "path"):
        return gettext("There is nothing at %(path)s.", path=p["path"])
    return gettext("There is nothing at this address.")


def _method_not_allowed(p: P) -> str:
    if _has(p, "method") and _has(p, "allowed"):
        return gettext("%(method)s is not allowed at this address; use %(allowed)s.",
                       method=p["method"], allowed=p["allowed"])
    return gettext("This method is not allowed at this address.")


def _body_too_large(p: P) -> str:
    if _has(p, "max_bytes"):
        return gettext("The request body is too large: at most %(max_bytes)s bytes.",
                       max_bytes=number(p["max_bytes"]))
    return gettext("The request body is too large.")


def _impossible_score(p: P) -> str:
    sentence = score_reason(p.get("reason"), p)
    if sentence is not None:
        return sentence
    if _has(p, "reason"):
        return gettext("No deal can end with this score: %(reason)s.", reason=p["reason"])
    return gettext("No deal can end with this score.")


def _seat_range(p: P) -> str:
    players = int(p["players"])
    return gettext("There is no seat %(seat)s at a table of %(players)s: seats go from 0 to "
                   "%(last)s.", seat=p["seat"], players=_players(players),
                   last=number(players - 1))


def _players(count: int) -> str:
    return ngettext("%(num)d player", "%(num)d players", count)


def _missing_cards(p: P) -> str:
    return ngettext("This card is found nowhere in the deal: %(cards)s.",
                    "These %(num)d cards are found nowhere in the deal: %(cards)s.",
                    count_cards(p["cards"]), cards=card_list(p["cards"]))


def _list_too_long(p: P) -> str:
    return ngettext("This list holds at most %(num)d item, not %(size)s.",
                    "This list holds at most %(num)d items, not %(size)s.",
                    int(p["max"]), size=number(p["size"]))


def _list_too_short(p: P) -> str:
    return ngettext("This list holds at least %(num)d item, not %(size)s.",
                    "This list holds at least %(num)d items, not %(size)s.",
                    int(p["min"]), size=number(p["size"]))


def _partner_mismatch(p: P) -> str:
    card = _card(p["card"])
    if p.get("expected") is None:
        return gettext("The called card, %(card)s, is the taker's own or in the chien: the taker "
                       "plays alone, with no partner, not seat %(seat)s.", card=card,
                       seat=p["seat"])
    return gettext("The partner is the holder of %(card)s, seat %(expected)s, not seat "
                   "%(seat)s.", card=card, expected=p["expected"], seat=p["seat"])


def _poignee_not_held(p: P) -> str:
    return gettext("Seat %(seat)s cannot show a %(handful)s: the cards it played do not hold "
                   "enough trumps.", seat=p["seat"], handful=handful_name(p["level"]))


def _rate_limited(p: P) -> str:
    if _has(p, "amount") and _has(p, "seconds"):
        period = ngettext("%(num)d second", "%(num)d seconds", int(p["seconds"]))
        return ngettext("Too many requests: at most %(num)d every %(period)s. Try again after "
                        "the delay in the Retry-After header.",
                        "Too many requests: at most %(num)d every %(period)s. Try again after "
                        "the delay in the Retry-After header.", int(p["amount"]), period=period)
    return gettext("Too many requests. Try again after the delay in the Retry-After header.")


def _service_unavailable(p: P) -> str:
    what = {"database": gettext("the database"),
            "broker": gettext("the message broker")}.get(p.get("what", ""))
    seconds = int(p.get("seconds") or 5)
    if what is not None:
        return ngettext("The service cannot reach %(what)s for now: try again in %(num)d "
                        "second.",
                        "The service cannot reach %(what)s for now: try again in %(num)d "
                        "seconds.", seconds, what=what)
    return ngettext("The service is unavailable for now: try again in %(num)d second.",
                    "The service is unavailable for now: try again in %(num)d seconds.",
                    seconds)


def _table_closed(p: P) -> str:
    if p.get("reason") == "idle":
        return ngettext("This table is closed: nothing happened at it for %(num)d hour. Its "
                        "log can still be read, not added to.",
                        "This table is closed: nothing happened at it for %(num)d hours. Its "
                        "log can still be read, not added to.", int(p.get("hours") or 0))
    return gettext("This table is closed: its partie is over. Its log can still be read, not "
                   "added to.")


def _card(value: Any) -> str:
    cards = to_cards(value)
    return card_name(cards[0]) if cards else str(value)


def _msg(build: Callable[[], str]) -> Callable[[P], str]:
    return lambda p: build()


EXPECTED: Final[Mapping[str, Callable[[], str]]] = {
    "card": lambda: gettext("a card code"),
    "card-list": lambda: gettext("a list of card codes"),
    "integer": lambda: gettext("an integer"),
    "boolean": lambda: gettext("true or false"),
    "word": lambda: gettext("a word"),
    "points": lambda: gettext("a number of points, a multiple of 0.5"),
    "list": lambda: gettext("a list"),
    "object": lambda: gettext("an object"),
    "text": lambda: gettext("a text"),
}
"""What a field of the wrong JSON type expected (``field-invalid`` with ``expected``)."""


def _expected(kind: str) -> str:
    return EXPECTED[kind]()


ERRORS: Final[Mapping[str, Callable[[P], str]]] = {
    # titles of the problem+json responses, one per HTTP status
    "title-400": _msg(lambda: gettext("Bad request")),
    "title-401": _msg(lambda: gettext("Unauthorized")),
    "title-403": _msg(lambda: gettext("Forbidden")),
    "title-404": _msg(lambda: gettext("Not found")),
    "title-405": _msg(lambda: gettext("Method not allowed")),
    "title-409": _msg(lambda: gettext("Conflict")),
    "title-413": _msg(lambda: gettext("Request body too large")),
    "title-415": _msg(lambda: gettext("Unsupported media type")),
    "title-422": _msg(lambda: gettext("Unprocessable request")),
    "title-500": _msg(lambda: gettext("Internal error")),
    "title-408": _msg(lambda: gettext("Request timeout")),
    "title-410": _msg(lambda: gettext("Gone")),
    "title-429": _msg(lambda: gettext("Too many requests")),
    "title-431": _msg(lambda: gettext("Request headers too large")),
    "title-503": _msg(lambda: gettext("Service unavailable")),
    "title-505": _msg(lambda: gettext("HTTP version not supported")),
    # HTTP-level problems
    "request-timeout": _msg(lambda: gettext("The request did not arrive in time (its headers "
                                            "or its whole body): send it again.")),
    "gone": _msg(lambda: gettext("What was at this address is no longer available.")),
    "malformed-framing": _msg(lambda: gettext("The request's framing is malformed (a chunk "
                                              "size or a chunk's end): its body cannot be "
                                              "read.")),
    "http-version": _msg(lambda: gettext("This server speaks HTTP/1.1: send the request "
                                         "as HTTP/1.1 (or HTTP/1.0).")),
    "rate-limited": _rate_limited,
    "headers-too-large": _msg(lambda: gettext("The request's headers are too large or too "
                                              "many.")),
    "service-unavailable": _service_unavailable,
    "duplicate-key": lambda p: gettext("The member “%(member)s” is given twice in one JSON "
                                       "object: give it once.", member=p["member"]),
    "malformed-json": _msg(lambda: gettext("The request body is not valid JSON.")),
    "body-too-large": _body_too_large,
    "unsupported-media-type": _unsupported_media_type,
    "validation-failed": _validation_failed,
    "not-found": _not_found,
    "method-not-allowed": _method_not_allowed,
    "internal-error": _msg(lambda: gettext("Something went wrong on our side; please try "
                                           "again.")),
    # fields
    "field-required": _msg(lambda: gettext("This field is required.")),
    "field-invalid": lambda p: (
        gettext("Expected %(expected)s, such as %(example)s.",
                expected=_expected(p["expected"]), example=p["example"])
        if p.get("expected") in EXPECTED else gettext("This value is not valid.")),
    "field-null": _msg(lambda: gettext("A value is required here, not null.")),
    "language-not-served": lambda p: gettext(
        "The language “%(lang)s” is not served: ask for one of %(supported)s.",
        lang=p["lang"], supported=p["supported"]),
    "unsupported-language": lambda p: gettext(
        "The language “%(lang)s” is not served: ask for one of %(supported)s (?lang=en).",
        lang=p["lang"], supported=p["supported"]),
    "unknown-field": lambda p: (
        gettext("The field “%(field)s” is not part of this request; its fields are "
                "%(allowed)s.", field=p["field"], allowed=p["allowed"]) if p.get("allowed")
        else gettext("The field “%(field)s” is not part of this request.", field=p["field"])),
    "value-range": lambda p: gettext("The value must be between %(min)s and %(max)s, not "
                                     "%(value)s.", min=number(p["min"]), max=number(p["max"]),
                                     value=_value(p["value"])),
    "unknown-choice": lambda p: gettext("“%(value)s” is not one of the accepted values: "
                                        "%(choices)s.", value=p["value"], choices=p["choices"]),
    "name-length": lambda p: gettext("A name has 1 to %(max)s characters, such as “Chloé”.",
                                     max=number(p["max"])),
    "control-character": lambda p: gettext(
        "A name cannot hold a control character (%(code)s, character %(position)s): write it "
        "with letters, digits, spaces and punctuation, such as “Chloé”.",
        code=p["code"], position=number(p["position"])),
    "list-too-long": _list_too_long,
    "list-too-short": _list_too_short,
    # cards and hands
    "unknown-card": lambda p: gettext("“%(text)s” is not a card: write it as a code such as "
                                      "KH, 10D, CS, T21 or EX, or by its name.",
                                      text=p["text"]),
    "duplicate-card": lambda p: gettext("The same card is given twice: %(card)s.",
                                        card=_card(p["card"])),
    "card-in-hand-and-trick": lambda p: gettext("A card cannot be both in the hand and in the "
                                                "trick: %(card)s.", card=_card(p["card"])),
    "card-not-in-hand": lambda p: gettext("You do not hold %(card)s.", card=_card(p["card"])),
    "card-not-in-trick": lambda p: gettext("The trick does not hold %(card)s.",
                                           card=_card(p["card"])),
    "trick-too-long": lambda p: gettext("A trick holds at most one card per player: %(size)s "
                                        "cards for %(players)s.", size=number(p["size"]),
                                        players=_players(int(p["players"]))),
    "hand-too-large": lambda p: gettext("A hand holds at most %(max)s cards, not %(size)s.",
                                        max=number(p["max"]), size=number(p["size"])),
    "chien-too-large": lambda p: gettext("The chien holds at most %(max)s cards, not %(size)s.",
                                         max=number(p["max"]), size=number(p["size"])),
    "missing-cards": _missing_cards,
    "chien-in-play": lambda p: gettext("The taker cannot play %(card)s: it is in the chien, "
                                       "which stays face down on a garde sans or a garde "
                                       "contre.", card=_card(p["card"])),
    # table and contract
    "players-range": lambda p: gettext("A deal is played by 3, 4 or 5 players, not %(value)s.",
                                       value=_value(p["value"])),
    "seat-range": _seat_range,
    "partner-not-five": lambda p: gettext("A partner plays only with five players, not with "
                                          "%(players)s.", players=_value(p["players"])),
    "partner-is-taker": lambda p: gettext("The partner cannot be the taker, seat %(seat)s: give "
                                          "no partner when the taker plays alone.",
                                          seat=p["seat"]),
    "partner-mismatch": _partner_mismatch,
    "unknown-contract": lambda p: gettext("“%(text)s” is not a contract: petite, garde, "
                                          "garde_sans or garde_contre.", text=p["text"]),
    "unknown-bid": lambda p: gettext("“%(text)s” is not a bid: pass, petite, garde, garde_sans "
                                     "or garde_contre.", text=p["text"]),
    "poignee-not-held": _poignee_not_held,
    "poignee-twice": lambda p: gettext("Seat %(seat)s shows a handful only once.",
                                       seat=p["seat"]),
    # points and scores
    "not-a-half-point": lambda p: gettext("Points are counted in half points: %(value)s is not "
                                          "a multiple of 0.5.", value=_value(p["value"])),
    "points-range": lambda p: gettext("The taker's points must be between 0 and 91, not "
                                      "%(value)s.", value=_value(p["value"])),
    "impossible-score": _impossible_score,
    # a whole deal to score
    "trick-count": lambda p: gettext("The deal has %(expected)s tricks, not %(count)s.",
                                     expected=number(p["expected"]), count=number(p["count"])),
    "trick-size": lambda p: gettext("Trick %(trick)s holds %(size)s cards instead of "
                                    "%(expected)s: one card per player.", trick=p["trick"],
                                    size=number(p["size"]), expected=number(p["expected"])),
    "illegal-deal": _msg(lambda: gettext("This deal is not a regular deal.")),
    "illegal-ecart": _msg(lambda: gettext("The taker's écart is not legal.")),
    "illegal-play": lambda p: gettext("Trick %(trick)s: seat %(seat)s may not play %(card)s.",
                                      trick=p["trick"], seat=p["seat"], card=_card(p["card"])),
    # rules
    "unknown-rule": lambda p: (
        gettext("There is no rule “%(id)s” in the catalog; the closest ids are %(closest)s.",
                id=p["id"], closest=p["closest"]) if p.get("closest")
        else gettext("There is no rule “%(id)s” in the catalog.", id=p["id"])),
    # live tables
    "token-required": _msg(lambda: gettext("This request needs a token: Authorization: Bearer "
                                           "<token>.")),
    "token-invalid": _msg(lambda: gettext("This token is not one of this table's.")),
    "seat-forbidden": lambda p: gettext("Your token is seat %(seat)s's: it cannot act for seat "
                                        "%(asked)s.", seat=p["seat"], asked=p["asked"]),
    "referee-cannot-play": _msg(lambda: gettext("The referee's token can pause, resume or annul "
                                                "a deal, not play.")),
    "referee-only": lambda p: gettext("Only the referee may do this (%(action)s).",
                                      action=p["action"]),
    "stale-seq": lambda p: gettext("The table has moved on: its last event is %(seq)s, you sent "
                                   "%(sent)s.", seq=p["seq"], sent=p["sent"]),
    "table-busy": _msg(lambda: gettext("Another action was recorded at the same time: look "
                                       "again and retry.")),
    "table-paused": _msg(lambda: gettext("The table is paused by the referee.")),
    "no-ruling-pending": lambda p: gettext("No deal with a revoke awaits the referee's ruling "
                                           "now (%(action)s).", action=p["action"]),
    "misdeal-too-late": _msg(lambda: gettext("A misdeal is ruled before the first bid: the "
                                             "bidding has begun.")),
    "take-back-nothing": _msg(lambda: gettext("There is no record to take back now: the "
                                              "last one was answered (a revoke, a score, "
                                              "a new deal) or play is stopped.")),
    "partie-over": _msg(lambda: gettext("The partie is over.")),
    "illegal-action": _msg(lambda: gettext("This action breaks a rule.")),
    "seat-missing": _msg(lambda: gettext("Say which seat acts (seat).")),
    "action-field-missing": lambda p: gettext("The action %(action)s needs the member "
                                              "“%(field)s”.", action=p["action"],
                                              field=p["field"]),
    "duplicate-deal": lambda p: gettext("This deal cannot be played: %(reason)s.",
                                        reason=p["reason"]),
    "duplicate-seat": lambda p: gettext("Seat %(seat)s is given twice among the bots.",
                                        seat=p["seat"]),
    "table-closed": _table_closed,
    "table-archived": lambda p: gettext("This table was archived on %(date)s: its tokens no "
                                        "longer open it.", date=p["date"]),
    "physical-no-bots": _msg(lambda: gettext("At a physical table everyone plays with real "
                                             "cards: no seat can be a bot.")),
    "physical-no-robot": _msg(lambda: gettext("At a physical table everyone plays with real "
                                              "cards: no seat can be handed to a robot.")),
    "physical-no-duplicate": _msg(lambda: gettext("A physical table plays the cards dealt at "
                                                  "the table, not a prepared deal.")),
    # comparing the tables of a duplicate
    "not-a-duplicate-table": lambda p: gettext("Table %(table)s does not play a prepared deal: "
                                               "it has nothing to compare.", table=p["table"]),
    "not-the-same-deal": lambda p: gettext("Table %(table)s plays another deal than table "
                                           "%(first)s: only tables playing the same deal can "
                                           "be compared.", table=p["table"],
                                           first=p["first"]),
    "table-twice": lambda p: gettext("Table %(table)s is given twice.", table=p["table"]),
    # the facts endpoints (card points, deal plan, auction, partie, duplicate notes)
    **FACT_ERRORS,
    **STREAM_ERRORS,
    # the review of a scored deal, undo at a practice table
    **REVIEW_ERRORS,
    # the analysis of positions and deals, the puzzles
    **ANALYSIS_ERRORS,
}
"""Every key the API may use, with the function that words it."""


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float | Decimal):
        return number(value)
    return value


def error_text(key: str, **params: Any) -> str:
    """The error sentence ``key`` in the current language, filled with ``params``.

    ``impossible-score`` takes the ``reason`` of a ``score-impossible`` verdict (with its other
    params: ``points_half``, ``bouts``) and gives that reason's sentence.
    Raises :class:`KeyError` for an unknown key or a missing param.
    """
    return ERRORS[key](params)
