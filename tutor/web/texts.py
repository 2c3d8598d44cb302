"""The sentences the page script shows, translated on the server and handed to it as JSON.

The scripts never hold a sentence of their own: it picks these by key. ``%(name)s`` placeholders
are filled by the script with numbers it knows (how many cards are selected).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

__all__ = ["js_texts", "practice_texts"]


def js_texts() -> dict[str, str]:
    """Every sentence of ``tutor.js``, in the page's language, by key."""
    return {
        "legal": _("Legal"),
        "illegal": _("Not allowed"),
        "legal_card": _("may be played"),
        "selected_card": _("selected"),
        "from_chien": _("from the chien"),
        "checking": _("Asking the referee…"),
        "unreachable": _("The referee could not be reached. Try again."),
        "violations": _("Rules broken"),
        "warnings": _("Advice"),
        "legal_count": _("%(count)s of your cards may be played; they are highlighted."),
        "pick_card": _("Choose a card of your hand to see whether it may be played."),
        "selected_count": _("%(count)s of %(size)s cards selected"),
        "trumps_to_show": _("Trumps to show to the defence"),
        "no_trumps_to_show": _("No trump to show."),
        "ecart_legal": _("Legal écart"),
        "ecart_illegal": _("Illegal écart"),
        "won": _("Contract made"),
        "lost": _("Contract lost"),
        "taker": _("Taker"),
        "partner": _("Partner"),
        "defender": _("Each defender"),
        "derivation": _("Step by step"),
        "scores": _("Scores of the deal"),
        "points_suffix": _("points"),
        "deal_number": _("Deal %(number)s"),
        "remove": _("Remove"),
        "total": _("Total"),
        "added": _("Added to the scoresheet."),
        "choose_taker": _("Choose the taker's seat."),
        "rule_link": _("Read the rule"),
        "rule_link_named": _("Read the rule %(rule)s"),
        "ecart_choose": _("Select the cards of your écart, then check it."),
        "ecart_complete": _("Your écart is complete: check it."),
        "ecart_full": _("The écart holds %(size)s cards: put a card back before choosing "
                        "another."),
        "rules_shown": _("%(count)s rules shown"),
        "player": _("Player %(number)s"),
        "player_name": _("Name of player %(number)s"),
        "bot": _("Robot %(number)s"),
        "cards_left": _("%(count)s cards"),
        "last_trick": _("Last trick won by %(name)s."),
    }


def practice_texts() -> dict[str, Any]:
    """Every sentence of ``practice.js`` (the practice table), in the page's language, by key;
    ``bids`` and ``poignee_levels`` are keyed by the API's codes."""
    return {
        "you": _("You"),
        "dealer": _("dealer"),
        "taker": _("taker"),
        "partner": _("partner"),
        "to_move": _("to play"),
        "your_turn": _("Your turn."),
        "waiting": _("The robots are playing…"),
        "bid_prompt": _("Your bid:"),
        "call_prompt": _("Call a card:"),
        "ecart_prompt": _("Select the cards of your écart, then put them aside:"),
        "ecart_submit": _("Put these cards aside"),
        "bids": {"passe": _("Pass"), "petite": _("Petite"), "garde": _("Garde"),
                 "garde_sans": _("Garde sans"), "garde_contre": _("Garde contre")},
        "contract": _("Contract"),
        "deal": _("Deal"),
        "total": _("Total"),
        "refused": _("Refused"),
        "played": _("Played"),
        "over": _("The partie is over."),
        "advice_bid": _("Bidding advice"),
        "advice_ecart": _("Écart advice"),
        "advice_play": _("Which card would a good player play?"),
        "advice_busy": _("Asking the adviser…"),
        "advised_bid": _("Advised bid: %(bid)s"),
        "advised_ecart": _("Advised écart"),
        "advised_card": _("Advised card: %(card)s"),
        "advice_strength": _("Count of the hand: %(strength)s points"),
        "why": _("Why"),
        "follow_bid": _("Bid %(bid)s"),
        "follow_ecart": _("Select these cards"),
        "follow_card": _("Play this card"),
        "poignee_prompt": _("Before your first card:"),
        "poignee_levels": {"simple": _("Show a simple poignée (%(count)s trumps)"),
                           "double": _("Show a double poignée (%(count)s trumps)"),
                           "triple": _("Show a triple poignée (%(count)s trumps)")},
        "poignee_select": _("Select the %(count)s trumps to show (the excuse may stand for a "
                            "missing one), then show them."),
        "poignee_submit": _("Show these trumps"),
        "poignee_shown": _("Poignée shown"),
        "cancel": _("Cancel"),
        "jeu_prompt": _("Your contract is settled: say “Jeu” to start the play, or announce a "
                        "slam and lead the first trick yourself."),
        "jeu": _("Say “Jeu”"),
        "jeu_done": _("“Jeu”: the player on the dealer's right leads the first trick."),
        "chelem_announce": _("Announce a slam"),
        "chelem_announced": _("slam announced"),
        "chelem_done": _("Slam announced: you lead the first trick."),
        "ecart_shown": _("Trumps of the écart shown"),
        "called": _("Called card: %(card)s"),
        "last_winner": _("Won by %(name)s."),
        "you_lead": _("You lead: the trick is empty."),
        "bid_of": _("bid: %(bid)s"),
        # the card table (table.js)
        "region_trick": _("Trick"),
        "region_last": _("Last trick"),
        "region_hand": _("Your hand"),
        "region_review": _("Deal review"),
        "region_sheet": _("Scoresheet"),
        "region_count": _("Points won so far"),
        "why_title": _("Why?"),
        "advice_title": _("Advice"),
        "undo": _("Undo my last decision"),
        "show_count": _("Show the points won"),
        "played_by": _("%(card)s, played by %(name)s"),
        "chien": _("The chien"),
        "ecart": _("The écart"),
        "may_play": _("You may play it"),
        "may_not_play": _("You may not play it"),
        "play_it": _("Play this card"),
        "tap_again": _("(or tap the card again)"),
        "glossary_link": _("Glossary"),
        "advice_call": _("Which card should I call?"),
        "advised_call": _("Advised call: %(card)s"),
        "follow_call": _("Call %(card)s"),
        "count_taker": _("Taker's camp: %(points)s points"),
        "count_defense": _("Defence: %(points)s points"),
        "count_partner_unknown": _("The partner is not known yet: his tricks count for the "
                                   "defence until the called card is played."),
        "pile_taker": _("The taker's pile"),
        "pile_defense": _("The defence's pile"),
        "piles_sum": _("Both piles together: %(points)s points, as in every deal."),
        "trick_won_by": _("Trick %(number)s, won by %(name)s"),
        "replay_title": _("Replay a trick"),
        "replay_tricks": _("The tricks of the deal"),
        "replay_trick": _("Trick %(number)s"),
        "review_title": _("Review of deal %(number)s"),
        "review_contract": _("%(name)s took a %(contract)s."),
        "partner_was": _("Partner: %(name)s."),
        "deal_over": _("The deal is over: here is its last trick."),
        "see_review": _("See the review of the deal"),
        "next_deal": _("Next deal"),
        "undone": _("Your last decision is undone: decide again."),
    }
