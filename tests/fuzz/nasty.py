"""Part ``nasty``: hand-crafted bodies, headers, methods, paths and queries that schemathesis
cannot generate, and real deals made pathological."""

from __future__ import annotations

import functools
import gzip
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzz.findings import API, FOUND, short
from fuzz.invariants import answer_problems
from fuzz.requests import Thin, send, validate
from tutor.security import TABLE_PATHS

VALID_BODIES: dict[str, dict[str, Any]] = {
    "/check/play": {"players": 4, "hand": ["7H", "KH", "T3"], "trick": ["2H"], "card": "7H"},
    "/check/ecart": {"players": 4, "contract": "garde",
                     "hand": ["1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS",
                              "CS", "QS", "1H", "2H", "3H", "4H", "5H"],
                     "chien": ["6H", "7H", "8H", "9H", "10H", "JH"],
                     "ecart": ["1S", "2S", "3S", "4S", "5S", "6S"]},
    "/check/bid": {"players": 4, "bids": ["passe"], "bid": "garde"},
    "/check/king-call": {"hand": ["KS", "KH", "1D"], "card": "KD"},
    "/check/poignee": {"players": 4, "hand": [f"T{i}" for i in range(1, 11)],
                       "shown": [f"T{i}" for i in range(1, 11)]},
    "/check/hand": {"players": 4, "hand": ["T1", "2H"]},
    "/check/deal": {"players": 4, "hands": [[], [], [], []], "chien": []},
    "/score": {"players": 4, "contract": "garde", "bouts": 2, "points": 49},
    "/advice/bid": {"players": 4, "hand": [f"T{i}" for i in range(1, 19)]},
    "/advice/play": {"players": 4, "hand": ["7H", "KH"], "trick": ["2H"]},
}

UNICODE_CARDS = [
    "ＫＨ", "K\u0301H", "roi de cœur", "roi de coe\u0301ur", "roi de c\u0153ur", "\u200fKH",
    "KH\u200e", "\u202eHK", "🂾", "K♥", "K♥️", "♥K", "Ｔ２１", "T２１", "T٢١", "T²¹", "T21\x00",
    "\ud800" if False else "T\u0000", "EX" * 20, "E" * 41, "", " ", "\t", "kh ", " KH",
    "10♦️", "１０D", "ⅩⅩⅠ", "21 d'atout", "21 d’atout", "vingt-et-un", "le petit", "PETIT",
    "Excuse", "excuse", "l'excuse", "ＥＸ", "İ", "ß", "ﬁ", "\U0001F600", "a" * 40, "T" + "9" * 30,
    "T-1", "T0", "T22", "T1e1", "T0x15", "11H", "0H", "1H", "T01", "T001", "+T1", "T+1",
]

CARD_VALUES: list[Any] = [None, 0, 1, 21, -1, 1.5, True, False, [], ["KH"], {}, {"code": "KH"},
                          10**30, -10**30, "KH" * 1000, *UNICODE_CARDS]

ROOT = Path(__file__).resolve().parents[2]
"""The repository (the static assets are fuzzed from its folder)."""


