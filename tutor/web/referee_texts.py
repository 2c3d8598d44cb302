"""The sentences of the referee pages' scripts, translated on the server and handed to them as
JSON (``#referee-texts``): the scripts hold no sentence of their own. ``%(name)s`` placeholders
are filled by the scripts with what the API answered (a seat's name, a card's name, a count).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

__all__ = ["referee_texts"]


def _events() -> dict[str, str]:
    """What happened at a table, one sentence per kind of event (a stale page lists them)."""
    return {
        "ev_deal": _("Deal %(number)s, dealt by %(name)s."),
        "ev_bid": _("%(name)s: %(bid)s."),
        "ev_call": _("%(name)s called the %(card)s."),
        "ev_chien": _("The chien was turned over: %(cards)s."),
        "ev_ecart": _("%(name)s set the écart aside."),
        "ev_jeu": _("%(name)s said “Jeu”."),
        "ev_chelem": _("%(name)s announced a slam."),
        "ev_poignee": _("%(name)s showed a handful of %(count)s trumps."),
        "ev_play": _("%(name)s played the %(card)s."),
        "ev_scored": _("Deal %(number)s was scored."),
        "ev_redeal": _("The cards were dealt again."),
        "ev_paused": _("The referee paused the table."),
        "ev_resumed": _("The referee resumed play."),
        "ev_revoke": _("Revoke by %(name)s, revealed at trick %(trick)s."),
        "ev_irregularity": _("An irregularity was found at the end of the deal."),
        "ev_ruled": _("The referee ruled: the deal is scored as played despite the revoke."),
        "ev_taken_back": _("The referee took back the last record."),
        "ev_renamed": _("A player now goes by the name %(name)s."),
        "ev_robot": _("A robot now plays for %(name)s."),
        "ev_person": _("%(name)s is back in their seat."),
        "key_withdrawn": _("This link no longer opens the table: the referee gave your seat "
                           "to a robot or renewed its link. Ask the referee for the new link."),
        "new_invite": _("The old link of %(name)s no longer opens the table (it went with "
                        "the seat to the robot): send this new one."),
    }


def _console() -> dict[str, Any]:
    """The physical table's console."""
    return {
        "suits_label": _("Suit"),
        "groups": {"spades": _("♠ Spades"), "hearts": _("♥ Hearts"),
                   "diamonds": _("♦ Diamonds"), "clubs": _("♣ Clubs"),
                   "trump": _("Trumps")},
        "already_played": _("already played"),
        "chien_confirm": _("These are the cards of the chien"),
        "chien_label": _("the chien"),
        "poignee_confirm": _("These are the trumps shown"),
        "poignee_label": _("the handful"),
        "selected_n": _("%(count)s selected"),
        "step_ruling": _("Play is stopped until the referee rules."),
        "step_bid": _("%(name)s bids:"),
        "step_call": _("%(name)s calls a card:"),
        "step_chien": _("Tap the %(count)s cards of the chien as it is turned over:"),
        "step_poignee": _("Tap the trumps %(name)s shows (%(sizes)s):"),
        "step_jeu": _("When %(name)s has set the écart aside: “Jeu”, or a slam announced?"),
        "jeu": _("Écart made: “Jeu”"),
        "chelem": _("Slam announced"),
        "step_play": _("%(name)s plays (trick %(trick)s of %(tricks)s):"),
        "poignee_start": _("%(name)s shows a handful first"),
        "chelem_by": _("%(name)s, the taker, announces a slam"),
        "revoke": _("Revoke by %(name)s, proved by their card at trick %(trick)s:"),
        "irregularities": _("The finished deal shows a rule broken:"),
        "ruling_hint": _("The referee decides: no FFT text read gives a penalty for the "
                         "revoke, so the service applies none. Play on (the deal will wait "
                         "for his ruling at its end), or annul the deal: the same dealer "
                         "deals again."),
        "revoke_end": _("The deal is over, with a revoke: it is scored only as the referee "
                        "rules."),
        "ruling_end_hint": _("Score the deal as it was played, or annul it (the same dealer "
                             "deals again). Any other sanction is the referee's, outside the "
                             "service."),
        "play_on": _("Play on"),
        "as_played": _("Score the deal as played"),
        "annul": _("Annul the deal"),
        "misdeal": _("Misdeal: the same dealer deals again"),
        "take_back": _("Take back the last record"),
        "taken_back": _("The last record was taken back: record what was really played."),
        "scored_as_ruled": _("Scored as played, by the referee's ruling on the revoke."),
        "last_trick": _("Last trick, won by %(name)s: %(cards)s."),
        "dealer_is": _("dealer: %(name)s"),
        "contract_is": _("%(contract)s by %(name)s"),
        "called_is": _("called: %(card)s"),
        "partner_is": _("partner: %(name)s"),
        "poignee_of": _("handful of %(count)s by %(name)s"),
        "unseen": _("Never seen, so the écart (or the chien kept hidden):"),
        "recorded": _("Recorded"),
        "not_sent": _("Not recorded: the server could not be reached. Check the table, then "
                      "tap again."),
    }


