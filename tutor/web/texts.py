"""The sentences the page script shows, translated on the server and handed to it as JSON.

The scripts never hold a sentence of their own: it picks these by key. ``%(name)s`` placeholders
are filled by the script with numbers it knows (how many cards are selected).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

__all__ = ["GENERIC_TERMS", "glossary_links", "js_texts", "practice_texts"]


def js_texts() -> dict[str, Any]:
    """Every sentence of ``tutor.js`` and ``quiz.js``, in the page's language, by key;
    ``contracts``, ``bids`` and ``camps`` are keyed by the API's codes."""
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
        "why_allowed": _("Why it is allowed"),
        "legal_count": _("%(count)s of your cards may be played; they are highlighted."),
        "pick_card": _("Choose a card of your hand to see whether it may be played."),
        "selected_count": _("%(count)s of %(size)s cards selected"),
        "trumps_to_show": _("Trumps to show to the defence"),
        "no_trumps_to_show": _("No trump to show."),
        "ecart_legal": _("Legal écart"),
        "ecart_illegal": _("Illegal écart"),
        "score_impossible": _("No deal gives these figures"),
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
        # quizzes (quiz.js)
        "quiz_new": _("New question"),
        "quiz_check": _("Check my answer"),
        "quiz_none": _("No question answered yet in this browser."),
        "quiz_tally": _("Streak: %(streak)s · right: %(right)s of %(asked)s · best streak: "
                        "%(best)s"),
        "quiz_streak": _("%(streak)s right answers in a row."),
        "puzzle_streak": _("Puzzles solved: %(solved)s · in a row: %(streak)s (best %(best)s)."),
        "quiz_right": _("Right"),
        "quiz_wrong": _("Not quite"),
        "quiz_players": _("%(count)s players"),
        "quiz_trick_number": _("trick %(number)s"),
        "quiz_called": _("called card: %(card)s"),
        "quiz_contract": _("Contract: %(contract)s"),
        "quiz_you_lead": _("You lead: the trick is empty."),
        "quiz_play_hint": _("Select every card you may play, then check your answer."),
        "quiz_mistakes": _("Where your answer differs"),
        "quiz_left_out": _("may be played, and you left it out:"),
        "quiz_not_allowed": _("may not be played:"),
        "quiz_hand": _("The taker's hand"),
        "quiz_chien": _("The chien"),
        "quiz_ecart": _("The écart put aside"),
        "quiz_yes_legal": _("Legal"),
        "quiz_no_illegal": _("Not legal"),
        "quiz_cards": _("The cards to count"),
        "quiz_points": _("Points"),
        "quiz_taker_score": _("The taker's score"),
        "quiz_taker_figures": _("The taker's side won %(points)s points. Its oudlers: %(bouts)s."),
        "quiz_petit_au_bout": _("Petit au bout: %(camp)s"),
        "quiz_chelem": _("Slam made by: %(camp)s"),
        "quiz_alone": _("The taker plays alone."),
        "quiz_with_partner": _("The taker plays with the partner he called."),
        "quiz_trick_hint": _("Press the card that wins the trick (cards in play order)."),
        "quiz_bids_before": _("Bids so far: %(bids)s"),
        "quiz_first_to_speak": _("You speak first."),
        "quiz_bid_asked": _("Your bid: %(bid)s"),
        "quiz_pairs": _("Counted two by two"),
        "quiz_advice_hint": _("Press the card you would play: only the cards you may play can "
                              "be pressed."),
        "quiz_pair_points": _("%(points)s points"),
        # the course's progress (course.js)
        "course_done": _("done"),
        "course_review": _("to review"),
        "course_started": _("started"),
        "course_todo": _("to do"),
        "course_step_label": _("%(title)s (%(status)s)"),
        "course_summary": _("%(done)s of %(count)s steps done in this browser."),
        "course_continue": _("Go on with step %(number)s"),
        "quiz_yes": _("Yes"),
        "quiz_no": _("No"),
        "contracts": {"petite": _("Petite"), "garde": _("Garde"), "garde_sans": _("Garde sans"),
                      "garde_contre": _("Garde contre")},
        "bids": {"passe": _("Pass"), "petite": _("Petite"), "garde": _("Garde"),
                 "garde_sans": _("Garde sans"), "garde_contre": _("Garde contre")},
        "camps": {"taker": _("Taker's side"), "defense": _("Defence")},
        "region_trick": _("Trick"),
        "region_hand": _("Your hand"),
    }


GENERIC_TERMS = frozenset({"carte", "main", "donne", "camp", "partie", "marque", "passe",
                           "mort", "attaque", "se-defausser", "entame"})
"""Glossary terms not linked inside sentences: words of everyday speech ("card", "hand",
"game"…) that would put a link on every line, and "discard", which the English sentences
also use for the écart."""


def glossary_links(lang: str) -> list[dict[str, str]]:
    """The glossary terms ``tutor.js`` links in explanations: ``{"id", "term"}`` in ``lang``."""
    from tutor.i18n.glossary import terms

    return [{"id": t["id"], "term": t["term"]} for t in terms(lang)
            if t["id"] not in GENERIC_TERMS]


def practice_texts() -> dict[str, Any]:
    """Every sentence of ``practice.js`` (the practice table), in the page's language, by key;
    ``bids`` and ``poignee_levels`` are keyed by the API's codes."""
    return {
        "you": _("You"),
        "dealer": _("dealer"),
        "taker": _("taker"),
        "partner": _("partner"),
        "to_move": _("to play"),
        "to_bid": _("to bid"),
        "to_decide": _("to decide"),
        "your_turn": _("Your turn."),
        "waiting": _("The robots are playing…"),
        "waiting_for": _("Waiting for %(name)s to play…"),
        "waiting_for_bid": _("Waiting for %(name)s to bid…"),
        "waiting_for_taker": _("Waiting for %(name)s, the taker…"),
        "bid_prompt": _("Your bid:"),
        "call_prompt": _("Call a card:"),
        "ecart_prompt": _("Select the cards of your écart, then put them aside:"),
        "ecart_submit": _("Put these cards in the écart"),
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
        "advice_strength": _("The hand's bidding count (a scale of its own, not card points): "
                             "%(strength)s"),
        "why": _("Why"),
        "follow_bid": _("Bid %(bid)s"),
        "follow_ecart": _("Select these cards"),
        "follow_card": _("Play this card"),
        "poignee_prompt": _("Before your first card:"),
        "poignee_levels": {"simple": _("Show a single handful (%(count)s trumps)"),
                           "double": _("Show a double handful (%(count)s trumps)"),
                           "triple": _("Show a triple handful (%(count)s trumps)")},
        "poignee_select": _("Select the %(count)s trumps to show (the excuse may stand for a "
                            "missing one), then show them."),
        "poignee_submit": _("Show these trumps"),
        "poignee_shown": _("Handful shown"),
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
        "count_taker": _("Taker's side: %(points)s points"),
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
