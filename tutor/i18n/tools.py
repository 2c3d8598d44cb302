"""The sentences of the MCP tools' texts that no endpoint says: how many rules a search
found, which rules an answer rests on."""

from __future__ import annotations

from tutor.i18n.words import gettext, ngettext, speaking

__all__ = ["found_rules", "legal_cards_advised_first", "next_page", "prompt_text",
           "rules_cited", "session_language"]


@speaking
def found_rules(count: int) -> str:
    """``3 rules found:`` (or that none was)."""
    if count == 0:
        return gettext("No rule matches these words.")
    return ngettext("%(num)d rule found:", "%(num)d rules found:", count)


@speaking
def rules_cited(rules: str) -> str:
    """The rules an answer rests on, ids and titles already listed."""
    return gettext("Rules: %(rules)s.", rules=rules)


@speaking
def next_page(cursor: str) -> str:
    """That a search has more rules than it showed, and how to see them."""
    return gettext("More rules: ask again with cursor “%(cursor)s”.", cursor=cursor)


@speaking
def session_language() -> str:
    """That this session's answers are now in the current language."""
    return gettext("From now on, this session's answers are in English.")


@speaking
def prompt_text(name: str) -> str:
    """The message of the MCP prompt ``name`` (``teach``, ``quiz``, ``referee``, ``analyse``):
    what to do and which tools to use."""
    if name == "teach":
        return gettext(
            "Teach me French tarot step by step, in short lessons. Find the rules with "
            "search_rules and read_rule, show each point on an example (count_cards for the "
            "cards' points, check_play for following suit and trumping), then check that I "
            "understood with quiz_question and quiz_answer.")
    if name == "quiz":
        return gettext(
            "Quiz me on French tarot: one question at a time with quiz_question (vary its "
            "kind: play, count, score, bid, ecart, trick, advice), wait for my answer, mark "
            "it with quiz_answer, explain it with the rules it cites, and keep my score.")
    if name == "referee":
        return gettext(
            "Referee our game of French tarot. Check each move we tell you with the tool that "
            "applies (check_bid, check_king_call, check_ecart, check_poignee, check_play, "
            "trick_winner), say whether it is legal and which rule applies, and score each "
            "deal with score_deal or score. To play against robots, open a live table with "
            "the table tool and act for my seat.")
    return gettext(
        "Analyse my deal of French tarot: I give you the hands, the chien, the écart and the "
        "tricks. Count and score it with score_deal, find the cards that cost points with "
        "find_mistakes, look at a position with solve_position or advise_play, and explain "
        "each mistake with the rules cited.")


@speaking
def legal_cards_advised_first(cards: str) -> str:
    """An advice's legal cards, the advised one first: the engine ranks only that one."""
    return gettext("Legal cards, the advised one first (the others are not ranked; with every "
                   "hand known, solve_position gives each card's value): %(cards)s.",
                   cards=cards)