def part_nasty(app: Any, seed: int, share: float = 1.0) -> None:
    import schemathesis

    schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", app)
    client = app.test_client()
    rng = random.Random(seed)
    thin = Thin(share, seed)
    document = client.get(f"{API}/openapi.json").get_json()

    def post(path: str, body: Any, *, headers: dict[str, str] | None = None,
             raw: bytes | str | None = None, ctype: str | None = "application/json") -> Any:
        data = raw if raw is not None else json.dumps(body, ensure_ascii=False)
        response = send(client, "POST", API + path, data, headers, ctype)
        repro = {"path": path, "body": short(data if isinstance(data, str) else repr(data),
                                              500), "headers": headers}
        validate(schema, API + path, "post", response, repro)
        if response.status_code == 200:
            for problem in answer_problems(path.split("?")[0], body, response.get_json()):
                FOUND.add("odd", f"POST {API}{path}", problem, repro)
        return response

    bodies: dict[str, Any] = {}
    for path, operations in document["paths"].items():
        body = operations.get("post", {}).get("requestBody", {}).get("content", {}).get(
            "application/json", {}).get("example")
        if body is not None:
            bodies[path.removeprefix(API)] = body
    for path, body in VALID_BODIES.items():
        bodies.setdefault(path, body)
    bodies["/advice/ecart"] = {k: v for k, v in bodies["/check/ecart"].items()
                               if k != "ecart"}
    bodies["/tables"] = {"players": 4, "deals": 3, "bots": [1, 2, 3]}
    bodies["/tables#names"] = {"names": ["A", "B", "C"], "mode": "physical"}
    deal_body = bodies["/check/deal"]
    bodies["/tables#dup"] = {"players": 4, "duplicate": {
        "hands": deal_body["hands"], "chien": deal_body["chien"], "taker": 1,
        "contract": "garde", "dealer": 0}}
    made = [json.loads(post("/tables", {"players": 4, "deals": 3, "duplicate": {
        "hands": deal_body["hands"], "chien": deal_body["chien"], "taker": 1}}).get_data())
        for _ in range(2)]
    bodies["/duplicate/compare"] = {"tables": [{"id": t["id"], "token": t["referee_token"]}
                                               for t in made]}
    print(f"nasty: {len(bodies)} JSON operations", flush=True)

    for key, valid in bodies.items():
        path = key.split("#")[0]
        if "{" in path:
            continue
        # the valid body itself, then field by field
        post(path, valid)
        for name in list(valid):
            for junk in thin(CARD_VALUES + [10**300, 1e308, -0.0, 2**63,
                                            2**64 + 1, "3", "4.0", 4.0, 3.5, [None] * 5,
                                            [[]] * 3, [{}], ["KH"] * 30]):
                post(path, {**valid, name: junk})
            value = valid[name]
            if isinstance(value, list):
                for i in thin(range(len(value))):
                    for junk in thin(rng.sample(CARD_VALUES, 12)):
                        items = list(value)
                        items[i] = junk
                        post(path, {**valid, name: items})
            post(path, {k: v for k, v in valid.items() if k != name})
        # whole-body oddities
        for raw in thin(["null", "[]", "0", "\"x\"", "true", "{}", "[{}]", "{\"players\": NaN}",
                    "{\"players\": Infinity}", "{\"players\": -Infinity}", "{\"a\": 1e999}",
                    "{\"players\": 1" + "0" * 5000 + "}", "{\"players\": 4" + ".0" + "}",
                    "[" * 5000 + "]" * 5000, "{\"a\":" * 3000 + "1" + "}" * 3000,
                    "{\"players\": 4, \"players\": 5}", "\ufeff" + json.dumps(valid),
                    json.dumps(valid) + "\x00", json.dumps(valid) + "garbage",
                    "{\"players\": \"\\ud800\"}", "{\"hand\": [\"\\udfff\"]}",
                    json.dumps({**valid, "zz" * 200: 1}),
                    json.dumps({**valid, "extra": {"a": [1] * 100}}),
                    ]):
            post(path, None, raw=raw)
        if thin.keep():  # duplicate keys, sizes, encodings, content types
            # duplicate keys that change the meaning
            text = json.dumps(valid)
            post(path, None, raw=text[:-1] + ", \"players\": 9}")
            post(path, None, raw=text[:-1] + ", \"players\": null}")
            # a body just under and just over 64 KiB
            filler = "x" * (64 * 1024 - len(text) - 40)
            post(path, None, raw=text[:-1] + f", \"pad\": \"{filler}\"}}")
            post(path, None, raw=text[:-1] + f", \"pad\": \"{filler + 'x' * 200}\"}}")
            post(path, {**valid, "hand": ["KH"] * 6000} if "hand" in valid else valid)
            # encodings and content types
            encoded = json.dumps(valid, ensure_ascii=False)
            post(path, None, raw=gzip.compress(encoded.encode()),
                 headers={"Content-Encoding": "gzip"})
            post(path, None, raw=encoded.encode("utf-16"), ctype="application/json; charset=utf-16")
            post(path, None, raw=encoded.encode("latin-1", "replace"),
                 ctype="application/json; charset=latin-1")
            post(path, None, raw=b"\xff\xfe\x00{", ctype="application/json")
            post(path, None, raw=encoded.encode("utf-8"), ctype="application/json; charset=junk")
            post(path, None, raw=encoded, ctype="application/vnd.api+json")
            post(path, None, raw=encoded, ctype="application/problem+json")
            post(path, None, raw=encoded, ctype="text/plain")
            post(path, None, raw=encoded, ctype="application/x-www-form-urlencoded")
            post(path, None, raw=encoded, ctype="multipart/form-data; boundary=x")
            post(path, None, raw=encoded, ctype=None)
            post(path, None, raw=encoded, ctype="application/json; charset")
            post(path, None, raw=encoded, ctype=";;;")
            post(path, None, raw="", ctype="application/json")
            post(path, None, raw=encoded, headers={"Content-Length": "10"})
            post(path, None, raw=encoded, headers={"Transfer-Encoding": "chunked"})
        # languages
        for query in thin(["?lang=en", "?lang=xx", "?lang=", "?lang=en&lang=fr", "?lang=%00",
                      "?lang=" + "e" * 5000, "?lang=en_US", "?lang=EN", "?lang=fr-CA",
                      "?lang=../../etc", "?lang[]=en", "?lang=%ff%fe", "?lang=zh-Hant-TW",
                      "?lang=i-klingon", "?lang=*", "?lang=en;q=0"]):
            post(path + query, valid)
        for value in thin(["*;q=abc", "en;q=", "en;q=1.5", "en;q=-1", "en;q=nan", "en;q=inf",
                      "x" * 10000, "en," * 3000, ";;;,,,", "fr-FR;q=0.9, en;q=0.9",
                      "\u00e9n", "zh-Hant-TW-x-private", "*", "en-", "-en", "en_US",
                      "i-klingon", "en;q=0.5;q=0.9", "en;level=1", ",", "=", "q=1"]):
            try:
                value.encode("latin-1")
            except UnicodeEncodeError:
                continue
            post(path, valid, headers={"Accept-Language": value})
        post(path, valid, headers={"Cookie": "lang=en"})
        post(path, valid, headers={"Cookie": "lang=" + "x" * 4000})
        post(path, valid, headers={"Cookie": "lang=\"en\""})

    _get_queries(client, schema, thin)
    _score_deal_tricks(post, rng, thin)
    _advice_play_histories(post, rng, thin)
    _real_positions(post, rng, thin)
    _routes_and_methods(app, client, schema, thin)
    _stream_and_events(app, client, thin)
    _docs_and_static(client, thin)