def _evening() -> dict[str, str]:
    """The club evening's organiser page."""
    return {
        "evening": _("Club evening"),
        "table_n": _("Table %(number)s"),
        "seat_default": _("Player %(seat)s, table %(table)s"),
        "console_link": _("Open this table's console (for its scorer's phone)"),
        "invite_of": _("Invite link for %(name)s"),
        "spectator_link": _("Referee and spectators' link"),
        "deals_played": _("%(count)s of %(deals)s deals played."),
        "evening_link": _("the evening's link"),
        "ranking_free": _("Players ranked by the points of their table's scoresheet."),
        "ranking_none": _("No deal scored yet: the ranking starts with the first score."),
        "rank_tied": _("%(rank)s (tie)"),
        "prepared_hand": _("Player %(number)s's hand"),
        "prepared_dealer": _("Player %(number)s's hand (the dealer)"),
        "prepared_chien": _("The chien"),
        "ranking_duplicate": _("Players ranked by their global percentage: a quarter of "
                               "their average topage note as taker plus three quarters of "
                               "their average note in defence (FFT)."),
        "ranking_caption": _("The evening's ranking"),
        "rank": _("Rank"),
        "player": _("Player"),
        "table_col": _("Table"),
        "global_col": _("Global percentage"),
        "attack_col": _("Deals as taker"),
        "defence_col": _("Deals in defence"),
        "match_points": _("Match points (quadrettes)"),
        "taker_score": _("Taker's score"),
        "taker_note": _("Taker's note"),
        "defender_note": _("Defenders' note"),
    }


def _online() -> dict[str, str]:
    """The online table and its lobby."""
    return {
        "robot_seat": _("a robot plays this seat"),
        "open_link": _("Open"),
        "robot_plays": _("robot"),
        "connected": _("connected"),
        "idle": _("not connected"),
        "open_seat": _("open: waiting for its player"),
        "renamed": _("Your name at this table is now: %(name)s"),
        "role_dealer": _("dealer"),
        "role_taker": _("taker"),
        "role_partner": _("partner"),
        "sits_out": _("sits out this deal"),
        "to_play": _("to play"),
        "you": _("you"),
        "hand_to_robot": _("Hand %(name)s's seat to a robot"),
        "give_back": _("Give the seat back to %(name)s"),
        "ecart_prompt": _("Select the cards of your écart, then put them aside:"),
        "ecart_submit": _("Put these cards in the écart"),
        "ecart_done": _("écart"),
        "poignee_pick": _("Select the %(count)s trumps to show (the excuse may stand for a "
                          "missing one), then show them."),
        "show_these": _("Show these trumps"),
        "your_bid": _("Your bid:"),
        "your_call": _("Call a card:"),
        "say_jeu": _("Say “Jeu”"),
        "announce_chelem": _("Announce a slam"),
        "show_poignee": _("Show a handful (%(count)s trumps)"),
        "your_turn": _("Your turn."),
        "waiting_for": _("Waiting for %(name)s."),
        "spectating": _("You follow the table as its referee: no hand is shown."),
    }


def referee_texts() -> dict[str, Any]:
    """Every sentence of the referee pages' scripts, in the page's language, by key."""
    return {
        "bids": {"passe": _("Pass"), "petite": _("Petite"), "garde": _("Garde"),
                 "garde_sans": _("Garde sans"), "garde_contre": _("Garde contre")},
        "connection_lost": _("Connection lost: the server cannot be reached. Retrying…"),
        "stale": _("The table moved on before your action: here is what changed, and the "
                   "table as it is now."),
        "refused": _("Refused"),
        "cancel": _("Cancel"),
        "over": _("The partie is over."),
        "winners": _("Winner: %(names)s."),
        "paused": _("The table is paused."),
        "resume": _("Resume play"),
        "waiting": _("Waiting for the table…"),
        "deal": _("Deal"),
        "taker_col": _("Taker"),
        "partner_col": _("Partner"),
        "total": _("Total"),
        "sheet_caption": _("Scores of each deal by player, and the totals"),
        "export_csv": _("Download the scoresheet (CSV)"),
        "print": _("Print"),
        **_events(),
        **_console(),
        **_evening(),
        **_online(),
    }
