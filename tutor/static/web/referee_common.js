/* What the referee pages share (the physical console, the club evening, the online table and
 * its lobby): talking to the tables API with a token, the banner of a lost connection, the
 * sentences describing what happened at a table (from its events), the scoresheet drawn,
 * exported as CSV and printed. Like tutor.js it decides nothing: every verdict, score and
 * legal action is the API's; every sentence comes from the page (#referee-texts).
 *
 * Pages register with window.TarotRefereePages.push(function (kit, R) { … }); tutor.js calls
 * them with its kit (el, cardNode, fill, T, API, LANG…) and this file adds R (below). */
(function () {
  "use strict";

  window.TarotRefereePages = window.TarotRefereePages || [];

  window.TarotRefereeKit = function (kit) {
    const { el, fill, cardName, API, LANG, T } = kit;
    const node = document.getElementById("referee-texts");
    const R = node ? JSON.parse(node.textContent) : {};

    /* A call to the API: {ok, status, data}; status 0 when the server could not be reached.
     * `onLost`/`onBack` hear about the connection (the banner). */
    const listeners = { lost: [], back: [] };
    let lost = false;

    async function call(method, path, token, payload) {
      const headers = { "Accept": "application/json" };
      if (token) headers["Authorization"] = "Bearer " + token;
      if (payload) headers["Content-Type"] = "application/json";
      let response;
      try {
        response = await fetch(API + path + (path.includes("?") ? "&" : "?") + "lang=" + LANG, {
          method: method, headers: headers, body: payload ? JSON.stringify(payload) : undefined,
          cache: "no-store",
        });
      } catch (error) {
        if (!lost) { lost = true; listeners.lost.forEach((f) => f()); }
        return { ok: false, status: 0, data: null };
      }
      if (lost) { lost = false; listeners.back.forEach((f) => f()); }
      let data = null;
      try { data = await response.json(); } catch (error) { data = null; }
      return { ok: response.ok, status: response.status, data: data };
    }

    /* The banner (a [role=alert] element) shown while the server cannot be reached. */
    function connectionBanner(banner) {
      listeners.lost.push(() => {
        banner.hidden = false;
        banner.textContent = R.connection_lost;
        document.body.dataset.connection = "lost";
      });
      listeners.back.push(() => {
        banner.hidden = true;
        banner.textContent = "";
        document.body.dataset.connection = "ok";
      });
    }

    /* The fragment of the address as key=value pairs (#t=…&k=…): tokens never reach the
     * server's logs this way. */
    function fragment() {
      const out = {};
      (location.hash || "").replace(/^#/, "").split("&").forEach((pair) => {
        const at = pair.indexOf("=");
        if (at > 0) out[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1));
      });
      return out;
    }

    function withFragment(path, params) {
      const base = location.origin + path;
      return base + "#" + Object.entries(params).map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
    }

    function bidName(code) {
      return (R.bids && R.bids[code]) || code;
    }

    /* One event of a table as a sentence (names: the table's seat names). */
    function eventText(e, names) {
      const who = (seat) => (seat === null || seat === undefined ? "" : (names[seat] || String(seat)));
      switch (e.type) {
        case "deal": return fill(R.ev_deal, { number: e.number, name: who(e.dealer) });
        case "action":
          switch (e.action) {
            case "bid": return fill(R.ev_bid, { name: who(e.seat), bid: bidName(e.bid) });
            case "call": return fill(R.ev_call, { name: who(e.seat), card: cardName(e.card) });
            case "chien": return fill(R.ev_chien, { cards: (e.cards || []).map(cardName).join(", ") });
            case "ecart": return fill(R.ev_ecart, { name: who(e.seat) });
            case "jeu": return fill(R.ev_jeu, { name: who(e.seat) });
            case "chelem": return fill(R.ev_chelem, { name: who(e.seat) });
            case "poignee": return fill(R.ev_poignee, { name: who(e.seat), count: (e.cards || []).length });
            case "play": return fill(R.ev_play, { name: who(e.seat), card: cardName(e.card) });
            default: return e.action;
          }
        case "scored": return fill(R.ev_scored, { number: e.number });
        case "redeal": return R.ev_redeal;
        case "paused": return R.ev_paused;
        case "resumed": return R.ev_resumed;
        case "revoke": return fill(R.ev_revoke, { name: who(e.seat), trick: e.trick });
        case "irregularity": return R.ev_irregularity;
        case "ruled": return R.ev_ruled;
        case "taken-back": return R.ev_taken_back;
        case "renamed": return fill(R.ev_renamed, { name: e.name });
        case "seat": return fill(e.robot ? R.ev_robot : R.ev_person, { name: who(e.seat) });
        default: return e.type;
      }
    }

    /* What happened at the table since `since`, as a list of sentences (for a stale page). */
    async function changesSince(table, token, since, names) {
      const answer = await call("GET", "/tables/" + encodeURIComponent(table) + "/events?since=" + since, token);
      if (!answer.ok) return [];
      return answer.data.events.map((e) => eventText(e, names));
    }

    // --- the scoresheet -----------------------------------------------------------------

    /* Rows of the scoresheet: [deal, taker, partner, score of each seat…], then the totals. */
    function sheetRows(view) {
      const names = view.names;
      const sheet = view.scoresheet;
      // The partner's column only where a partner is called (five players in a deal).
      const partners = sheet.entries.some((e) => e.partner !== null && e.partner !== undefined) || view.players >= 5;
      const head = [R.deal, R.taker_col].concat(partners ? [R.partner_col] : [], names);
      const rows = sheet.entries.map((e) => [String(e.number), names[e.taker] || ""].concat(
        partners ? [e.partner === null || e.partner === undefined ? "" : names[e.partner]] : [], e.scores.map(String)));
      const total = [R.total, ""].concat(partners ? [""] : [], sheet.totals.map(String));
      return { head: head, rows: rows, total: total, first: partners ? 3 : 2 };
    }

    function drawSheet(box, view) {
      const { head, rows, total, first } = sheetRows(view);
      const signature = JSON.stringify([head, rows, total, view.over]);
      if (box.dataset.signature === signature) return;
      box.dataset.signature = signature;
      const winners = view.scoresheet.winners;
      box.replaceChildren(
        el("caption", { className: "sr-only", text: R.sheet_caption }),
        el("thead", {}, [el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))]),
        el("tbody", {}, rows.map((r) => el("tr", {}, r.map((cell, i) => (i === 0
          ? el("th", { scope: "row", text: cell })
          : el("td", { className: i >= first ? "num" : "", text: cell })))))),
        el("tfoot", {}, [el("tr", {}, total.map((cell, i) => (i === 0
          ? el("th", { scope: "row", text: cell })
          : el("td", { className: i >= first ? "num total" : "", text: cell,
            "data-winner": winners && winners.includes(i - first) ? "true" : null }))))]),
      );
    }

    function csvCell(text) {
      const s = String(text);
      return /[",;\n]/.test(s) ? "\"" + s.replace(/"/g, "\"\"") + "\"" : s;
    }

    /* The scoresheet as CSV (RFC 4180, comma-separated, UTF-8 with a BOM for spreadsheets). */
    function sheetCsv(view) {
      const { head, rows, total } = sheetRows(view);
      return "\ufeff" + [head].concat(rows, [total]).map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
    }

    /* The export links of a scoresheet: a CSV download and the printable page. */
    function sheetExports(box, view, name) {
      const signature = JSON.stringify(view.scoresheet);
      if (box.dataset.signature === signature) return;
      box.dataset.signature = signature;
      const old = box.querySelector("a[download]");
      if (old && old.href.startsWith("blob:")) URL.revokeObjectURL(old.href);
      const csv = new Blob([sheetCsv(view)], { type: "text/csv;charset=utf-8" });
      const download = el("a", { className: "button", href: URL.createObjectURL(csv), download: name + ".csv", text: R.export_csv });
      const print = el("button", { type: "button", className: "print-button", text: R.print });
      print.addEventListener("click", () => window.print());
      box.replaceChildren(download, print);
    }

    /* "The partie is over. Winner: …" from the API's leaders (several when tied). */
    function overText(view) {
      const winners = (view.scoresheet.winners || []).map((i) => view.names[i]);
      return R.over + (winners.length ? " " + fill(R.winners, { names: winners.join(", ") }) : "");
    }

    // --- verdicts (the console and the online table) -------------------------------------

    /* A verdict's title: ✓ or ✗, then the text. */
    function verdictLine(good, value) {
      return el("p", { className: "verdict-title " + (good ? "good" : "bad") }, [
        el("span", { className: "verdict-mark", "aria-hidden": "true", text: good ? "✓ " : "✗ " }),
        el("span", { text: value }),
      ]);
    }

    /* The link to the rule a violation cites (none when it cites none); `marked`: the link
     * also carries data-rule. */
    function ruleLink(v, marked) {
      return v.rule ? el("a", { href: "/rules#" + v.rule, text: T.rule_link, "data-rule": marked ? v.rule : null }) : null;
    }

    /* What a refused action shows: « refused » (— what was tried), the API's explanation and
     * its violations, each with its rule. */
    function refusalNodes(data, label, marked) {
      const violations = (data && data.violations) || [];
      return [
        verdictLine(false, R.refused + (label ? " — " + label : "")),
        el("p", { className: "explanation", text: (data && (data.explanation || data.detail)) || T.unreachable }),
        violations.length ? el("ul", { className: "violations bad" }, violations.map((v) =>
          el("li", {}, [el("span", { text: v.message + " " }), ruleLink(v, marked)]))) : null,
      ];
    }

    function text(node, value) {
      if (node.textContent !== value) node.textContent = value;
    }

    return {
      R: R, call: call, connectionBanner: connectionBanner, fragment: fragment,
      withFragment: withFragment, eventText: eventText, changesSince: changesSince,
      drawSheet: drawSheet, sheetCsv: sheetCsv, sheetExports: sheetExports, bidName: bidName,
      text: text, overText: overText, verdictLine: verdictLine, ruleLink: ruleLink,
      refusalNodes: refusalNodes,
    };
  };
})();