def _a_played_deal(players: int, rng: random.Random) -> dict[str, Any]:
    """A legal complete deal (the bots play it) as a /score/deal body."""
    from rules_fr.advice.bot import bot_action
    from rules_fr.deal import deal
    from rules_fr.donne import Donne

    for _ in range(100):
        dealt = deal(players, 0, seed=rng.randrange(10**9))
        donne = Donne(dealt)
        bot_rng = random.Random(rng.randrange(10**9))
        for _ in range(500):
            if donne.to_move is None:
                break
            action = bot_action(donne, donne.to_move, bot_rng)
            if action is None:
                break
            donne.apply(action)
        if donne.taker is None or donne.contract is None:
            continue
        tricks = [{"leader": t.leader, "cards": [c.code for c in t.cards]}
                  for t in donne.tricks]
        if len(tricks) != len(dealt.hands[0]):
            continue
        return {"players": players, "contract": donne.contract.code, "taker": donne.taker,
                "partner": donne.partner if players == 5 else None,
                "chien": dealt.chien.codes(),
                "ecart": [] if donne.ecart is None else [c.code for c in donne.ecart],
                "tricks": tricks}
    raise RuntimeError("no deal")


def _variant(variants: list[dict[str, Any]], good: dict[str, Any], **changes: Any) -> None:
    variants.append({**good, **changes})


