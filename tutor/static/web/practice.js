/* Practice table: a deal against robots on a table of the tables API (/api/v1/tables).
 * Like tutor.js, it decides nothing: the table's view says whose turn it is and which cards,
 * bids, calls, poignées, « Jeu » and chelem are legal (the taker says « Jeu » or announces a
 * slam once his contract is settled: legal.jeu and legal.chelem); a refused action comes back
 * as a 422 whose explanation is shown; the advice comes from /api/v1/advice.
 *
 * Drawing is incremental: the page is redrawn only when the table's `seq` changes (or the
 * learner's own selection does), and card buttons are kept by card code, so a card that stays
 * in the hand stays the same element (focus and screen readers are not disturbed). The state
 * the page shows is mirrored on #practice (data-table, data-seq, data-busy, data-phase,
 * data-mine, and data-refusals: how many actions the referee refused) for
 * anyone who needs to wait for it (the browser tests). */
(function () {
  "use strict";

  window.TarotPractice = function (kit) {
    if (document.body.dataset.page !== "practice" || !document.getElementById("practice")) return;
    const { el, cardNode, cardName, fill, T, API, LANG } = kit;
    const P = JSON.parse(document.getElementById("practice-texts").textContent);
    const $ = (id) => document.getElementById(id);
    const root = $("practice");
    const STORE = "tarot-tutor-practice";
    const POLL_MS = 1000;
    let table = null;
    let token = null;
    let view = null;
    let busy = false;
    let timer = null;
    let adviceFor = null; // the seq the advice shown was asked at
    let refusals = 0;
    const ecartPick = new Set();
    let poignee = null; // {level, size, pick: Set} while the learner chooses the trumps to show
    const initialVerdict = Array.from($("practice-verdict").childNodes).map((node) => node.cloneNode(true));

    // --- transport ------------------------------------------------------------------------

    async function call(method, path, payload) {
      const headers = { "Accept": "application/json" };
      if (token) headers["Authorization"] = "Bearer " + token;
      if (payload) headers["Content-Type"] = "application/json";
      try {
        const response = await fetch(API + path + (path.includes("?") ? "&" : "?") + "lang=" + LANG, {
          method: method, headers: headers, body: payload ? JSON.stringify(payload) : undefined,
        });
        let data = null;
        try { data = await response.json(); } catch (error) { data = null; }
        return { ok: response.ok, status: response.status, data: data };
      } catch (error) {
        return { ok: false, status: 0, data: null };
      }
    }

    function setBusy(on) {
      busy = on;
      root.dataset.busy = on ? "true" : "false";
      root.setAttribute("aria-busy", on ? "true" : "false");
    }

    function remember() {
      try { sessionStorage.setItem(STORE, JSON.stringify({ table: table, token: token })); } catch (error) { /* private mode */ }
    }

    // --- small drawing helpers ----------------------------------------------------------

    function name(seat) {
      return seat === 0 ? P.you : fill(T.bot, { number: seat });
    }

    function setText(node, text) {
      if (node.textContent !== text) node.textContent = text;
    }

    /* Make `box` hold one child per key, in order: existing children (by data-key) are kept,
     * new ones made by make(key), the others removed; update(node, key) runs on each. If the
     * focused element is removed, the focus moves to the child now at its place. */
    function sync(box, keys, make, update) {
      const active = document.activeElement;
      const focusedAt = box.contains(active) ? Array.from(box.children).indexOf(active.closest("[data-key]")) : -1;
      const old = new Map();
      Array.from(box.children).forEach((node) => {
        if (node.dataset.key !== undefined && !old.has(node.dataset.key)) old.set(node.dataset.key, node);
        else node.remove();
      });
      let before = box.firstChild;
      keys.forEach((key) => {
        let node = old.get(key);
        if (node) old.delete(key);
        else { node = make(key); node.dataset.key = key; }
        if (update) update(node, key);
        if (node === before) before = node.nextSibling;
        else box.insertBefore(node, before);
      });
      old.forEach((node) => node.remove());
      if (focusedAt >= 0 && !box.contains(document.activeElement) && box.children.length) {
        const target = box.children[Math.min(focusedAt, box.children.length - 1)];
        const focusable = target.matches("button") ? target : target.querySelector("button");
        if (focusable) focusable.focus();
      }
    }

    /* Rebuild `box` only when what it shows changed (its signature). */
    function rebuild(box, signature, build) {
      if (box.dataset.signature === signature) return;
      box.dataset.signature = signature;
      box.replaceChildren(...build().filter(Boolean));
    }

    function verdict(nodes) {
      $("practice-verdict").replaceChildren(...nodes.filter(Boolean));
    }

    function verdictLine(good, text) {
      return el("p", { className: "verdict-title " + (good ? "good" : "bad") }, [
        el("span", { className: "verdict-mark", "aria-hidden": "true", text: good ? "✓ " : "✗ " }),
        el("span", { text: text }),
      ]);
    }

    function explainRefusal(data, code) {
      refusals += 1;
      root.dataset.refusals = String(refusals);
      const explanation = (data && (data.explanation || data.detail)) || T.unreachable;
      const violations = (data && data.violations) || [];
      // One violation whose sentence is the explanation: say it once, with its rule's link.
      const once = violations.length === 1 && explanation.includes(violations[0].message);
      const ruleLink = (v) => (v.rule ? el("a", { href: "/rules#" + v.rule, text: T.rule_link, "data-rule": v.rule }) : null);
      verdict([
        verdictLine(false, P.refused + (code ? " — " + cardName(code) : "")),
        el("p", { className: "explanation" }, [el("span", { text: explanation + " " }), once ? ruleLink(violations[0]) : null]),
        violations.length && !once ? el("ul", { className: "violations bad" },
          violations.map((v) => el("li", {}, [el("span", { text: v.message + " " }), ruleLink(v)]))) : null,
      ]);
    }

    function miniCards(codes) {
      return el("span", { className: "card-run" }, codes.map((c) => {
        const node = cardNode(c, false);
        node.classList.add("mini");
        return node;
      }));
    }

    // --- the score ------------------------------------------------------------------------

    function showScore(events) {
      const scored = (events || []).filter((e) => e.type === "scored" && e.score);
      if (!scored.length) return;
      const last = scored[scored.length - 1];
      $("practice-result-box").hidden = false;
      $("practice-result").replaceChildren(
        verdictLine(last.score.won, (last.score.won ? T.won : T.lost) + " — " + fill(T.deal_number, { number: last.number })),
        el("h3", { text: T.derivation }),
        el("ol", { className: "derivation", id: "practice-derivation" }, last.score.derivation.map((l) => el("li", { text: l.text, "data-code": l.code }))),
        el("p", { className: "explanation", text: last.score.explanation }),
      );
    }

    function drawSheet() {
      const sheet = view.scoresheet;
      const n = view.players;
      rebuild($("practice-sheet"), JSON.stringify([sheet.totals, sheet.entries.length, n]), () => {
        const head = el("tr", {}, [el("th", { scope: "col", text: P.deal })].concat(
          Array.from({ length: n }, (_, i) => el("th", { scope: "col", text: name(i) }))));
        const rows = sheet.entries.map((e) => el("tr", {}, [el("th", { scope: "row", text: String(e.number) })].concat(
          e.totals.map((t) => el("td", { className: "num", text: String(t) })))));
        const total = el("tr", {}, [el("th", { scope: "row", text: P.total })].concat(
          sheet.totals.map((t) => el("td", { className: "num total", text: String(t) }))));
        return [el("caption", { className: "sr-only", text: T.scores }),
          el("thead", {}, [head]), el("tbody", {}, rows), el("tfoot", {}, [total])];
      });
    }

    // --- the table ------------------------------------------------------------------------

    function drawSeats(deal) {
      const keys = Array.from({ length: view.players }, (_, i) => String(i));
      sync($("practice-seats"), keys, () => el("div", { className: "seat" }), (node, key) => {
        const i = Number(key);
        const roles = [];
        if (deal && deal.dealer === i) roles.push(P.dealer);
        if (deal && deal.taker === i) roles.push(P.taker + (deal.contract ? " (" + (P.bids[deal.contract] || deal.contract) + ")" : ""));
        if (deal && deal.partner === i) roles.push(P.partner);
        if (deal && deal.taker === i && deal.chelem_announced) roles.push(P.chelem_announced);
        if (view.to_move === i) roles.push(P.to_move);
        const bid = deal && deal.phase === "bidding" ? deal.bids.filter((b) => b.seat === i).pop() : null;
        if (bid) roles.push(fill(P.bid_of, { bid: P.bids[bid.bid] || bid.bid }));
        const size = deal && deal.hand_sizes ? deal.hand_sizes[String(i)] : null;
        const shown = deal ? deal.poignees.filter((p) => p.seat === i) : [];
        const ecartShown = deal && deal.taker === i ? deal.ecart_trumps_shown : [];
        node.className = "seat" + (view.to_move === i ? " turn" : "");
        rebuild(node, JSON.stringify([roles, size, shown, ecartShown]), () => [
          el("strong", { text: name(i) }),
          roles.length ? el("span", { text: " · " + roles.join(" · ") }) : null,
          size !== null && size !== undefined ? el("div", { className: "legend", text: fill(T.cards_left, { count: size }) }) : null,
          ...shown.map((p) => el("div", { className: "shown-cards" }, [el("span", { className: "legend", text: P.poignee_shown + " " }), miniCards(p.cards)])),
          ecartShown.length ? el("div", { className: "shown-cards" }, [el("span", { className: "legend", text: P.ecart_shown + " " }), miniCards(ecartShown)]) : null,
        ]);
      });
    }

    function playedFigure(leader) {
      return (code, i) => el("figure", { className: "played" }, [
        cardNode(code, false), el("figcaption", { text: name((leader + i) % view.players) })]);
    }

    function drawTricks(deal) {
      const trick = deal ? deal.trick : { cards: [], leader: 0 };
      const figure = playedFigure(trick.leader);
      const leading = !trick.cards.length && deal && deal.phase === "playing" && view.to_move === 0;
      sync($("practice-trick"), trick.cards.map((c, i) => c + "@" + i).concat(leading ? ["lead"] : []), (key) => {
        if (key === "lead") return el("p", { className: "legend", text: P.you_lead });
        const [code, i] = key.split("@");
        return figure(code, Number(i));
      });
      const last = deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
      $("practice-last-box").hidden = !last;
      if (last) {
        const figureLast = playedFigure(last.leader);
        rebuild($("practice-last"), deal.tricks.length + ":" + last.cards.join(" "), () => last.cards.map(figureLast));
        setText($("practice-last-winner"), fill(P.last_winner, { name: name(last.winner) }));
      }
      const chien = deal && deal.chien;
      $("practice-chien-box").hidden = !chien;
      if (chien) rebuild($("practice-chien"), chien.join(" "), () => chien.map((c) => cardNode(c, false)));
    }

    function selection() {
      const legal = view.you.legal;
      if (poignee) return { set: poignee.pick, size: poignee.size };
      if (legal.ecart) return { set: ecartPick, size: view.deal.chien ? view.deal.chien.length : 0 };
      return null;
    }

    function labelHandCard(button, code) {
      const legal = view.you.legal;
      const chosen = selection();
      const isLegal = !chosen && legal.cards.includes(code);
      const fromChien = legal.ecart && view.deal.chien && view.deal.chien.includes(code) && !(view.deal.hand || []).includes(code);
      button.classList.toggle("legal", isLegal);
      button.classList.toggle("from-chien", Boolean(fromChien));
      const states = [isLegal ? T.legal_card : null, fromChien ? T.from_chien : null];
      if (chosen) {
        const on = chosen.set.has(code);
        button.setAttribute("aria-pressed", on ? "true" : "false");
        button.classList.toggle("chosen", on);
        if (on) states.push(T.selected_card);
      } else {
        button.removeAttribute("aria-pressed");
        button.classList.remove("chosen");
      }
      const label = [button.dataset.name].concat(states.filter(Boolean)).join(", ");
      if (button.getAttribute("aria-label") !== label) button.setAttribute("aria-label", label);
    }

    function drawHand(deal) {
      const legal = view.you.legal;
      const hand = deal && deal.hand ? deal.hand.slice() : [];
      const chien = deal && deal.chien;
      const pool = legal.ecart && chien ? hand.concat(chien.filter((c) => !hand.includes(c)))
        .sort((a, b) => kit.cardOrder(a) - kit.cardOrder(b)) : hand;
      sync($("practice-hand"), pool, (code) => cardNode(code, true), labelHandCard);
      const chosen = selection();
      $("practice-legend").hidden = Boolean(chosen);
      setText($("practice-count"), chosen ? fill(T.selected_count, { count: chosen.set.size, size: chosen.size }) : "");
    }

    function button(label, attrs, onClick) {
      const b = el("button", Object.assign({ type: "button", text: label }, attrs || {}));
      b.addEventListener("click", onClick);
      return b;
    }

    function drawActions(deal) {
      const legal = view.you.legal;
      const mine = view.to_move === 0;
      const signature = JSON.stringify([view.seq, legal, poignee && poignee.level]);
      rebuild($("practice-actions"), signature, () => {
        const actions = [];
        if (poignee) {
          actions.push(el("span", { text: fill(P.poignee_select, { count: poignee.size }) }));
          actions.push(button(P.poignee_submit, { className: "primary", id: "practice-poignee-show" }, () =>
            act({ type: "poignee", cards: Array.from(poignee.pick) })));
          actions.push(button(P.cancel, { id: "practice-poignee-cancel" }, () => { poignee = null; draw(); }));
          return actions;
        }
        if (legal.bids.length) {
          actions.push(el("span", { text: P.bid_prompt }));
          legal.bids.forEach((bid) => actions.push(button(P.bids[bid] || bid, { className: "bid", "data-bid": bid }, () => act({ type: "bid", bid: bid }))));
          if (legal.bids.length > 1) actions.push(button(P.advice_bid, { className: "advice-button", id: "practice-advice-button" }, askBidAdvice));
        }
        if (legal.calls.length) {
          actions.push(el("span", { text: P.call_prompt }));
          legal.calls.forEach((code) => {
            const b = cardNode(code, true);
            b.classList.add("call");
            b.addEventListener("click", () => act({ type: "call", card: code }, code));
            actions.push(b);
          });
        }
        if (legal.ecart) {
          actions.push(el("span", { text: P.ecart_prompt }));
          actions.push(button(P.ecart_submit, { className: "primary", id: "practice-ecart" }, () => act({ type: "ecart", cards: Array.from(ecartPick) })));
          actions.push(button(P.advice_ecart, { className: "advice-button", id: "practice-advice-button" }, askEcartAdvice));
        }
        if (legal.jeu || legal.chelem) {
          actions.push(el("span", { text: P.jeu_prompt }));
          if (legal.jeu) actions.push(button(P.jeu, { className: "primary jeu", id: "practice-jeu" }, () => act({ type: "jeu" })));
          if (legal.chelem) actions.push(button(P.chelem_announce, { className: "chelem", id: "practice-chelem" }, () => act({ type: "chelem" })));
        }
        if (legal.poignees.length) {
          actions.push(el("span", { text: P.poignee_prompt }));
          legal.poignees.forEach((level) => {
            const size = (P.sizes[String(view.players)] || [])[["simple", "double", "triple"].indexOf(level)];
            actions.push(button(fill(P.poignee_levels[level], { count: size }), { className: "poignee", "data-level": level }, () => startPoignee(level, size)));
          });
        }
        if (mine && legal.cards.length && deal && deal.phase === "playing") {
          actions.push(button(P.advice_play, { className: "advice-button", id: "practice-advice-button" }, askPlayAdvice));
        }
        return actions;
      });
    }

    function draw() {
      const deal = view.deal;
      const mine = view.to_move === 0;
      root.dataset.table = view.id;
      root.dataset.seq = String(view.seq);
      root.dataset.phase = deal ? deal.phase : "";
      root.dataset.mine = mine ? "true" : "false";
      const facts = [view.over ? P.over : mine ? P.your_turn : P.waiting];
      if (deal && deal.called_card) facts.push(fill(P.called, { card: cardName(deal.called_card) }));
      setText($("practice-status"), facts.join(" · "));
      if (adviceFor !== null && adviceFor !== view.seq) {
        adviceFor = null;
        $("practice-advice").hidden = true;
        $("practice-advice").replaceChildren();
      }
      drawSeats(deal);
      drawTricks(deal);
      drawHand(deal);
      drawActions(deal);
      drawSheet();
    }

    // --- advice ---------------------------------------------------------------------------

    function showAdvice(nodes) {
      const box = $("practice-advice");
      box.hidden = false;
      box.replaceChildren(...nodes.filter(Boolean));
    }

    function reasons(data) {
      return [
        el("h3", { text: P.why }),
        el("ul", { className: "reasons" }, data.reasons.map((r) => el("li", { text: r.text }))),
        el("p", { className: "explanation", text: data.explanation }),
      ];
    }

    async function advise(path, payload, render) {
      const seq = view.seq;
      adviceFor = seq;
      showAdvice([el("p", { className: "hint", text: P.advice_busy })]);
      const answer = await call("POST", path, payload);
      if (!view || view.seq !== seq) return; // the table moved on meanwhile
      if (!answer.ok) {
        showAdvice([el("p", { className: "explanation", text: (answer.data && answer.data.detail) || T.unreachable })]);
        return;
      }
      showAdvice(render(answer.data));
    }

    function askBidAdvice() {
      const deal = view.deal;
      advise("/advice/bid", { players: view.players, hand: deal.hand, bids: deal.bids.map((b) => b.bid) }, (data) => [
        el("p", { className: "verdict-title", id: "practice-advised", "data-bid": data.bid, text: fill(P.advised_bid, { bid: P.bids[data.bid] || data.bid }) }),
        el("p", { className: "legend", text: fill(P.advice_strength, { strength: data.strength }) }),
        ...reasons(data),
        view.you.legal.bids.includes(data.bid)
          ? button(data.bid === "passe" ? P.bids.passe : fill(P.follow_bid, { bid: P.bids[data.bid] || data.bid }),
            { id: "practice-follow" }, () => act({ type: "bid", bid: data.bid }))
          : null,
      ]);
    }

    function askEcartAdvice() {
      const deal = view.deal;
      advise("/advice/ecart", {
        players: view.players, contract: deal.contract, hand: deal.hand, chien: deal.chien,
        called_card: deal.called_card,
      }, (data) => [
        el("p", { className: "verdict-title", text: P.advised_ecart }),
        data.ecart ? el("div", { className: "cards", id: "practice-advised-ecart" }, data.ecart.map((c) => cardNode(c, false))) : null,
        ...reasons(data),
        data.ecart ? button(P.follow_ecart, { id: "practice-follow" }, () => {
          ecartPick.clear();
          data.ecart.forEach((c) => ecartPick.add(c));
          drawHand(view.deal);
        }) : null,
      ]);
    }

    function askPlayAdvice() {
      const deal = view.deal;
      const hand = deal.hand || [];
      let partner = deal.partner;
      if (partner === null && deal.called_card && hand.includes(deal.called_card) && deal.taker !== 0) partner = 0;
      advise("/advice/play", {
        players: view.players, hand: hand, trick: deal.trick.cards, seat: 0, taker: deal.taker,
        contract: deal.contract, called_card: deal.called_card, partner: partner,
        history: deal.tricks.map((t) => ({ leader: t.leader, cards: t.cards })),
        first_trick: deal.tricks.length === 0, chien: deal.chien, ecart: deal.ecart || null,
        chelem_announced: Boolean(deal.chelem_announced),
      }, (data) => [
        el("p", { className: "verdict-title", id: "practice-advised", "data-card": data.card, text: fill(P.advised_card, { card: cardName(data.card) }) }),
        ...reasons(data),
        button(P.follow_card, { id: "practice-follow" }, () => act({ type: "play", card: data.card }, data.card)),
      ]);
    }

    // --- poignée ----------------------------------------------------------------------

    /* Preselect the highest trumps (the excuse when one short); the learner may change the
     * selection, and the referee says what is wrong with it. */
    function startPoignee(level, size) {
      const hand = view.deal.hand || [];
      const trumps = hand.filter((c) => /^T\d+$/.test(c)).sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)));
      const pick = new Set(trumps.slice(0, size));
      if (pick.size < size && hand.includes("EX")) pick.add("EX");
      poignee = { level: level, size: size, pick: pick };
      draw();
    }

    // --- acting -----------------------------------------------------------------------

    async function refresh() {
      const answer = await call("GET", "/tables/" + table);
      if (answer.ok && (!view || answer.data.seq !== view.seq || answer.data.id !== view.id)) {
        view = answer.data;
        draw();
      }
      schedule();
      return answer;
    }

    function schedule() {
      clearTimeout(timer);
      if (view && !view.over && view.to_move !== 0) timer = setTimeout(refresh, POLL_MS);
    }

    /* The control that had the focus went away (a bid made, a card played): give it to the
     * next thing to do, so that a keyboard user never falls back to the top of the page. */
    function keepFocus() {
      const active = document.activeElement;
      if (active && active !== document.body && document.contains(active)) return;
      const next = document.querySelector("#practice-actions button, #practice-hand button.card.legal")
        || $("practice-status");
      next.focus();
    }

    async function act(action, code) {
      if (busy || !view) return;
      setBusy(true);
      try {
        const answer = await call("POST", "/tables/" + table + "/actions", Object.assign({ seat: 0, seq: view.seq }, action));
        if (answer.status === 409) { await refresh(); return; }
        if (!answer.ok) { explainRefusal(answer.data, code); return; }
        if (action.type === "play") verdict([verdictLine(true, P.played + " — " + cardName(code))]);
        if (action.type === "poignee") verdict([verdictLine(true, P.poignee_shown)]);
        if (action.type === "chelem") verdict([verdictLine(true, P.chelem_done)]);
        if (action.type === "jeu") verdict([verdictLine(true, P.jeu_done)]);
        if (action.type === "ecart") ecartPick.clear();
        poignee = null;
        showScore(answer.data.events);
        view = answer.data.table;
        draw();
        keepFocus();
        schedule();
      } finally {
        setBusy(false);
      }
    }

    $("practice-hand").addEventListener("click", (event) => {
      const target = event.target.closest("button.card");
      if (!target || !view || busy) return;
      const code = target.dataset.code;
      const chosen = selection();
      if (chosen) {
        if (chosen.set.has(code)) chosen.set.delete(code); else chosen.set.add(code);
        drawHand(view.deal);
        return;
      }
      act({ type: "play", card: code }, code);
    });

    async function sitDown(id, seatToken) {
      table = id;
      token = seatToken;
      view = null;
      ecartPick.clear();
      poignee = null;
      root.hidden = false;
      $("practice-result-box").hidden = true;
      verdict(initialVerdict.map((node) => node.cloneNode(true)));
      setBusy(true);
      try {
        return await refresh();
      } finally {
        setBusy(false);
      }
    }

    $("practice-setup").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) return;
      const players = Number($("practice-players").value);
      token = null;
      setBusy(true);
      const names = Array.from({ length: players }, (_, i) => name(i));
      const answer = await call("POST", "/tables", {
        players: players, deals: 3, names: names, bots: Array.from({ length: players - 1 }, (_, i) => i + 1),
      });
      setBusy(false);
      if (!answer.ok) { root.hidden = false; explainRefusal(answer.data); return; }
      await sitDown(answer.data.id, answer.data.seat_tokens[0].token);
      remember();
    });

    // A table of this browser tab survives a reload (its seat token is kept for the tab only).
    (async function resume() {
      let saved = null;
      try { saved = JSON.parse(sessionStorage.getItem(STORE)); } catch (error) { saved = null; }
      if (!saved || !saved.table || !saved.token) return;
      const answer = await sitDown(saved.table, saved.token);
      if (!answer.ok) {
        root.hidden = true;
        try { sessionStorage.removeItem(STORE); } catch (error) { /* nothing kept */ }
      }
    })();
  };
})();
