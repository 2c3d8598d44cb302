"""GET /api/v1/quiz/{kind}: questions from random deals, repeatable by seed, that never show
their answer; POST /api/v1/quiz/answer marks an answer with what the check, count and score
endpoints themselves answer (so a quiz holds no rule of its own)."""

from __future__ import annotations

import doctest
import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

import tutor.services.quiz
from rules_fr.cards import CARDS
from rules_fr.simulate import play_random_deal


def _quiz(client: FlaskClient, kind: str, players: int, seed: int,
          lang: str = "en") -> dict[str, Any]:
    """The question as GET /quiz/{kind} shows it: no answer."""
    response = client.get(f"/api/v1/quiz/{kind}?players={players}&seed={seed}&lang={lang}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _question(client: FlaskClient, kind: str, players: int, seed: int,
              lang: str = "en") -> dict[str, Any]:
    """The marker's copy of the question (the service's): with its answer and explanation,
    which POST /quiz/answer marks with and GET /quiz/{kind} never shows."""
    with client.application.test_request_context(f"/?lang={lang}"):
        return tutor.services.quiz.question(kind, players, seed)


def test_quiz_doctests() -> None:
    failed, attempted = doctest.testmod(tutor.services.quiz)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_play_answers_are_the_checks(client: FlaskClient, players: int, seed: int) -> None:
    quiz = _question(client, "play", players, seed)
    position = quiz["position"]
    assert quiz["kind"] == "play" and quiz["seed"] == seed and len(position["trick"]) < players
    body = {key: position[key] for key in ("players", "hand", "trick", "first_trick",
                                           "called_card")}
    for card, verdict in zip(position["hand"], quiz["answer"]["cards"], strict=True):
        checked = client.post("/api/v1/check/play?lang=en", json={**body, "card": card})
        answer = checked.get_json()
        assert verdict["card"] == card and verdict["legal"] == answer["legal"]
        assert verdict["explanation"] == answer["explanation"]
        assert quiz["answer"]["legal_cards"] == answer["legal_cards"]
    assert quiz["answer"]["legal_cards"]  # a position of a real deal: some card may be played
    refused = [v for v in quiz["answer"]["cards"] if not v["legal"]]
    assert quiz["explanation"] == (refused or quiz["answer"]["cards"])[0]["explanation"]


def test_ecart_answers_are_the_checks_and_both_verdicts_come(client: FlaskClient) -> None:
    verdicts = set()
    for players in (3, 4, 5):
        for seed in range(12):
            quiz = _question(client, "ecart", players, seed)
            position = quiz["position"]
            assert len(position["ecart"]) == len(position["chien"])
            answer = client.post("/api/v1/check/ecart?lang=en", json=position).get_json()
            assert quiz["answer"] == {k: answer[k] for k in ("legal", "violations",
                                                              "trumps_to_show")}
            assert quiz["explanation"] == answer["explanation"]
            verdicts.add(answer["legal"])
    assert verdicts == {True, False}


