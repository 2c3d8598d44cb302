"""The advice's reasons as sentences: one per code of
:class:`rules_fr.advice.reasons.ReasonCode`, and the overall sentence of each advice endpoint.

The advice (:mod:`rules_fr.advice`) gives codes and params, never words; here each reason
becomes one sentence in the reader's language, naming its cards ("le roi de cœur"), suits and
counts, with the points a line of the hand evaluation adds:

    Le 21 : 10 points.  ·  Roi et dame de cœur (un mariage) : 10 points.
    Entamez le 3 de pique dans votre couleur la plus courte : bientôt sans cette couleur, vous
    pourrez la couper.

A reason with params it does not expect still gives a sentence (a missing card reads "this
card"); an unknown code gives its code, so a new code shows up in tests rather than crashing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from flask_babel import gettext, ngettext, npgettext

from rules_fr.advice.reasons import Reason, ReasonCode
from rules_fr.cards import BY_CODE, Card
from tutor.i18n.words import (
    capitalized,
    card_list,
    card_name,
    contract_name,
    count_cards,
    suit_name,
    to_cards,
)

__all__ = [
    "REASON_MESSAGES",
    "explain_bid_advice",
    "explain_ecart_advice",
    "explain_play_advice",
    "reason_payload",
    "reason_text",
]

Params = Mapping[str, Any]
# Alike by nature: a function a ReasonCode, each its catalog sentence (REASON_MESSAGES)


def _card(p: Params, key: str = "card") -> str:
    cards = to_cards(p.get(key))
    return card_name(cards[0]) if cards else gettext("this card")


def _pts(p: Params) -> str:
    """"10 points" / "10 points", "0 point" in French."""
    return npgettext("advice points", "%(num)d point", "%(num)d points", int(p.get("points", 0)))


def _int(p: Params, key: str) -> int:
    value = p.get(key, 0)
    return value if isinstance(value, int) else 0


def _suit(p: Params) -> str:
    value = p.get("suit")
    return suit_name(value) if value in ("S", "H", "D", "C", "T") else gettext("this suit")


def _suit_card(p: Params, rank: str) -> str:
    """The honour of the reason's suit: rank ``K``/``Q`` and the suit code give the card."""
    card = BY_CODE.get(f"{rank}{p.get('suit')}")
    return card_name(card) if card is not None else gettext("this card")


def _contract(p: Params, key: str, *, article: bool = False) -> str:
    value = p.get(key)
    return contract_name(value, article=article) if value else gettext("this contract")


# --- hand evaluation ------------------------------------------------------------------------

def _twenty_one(p: Params) -> str:
    return gettext("The 21: %(points)s.", points=_pts(p))


def _excuse(p: Params) -> str:
    return gettext("The excuse: %(points)s.", points=_pts(p))


def _petit(p: Params) -> str:
    trumps = _int(p, "trumps")
    if _int(p, "points"):
        return ngettext("The petit with %(num)d trump: %(points)s.",
                        "The petit with %(num)d trumps: %(points)s.", trumps, points=_pts(p))
    return ngettext("The petit with only %(num)d trump is poorly guarded: %(points)s.",
                    "The petit with only %(num)d trumps is poorly guarded: %(points)s.",
                    trumps, points=_pts(p))


def _trumps(p: Params) -> str:
    count = _int(p, "count")
    each = _int(p, "points") // count if count else 0
    if p.get("excuse") is False:  # no excuse held: none to say counted (issue 24)
        return ngettext("%(num)d trump, %(each)d points each: %(points)s.",
                        "%(num)d trumps, %(each)d points each: %(points)s.",
                        count, each=each, points=_pts(p))
    return ngettext("%(num)d trump, the excuse counted, %(each)d points each: %(points)s.",
                    "%(num)d trumps, the excuse counted, %(each)d points each: %(points)s.",
                    count, each=each, points=_pts(p))


def _few_trumps(p: Params) -> str:
    return ngettext("Only %(num)d trump: trumps count only from five.",
                    "Only %(num)d trumps: trumps count only from five.", _int(p, "count"))


