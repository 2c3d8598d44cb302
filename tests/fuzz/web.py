"""Part ``web``: the pages with junk query strings, languages and cookies."""

from __future__ import annotations

import random
from typing import Any

from fuzz.findings import FOUND
from fuzz.requests import Thin, send


def part_web(app: Any, seed: int, share: float = 1.0) -> None:
    from tutor.examples import all_examples

    client = app.test_client()
    rng = random.Random(seed)
    thin = Thin(share, seed)
    pages = ["/", "/rules", "/trick", "/ecart", "/score", "/practice", "/glossary", "/course",
             "/course/1", "/course/12"]
    try:
        ids = [e["id"] for e in all_examples()][:5]
    except Exception:  # noqa: BLE001
        ids = []
    pages += [f"/examples/{i}" for i in ids] + ["/examples/nope", "/examples/../../etc/passwd",
                                                "/examples/" + "a" * 5000, "/examples/%00",
                                                "/examples/%ff"]
    keys = ["lang", "players", "seed", "hand", "trick", "called_card", "first_trick",
            "contract", "q", "topic", ""]
    values = ["", "en", "fr", "xx", "3", "4", "5", "6", "-1", "0", "2" * 40, "9" * 400,
              str(2**63), str(2**63 - 1), str(-(2**63)), "1e9", "nan", "inf", "%00", "%ff%fe",
              "KH,7H", "KH KH KH", "roi%20de%20c%C5%93ur", "%EF%BC%AB%EF%BC%A8", "T21+" * 500,
              "<script>alert(1)</script>", "\"'><", "%E2%80%AE", "garde_sans", "petite", "1",
              "a" * 10000, "%D8%00", "K%CC%81H", "..%2F..%2F"]
    for page in thin(pages):
        for _ in range(thin.count(60)):
            pairs = [(rng.choice(keys), rng.choice(values)) for _ in range(rng.randrange(1, 5))]
            query = "&".join(f"{k}={v}" for k, v in pairs)
            for headers in ({}, {"Accept-Language": rng.choice(["*;q=abc", "x" * 10000, "en",
                                                                ";;", "en;q=nan"])},
                            {"Cookie": "lang=" + rng.choice(["en", "xx", "%00", "\"\""])}):
                r = send(client, "GET", f"{page}?{query}", None, headers, None, api=False)
                ctype = r.headers.get("Content-Type", "")
                if r.status_code < 500 and not ctype.startswith("text/html") and \
                        r.status_code not in (301, 302, 304, 308):
                    FOUND.add("odd", f"GET {page}", f"{r.status_code} page not HTML: {ctype}",
                              query)
                if "<script>alert(1)</script>" in r.get_data(as_text=True):
                    FOUND.add("odd", f"GET {page}", "query echoed unescaped (XSS)", query)
        for query in thin(["?" + "&".join(f"k{i}=v" for i in range(5000)),
                           "?players=4&players=x", "?%zz=1", "?lang=%", "?=&=&",
                           "?hand=" + "%" * 100, "?&&&&"]):
            send(client, "GET", page + query, None, None, None, api=False)