def _score_deal_tricks(post: Callable[..., Any], rng: random.Random, thin: Thin) -> None:
    """Pathological /score/deal bodies built from real deals."""
    for players in (3, 4, 5):
        try:
            good = _a_played_deal(players, rng)
        except Exception as error:  # noqa: BLE001
            FOUND.add("odd", "fuzz harness", f"could not build a {players}p deal: {error!r}")
            continue
        response = post("/score/deal", good)
        if response.status_code != 200:
            FOUND.add("odd", "POST /score/deal", f"a legal {players}p deal -> "
                      f"{response.status_code} {response.get_data(as_text=True)[:200]}", good)
        tricks = good["tricks"]
        variants: list[dict[str, Any]] = []
        v = functools.partial(_variant, variants, good)

        v(tricks=[{"leader": 0, "cards": []}] + tricks[1:])
        v(tricks=tricks + [{"leader": 0, "cards": []}])
        v(tricks=tricks * 5)
        v(tricks=(tricks * 10)[:100])
        v(tricks=[])
        v(tricks=[{**t, "leader": players} for t in tricks])
        v(tricks=[{**t, "leader": 4} for t in tricks])
        v(tricks=[{**t, "leader": -1} for t in tricks])
        v(tricks=[{**t, "leader": 10**20} for t in tricks])
        v(tricks=[tricks[0], tricks[0]] + tricks[2:])
        v(tricks=[{"leader": tricks[1]["leader"], "cards": tricks[0]["cards"]}] + tricks[1:])
        v(tricks=[{**tricks[0], "cards": tricks[0]["cards"][:-1] + tricks[1]["cards"][:1]}]
          + tricks[1:])
        v(tricks=[{**t, "cards": list(reversed(t["cards"]))} for t in tricks])
        v(tricks=[{**t, "cards": t["cards"] + t["cards"][:1]} for t in tricks])
        v(tricks=[{**t, "cards": t["cards"][:-1]} for t in tricks])
        v(tricks=[{**t, "cards": None} for t in tricks])
        v(tricks=[{**t, "extra": 1} for t in tricks])
        v(tricks=[{"cards": t["cards"]} for t in tricks])
        v(tricks=[t["cards"] for t in tricks])
        v(tricks=tricks[::-1])
        v(chien=tricks[0]["cards"][: len(good["chien"])])
        v(ecart=tricks[0]["cards"][: len(good["chien"])])
        v(ecart=good["chien"])
        v(chien=good["chien"], ecart=list(reversed(good["chien"])))
        v(ecart=good["ecart"][:-1])
        v(ecart=good["ecart"] + good["ecart"][:1])
        v(chien=good["chien"][:-1])
        v(chien=[])
        v(chien=good["chien"] + ["EX"])
        v(ecart=[])
        v(taker=(good["taker"] + 1) % players)
        v(taker=players)
        v(partner=good["taker"])
        v(partner=0 if players != 5 else None)
        v(partner=4)
        v(called_card="KS")
        v(called_card="T21")
        v(called_card="EX")
        v(called_card=None)
        v(contract="garde_sans")
        v(contract="garde_contre")
        v(contract="petite")
        v(contract="garde_contre", ecart=good["chien"])
        v(announcements={"poignees": [{"seat": 0, "level": "triple"}] * 2})
        v(announcements={"poignees": [{"seat": s, "level": lv} for s in range(players)
                                      for lv in ("simple",)]})
        v(announcements={"poignees": [{"seat": s % 5, "level": "simple"} for s in range(6)]})
        v(announcements={"chelem_announced": True})
        v(announcements={"chelem_announced": "yes"})
        v(announcements=None)
        v(players=3 if players != 3 else 4)
        for body in thin(variants):
            post("/score/deal", body)
        # random mutations: swap two cards between tricks, replace a card, move the excuse
        flat = [(i, j) for i, t in enumerate(tricks) for j in range(len(t["cards"]))]
        for _ in range(thin.count(300)):
            body = json.loads(json.dumps(good))
            for _ in range(rng.randrange(1, 4)):
                (i1, j1), (i2, j2) = rng.sample(flat, 2)
                t = body["tricks"]
                t[i1]["cards"][j1], t[i2]["cards"][j2] = t[i2]["cards"][j2], t[i1]["cards"][j1]
                if rng.random() < 0.3:
                    t[i1]["leader"] = rng.randrange(players)
                if rng.random() < 0.2 and body["chien"]:
                    k = rng.randrange(len(body["chien"]))
                    body["chien"][k], t[i2]["cards"][j2] = t[i2]["cards"][j2], body["chien"][k]
                if rng.random() < 0.2 and body["ecart"]:
                    k = rng.randrange(len(body["ecart"]))
                    body["ecart"][k], t[i1]["cards"][j1] = t[i1]["cards"][j1], body["ecart"][k]
            post("/score/deal", body)