def _major_trumps(p: Params) -> str:
    return gettext("Major trumps (16 to 21), %(cards)s: %(points)s.",
                   cards=card_list(p.get("cards")), points=_pts(p))


def _major_sequence(p: Params) -> str:
    return gettext("In sequence, %(cards)s: %(points)s more.",
                   cards=card_list(p.get("cards")), points=_pts(p))


def _marriage(p: Params) -> str:
    return gettext("King and queen of %(suit)s (a marriage): %(points)s.",
                   suit=_suit(p), points=_pts(p))


def _king(p: Params) -> str:
    return capitalized(gettext("%(card)s without the queen: %(points)s.",
                               card=_suit_card(p, "K"), points=_pts(p)))


def _queen(p: Params) -> str:
    return capitalized(gettext("%(card)s without the king: %(points)s.",
                               card=_suit_card(p, "Q"), points=_pts(p)))


def _cavalier(p: Params) -> str:
    return capitalized(gettext("%(card)s: %(points)s.", card=_suit_card(p, "C"), points=_pts(p)))


def _valet(p: Params) -> str:
    return capitalized(gettext("%(card)s: %(points)s.", card=_suit_card(p, "J"), points=_pts(p)))


def _long_suit(p: Params) -> str:
    return ngettext("%(num)d card of %(suit)s, a long suit: %(points)s.",
                    "%(num)d cards of %(suit)s, a long suit: %(points)s.",
                    _int(p, "length"), suit=_suit(p), points=_pts(p))


def _void(p: Params) -> str:
    return gettext("No %(suit)s (a void): %(points)s.", suit=_suit(p), points=_pts(p))


def _singleton(p: Params) -> str:
    """"The 7 of hearts alone in its suit (a singleton): 3 points." """
    return capitalized(gettext("%(card)s alone in its suit (a singleton): %(points)s.",
                               card=_card(p), points=_pts(p)))


def _petit_sec(p: Params) -> str:
    return gettext("The petit sec: the deal is annulled, show your hand.")


# --- bid ------------------------------------------------------------------------------------

def _bid_contract(p: Params) -> str:
    strength = _int(p, "strength")
    contract = _contract(p, "contract", article=True)
    if p.get("high") is None:
        return ngettext(
            "%(num)d point: %(low)d or more with %(players)d players, the hand is worth "
            "%(contract)s.",
            "%(num)d points: %(low)d or more with %(players)d players, the hand is worth "
            "%(contract)s.", strength, low=_int(p, "low"), players=_int(p, "players"),
            contract=contract)
    return ngettext(
        "%(num)d point: from %(low)d to %(high)d with %(players)d players, the hand is worth "
        "%(contract)s.",
        "%(num)d points: from %(low)d to %(high)d with %(players)d players, the hand is worth "
        "%(contract)s.", strength, low=_int(p, "low"), high=_int(p, "high"),
        players=_int(p, "players"), contract=contract)


def _bid_too_weak(p: Params) -> str:
    return ngettext("%(num)d point: under %(needed)d with %(players)d players, pass.",
                    "%(num)d points: under %(needed)d with %(players)d players, pass.",
                    _int(p, "strength"), needed=_int(p, "needed"), players=_int(p, "players"))


def _bid_outbid(p: Params) -> str:
    return gettext("The hand is worth %(wanted)s, no more than the %(highest)s already bid: "
                   "pass.", wanted=_contract(p, "wanted", article=True),
                   highest=_contract(p, "highest"))


def _bid_dealer_misdealt(p: Params) -> str:
    return gettext("The hand is worth %(wanted)s, but a dealer who misdealt may only pass.",
                   wanted=_contract(p, "wanted", article=True))


def _bid_petit_sec(p: Params) -> str:
    return gettext("With the petit sec the deal is annulled: no bid.")


def _call_king(p: Params) -> str:
    return ngettext("Call %(card)s, in the suit where you hold most (%(num)d card).",
                    "Call %(card)s, in the suit where you hold most (%(num)d cards).",
                    _int(p, "length"), card=_card(p))


def _call_alone(p: Params) -> str:
    return gettext("Every card you may call is in your hand: call %(card)s and play alone.",
                   card=_card(p))


# --- écart ----------------------------------------------------------------------------------