def test_count_answers_are_the_counts(client: FlaskClient) -> None:
    for seed in range(10):
        quiz = _question(client, "count", 4, seed)
        answer = client.post("/api/v1/count?lang=en",
                             json={"cards": quiz["position"]["cards"]}).get_json()
        pairs = quiz["answer"].pop("pairs")
        assert quiz["answer"] == {k: answer[k] for k in ("points", "half_points", "bouts")}
        # The working, two by two: every card once, each pair's points, adding up to the count.
        assert sorted(c for pair in pairs for c in pair["cards"]) == sorted(
            quiz["position"]["cards"])
        for pair in pairs:
            worth = client.post("/api/v1/count", json={"cards": pair["cards"]}).get_json()
            assert pair["points"] == worth["points"]
        assert sum(pair["points"] for pair in pairs) == answer["points"]
        assert quiz["explanation"].startswith(answer["explanation"] + " Counted two by two: ")
        assert quiz["explanation"].endswith(
            " = " + str(answer["points"]).replace(".0", "") + ".")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_score_answers_are_the_scores_of_the_deal(client: FlaskClient, players: int) -> None:
    for seed in range(8):
        quiz = _question(client, "score", players, seed)
        position = quiz["position"]
        body = {"players": players, "contract": position["contract"],
                "bouts": position["bouts"], "points": position["points"],
                "petit_au_bout": position["petit_au_bout"],
                "chelem": {"announced": False, "by": position["chelem_by"]},
                "alone": position["alone"]}
        answer = client.post("/api/v1/score?lang=en", json=body).get_json()
        assert quiz["answer"]["scores"] == answer["scores"]
        assert quiz["answer"]["derivation"] == answer["derivation"]
        assert quiz["explanation"].startswith(answer["explanation"])
        # The total line by line (the rulebook's "66 + 20 + 20 = 106"), when bonuses add up:
        # its terms are the derivation's lines and their sum the total, for the winning side.
        rest = quiz["explanation"][len(answer["explanation"]):]
        lines = [d for d in answer["derivation"]
                 if d["code"] in ("contract", "petit-au-bout", "poignee", "chelem")]
        assert bool(rest) == (len(lines) > 1)
        if rest:
            sign = 1 if answer["won"] else -1
            total = next(d["points"] for d in answer["derivation"] if d["code"] == "total")
            said = rest.removeprefix(" Line by line: ").removesuffix(".")
            terms, result = said.split(" = ")
            assert int(result) == abs(total) == sum(sign * d["points"] for d in lines)
            assert [abs(int(t)) for t in re.split(r" [+−] ", terms)] == [
                abs(d["points"]) for d in lines]
        # …and the core scored the same deal the same way when it played it.
        played = play_random_deal(players, random.Random(seed))
        assert quiz["answer"]["won"] == played.score.won
        assert quiz["answer"]["difference"] == played.score.difference
        assert position["contract"] == played.contract.code


@pytest.mark.parametrize("kind", ["play", "ecart", "count", "score", "trick", "bid"])
def test_a_seed_gives_the_same_question_in_the_readers_language(
        client: FlaskClient, kind: str) -> None:
    english, french = _quiz(client, kind, 4, 3), _quiz(client, kind, 4, 3, "fr")
    assert english["position"] == french["position"] == _quiz(client, kind, 4, 3)["position"]
    assert english["question"] != french["question"]
    explained = _question(client, kind, 4, 3), _question(client, kind, 4, 3, "fr")
    assert explained[0]["explanation"] != explained[1]["explanation"] or kind == "count"
    drawn = client.get(f"/api/v1/quiz/{kind}").get_json()
    assert 0 <= drawn["seed"] < 1_000_000
    assert _quiz(client, kind, 4, drawn["seed"], "fr") == drawn


@pytest.mark.parametrize("kind", list(tutor.services.quiz.KINDS))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_question_never_shows_its_answer(client: FlaskClient, document: dict[str, Any],
                                           kind: str, lang: str) -> None:
    """GET /quiz/{kind} is what a client shows the learner: the question and the position
    (with, for a choice kind, its rows of cards, facts and choices), the marker's own, and
    nothing of the answer (its OpenAPI schema neither)."""
    from tutor.services.quiz import ASKED, CHOICE_KINDS

    for players in (3, 4, 5):
        for seed in range(4):
            shown = _quiz(client, kind, players, seed, lang)
            marker = _question(client, kind, players, seed, lang)
            plain = {"kind", "players", "seed", "question", "position"}
            assert plain <= set(shown) <= set(ASKED)
            assert ("choices" in shown) == (kind in CHOICE_KINDS)
            assert shown == {key: marker[key] for key in shown}
            assert marker["explanation"] not in str(shown)
            assert "answer" not in shown
    schema = document["paths"]["/api/v1/quiz/{kind}"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    properties = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]][
        "properties"]
    assert set(properties) == set(ASKED)


@pytest.mark.parametrize("kind", ["target", "hand", "king", "poignee", "chelem", "sitout",
                                  "revoke", "void"])