def _advice_play_histories(post: Callable[..., Any], rng: random.Random,
                           thin: Thin) -> None:
    """/advice/play at every moment of real deals, then with histories, chiens, écarts and
    seats that contradict each other."""
    for players in (3, 4, 5):
        good = _a_played_deal(players, rng)
        tricks = good["tricks"]
        for _ in range(thin.count(150)):
            k = rng.randrange(len(tricks))
            current = tricks[k]
            upto = rng.randrange(players)
            seat = (current["leader"] + upto) % players
            later = [t["cards"][(seat - t["leader"]) % players] for t in tricks[k:]]
            body: dict[str, Any] = {
                "players": players, "hand": later, "trick": current["cards"][:upto],
                "seat": seat, "taker": good["taker"], "contract": good["contract"],
                "history": tricks[:k], "chien": good["chien"] if rng.random() < 0.5 else None,
                "ecart": good["ecart"] if seat == good["taker"] and good["ecart"] else None}
            if players == 5:
                body["partner"] = good["partner"] if rng.random() < 0.5 else None
                body["called_card"] = rng.choice(["KS", "KH", "KD", "KC", None])
            post("/advice/play", body)
            bad = json.loads(json.dumps(body))
            for _ in range(rng.randrange(1, 4)):
                roll = rng.random()
                if roll < 0.2 and bad["history"]:
                    i = rng.randrange(len(bad["history"]))
                    bad["history"][i]["leader"] = rng.randrange(players)
                elif roll < 0.4 and bad["history"]:
                    i, j = rng.randrange(len(bad["history"])), rng.randrange(players)
                    bad["history"][i]["cards"][j] = rng.choice(bad["hand"])
                elif roll < 0.5:
                    bad["chien"] = rng.sample(bad["hand"], min(len(bad["hand"]),
                                                               len(good["chien"])))
                elif roll < 0.6:
                    bad["ecart"] = rng.sample(bad["hand"], min(len(bad["hand"]),
                                                               len(good["chien"])))
                elif roll < 0.7:
                    bad["seat"] = rng.randrange(players)
                    bad["taker"] = rng.choice([None, rng.randrange(players)])
                elif roll < 0.8:
                    bad["history"] = bad["history"][::-1]
                elif roll < 0.9:
                    bad["contract"] = rng.choice(["petite", "garde", "garde_sans",
                                                  "garde_contre", None])
                    bad["chelem_announced"] = rng.random() < 0.5
                    bad["first_trick"] = rng.choice([None, True, False])
                else:
                    bad["history"] = [{"leader": rng.randrange(players),
                                       "cards": t["cards"]} for t in tricks[k + 1:]]
            post("/advice/play", bad)