def _ecart_void(p: Params) -> str:
    return gettext("Put aside %(cards)s: with no %(suit)s left you will trump that suit.",
                   cards=card_list(p.get("cards")), suit=_suit(p))


def _ecart_honours(p: Params) -> str:
    return ngettext(
        "Put aside %(cards)s: without its king this honour would fall in play; in the "
        "écart it counts for you.",
        "Put aside %(cards)s: without their king these honours would fall in play; in the "
        "écart they count for you.", count_cards(p.get("cards")),
        cards=card_list(p.get("cards")))


SOON_VOID = 2
"""A suit kept short enough to be "soon a void to trump": two cards at most."""


def _ecart_shorten(p: Params) -> str:
    left = p.get("left")
    if left == 0:
        return _ecart_void(p)
    if p.get("shortest") and _int(p, "left") <= SOON_VOID:
        return ngettext("Put aside %(cards)s: your shortest suit is then %(suit)s, with %(num)d "
                        "card left, soon a void to trump.",
                        "Put aside %(cards)s: your shortest suit is then %(suit)s, with %(num)d "
                        "cards left, soon a void to trump.", _int(p, "left"),
                        cards=card_list(p.get("cards")), suit=_suit(p))
    if p.get("shortest"):
        return ngettext("Put aside %(cards)s: your shortest suit is then %(suit)s, with %(num)d "
                        "card left.",
                        "Put aside %(cards)s: your shortest suit is then %(suit)s, with %(num)d "
                        "cards left.", _int(p, "left"),
                        cards=card_list(p.get("cards")), suit=_suit(p))
    if isinstance(left, int):
        return ngettext("Put aside %(cards)s to fill the écart; you keep %(num)d card of "
                        "%(suit)s.",
                        "Put aside %(cards)s to fill the écart; you keep %(num)d cards of "
                        "%(suit)s.", left,
                        cards=card_list(p.get("cards")), suit=_suit(p))
    return gettext("Put aside %(cards)s to fill the écart.", cards=card_list(p.get("cards")))


def _ecart_trumps_forced(p: Params) -> str:
    return ngettext(
        "Too few other cards may go: put aside %(cards)s, the lowest trump the écart may take "
        "(never an oudler), and show it to the defence.",
        "Too few other cards may go: put aside %(cards)s, the lowest trumps the écart may take "
        "(never an oudler), and show them to the defence.", count_cards(p.get("cards")),
        cards=card_list(p.get("cards")))


def _ecart_keep_kings(p: Params) -> str:
    return ngettext("Keep %(cards)s: a king may not go to the écart, and it wins tricks.",
                    "Keep %(cards)s: kings may not go to the écart, and they win tricks.",
                    count_cards(p.get("cards")), cards=card_list(p.get("cards")))


def _ecart_keep_trumps(p: Params) -> str:
    return ngettext("Keep your trump: trumps go only when nothing else can.",
                    "Keep your %(num)d trumps: trumps go only when nothing else can.",
                    _int(p, "count"))


def _ecart_keep_called_suit(p: Params) -> str:
    return gettext("Keep a card of %(suit)s to play towards your partner's king.",
                   suit=_suit(p))


def _ecart_not_allowed(p: Params) -> str:
    return gettext("On %(contract)s there is no écart: the chien stays face down.",
                   contract=_contract(p, "contract", article=True))


# --- card play ------------------------------------------------------------------------------

def _only_card(p: Params) -> str:
    return capitalized(gettext("%(card)s is the only card you may play.", card=_card(p)))


def _excuse_before_last(p: Params) -> str:
    return gettext("Play the excuse now: kept for the last trick, it would go to the side "
                   "that wins that trick, and would be lost if that is not yours.")


def _excuse_kept_for_chelem(p: Params) -> str:
    return gettext("Your side has won every trick: keep the excuse for the last one, which it "
                   "wins in a slam, and play %(card)s.", card=_card(p))


def _excuse_saves(p: Params) -> str:
    return gettext("Play the excuse rather than %(card)s, which the other side may take in "
                   "this trick.", card=_card(p))


