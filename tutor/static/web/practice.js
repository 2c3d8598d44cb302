/* Practice table: a deal against robots on a table of the tables API (/api/v1/tables).
 * Like tutor.js, it decides nothing: the table's view says whose turn it is and which cards,
 * bids, calls are legal; a refused action comes back as a 422 whose explanation is shown. */
(function () {
  "use strict";

  window.TarotPractice = function (kit) {
    if (document.body.dataset.page !== "practice" || !document.getElementById("practice")) return;
    const { el, cardNode, fill, T, API, LANG } = kit;
    const P = JSON.parse(document.getElementById("practice-texts").textContent);
    const $ = (id) => document.getElementById(id);
    let table = null;
    let token = null;
    let view = null;
    let busy = false;
    let timer = null;
    const ecartPick = new Set();

    async function call(method, path, payload) {
      const headers = { "Accept": "application/json" };
      if (token) headers["Authorization"] = "Bearer " + token;
      if (payload) headers["Content-Type"] = "application/json";
      const response = await fetch(API + path + (path.includes("?") ? "&" : "?") + "lang=" + LANG, {
        method: method, headers: headers, body: payload ? JSON.stringify(payload) : undefined,
      });
      let data = null;
      try { data = await response.json(); } catch (error) { data = null; }
      return { ok: response.ok, status: response.status, data: data };
    }

    function name(seat) {
      return seat === 0 ? P.you : fill(T.bot, { number: seat });
    }

    function verdict(nodes) {
      $("practice-verdict").replaceChildren(...nodes.filter(Boolean));
    }

    function explainRefusal(data, code) {
      verdict([
        el("p", { className: "verdict-title bad" }, [
          el("span", { className: "verdict-mark", "aria-hidden": "true", text: "✗ " }),
          el("span", { text: P.refused + (code ? " — " + (kit.cardName ? kit.cardName(code) : code) : "") }),
        ]),
        el("p", { className: "explanation", text: (data && (data.explanation || data.detail)) || T.unreachable }),
        data && data.violations && data.violations.length ? el("ul", { className: "violations bad" },
          data.violations.map((v) => el("li", { text: v.message }))) : null,
      ]);
    }

    function showScore(events) {
      const scored = (events || []).filter((e) => e.type === "scored" && e.score);
      if (!scored.length) return;
      const last = scored[scored.length - 1];
      $("practice-result-box").hidden = false;
      $("practice-result").replaceChildren(
        el("p", { className: "verdict-title " + (last.score.won ? "good" : "bad"), text: (last.score.won ? T.won : T.lost) + " — " + fill(T.deal_number, { number: last.number }) }),
        el("h3", { text: T.derivation }),
        el("ol", { className: "derivation", id: "practice-derivation" }, last.score.derivation.map((l) => el("li", { text: l.text }))),
        el("p", { className: "explanation", text: last.score.explanation }),
      );
    }

    function drawSheet() {
      const sheet = view.scoresheet;
      const n = view.players;
      const head = el("tr", {}, [el("th", { scope: "col", text: P.deal })].concat(
        Array.from({ length: n }, (_, i) => el("th", { scope: "col", text: name(i) }))));
      const rows = sheet.entries.map((e) => el("tr", {}, [el("th", { scope: "row", text: String(e.number) })].concat(
        e.totals.map((t) => el("td", { className: "num", text: String(t) })))));
      const total = el("tr", {}, [el("th", { scope: "row", text: P.total })].concat(
        sheet.totals.map((t) => el("td", { className: "num total", text: String(t) }))));
      $("practice-sheet").replaceChildren(el("thead", {}, [head]), el("tbody", {}, rows), el("tfoot", {}, [total]));
    }

    function draw() {
      const deal = view.deal;
      const legal = view.you.legal;
      const mine = view.to_move === 0;
      $("practice-status").textContent = view.over ? P.over : mine ? P.your_turn : P.waiting;
      // Seats: name, role, cards left.
      $("practice-seats").replaceChildren(...Array.from({ length: view.players }, (_, i) => {
        const roles = [];
        if (deal && deal.dealer === i) roles.push(P.dealer);
        if (deal && deal.taker === i) roles.push(P.taker + (deal.contract ? " (" + (P.bids[deal.contract] || deal.contract) + ")" : ""));
        if (view.to_move === i) roles.push(P.to_move);
        const size = deal && deal.hand_sizes ? deal.hand_sizes[String(i)] : null;
        return el("div", { className: "seat" + (view.to_move === i ? " turn" : ""), "data-seat": String(i) }, [
          el("strong", { text: name(i) }),
          roles.length ? el("span", { text: " · " + roles.join(" · ") }) : null,
          size !== null && size !== undefined ? el("div", { className: "legend", text: fill(T.cards_left, { count: size }) }) : null,
        ]);
      }));
      // The trick on the table, each card with who played it.
      const trick = deal ? deal.trick : { cards: [], leader: 0 };
      $("practice-trick").replaceChildren(...trick.cards.map((code, i) => el("figure", { className: "played" }, [
        cardNode(code, false), el("figcaption", { text: name((trick.leader + i) % view.players) })])));
      if (!trick.cards.length && deal && deal.tricks.length) {
        const last = deal.tricks[deal.tricks.length - 1];
        $("practice-trick").replaceChildren(el("p", { className: "legend", text: fill(T.last_trick, { name: name(last.winner) }) }));
      }
      const chien = deal && deal.chien;
      $("practice-chien-box").hidden = !chien;
      if (chien) $("practice-chien").replaceChildren(...chien.map((c) => cardNode(c, false)));
      // The hand: legal cards highlighted; in the écart phase, the hand and the chien to pick from.
      const hand = deal && deal.hand ? deal.hand.slice() : [];
      const pool = legal.ecart && chien ? hand.concat(chien.filter((c) => !hand.includes(c))) : hand;
      const allowed = new Set(legal.cards);
      $("practice-hand").replaceChildren(...pool.map((code) => {
        const button = cardNode(code, true);
        const isLegal = allowed.has(code);
        button.classList.toggle("legal", isLegal);
        if (isLegal) button.setAttribute("aria-label", button.dataset.name + ", " + T.legal_card);
        if (legal.ecart) {
          button.setAttribute("aria-pressed", ecartPick.has(code) ? "true" : "false");
          button.classList.toggle("chosen", ecartPick.has(code));
        }
        return button;
      }));
      // Bids, calls and the écart button.
      const actions = [];
      if (legal.bids.length) {
        actions.push(el("span", { text: P.bid_prompt }));
        legal.bids.forEach((bid) => {
          const b = el("button", { type: "button", className: "bid", "data-bid": bid, text: P.bids[bid] || bid });
          b.addEventListener("click", () => act({ type: "bid", bid: bid }));
          actions.push(b);
        });
      }
      if (legal.calls.length) {
        actions.push(el("span", { text: P.call_prompt }));
        legal.calls.forEach((code) => {
          const b = cardNode(code, true);
          b.classList.add("call");
          b.addEventListener("click", () => act({ type: "call", card: code }));
          actions.push(b);
        });
      }
      if (legal.ecart) {
        actions.push(el("span", { text: P.ecart_prompt }));
        const b = el("button", { type: "button", className: "primary", id: "practice-ecart", text: P.ecart_submit });
        b.addEventListener("click", () => act({ type: "ecart", cards: Array.from(ecartPick) }));
        actions.push(b);
      }
      $("practice-actions").replaceChildren(...actions);
      drawSheet();
    }

    async function refresh() {
      const answer = await call("GET", "/tables/" + table);
      if (answer.ok) { view = answer.data; draw(); }
      schedule();
    }

    function schedule() {
      clearTimeout(timer);
      if (view && !view.over && view.to_move !== 0) timer = setTimeout(refresh, 600);
    }

    async function act(action, code) {
      if (busy) return;
      busy = true;
      try {
        const answer = await call("POST", "/tables/" + table + "/actions", Object.assign({ seat: 0, seq: view.seq }, action));
        if (answer.status === 409) { await refresh(); return; }
        if (!answer.ok) { explainRefusal(answer.data, code); return; }
        if (action.type === "play") {
          verdict([el("p", { className: "verdict-title good" }, [
            el("span", { className: "verdict-mark", "aria-hidden": "true", text: "✓ " }),
            el("span", { text: P.played + " — " + (kit.cardName ? kit.cardName(code) : code) })])]);
        }
        if (action.type === "ecart") ecartPick.clear();
        showScore(answer.data.events);
        view = answer.data.table;
        draw();
        schedule();
      } finally {
        busy = false;
      }
    }

    $("practice-hand").addEventListener("click", (event) => {
      const button = event.target.closest("button.card");
      if (!button || !view) return;
      const code = button.dataset.code;
      if (view.you.legal.ecart) {
        if (ecartPick.has(code)) ecartPick.delete(code); else ecartPick.add(code);
        draw();
        return;
      }
      act({ type: "play", card: code }, code);
    });

    $("practice-setup").addEventListener("submit", async (event) => {
      event.preventDefault();
      const players = Number($("practice-players").value);
      token = null;
      const names = Array.from({ length: players }, (_, i) => name(i));
      const answer = await call("POST", "/tables", {
        players: players, deals: 3, names: names, bots: Array.from({ length: players - 1 }, (_, i) => i + 1),
      });
      if (!answer.ok) { explainRefusal(answer.data); return; }
      table = answer.data.id;
      token = answer.data.seat_tokens[0].token;
      $("practice").hidden = false;
      $("practice-result-box").hidden = true;
      await refresh();
    });
  };
})();