def _get_queries(client: Any, schema: Any, thin: Thin) -> None:
    """The GET operations with junk query strings and languages."""
    junk = ["", "-1", "0", "3", "4", "5", "6", "²", "١", "４", "3.0", "1e1", "0x4", " 4",
            "4 ", "%00", "9" * 400, "true", "null", "[4]", "4&players=5", "4;5"]
    for path in (f"{API}/deal/plan", f"{API}/rules", f"{API}/rules/play.follow-suit"):
        for players in thin(junk):
            for dealer in thin(("", "0", "4", "5", "-0", "²")):
                query = f"?players={players}" + (f"&dealer={dealer}" if dealer else "")
                for lang in ("", "&lang=en", "&lang=xx", "&lang="):
                    response = send(client, "GET", path + query + lang, None, None, None)
                    validate(schema, path, "get", response, path + query + lang)


def _extreme_hands(players: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """A taker's hand and chien full of what may not be discarded: kings, bouts, trumps."""
    from rules_fr.cards import CARDS
    from rules_fr.table import rules_for

    rules = rules_for(players)
    first = [c.code for c in CARDS if c.is_king or c.is_bout]
    trumps = [c.code for c in CARDS if c.is_trump and not c.is_bout]
    rest = [c.code for c in CARDS if c.code not in first and c.code not in trumps]
    rng.shuffle(trumps)
    rng.shuffle(rest)
    cut = rng.randrange(0, 12)  # sometimes a few cards that may go, first
    pool = rest[:cut] + first + trumps + rest[cut:]
    hand = pool[:rules.hand_size]
    chien = pool[rules.hand_size:rules.hand_size + rules.chien_size]
    if rng.random() < 0.5:
        hand, chien = (hand[:-len(chien)] + chien), hand[-len(chien):]
    return hand, chien


def _real_positions(post: Callable[..., Any], rng: random.Random, thin: Thin) -> None:
    """Real hands (dealt, or made of kings, bouts and trumps): the advice must be legal by
    the check endpoints, and the checks must answer for any écart, poignée, call."""
    from rules_fr.deal import deal
    from rules_fr.table import rules_for

    for _ in range(thin.count(400)):
        players = rng.choice([3, 4, 5])
        rules = rules_for(players)
        if rng.random() < 0.5:
            dealt = deal(players, 0, seed=rng.randrange(10**9))
            hand, chien = dealt.hands[0].codes(), dealt.chien.codes()
        else:
            hand, chien = _extreme_hands(players, rng)
        contract = rng.choice(["petite", "garde", "garde_sans", "garde_contre", None])
        called = rng.choice(["KS", "KH", "KD", "KC", "QS", "QH", None]) if players == 5 \
            else None
        body = {"players": players, "hand": hand, "chien": chien, "contract": contract,
                "called_card": called}
        advice = post("/advice/ecart", body)
        if advice.status_code == 200 and advice.get_json()["ecart"] is not None:
            ecart = advice.get_json()["ecart"]
            checked = post("/check/ecart", {"players": players, "contract": contract or
                                            "garde", "hand": hand, "chien": chien,
                                            "ecart": ecart})
            if checked.status_code != 200 or not checked.get_json()["legal"]:
                FOUND.add("odd", "POST /advice/ecart", "advised écart refused by /check/ecart",
                          {"body": body, "ecart": ecart,
                           "check": short(checked.get_json(), 300)})
        elif advice.status_code != 200:
            FOUND.add("odd", "POST /advice/ecart", f"{advice.status_code} on a real position",
                      body)
        # any écart of the right size from hand and chien; and random sizes
        pool = hand + chien
        size = rules.chien_size if rng.random() < 0.7 else rng.randrange(0, 9)
        post("/check/ecart", {"players": players, "contract": contract or "petite",
                              "hand": hand, "chien": chien,
                              "ecart": rng.sample(pool, min(size, len(pool)))})
        trumps = [c for c in hand if c.startswith("T") or c == "EX"]
        for level_size in rules.poignee_thresholds:
            shown = rng.sample(trumps, min(len(trumps), level_size))
            if rng.random() < 0.3 and "EX" not in shown:
                shown = shown[:-1] + ["EX"]
            post("/check/poignee", {"players": players, "hand": hand, "shown": shown})
        post("/check/hand", {"players": players, "hand": hand})
        bids = [rng.choice(["passe", "petite", "garde", "garde_sans", "garde_contre"])
                for _ in range(rng.randrange(0, players))]
        bid_advice = post("/advice/bid", {"players": players, "hand": hand, "bids": bids})
        if bid_advice.status_code == 200:
            bid = bid_advice.get_json()["bid"]
            checked = post("/check/bid", {"players": players, "bids": bids, "bid": bid})
            if checked.status_code == 200 and not checked.get_json()["legal"]:
                FOUND.add("odd", "POST /advice/bid", "advised bid refused by /check/bid",
                          {"hand": hand, "bids": bids, "bid": bid})
        if players == 5:
            post("/check/king-call", {"players": 5, "hand": hand, "chien": chien,
                                      "card": rng.choice(["KS", "QS", "CS", "JS", "KH",
                                                          "T21", "EX", "QH"])})


def _routes_and_methods(app: Any, client: Any, schema: Any, thin: Thin) -> None:
    """Every route with every method, HEAD and OPTIONS (CORS preflight) included, and path
    params that overflow or traverse."""
    origin = {"Origin": "https://example.org", "Access-Control-Request-Method": "POST",
              "Access-Control-Request-Headers": "content-type, authorization"}
    paths = []
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<[^>]*table_id>", "AAAAAAAAAAAAAAAA", rule.rule)
        path = re.sub(r"<[^>]*rule_id>", "play.follow-suit", path)
        path = re.sub(r"<path:example_id>", "x", path)
        path = re.sub(r"<path:filename>", "swagger-ui.css" if "docs" in path else "x.css", path)
        paths.append(path)
    methods = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE",
               "PROPFIND", "CONNECT", "FOO"]
    for path in thin(paths):
        api = path.startswith("/api/")
        for method in thin(methods):
            r = send(client, method, path, "{}", None, "application/json", api=api)
            if method == "HEAD" and r.get_data():
                FOUND.add("odd", f"HEAD {path}", "HEAD with a body")
        r = send(client, "OPTIONS", path, None, origin, None, api=api)
        # the tables answer only TABLE_CORS_ORIGINS (none by default); the rest of the API,
        # any origin
        tables = any(re.fullmatch(pattern, path) for pattern in TABLE_PATHS)
        if api and not tables and "Access-Control-Allow-Origin" not in r.headers:
            FOUND.add("odd", f"OPTIONS {path}", f"CORS preflight without ACAO ({r.status_code})")
        if tables and "Access-Control-Allow-Origin" in r.headers:
            FOUND.add("odd", f"OPTIONS {path}", "a table's CORS preflight open to any origin")
    junk_segments = ["%2e%2e", "..%2f..%2fetc%2fpasswd", "../../etc/passwd", "%00", "%ff",
                     "9" * 40, "-1", "2147483648", "99999999999999999999999", "a" * 10000,
                     "%E2%80%AE", "ＡＡＡＡＡＡＡＡ", "AAAAAAAA%0d%0aSet-Cookie:x=1", ";", "'\"<>",
                     "AAAAAAAA/../../", "AAAAAAAA%2F..", "~", "%25", " ", "\\..\\.."]
    bases = [f"{API}/tables/", f"{API}/rules/", "/examples/", f"{API}/docs/assets/",
             "/static/web/", "/static/", f"{API}/check/", f"{API}/score/", "/"]
    for base in bases:
        api = base.startswith("/api/")
        for seg in thin(junk_segments):
            for suffix in ("", "/actions", "/events", "/stream?timeout=1&limit=1"):
                if suffix and "tables" not in base:
                    continue
                method = "POST" if suffix == "/actions" else "GET"
                path = base + seg + suffix
                try:
                    send(client, method, path, "{}", {"Authorization": "Bearer x"}, api=api)
                except Exception as error:  # noqa: BLE001 — the test client refused it
                    FOUND.add("odd", f"{method} {base}…", f"client raised {error!r}"[:200],
                              path[:200])
    # tables with auth junk
    for header in ["Bearer", "Bearer ", "bearer x", "Basic abc", "Bearer " + "x" * 201,
                   "Bearer " + "x" * 199, "Bearer \u00e9", "Bearer\tx", "Bearer  x", "x" * 8000,
                   "Bearer %00", "Token x", "Bearer x y z"]:
        try:
            header.encode("latin-1")
        except UnicodeEncodeError:
            continue
        for path in (f"{API}/tables/AAAAAAAAAAAAAAAA", f"{API}/tables/AAAAAAAAAAAAAAAA/events"):
            send(client, "GET", path, None, {"Authorization": header}, None)