def _excuse_protects_petit(p: Params) -> str:
    return gettext("Play the excuse: the petit could be taken in this trick.")


def _petit_safe(p: Params) -> str:
    why = p.get("why")
    if why == "last":
        return gettext("Play the petit: last to play, it wins the trick and is saved.")
    if why == "partners-after":
        return gettext("Play the petit: it wins the trick, and only your partners play after "
                       "you.")
    if why == "partner":
        return gettext("Play the petit under your partner's trump, which holds the trick.")
    if why == "none-after":
        return gettext("Play the petit: no opponent after you has a trump left to take it.")
    return gettext("Play the petit: no trump is left outside your hand to take it.")


def _keep_petit(p: Params) -> str:
    return gettext("Do not play the petit under %(over)s: it cannot win there, and would be "
                   "lost unless your side takes the trick.", over=_card(p, "over"))


def _petit_kept_for_end(p: Params) -> str:
    return gettext("The defence has no trump left: play %(card)s and keep the petit for the "
                   "last trick (petit au bout).", card=_card(p))


def _capture_petit(p: Params) -> str:
    return gettext("The petit is in the trick: take it with %(card)s.", card=_card(p))


def _draw_trumps(p: Params) -> str:
    return ngettext("You hold %(held)d trumps against %(num)d left outside: lead %(card)s to "
                    "draw it.",
                    "You hold %(held)d trumps against %(num)d left outside: lead %(card)s to "
                    "draw them.", _int(p, "out"), held=_int(p, "held"), card=_card(p))


def _cash_master(p: Params) -> str:
    return gettext("Nobody can beat %(card)s and its suit is not yet likely to be trumped: "
                   "cash this master card.", card=_card(p))


def _lead_long_suit(p: Params) -> str:
    if p.get("establish") is False:  # its other cards are good already (or it is alone)
        return gettext("Lead %(card)s, low in your longest suit.", card=_card(p))
    return gettext("Lead %(card)s, low in your longest suit, to make its other cards good.",
                   card=_card(p))


def _lead_taker_void(p: Params) -> str:
    return gettext("The taker has no %(suit)s left: lead %(card)s to make him trump.",
                   suit=_suit(p), card=_card(p))


def _lead_low(p: Params) -> str:
    if p.get("kingless") is False:
        return gettext("Lead %(card)s, a low card of your longest suit.", card=_card(p))
    return gettext("Lead %(card)s, a low card of your longest suit without its king.",
                   card=_card(p))


def _hunt_petit(p: Params) -> str:
    return gettext("The petit is still out and you are long in trumps: lead %(card)s to hunt "
                   "it.", card=_card(p))


def _no_blind_trump(p: Params) -> str:
    return gettext("In defence, do not lead trumps without a reason: it would play the taker's "
                   "game.")


def _lead_called_king(p: Params) -> str:
    return gettext("Lead %(card)s, the called card: nobody is expected to trump its suit yet, "
                   "and the taker will know his partner.", card=_card(p))


def _lead_to_partner(p: Params) -> str:
    return gettext("Lead %(card)s in the called suit: your partner can take it with the called "
                   "card.", card=_card(p))


def _called_king(p: Params) -> str:
    return gettext("Play %(card)s, the called card: nobody after you is expected to beat it, "
                   "and it shows the taker his partner.", card=_card(p))


def _charge(p: Params) -> str:
    if p.get("takes"):
        return gettext("Your side holds this trick: play %(card)s, which takes it over your "
                       "partner's card and which nobody after you is expected to beat.",
                       card=_card(p))
    return gettext("Your partner's card holds this trick and nobody after you is expected to "
                   "beat it: give it %(card)s.", card=_card(p))


def _king_first_round(p: Params) -> str:
    return gettext("Play %(card)s: on the suit's first round nobody after you is likely to "
                   "trump it.", card=_card(p))


def _win_last(p: Params) -> str:
    if p.get("why") == "partners-after":
        return gettext("No opponent plays after you: take the trick with %(card)s.",
                       card=_card(p))
    return gettext("Last to play: take the trick with %(card)s.", card=_card(p))


def _win_cheap(p: Params) -> str:
    return gettext("Take the trick with %(card)s, the cheapest card nobody after you is "
                   "expected to beat.", card=_card(p))


