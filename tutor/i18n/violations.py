"""Violations and warnings as sentences: one per code of :class:`rules_fr.verdicts.Code`.

Each sentence names the concrete cards of the verdict's params (cards as canonical codes),
the led suit, the highest trump to beat, the counts (plurals chosen by the catalogs), and is
followed by the rule it enforces — its title in the reader's language and its id, which
``GET /api/v1/rules/<id>`` serves:

    Vous devez fournir à cœur : le 5 de cœur est entamé et vous avez le 7 et le roi de cœur.
    Règle : Fournir la couleur demandée (play.follow-suit).

A message never fails on params it does not expect: a missing card list gives a shorter
sentence, an unknown reason a general one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeGuard, cast

from rules_fr.cards import Suit
from rules_fr.verdicts import Code, Violation
from tutor.i18n.rules import rule_title
from tutor.i18n.tables import action_phrase as tables_action_phrase
from tutor.i18n.tables import phase_name as tables_phase_name
from tutor.i18n.words import (
    bouts_phrase,
    card_list,
    card_name,
    contract_name,
    count_cards,
    format_list,
    gettext,
    handful_name,
    ngettext,
    number,
    pgettext,
    points,
    request_memo,
    speaking,
    suit_name,
    suit_to_follow,
    to_cards,
)

__all__ = ["MESSAGES", "violation_message", "violation_payload", "with_rule"]

Params = Mapping[str, Any]
# Alike by nature: a function a verdict Code, each its catalog sentence (MESSAGES)


def _card(params: Params, key: str = "card") -> str:
    cards = to_cards(params.get(key))
    return card_name(cards[0]) if cards else gettext("this card")


def _plain_suit(value: Any) -> TypeGuard[Suit | str]:
    return str(value) in ("S", "H", "D", "C")


# --- card play ------------------------------------------------------------------------------

def _card_not_in_hand(p: Params) -> str:
    return gettext("You do not hold %(card)s.", card=_card(p))


def _must_follow_suit(p: Params) -> str:
    led = _card(p, "led")
    cards = card_list(p.get("cards"))
    after_excuse = bool(p.get("excuse_led"))
    if not _plain_suit(p.get("suit")):
        if after_excuse:
            if cards:
                return gettext("You must play a trump: the excuse was led, %(led)s set the suit, "
                               "and you hold %(cards)s.", led=led, cards=cards)
            return gettext("You must play a trump: the excuse was led and %(led)s set the "
                           "suit.", led=led)
        if cards:
            return gettext("You must play a trump: %(led)s was led and you hold %(cards)s.",
                           led=led, cards=cards)
        return gettext("You must play a trump: %(led)s was led.", led=led)
    suit = suit_to_follow(p["suit"])
    if after_excuse:
        if cards:
            return gettext("You must play %(suit)s: the excuse was led, %(led)s set the suit, "
                           "and you hold %(cards)s.", suit=suit, led=led, cards=cards)
        return gettext("You must play %(suit)s: the excuse was led and %(led)s set the suit.",
                       suit=suit, led=led)
    if cards:
        return gettext("You must play %(suit)s: %(led)s was led and you hold %(cards)s.",
                       suit=suit, led=led, cards=cards)
    return gettext("You must play %(suit)s: %(led)s was led.", suit=suit, led=led)


def _must_trump(p: Params) -> str:
    led = _card(p, "led")
    cards = card_list(p.get("cards"))
    suit = suit_name(p["suit"]) if _plain_suit(p.get("suit")) else None
    if suit and p.get("excuse_led"):
        if cards:
            return gettext("You have no %(suit)s, so you must trump: the excuse was led, "
                           "%(led)s set the suit, and you hold %(cards)s.", suit=suit, led=led,
                           cards=cards)
        return gettext("You have no %(suit)s, so you must trump: the excuse was led and "
                       "%(led)s set the suit.", suit=suit, led=led)
    if suit and cards:
        return gettext("You have no %(suit)s, so you must trump: %(led)s was led and you hold "
                       "%(cards)s.", suit=suit, led=led, cards=cards)
    if suit:
        return gettext("You have no %(suit)s, so you must trump: %(led)s was led.",
                       suit=suit, led=led)
    return gettext("You must trump: you cannot follow %(led)s.", led=led)


def _must_overtrump(p: Params) -> str:
    highest = _card(p, "highest")
    cards = card_list(p.get("cards"))
    if cards:
        return gettext("You must beat %(highest)s, the highest trump in the trick: you hold "
                       "%(cards)s.", highest=highest, cards=cards)
    return gettext("You must beat %(highest)s, the highest trump in the trick.", highest=highest)


def _called_suit_first_lead(p: Params) -> str:
    called = _card(p, "called")
    suit = p.get("suit")
    if _plain_suit(suit):
        return gettext("On the first lead you may not play %(suit)s, the suit of the called "
                       "card, except the called card itself, %(called)s.",
                       suit=suit_name(suit), called=called)
    return gettext("On the first lead you may not play the suit of the called card, except the "
                   "called card itself, %(called)s.", called=called)


def _trick_complete(p: Params) -> str:
    players = p.get("players")
    if isinstance(players, int):
        return ngettext("The trick is complete: it already holds %(num)d card, one per player.",
                        "The trick is complete: it already holds %(num)d cards, one per "
                        "player.", players)
    return gettext("The trick is complete: every player has played to it.")


def _excuse_last_trick(p: Params) -> str:
    return gettext("The excuse played to the last trick goes to the side that wins that trick "
                   "(except in a slam): you lose it.")


def _petit_exposed(p: Params) -> str:
    beaten_by = to_cards(p.get("beaten_by"))
    if beaten_by:
        return gettext("The petit may be lost: %(beaten_by)s, a higher trump, is already in the "
                       "trick.",
                       beaten_by=card_name(beaten_by[0]))
    after = p.get("players_after")
    if isinstance(after, int) and after > 0:
        return ngettext(
            "The petit is exposed: %(num)d player still has to play and may take it with a "
            "higher trump.",
            "The petit is exposed: %(num)d players still have to play and may take it with a "
            "higher trump.", after)
    return gettext("The petit is exposed: a higher trump may take it.")


# --- why a surprising legal play is allowed ------------------------------------------------------

def _undertrump_allowed(p: Params) -> str:
    card, highest = _card(p), _card(p, "highest")
    if _plain_suit(p.get("suit")):
        return gettext("You may play %(card)s under %(highest)s: you have no %(suit)s, so you "
                       "must trump, and with no trump above %(highest)s you undertrump.",
                       card=card, highest=highest, suit=suit_name(p["suit"]))
    return gettext("You may play %(card)s under %(highest)s: trumps were led and you hold no "
                   "trump above it, so any trump will do.", card=card, highest=highest)


def _petit_under_trump(p: Params) -> str:
    return gettext("You may play the petit under %(highest)s: you hold no trump above it, so any "
                   "trump will do — even the petit, lost then unless your side takes the trick.",
                   highest=_card(p, "highest"))


def _discard_allowed(p: Params) -> str:
    card = _card(p)
    if _plain_suit(p.get("suit")):
        return gettext("You may play %(card)s: you have neither %(suit)s nor a trump, so you "
                       "discard the card of your choice.", card=card,
                       suit=suit_name(p["suit"]))
    return gettext("You may play %(card)s: trumps were led and you have none, so you discard "
                   "the card of your choice.", card=card)


def _excuse_anytime(p: Params) -> str:
    escapes = p.get("escapes")
    if escapes == "follow" and _plain_suit(p.get("suit")):
        sentence = gettext("You may play the excuse although you could play %(suit)s: it may "
                           "be played at any time.", suit=suit_to_follow(p["suit"]))
    elif escapes == "trump":
        sentence = gettext("You may play the excuse although you could trump: it may be played "
                           "at any time.")
    elif escapes == "overtrump":
        sentence = gettext("You may play the excuse although you could play a higher trump: "
                           "it may be played at any time.")
    else:
        sentence = gettext("You may play the excuse at any time, whatever you hold.")
    if p.get("leads"):
        sentence += " " + gettext("Led, it sets no suit: the next card played does.")
    return sentence


def _excuse_exchange(p: Params) -> str:
    return gettext("The excuse stays with your side: if the other side wins the trick, you give "
                   "it a card worth half a point in exchange.")


def _called_suit_lead_allowed(p: Params) -> str:
    card = _card(p)
    why = p.get("why")
    if why == "called-card":
        return gettext("You may lead %(card)s, the called card itself: on the first lead the "
                       "called suit is barred, except for the called card.", card=card)
    if why == "excuse-led":
        return gettext("You may play %(card)s in the called suit: the rule binds only the first "
                       "card of the deal, and that was the excuse.", card=card)
    return gettext("You may lead %(card)s: the first lead may not be in the called suit, but you "
                   "hold no other card.", card=card)


def _poignee_to_winner(p: Params) -> str:
    if p.get("level") not in ("simple", "double", "triple"):
        return gettext("A handful's bonus goes to the side that wins the deal, whoever showed "
                       "it.")
    handful, bonus = handful_name(p.get("level")), number(p.get("bonus", 0))
    if p.get("to") == "taker":
        return gettext("The defence showed the %(handful)s, yet its %(bonus)s points go to the "
                       "taker: a handful's bonus goes to the side that wins the deal, whoever "
                       "showed it.", handful=handful, bonus=bonus)
    return gettext("The taker showed the %(handful)s, yet its %(bonus)s points go to the "
                   "defence: a handful's bonus goes to the side that wins the deal, whoever "
                   "showed it.", handful=handful, bonus=bonus)


def _chelem_failed(p: Params) -> str:
    bonus = number(p.get("bonus", 200))
    if p.get("won"):
        return gettext("The slam was announced and not made: %(bonus)s points are taken off "
                       "the taker's side, although the contract is made.", bonus=bonus)
    return gettext("The slam was announced and not made: %(bonus)s points are taken off the "
                   "taker's side, on top of the contract lost.", bonus=bonus)


# --- écart ----------------------------------------------------------------------------------

def _ecart_size(p: Params) -> str:
    expected, given = p.get("expected"), p.get("given")
    if isinstance(expected, int) and isinstance(given, int):
        return ngettext(
            "The écart holds as many cards as the chien, %(num)d card, not %(given)d.",
            "The écart holds as many cards as the chien, %(num)d cards, not %(given)d.",
            expected, given=given)
    return gettext("The écart holds as many cards as the chien.")


def _ecart_king(p: Params) -> str:
    return ngettext("You may not put a king in the écart: %(cards)s.",
                    "You may not put kings in the écart: %(cards)s.",
                    count_cards(p.get("cards")), cards=card_list(p.get("cards")))


def _ecart_bout(p: Params) -> str:
    return ngettext("You may not put an oudler in the écart: %(cards)s.",
                    "You may not put oudlers in the écart: %(cards)s.",
                    count_cards(p.get("cards")), cards=card_list(p.get("cards")))


def _ecart_trump_avoidable(p: Params) -> str:
    trumps = card_list(p.get("trumps"))
    count = count_cards(p.get("trumps"))
    allowed = p.get("allowed")
    available = card_list(p.get("available"))
    if isinstance(allowed, int) and allowed > 0:
        return ngettext(
            "Trumps go to the écart only when unavoidable, here %(num)d trump, and you "
            "put %(trumps)s in it.",
            "Trumps go to the écart only when unavoidable, here %(num)d trumps, and you "
            "put %(trumps)s in it.", allowed, trumps=trumps)
    if available:
        return ngettext(
            "Trumps go to the écart only when unavoidable: keep %(trumps)s and set "
            "aside other cards, such as %(available)s.",
            "Trumps go to the écart only when unavoidable: keep %(trumps)s and set "
            "aside other cards, such as %(available)s.", count, trumps=trumps, available=available)
    return gettext("Trumps go to the écart only when unavoidable: keep %(trumps)s.",
                   trumps=trumps)


def _not_available_sentences(p: Params, missing_msg: Callable[[int, str], str],
                             twice_msg: Callable[[int, str], str]) -> str:
    parts = []
    if count_cards(p.get("cards")):
        parts.append(missing_msg(count_cards(p.get("cards")), card_list(p.get("cards"))))
    if count_cards(p.get("duplicates")):
        parts.append(twice_msg(count_cards(p.get("duplicates")), card_list(p.get("duplicates"))))
    return " ".join(parts)


def _ecart_card_not_available(p: Params) -> str:
    text = _not_available_sentences(
        p,
        lambda n, cards: ngettext(
            "Your écart can hold only cards of your hand and the chien: you have not got "
            "%(cards)s.",
            "Your écart can hold only cards of your hand and the chien: you have not got "
            "%(cards)s.", n, cards=cards),
        lambda n, cards: ngettext("You put %(cards)s in the écart twice.",
                                  "You put each of %(cards)s in the écart twice.", n, cards=cards),
    )
    return text or gettext("Your écart can hold only cards of your hand and the chien, each once.")


def _ecart_not_allowed(p: Params) -> str:
    if p.get("contract"):
        return gettext("On %(contract)s the chien stays face down: there is no écart.",
                       contract=contract_name(p["contract"], article=True))
    return gettext("On a garde sans or a garde contre the chien stays face down: there is no "
                   "écart.")


# --- poignée --------------------------------------------------------------------------------

def _poignee_size(p: Params) -> str:
    size = p.get("size")
    thresholds = p.get("thresholds") or []
    choices = format_list((str(t) for t in thresholds), style="or")
    lower = p.get("lower")
    if not isinstance(size, int) or not choices:
        return gettext("A handful shows exactly as many trumps as a threshold.")
    if isinstance(lower, int):
        return ngettext(
            "A handful shows exactly %(thresholds)s trumps, not %(num)d: show %(lower)d and keep "
            "the others hidden.",
            "A handful shows exactly %(thresholds)s trumps, not %(num)d: show %(lower)d and keep "
            "the others hidden.", size, thresholds=choices, lower=lower)
    return ngettext(
        "A handful shows exactly %(thresholds)s trumps: %(num)d card is too few.",
        "A handful shows exactly %(thresholds)s trumps: %(num)d cards are too few.",
        size, thresholds=choices)


def _poignee_not_trump(p: Params) -> str:
    return ngettext("A handful shows only trumps (the excuse may stand for one): %(cards)s is "
                    "not a trump.",
                    "A handful shows only trumps (the excuse may stand for one): %(cards)s are "
                    "not trumps.",
                    count_cards(p.get("cards")), cards=card_list(p.get("cards")))


def _poignee_card_not_in_hand(p: Params) -> str:
    text = _not_available_sentences(
        p,
        lambda n, cards: ngettext("You can show only cards of your hand: %(cards)s is not in it.",
                                  "You can show only cards of your hand: %(cards)s are not in "
                                  "it.", n, cards=cards),
        lambda n, cards: ngettext("You show %(cards)s twice.",
                                  "You show each of %(cards)s twice.", n, cards=cards),
    )
    return text or gettext("You can show only cards of your hand, each once.")


def _poignee_excuse_hides_trump(p: Params) -> str:
    hidden = p.get("hidden")
    return ngettext(
        "You may show the excuse only when you have no other trump: you keep %(cards)s hidden.",
        "You may show the excuse only when you have no other trump: you keep %(cards)s hidden.",
        count_cards(hidden), cards=card_list(hidden))


def _poignee_too_late(p: Params) -> str:
    played = p.get("cards_played")
    if isinstance(played, int):
        return ngettext(
            "A handful is shown just before your first card, and you have already played "
            "%(num)d card.",
            "A handful is shown just before your first card, and you have already played "
            "%(num)d cards.", played)
    return gettext("A handful is shown just before your first card.")


# --- bidding and chelem ---------------------------------------------------------------------

def _bid_too_low(p: Params) -> str:
    if p.get("bid") and p.get("highest"):
        return gettext("You bid %(bid)s, but %(highest)s has already been bid: each bid must be "
                       "higher than the ones before it.",
                       bid=contract_name(p["bid"], article=True),
                       highest=contract_name(p["highest"], article=True))
    return gettext("Each bid must be higher than the ones before it.")


def _bid_auction_closed(p: Params) -> str:
    players = p.get("players")
    if isinstance(players, int):
        return ngettext("The bidding is over: all %(num)d player has spoken, and each speaks "
                        "only once.",
                        "The bidding is over: all %(num)d players have spoken, and each speaks "
                        "only once.", players)
    return gettext("The bidding is over: each player speaks only once.")


def _bid_out_of_turn(p: Params) -> str:
    if p.get("expected") is not None and p.get("seat") is not None:
        return gettext("It is seat %(expected)s's turn to speak, not seat %(seat)s's: the player "
                       "right of the dealer speaks first, then each in turn.",
                       expected=p["expected"], seat=p["seat"])
    return gettext("It is not your turn to speak.")


def _bid_dealer_after_misdeal(p: Params) -> str:
    if p.get("bid"):
        return gettext("The dealer misdealt, dealt again and may not take: you may only pass, "
                       "not bid %(bid)s.", bid=contract_name(p["bid"], article=True))
    return gettext("The dealer misdealt, dealt again and may not take: you may only pass.")


def _chelem_not_taker(p: Params) -> str:
    return gettext("Only the taker may announce a slam.")


def _chelem_too_late(p: Params) -> str:
    played = p.get("cards_played")
    if isinstance(played, int):
        return ngettext("A slam is announced before the first card is played, and %(num)d card "
                        "has already been played.",
                        "A slam is announced before the first card is played, and %(num)d "
                        "cards have already been played.", played)
    return gettext("A slam is announced before the first card is played.")


# --- king call ------------------------------------------------------------------------------

def _call_not_a_face(p: Params) -> str:
    return gettext("You may not call %(card)s: the taker calls a king, or a lower face card only "
                   "when he holds every card above it.", card=_card(p))


def _missing(p: Params) -> str:
    return card_list(p.get("missing"))


def _call_queen(p: Params) -> str:
    return gettext("You may call a queen only when you hold the four kings: you lack "
                   "%(missing)s.", missing=_missing(p))


def _call_cavalier(p: Params) -> str:
    return gettext("You may call a knight only when you hold the four kings and the four "
                   "queens: you lack %(missing)s.", missing=_missing(p))


def _call_valet(p: Params) -> str:
    return gettext("You may call a jack only when you hold the four kings, the four queens and "
                   "the four knights: you lack %(missing)s.", missing=_missing(p))


def _call_not_five_players(p: Params) -> str:
    players = p.get("players")
    if isinstance(players, int):
        return ngettext("A king is called only with five players, not with %(num)d.",
                        "A king is called only with five players, not with %(num)d.", players)
    return gettext("A king is called only with five players.")


# --- deal and hands -------------------------------------------------------------------------

def _deal_card_count(p: Params) -> str:
    count, expected = p.get("count"), p.get("expected", 78)
    if isinstance(count, int):
        return ngettext("The deal holds %(num)d card instead of %(expected)s.",
                        "The deal holds %(num)d cards instead of %(expected)s.",
                        count, expected=expected)
    return gettext("The deal must hold the 78 cards.")


def _deal_duplicate_card(p: Params) -> str:
    count = p.get("count")
    if isinstance(count, int):
        return ngettext("The deal gives %(card)s %(num)d time: each card is unique.",
                        "The deal gives %(card)s %(num)d times: each card is unique.",
                        count, card=_card(p))
    return gettext("The deal gives %(card)s more than once: each card is unique.",
                   card=_card(p))


def _deal_missing_card(p: Params) -> str:
    cards = p.get("cards")
    return ngettext("This card is missing from the deal: %(cards)s.",
                    "These %(num)d cards are missing from the deal: %(cards)s.",
                    count_cards(cards), cards=card_list(cards))


def _deal_hand_size(p: Params) -> str:
    size, expected, seat = p.get("size"), p.get("expected"), p.get("seat")
    if isinstance(size, int) and expected is not None and seat is not None:
        return ngettext("Seat %(seat)s holds %(num)d card instead of %(expected)s.",
                        "Seat %(seat)s holds %(num)d cards instead of %(expected)s.",
                        size, seat=seat, expected=expected)
    return gettext("A hand does not hold the right number of cards.")


def _deal_chien_size(p: Params) -> str:
    size, expected = p.get("size"), p.get("expected")
    if isinstance(size, int) and expected is not None:
        return ngettext("The chien holds %(num)d card instead of %(expected)s.",
                        "The chien holds %(num)d cards instead of %(expected)s.",
                        size, expected=expected)
    return gettext("The chien does not hold the right number of cards.")


def _deal_hand_count(p: Params) -> str:
    hands, players = p.get("hands"), p.get("players")
    if isinstance(hands, int) and players is not None:
        return ngettext("The deal has %(num)d hand for %(players)s players: one hand per player.",
                        "The deal has %(num)d hands for %(players)s players: one hand per "
                        "player.", hands, players=players)
    return gettext("The deal must have one hand per player.")


def _petit_sec(p: Params) -> str:
    return gettext("Petit sec: the petit is your only trump and you have no excuse. Announce it "
                   "and show your hand: the deal is annulled before the bidding.")


# --- order of play --------------------------------------------------------------------------

def _not_your_turn(p: Params) -> str:
    expected = p.get("expected")
    seat = p.get("seat")
    if expected is not None and seat is not None:
        return gettext("It is seat %(expected)s's turn, not seat %(seat)s's.",
                       expected=expected, seat=seat)
    if expected is not None:
        return gettext("It is not your turn: seat %(expected)s plays now.", expected=expected)
    return gettext("It is not your turn.")


def _phase_name(phase: Any) -> str | None:
    names = {
        "bidding": lambda: pgettext("phase of a deal", "bidding"),
        "calling": lambda: pgettext("phase of a deal", "king call"),
        "ecart": lambda: pgettext("phase of a deal", "écart"),
        "playing": lambda: pgettext("phase of a deal", "card play"),
        "finished": lambda: pgettext("phase of a deal", "finished"),
        "all-passed": lambda: pgettext("phase of a deal", "everybody passed"),
        "annulled": lambda: pgettext("phase of a deal", "annulled"),
    }
    name = names.get(str(phase))
    if name:
        return name()
    # the taker's « Jeu » or chelem (announcing): named with the tables' words
    return tables_phase_name(phase) or (str(phase) if phase else None)


def _action_phrase(action: Any) -> str | None:
    """The phrase of an action kind (:data:`rules_fr.actions.ACTION_KINDS`)."""
    phrases = {
        "bid": lambda: pgettext("action at the table", "bid"),
        "call": lambda: pgettext("action at the table", "call a card"),
        "ecart": lambda: pgettext("action at the table", "écart"),
        "chelem": lambda: pgettext("action at the table", "announce a slam"),
        "poignee": lambda: pgettext("action at the table", "show a handful"),
        "play": lambda: pgettext("action at the table", "play a card"),
    }
    phrase = phrases.get(str(action))
    return phrase() if phrase else tables_action_phrase(action)


def _wrong_phase(p: Params) -> str:
    phase = _phase_name(p.get("phase"))
    action = _action_phrase(p.get("action"))
    if phase and action:
        return gettext("You cannot %(action)s now: the deal is at the “%(phase)s” stage.",
                       action=action, phase=phase)
    if phase:
        return gettext("That cannot be done now: the deal is at the “%(phase)s” stage.",
                       phase=phase)
    return gettext("That cannot be done at this stage of the deal.")


# --- revokes (a physical table: a later card proves an earlier play illegal) ---------------

def _revoke_args(p: Params) -> dict[str, Any]:
    return dict(trick=p.get("trick", "?"), seat=p.get("seat", "?"), played=_card(p, "played"),
                led=_card(p, "led"), card=_card(p), name=p.get("name"))


# A table's view names the player (``name``: who sits at that seat); a bare violation has only
# the seat number.

def _revoke_follow_suit(p: Params) -> str:
    if p.get("name"):
        return gettext("Revoke at trick %(trick)s: %(name)s played %(played)s on %(led)s "
                       "instead of following suit, yet now plays %(card)s.", **_revoke_args(p))
    return gettext("Revoke at trick %(trick)s: seat %(seat)s played %(played)s on %(led)s "
                   "instead of following suit, yet now plays %(card)s.", **_revoke_args(p))


def _revoke_trump(p: Params) -> str:
    if p.get("name"):
        return gettext("Revoke at trick %(trick)s: %(name)s played %(played)s on %(led)s "
                       "instead of trumping, yet now plays %(card)s.", **_revoke_args(p))
    return gettext("Revoke at trick %(trick)s: seat %(seat)s played %(played)s on %(led)s "
                   "instead of trumping, yet now plays %(card)s.", **_revoke_args(p))


def _revoke_overtrump(p: Params) -> str:
    if p.get("name"):
        return gettext("Revoke at trick %(trick)s: %(name)s played %(played)s without "
                       "overtrumping, yet now plays %(card)s, a higher trump.",
                       **_revoke_args(p))
    return gettext("Revoke at trick %(trick)s: seat %(seat)s played %(played)s without "
                   "overtrumping, yet now plays %(card)s, a higher trump.", **_revoke_args(p))


def _card_already_played(p: Params) -> str:
    return gettext("This card has already been played: %(card)s.", card=_card(p))


# --- scoring input --------------------------------------------------------------------------

@speaking
def score_reason(reason: Any, p: Params) -> str | None:
    """The sentence for a ``score-impossible`` reason, or ``None`` for an unknown one."""
    bouts = p.get("bouts")
    half = p.get("points_half")
    shown = points(half) if isinstance(half, int) else None
    if reason == "points-range":
        if shown is not None:
            return gettext("The taker's points must be between 0 and 91, not %(points)s.",
                           points=shown)
        return gettext("The taker's points must be between 0 and 91.")
    if reason == "bouts-range":
        if bouts is not None:
            return gettext("The taker holds 0 to 3 oudlers, not %(bouts)s.", bouts=bouts)
        return gettext("The taker holds 0 to 3 oudlers.")
    if reason == "bouts-points" and shown is not None and isinstance(bouts, int):
        return gettext("No deal gives %(points)s points with %(bouts)s: each oudler alone is "
                       "worth 4.5 points, and the other side's oudlers are not yours.",
                       points=shown, bouts=bouts_phrase(bouts))
    if reason == "chelem-points" and shown is not None and isinstance(bouts, int):
        return gettext("A slam means winning every trick: %(points)s points with %(bouts)s "
                       "cannot be one.", points=shown, bouts=bouts_phrase(bouts))
    return None


def _cut_size(p: Params) -> str:
    """``cut-size``: the cut took or left three cards or fewer."""
    if isinstance(p.get("at"), int) and isinstance(p.get("left"), int):
        return gettext("A cut must take more than three cards and leave more than three: this "
                       "one takes %(at)s and leaves %(left)s.", at=number(p["at"]),
                       left=number(p["left"]))
    return gettext("A cut must take more than three cards and leave more than three.")


def _score_impossible(p: Params) -> str:
    return score_reason(p.get("reason"), p) or gettext("No deal can end with this score.")


MESSAGES: Final[Mapping[Code, Callable[[Params], str]]] = {
    Code.CARD_NOT_IN_HAND: _card_not_in_hand,
    Code.MUST_FOLLOW_SUIT: _must_follow_suit,
    Code.MUST_TRUMP: _must_trump,
    Code.MUST_OVERTRUMP: _must_overtrump,
    Code.CALLED_SUIT_FIRST_LEAD: _called_suit_first_lead,
    Code.TRICK_COMPLETE: _trick_complete,
    Code.EXCUSE_LAST_TRICK: _excuse_last_trick,
    Code.PETIT_EXPOSED: _petit_exposed,
    Code.UNDERTRUMP_ALLOWED: _undertrump_allowed,
    Code.PETIT_UNDER_TRUMP: _petit_under_trump,
    Code.DISCARD_ALLOWED: _discard_allowed,
    Code.EXCUSE_ANYTIME: _excuse_anytime,
    Code.EXCUSE_EXCHANGE: _excuse_exchange,
    Code.CALLED_SUIT_LEAD_ALLOWED: _called_suit_lead_allowed,
    Code.POIGNEE_TO_WINNER: _poignee_to_winner,
    Code.CHELEM_FAILED: _chelem_failed,
    Code.ECART_SIZE: _ecart_size,
    Code.ECART_KING: _ecart_king,
    Code.ECART_BOUT: _ecart_bout,
    Code.ECART_TRUMP_AVOIDABLE: _ecart_trump_avoidable,
    Code.ECART_CARD_NOT_AVAILABLE: _ecart_card_not_available,
    Code.ECART_NOT_ALLOWED: _ecart_not_allowed,
    Code.POIGNEE_SIZE: _poignee_size,
    Code.POIGNEE_NOT_TRUMP: _poignee_not_trump,
    Code.POIGNEE_CARD_NOT_IN_HAND: _poignee_card_not_in_hand,
    Code.POIGNEE_EXCUSE_HIDES_TRUMP: _poignee_excuse_hides_trump,
    Code.POIGNEE_TOO_LATE: _poignee_too_late,
    Code.BID_TOO_LOW: _bid_too_low,
    Code.BID_AUCTION_CLOSED: _bid_auction_closed,
    Code.BID_OUT_OF_TURN: _bid_out_of_turn,
    Code.BID_DEALER_AFTER_MISDEAL: _bid_dealer_after_misdeal,
    Code.CHELEM_NOT_TAKER: _chelem_not_taker,
    Code.CHELEM_TOO_LATE: _chelem_too_late,
    Code.CALL_NOT_A_FACE: _call_not_a_face,
    Code.CALL_QUEEN_WITHOUT_FOUR_KINGS: _call_queen,
    Code.CALL_CAVALIER_WITHOUT_KINGS_QUEENS: _call_cavalier,
    Code.CALL_VALET_WITHOUT_KINGS_QUEENS_CAVALIERS: _call_valet,
    Code.CALL_NOT_FIVE_PLAYERS: _call_not_five_players,
    Code.DEAL_CARD_COUNT: _deal_card_count,
    Code.DEAL_DUPLICATE_CARD: _deal_duplicate_card,
    Code.DEAL_MISSING_CARD: _deal_missing_card,
    Code.DEAL_HAND_SIZE: _deal_hand_size,
    Code.DEAL_CHIEN_SIZE: _deal_chien_size,
    Code.DEAL_HAND_COUNT: _deal_hand_count,
    Code.PETIT_SEC: _petit_sec,
    Code.NOT_YOUR_TURN: _not_your_turn,
    Code.WRONG_PHASE: _wrong_phase,
    Code.REVOKE_FOLLOW_SUIT: _revoke_follow_suit,
    Code.REVOKE_TRUMP: _revoke_trump,
    Code.REVOKE_OVERTRUMP: _revoke_overtrump,
    Code.CARD_ALREADY_PLAYED: _card_already_played,
    Code.SCORE_IMPOSSIBLE: _score_impossible,
    Code.CUT_SIZE: _cut_size,
}
"""One sentence builder per code (a test walks :class:`~rules_fr.verdicts.Code`)."""


@speaking
def with_rule(sentence: str, rule_id: str) -> str:
    """``sentence`` followed by the rule it applies: "… Rule: Follow suit (play.follow-suit)."."""
    return gettext("%(sentence)s Rule: %(title)s (%(rule)s).", sentence=sentence,
                   title=rule_title(rule_id), rule=rule_id)


@speaking
def violation_message(v: Violation) -> str:
    """The sentence for ``v`` in the current language, citing its rule.

    Said once per request: the same Violation object (a frozen verdict; its params are never
    changed) asked again — its payload, then the endpoint's explanation — gets the same
    sentence back."""
    memo = request_memo()
    if memo is not None:
        said = memo.get(id(v))
        if said is not None and said[0] is v:  # the memo holds v: its id is not reused
            return cast(str, said[1])
    try:
        build = MESSAGES.get(Code(v.code))
    except ValueError:
        build = None
    if build is None:  # a code added to the core without a sentence: say so, never crash
        sentence = gettext("This breaks a rule (%(code)s).", code=str(v.code))
    else:
        sentence = build(v.params)
    message = with_rule(sentence, v.rule)
    if memo is not None:
        memo[id(v)] = (v, message)
    return message


@speaking
def violation_payload(v: Violation) -> dict[str, Any]:
    """``{"code", "rule", "params", "message"}``: the verdict as the API serves it."""
    payload = v.as_dict()
    payload["message"] = violation_message(v)
    return payload