def _stream_and_events(app: Any, client: Any, thin: Thin) -> None:
    from tables_driver import TestClientHttp

    http = TestClientHttp(client)
    table = http.post(f"{API}/tables", {"players": 4, "deals": 3, "bots": [1, 2, 3]})[1]
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    junk = ["", "-1", "abc", "1e3", "0x10", "99999999999", "2000000000", "2000000001",
            "１２", "٣", "²", "1.0", " 1", "1 ", "%00", "9" * 400, "+1", "00000000001",
            "0" * 50]
    for since in thin(junk):
        send(client, "GET", f"{API}/tables/{tid}/events?since={since}", None, auth, None)
        r = send(client, "GET", f"{API}/tables/{tid}/stream?since={since}&timeout=1&limit=2",
                 None, auth, None)
        r.close()
    for last in thin(junk + ["\u00b2"]):
        try:
            last.encode("latin-1")
        except UnicodeEncodeError:
            continue
        r = send(client, "GET", f"{API}/tables/{tid}/stream?timeout=1&limit=2", None,
                 {**auth, "Last-Event-ID": last}, None)
        r.get_data()
        r.close()
    for q in ["limit=0", "limit=-1", "limit=abc", "timeout=0", "timeout=301", "timeout=abc",
              "limit=1&limit=2", "timeout=1&since=5&since=abc"]:
        r = send(client, "GET", f"{API}/tables/{tid}/stream?{q}&timeout=1", None, auth, None)
        r.close()