def _trump_win(p: Params) -> str:
    sure = p.get("sure")
    if sure == "none-after":
        return gettext("Trump with %(card)s: no opponent plays after you, so the trick is your "
                       "side's.", card=_card(p))
    if sure == "for-now":
        return gettext("Trump with %(card)s: it takes the trick for now, though a player after "
                       "you may overtrump.", card=_card(p))
    return gettext("Trump with %(card)s, the lowest trump nobody after you is expected to "
                   "beat.", card=_card(p))


def _trump_high(p: Params) -> str:
    if p.get("sure") is False:
        return gettext("Points are at stake: trump with %(card)s, your highest, to make an "
                       "overtrump less likely.", card=_card(p))
    return gettext("Points are at stake: trump with %(card)s, which no trump left outside your "
                   "hand can beat.", card=_card(p))


def _trump_low(p: Params) -> str:
    lowest = p.get("lowest")
    if p.get("higher") == 0:  # no higher trump held: nothing to keep for later
        if lowest == "but-petit":
            return gettext("Play %(card)s, your only trump but the petit.", card=_card(p))
        if lowest == "legal":
            return gettext("Play %(card)s, the only trump you may play here.", card=_card(p))
        return gettext("Play %(card)s, your only trump.", card=_card(p))
    if lowest == "but-petit":
        return gettext("Play %(card)s, your lowest trump but the petit: keep the high ones for "
                       "later.", card=_card(p))
    if lowest == "legal":
        return gettext("Play %(card)s, the lowest trump you may play here: keep the high ones "
                       "for later.", card=_card(p))
    return gettext("Play %(card)s, your lowest trump: keep the high ones for later.",
                   card=_card(p))


def _duck(p: Params) -> str:
    return gettext("You cannot win this trick safely: play %(card)s, the card worth least.",
                   card=_card(p))


def _discard_low(p: Params) -> str:
    return gettext("Neither the suit nor a trump: discard %(card)s, the card worth least.",
                   card=_card(p))


