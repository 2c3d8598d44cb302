"""Fuzzing of the API and the pages, in-process: a heavy mode by hand, a light one in CI.

CI runs schemathesis with ~30 examples per operation (tests/test_schemathesis.py); this runs
hundreds per operation and generation mode, plus what schemathesis cannot generate:

- ``nasty``: hand-crafted bodies field by field (cards as numbers, objects, null, unicode
  look-alikes, huge integers), whole-body oddities (deep nesting, NaN, duplicate keys, lone
  surrogates, 64 KiB), content types, charsets and gzip, junk ``?lang=`` and Accept-Language,
  every route with every method (HEAD, OPTIONS preflight), junk path params, junk
  ``since``/``Last-Event-ID`` on the events and SSE stream, Range and conditional headers on
  the docs and static assets; real deals made pathological for ``/score/deal`` and
  ``/advice/play``; real and extreme hands whose advice must pass the check endpoints;
- ``web``: the pages with junk query strings, languages and cookies;
- ``tables``: stateful sessions at live, duplicate and physical tables (3 to 7 people) with
  real tokens and sequence numbers, mixing legal and junk actions;
- ``smart``: schema-valid bodies made of real card codes, so that they reach the core;
- ``schema``: schemathesis over every operation (table operations on real tables and tokens).

It reports:

- ``5xx``: any response with a status of 500 or more (issue 3: "No input may produce a 500");
- ``schema``: a response of a documented operation that does not conform to its OpenAPI
  description (status, content type, headers, body);
- ``recorded-4xx``: a table action refused with a 4xx that changed the table's event log;
- ``illegal-recorded``: an event in a table's log that the rules refuse when the log is
  replayed strictly (issue 6: "an illegal action … nothing is recorded");
- ``odd``: anything else that looks wrong: a problem+json without its members, a page that
  is not HTML, a 200 whose members disagree (legal and violations, advice the check endpoints
  refuse, scores that do not sum to zero), a table's scored deal that ``/score/deal`` scores
  differently.

The invariants it checks on answers and on played deals are those of the property tests
(:mod:`fuzz.invariants`). One module per part (:mod:`fuzz.schema`, :mod:`fuzz.tables`,
:mod:`fuzz.nasty`, :mod:`fuzz.smart`, :mod:`fuzz.web`); :mod:`fuzz.runner` runs them.

The heavy mode is a manual tool (about ten minutes on two cores), run from the repository
root::

    .venv/bin/python scripts/fuzz_api.py                      # every part, 500 examples
    .venv/bin/python scripts/fuzz_api.py --examples 1000 --parts schema --only check/
    .venv/bin/python scripts/fuzz_api.py --parts tables,nasty,web --seed 3

The light mode (:data:`fuzz.runner.LIGHT`: every part, a few examples each) runs in the test
suite (``tests/fuzz/test_fuzz_light.py``) and fails on any finding.

It exits 1 when it found anything, and prints one line per distinct finding with a request
that reproduces it (no shrinking: the shortest request seen). The tables' database is a
temporary SQLite file.
"""