def _docs_and_static(client: Any, thin: Thin) -> None:
    assets = [f"{API}/docs/assets/swagger-ui.css", f"{API}/docs/assets/favicon-32x32.png",
              f"{API}/openapi.json", f"{API}/docs"]
    statics = ["/static/web/" + p.name for p in (ROOT / "tutor" / "static" / "web").iterdir()
               if p.is_file()][:5]
    for path in thin(assets + statics):
        api = path.startswith("/api/")
        for rng_header in thin(["bytes=0-10", "bytes=-10", "bytes=10-", "bytes=10-0",
                                "bytes=0-0,5-6", "bytes=99999999-", "bytes=-0", "bytes=abc",
                                "items=0-1", "bytes=", "bytes=0-1," * 500,
                                "bytes=-99999999999999999999",
                                "bytes=0-18446744073709551616"]):
            for extra in ({}, {"If-Range": "\"junk\""}, {"If-Range": "Wed, 21 Oct 2015"}):
                send(client, "GET", path, None, {"Range": rng_header, **extra}, None, api=api)
        for header in ({"If-None-Match": "*"}, {"If-Modified-Since": "junk"},
                       {"If-Modified-Since": "Wed, 21 Oct 2099 07:28:00 GMT"},
                       {"If-Match": "\"x\""}, {"Accept-Encoding": "gzip;q=abc"}):
            send(client, "GET", path, None, header, None, api=api)