REASON_MESSAGES: Final[dict[ReasonCode, Callable[[Params], str]]] = {
    ReasonCode.HAND_TWENTY_ONE: _twenty_one,
    ReasonCode.HAND_EXCUSE: _excuse,
    ReasonCode.HAND_PETIT: _petit,
    ReasonCode.HAND_TRUMPS: _trumps,
    ReasonCode.HAND_FEW_TRUMPS: _few_trumps,
    ReasonCode.HAND_MAJOR_TRUMPS: _major_trumps,
    ReasonCode.HAND_MAJOR_SEQUENCE: _major_sequence,
    ReasonCode.HAND_MARRIAGE: _marriage,
    ReasonCode.HAND_KING: _king,
    ReasonCode.HAND_QUEEN: _queen,
    ReasonCode.HAND_CAVALIER: _cavalier,
    ReasonCode.HAND_VALET: _valet,
    ReasonCode.HAND_LONG_SUIT: _long_suit,
    ReasonCode.HAND_VOID: _void,
    ReasonCode.HAND_SINGLETON: _singleton,
    ReasonCode.HAND_PETIT_SEC: _petit_sec,
    ReasonCode.BID_CONTRACT: _bid_contract,
    ReasonCode.BID_TOO_WEAK: _bid_too_weak,
    ReasonCode.BID_OUTBID: _bid_outbid,
    ReasonCode.BID_DEALER_MISDEALT: _bid_dealer_misdealt,
    ReasonCode.BID_PETIT_SEC: _bid_petit_sec,
    ReasonCode.CALL_KING: _call_king,
    ReasonCode.CALL_ALONE: _call_alone,
    ReasonCode.ECART_VOID: _ecart_void,
    ReasonCode.ECART_HONOURS: _ecart_honours,
    ReasonCode.ECART_SHORTEN: _ecart_shorten,
    ReasonCode.ECART_TRUMPS_FORCED: _ecart_trumps_forced,
    ReasonCode.ECART_KEEP_KINGS: _ecart_keep_kings,
    ReasonCode.ECART_KEEP_TRUMPS: _ecart_keep_trumps,
    ReasonCode.ECART_KEEP_CALLED_SUIT: _ecart_keep_called_suit,
    ReasonCode.ECART_NOT_ALLOWED: _ecart_not_allowed,
    ReasonCode.PLAY_ONLY_CARD: _only_card,
    ReasonCode.PLAY_EXCUSE_BEFORE_LAST: _excuse_before_last,
    ReasonCode.PLAY_EXCUSE_KEPT_FOR_CHELEM: _excuse_kept_for_chelem,
    ReasonCode.PLAY_EXCUSE_SAVES: _excuse_saves,
    ReasonCode.PLAY_EXCUSE_PROTECTS_PETIT: _excuse_protects_petit,
    ReasonCode.PLAY_PETIT_SAFE: _petit_safe,
    ReasonCode.PLAY_KEEP_PETIT: _keep_petit,
    ReasonCode.PLAY_PETIT_KEPT_FOR_END: _petit_kept_for_end,
    ReasonCode.PLAY_CAPTURE_PETIT: _capture_petit,
    ReasonCode.PLAY_DRAW_TRUMPS: _draw_trumps,
    ReasonCode.PLAY_CASH_MASTER: _cash_master,
    ReasonCode.PLAY_LEAD_LONG_SUIT: _lead_long_suit,
    ReasonCode.PLAY_LEAD_TAKER_VOID: _lead_taker_void,
    ReasonCode.PLAY_LEAD_LOW: _lead_low,
    ReasonCode.PLAY_HUNT_PETIT: _hunt_petit,
    ReasonCode.PLAY_NO_BLIND_TRUMP: _no_blind_trump,
    ReasonCode.PLAY_LEAD_CALLED_KING: _lead_called_king,
    ReasonCode.PLAY_LEAD_TO_PARTNER: _lead_to_partner,
    ReasonCode.PLAY_CALLED_KING: _called_king,
    ReasonCode.PLAY_CHARGE: _charge,
    ReasonCode.PLAY_KING_FIRST_ROUND: _king_first_round,
    ReasonCode.PLAY_WIN_LAST: _win_last,
    ReasonCode.PLAY_WIN_CHEAP: _win_cheap,
    ReasonCode.PLAY_TRUMP_WIN: _trump_win,
    ReasonCode.PLAY_TRUMP_HIGH: _trump_high,
    ReasonCode.PLAY_TRUMP_LOW: _trump_low,
    ReasonCode.PLAY_DUCK: _duck,
    ReasonCode.PLAY_DISCARD_LOW: _discard_low,
}


def reason_text(r: Reason) -> str:
    """One reason as a sentence in the current language."""
    message = REASON_MESSAGES.get(r.code)
    if message is None:
        return str(r.code)
    return message(r.params)


def reason_payload(r: Reason) -> dict[str, Any]:
    """``{"code", "params", "text"}`` for the API."""
    return {"code": r.code.value, "params": dict(r.params), "text": reason_text(r)}


def explain_bid_advice(bid: Any, reasons: Sequence[Reason]) -> str:
    """The bid advised, then why: "Conseil : garde. 60 points : de 56 à 70 à 4 joueurs, la
    main vaut une garde." (the decision, the last reason; the count's lines are listed apart).
    """
    if bid is None:
        head = gettext("Advice: pass.")
    else:
        head = gettext("Advice: %(contract)s.", contract=contract_name(bid))
    return " ".join([head, *(reason_text(r) for r in reasons[-1:])])


def explain_ecart_advice(ecart: Sequence[Card] | None, reasons: Sequence[Reason]) -> str:
    """The écart advised, then each reason."""
    if ecart is None:
        return " ".join(reason_text(r) for r in reasons)
    head = gettext("Advice: put aside %(cards)s.", cards=card_list(list(ecart)))
    return " ".join([head, *(reason_text(r) for r in reasons)])


def explain_play_advice(card: Card, reasons: Sequence[Reason]) -> str:
    """Why this card: each reason names the card it advises, so they are the explanation."""
    if not reasons:
        return gettext("Advice: play %(card)s.", card=card_name(card))
    return " ".join(reason_text(r) for r in reasons)