def test_a_choice_is_marked_by_the_core(client: FlaskClient, kind: str) -> None:
    """Each choice the question offers is marked: the expected one right, the others not,
    each with the explanation; a value the question does not offer is a 422 naming it."""
    from rules_fr.cards import CardSet
    from rules_fr.deal import is_petit_sec
    from rules_fr.scoring import target_for

    answers = set()
    for seed in range(12):
        asked = _quiz(client, kind, 4, seed)
        values = [choice["value"] for choice in asked["choices"]]
        marks = [client.post("/api/v1/quiz/answer?lang=en", json={
            "kind": kind, "players": asked["players"], "seed": seed, "choice": value}).get_json()
            for value in values]
        right = [m["given"] for m in marks if m["right"]]
        assert len(right) == 1 or (kind == "void" and right == [
            v for v in values if v in marks[0]["answer"]["accepted"]])
        expected = right[0]
        answers.add(expected)
        position = asked["position"]
        if kind == "target":
            assert expected == str(target_for(len(position["bouts"])))
        if kind == "hand":
            assert (expected == "yes") == is_petit_sec(CardSet.parse(position["hand"]))
        assert all(m["why"] and m["why"] in m["explanation"] for m in marks)
    assert len(answers) >= 2  # not always the same answer
    refused = client.post("/api/v1/quiz/answer?lang=en", json={
        "kind": kind, "players": 4, "seed": 0, "choice": "triple" if kind != "poignee"
        else "yes"})
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["pointer"] == "/choice"
@pytest.mark.parametrize("query, pointer, said", [
    ("players=9", "/query/players", "3, 4 or 5"),
    ("seed=abc", "/query/seed", "integer"),
    ("seed=12345678", "/query/seed", "between 0 and 999999"),
    ("seed=-1", "/query/seed", "between 0 and 999999"),
])
def test_a_bad_query_is_a_422_naming_the_parameter(client: FlaskClient, query: str,
                                                   pointer: str, said: str) -> None:
    response = client.get(f"/api/v1/quiz/play?{query}&lang=en")
    problem = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert problem["errors"][0]["pointer"] == pointer and said in problem["detail"]


def test_an_unknown_kind_is_a_404(client: FlaskClient) -> None:
    response = client.get("/api/v1/quiz/renonce?lang=en")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_trick_answers_are_the_checks(client: FlaskClient) -> None:
    for players in (3, 4, 5):
        for seed in range(5):
            quiz = _question(client, "trick", players, seed)
            cards = quiz["position"]["cards"]
            assert len(cards) == players
            answer = client.post("/api/v1/check/trick?lang=en",
                                 json={"players": players, "cards": cards}).get_json()
            assert quiz["answer"]["card"] == answer["winner"]["card"]
            assert quiz["answer"]["card"] == cards[quiz["answer"]["position"]]
            assert quiz["explanation"] == answer["explanation"]


def test_bid_answers_are_the_checks_and_both_verdicts_come(client: FlaskClient) -> None:
    verdicts = set()
    for players in (3, 4, 5):
        for seed in range(15):
            quiz = _question(client, "bid", players, seed)
            position = quiz["position"]
            assert len(position["bids"]) < players
            answer = client.post("/api/v1/check/bid?lang=en", json=position).get_json()
            assert quiz["answer"] == {k: answer[k] for k in ("legal", "violations")}
            assert quiz["explanation"] == answer["explanation"]
            verdicts.add(answer["legal"])
    assert verdicts == {True, False}


@pytest.mark.parametrize("body, possible", [
    ({"players": 4, "contract": "garde", "bouts": 3, "points": 10}, False),
    ({"players": 4, "contract": "garde", "bouts": 2, "points": 49}, True),
    ({"players": 5, "contract": "petite", "bouts": 0, "points": 30,
      "chelem": {"announced": False, "by": "taker"}}, False),
])
def test_score_check_answers_what_score_refuses(client: FlaskClient, body: dict[str, Any],
                                                possible: bool) -> None:
    """POST /score/check says, as a 200, whether /score would accept the figures or refuse
    them with 422 — the same core check, the same sentence."""
    checked = client.post("/api/v1/score/check?lang=en", json=body)
    scored = client.post("/api/v1/score?lang=en", json=body)
    assert checked.status_code == 200 and checked.get_json()["possible"] is possible
    assert scored.status_code == (200 if possible else 422)
    if not possible:
        assert scored.get_json()["detail"] in checked.get_json()["explanation"]
        assert checked.get_json()["violations"][0]["code"] == "score-impossible"


@pytest.mark.parametrize("kind, member", [
    ("play", "cards"), ("ecart", "legal"), ("count", "points"), ("score", "score"),
    ("trick", "card"), ("bid", "legal")])
def test_an_answer_is_marked_as_the_browser_marks_it(client: FlaskClient, kind: str,
                                                     member: str) -> None:
    """POST /quiz/answer: the expected answer is right, another one is not, and the
    explanation gives the mark then the question's explanation."""
    quiz, shown = _question(client, kind, 4, 5), _quiz(client, kind, 4, 5)
    expected = quiz["answer"]
    right = {"play": lambda: expected["legal_cards"], "ecart": lambda: expected["legal"],
             "bid": lambda: expected["legal"], "count": lambda: expected["points"],
             "score": lambda: expected["scores"]["taker"], "trick": lambda: expected["card"],
             }[kind]()
    wrong = {"cards": lambda: [], "legal": lambda: not right, "points": lambda: right + 0.5,
             "score": lambda: right + 1,
             "card": lambda: next(c for c in quiz["position"]["cards"] if c != right)}[member]()
    for given, mark in ((right, "Right. "), (wrong, "Not quite. ")):
        response = client.post("/api/v1/quiz/answer?lang=en", json={
            "kind": kind, "players": 4, "seed": 5, member: given})
        answer = response.get_json()
        assert response.status_code == 200, answer
        assert answer["right"] is (mark == "Right. ") and answer["answer"] == expected
        assert answer["position"] == quiz["position"]
        assert {key: answer[key] for key in shown} == shown  # the question GET showed
        assert answer["explanation"].startswith(mark)
        assert answer["explanation"].endswith(quiz["explanation"])
        if kind == "play" and given == []:
            assert [m["card"] for m in answer["mistakes"]] == expected["legal_cards"]


@pytest.mark.parametrize("body, pointer, said", [
    ({"kind": "count", "seed": 1}, "/points", "required"),
    ({"kind": "count", "seed": 1, "points": 3, "card": "KH"}, "/card",
     "kind, players, seed, points"),
    ({"kind": "quiz", "seed": 1}, "/kind", "play, ecart, count, score, trick, bid"),
    ({"kind": "trick", "players": 4, "seed": 1, "card": "ZZ"}, "/card", "“ZZ”"),
])
def test_a_bad_answer_is_a_422_naming_the_member(client: FlaskClient, body: dict[str, Any],
                                                 pointer: str, said: str) -> None:
    response = client.post("/api/v1/quiz/answer?lang=en", json=body)
    problem = response.get_json()
    assert response.status_code == 422, problem
    assert problem["errors"][0]["pointer"] == pointer and said in problem["errors"][0]["detail"]


def test_a_card_the_question_does_not_show_is_a_422_at_its_place(client: FlaskClient) -> None:
    hand = _question(client, "play", 4, 1)["position"]["hand"]
    elsewhere = next(card.code for card in CARDS if card.code not in hand)
    response = client.post("/api/v1/quiz/answer?lang=en", json={
        "kind": "play", "seed": 1, "cards": [hand[0], elsewhere]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{
        "pointer": "/cards/1", "code": "card-not-in-hand", "params": {"card": elsewhere},
        "detail": response.get_json()["errors"][0]["detail"]}]
    assert response.get_json()["errors"][0]["detail"].startswith("You do not hold ")
    trick = _question(client, "trick", 4, 1)["position"]["cards"]
    elsewhere = next(card.code for card in CARDS if card.code not in trick)
    response = client.post("/api/v1/quiz/answer?lang=fr", json={
        "kind": "trick", "seed": 1, "card": elsewhere})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/card"
    assert response.get_json()["errors"][0]["detail"].startswith("Le pli ne contient pas ")


def test_advice_is_a_legal_card_of_the_engine(client: FlaskClient) -> None:
    """Which card would a good player play: the engine's card, one the rules allow here
    (POST /check/play says so), marked right alone, with the engine's reasons as the why."""
    for seed in range(6):
        asked = _quiz(client, "advice", 4, seed)
        position = asked["position"]
        marker = _question(client, "advice", 4, seed)
        best = marker["answer"]["card"]
        assert best in position["legal_cards"] and len(position["legal_cards"]) > 1
        verdict = client.post("/api/v1/check/play", json={
            "players": 4, "hand": position["hand"], "trick": position["trick"],
            "card": best}).get_json()
        assert verdict["legal"]
        for card in position["legal_cards"]:
            mark = client.post("/api/v1/quiz/answer?lang=en", json={
                "kind": "advice", "players": 4, "seed": seed, "card": card}).get_json()
            assert mark["right"] == (card == best)
            assert mark["why"] == marker["explanation"]
        assert marker["answer"]["reasons"] and all(r["text"] in marker["explanation"]
                                                   for r in marker["answer"]["reasons"])
