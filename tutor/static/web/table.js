/* The card table: one seat's view of a table of the tables API (/api/v1/tables), drawn as a
 * real table — seats around it with names and roles, the trick in the centre (each card by
 * the seat that played it), the last trick, the chien, the bids and the king call on the
 * table, the hand at the bottom sorted by suit — then, after each deal, the last trick and a
 * review of the deal (each camp's pile counted, the chien and the écart, the score in words,
 * every trick replayable) before the next deal, which comes when the reader asks.
 *
 * HOW TO REUSE IT (any table, not only the practice table):
 *
 *   const table = window.TarotTable.mount(rootElement, {
 *     kit: window.TarotKit,        // tutor.js's helpers (el, cardNode, cardName, fill, T, API, LANG)
 *     texts: P,                     // the sentences: tutor/web/texts.py table_texts(), as JSON
 *     table: "<table id>", token: "<seat token>",
 *     poll: true,                   // poll GET /tables/<id> while others play; pass false and
 *                                   // call table.update(view, events) when a stream feeds it
 *     undo: async () => {...},      // optional: shows "Undo" (the practice table forks its log)
 *     names: (seat, view) => "…",   // optional: how a seat is called (default: view.names)
 *     advice: false,                // optional: no advice buttons (a game with other people)
 *     sheet: false,                 // optional: the page shows the scoresheet itself
 *     seatExtra: (seat, view) => node,   // optional: more about a seat (who is connected)
 *     onStale: async (seq, problem) => [nodes],  // optional: a 409 (the table moved on since
 *                                   // seq): what to say once the new view is drawn
 *   });
 *   The token may be a seat's or the referee's: a view without a seat (you.role "referee"), or
 *   a deal without this seat's hand (a seat sitting out, at six or seven), is drawn for a
 *   spectator — the deal's seats around the felt, no hand, nothing to act on — from what the
 *   API's view holds, never more; the seats sitting out a deal are listed beside the table.
 *
 *   table.update(view, events)      // a new view of GET /tables/<id> (and the events since)
 *   table.refresh()                 // ask the server again
 *   table.destroy()                 // stop polling, empty the element
 *
 * The module decides nothing about the rules: the view says whose turn it is and what is
 * legal; "why?" asks /check/play; a bid, écart or poignée is checked by /check/* (answers of
 * 200) before it is sent, so that a refused action is explained without a 422; advice comes
 * from /advice/*, the running count from /count, the review from /tables/<id>/deals/<n>.
 * Its state is mirrored on the root element for tests and tools: data-table, data-seq,
 * data-busy, data-phase, data-mine, data-stage (play | last-trick | review), data-refusals.
 * No inline script, style or handler: everything is made here with the DOM. */
(function () {
  "use strict";

  const SUIT_ORDER = { spades: 0, hearts: 1, clubs: 2, diamonds: 3, trump: 4, excuse: 5 };
  const PLACES = {
    3: ["south", "east", "west"],
    4: ["south", "east", "north", "west"],
    5: ["south", "east", "ne", "nw", "west"],
  };
  const POLL_MS = 900;
  const COUNT_KEY = "tarot-tutor-running-count";

  function mount(root, options) {
    const kit = options.kit;
    const { el, cardNode, cardName, fill, T, API, LANG } = kit;
    const P = options.texts;
    const CARDS = kit.cards;
    let table = options.table;
    let token = options.token;
    let view = null;
    let shown = null; // the view drawn (held back while the last trick and the review are read)
    let pending = null; // a newer view waiting for "next deal"
    let stage = "play";
    let review = null;
    let busy = false;
    let timer = null;
    let refusals = 0;
    let selected = null; // the card tapped once (tap again to play)
    let adviceFor = null;
    let ecartPick = new Set();
    let poignee = null;
    let knownEntries = null; // scoresheet entries already reviewed
    let countKey = "";
    let destroyed = false;
    const withAdvice = options.advice !== false;
    const showCount = () => { try { return localStorage.getItem(COUNT_KEY) !== "off"; } catch (e) { return true; } };

    // --- the skeleton -----------------------------------------------------------------------

    const node = (tag, attrs, children) => el(tag, attrs, children);
    const status = node("p", { className: "table-status", "aria-live": "polite", tabindex: "-1" });
    const undoButton = options.undo ? button(P.undo, { className: "undo", "data-role": "undo" }, onUndo) : null;
    const countToggle = node("input", { type: "checkbox", id: "count-toggle-" + uid() });
    countToggle.checked = showCount();
    const tools = node("div", { className: "table-tools" }, [
      undoButton,
      node("span", { className: "toggle" }, [countToggle, node("label", { for: countToggle.id, text: P.show_count })]),
    ]);
    const felt = node("div", { className: "felt" });
    const trickBox = node("section", { className: "trick-area", "aria-label": P.region_trick, "data-role": "trick" });
    const trickNote = node("p", { className: "trick-note" });
    const trickCards = node("div", { className: "trick-cards" });
    const lastBox = node("section", { className: "last-trick", "aria-label": P.region_last, "data-role": "last-trick", hidden: true });
    const chienBox = node("div", { className: "chien-box", hidden: true });
    const actions = node("div", { className: "table-actions", "data-role": "actions" });
    const meBar = node("div", { className: "me-bar" });
    const bench = node("section", { className: "bench", "aria-label": P.region_out, "data-role": "sitting-out", hidden: true });
    const hand = node("section", { className: "hand", "aria-label": P.region_hand, "data-role": "hand" });
    const handCount = node("p", { className: "hand-count", "aria-live": "polite" });
    const why = node("section", { className: "why", "aria-live": "polite", "data-role": "why", "aria-label": P.why_title });
    const advice = node("section", { className: "advice", "aria-live": "polite", "data-role": "advice", hidden: true, "aria-label": P.advice_title });
    const counting = node("section", { className: "running-count", "aria-label": P.region_count, "data-role": "running-count" });
    const reviewBox = node("section", { className: "review", "aria-label": P.region_review, "data-role": "review", hidden: true });
    const sheetTable = node("table", { className: "sheet" });
    const sheetBox = node("section", { className: "scoresheet", "aria-label": P.region_sheet, "data-role": "scoresheet" },
      [node("h2", { text: P.region_sheet }), node("div", { className: "table-wrap" }, [sheetTable])]);
    const playArea = node("div", { className: "play-area" }, [felt, bench, meBar, hand, handCount, why, advice, counting]);
    root.classList.add("card-table");
    root.replaceChildren(...[status, tools, playArea, reviewBox, options.sheet === false ? null : sheetBox].filter(Boolean));

    countToggle.addEventListener("change", () => {
      try { localStorage.setItem(COUNT_KEY, countToggle.checked ? "on" : "off"); } catch (e) { /* private mode */ }
      drawCount();
    });

    function uid() { return Math.random().toString(36).slice(2, 8); }

    function button(label, attrs, onClick) {
      const b = el("button", Object.assign({ type: "button", text: label }, attrs || {}));
      b.addEventListener("click", onClick);
      return b;
    }

    // --- transport --------------------------------------------------------------------------

    async function call(method, path, payload, auth) {
      const headers = { "Accept": "application/json" };
      if (auth !== false && token) headers["Authorization"] = "Bearer " + token;
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
    const check = (path, payload) => call("POST", path, payload, false);

    function setBusy(on) {
      busy = on;
      root.dataset.busy = on ? "true" : "false";
      root.setAttribute("aria-busy", on ? "true" : "false");
      drawUndo();
    }

    function drawUndo() {
      if (undoButton) undoButton.disabled = busy || Boolean(options.canUndo && !options.canUndo());
    }

    // --- names and places ----------------------------------------------------------------------

    /* The seat of this page's token: null for the referee's (a spectator, no hand). At six or
     * seven, five play each deal (deal.people) and the others sit out: a seat sitting out has
     * no hand either — the API's view says it (no deal.hand, no legal action), never this. */
    const me = () => (view && view.you && view.you.role === "seat" ? view.you.seat : null);
    const people = (v) => {
      const w = v || view;
      return w.deal && w.deal.people ? w.deal.people : Array.from({ length: w.players }, (_, i) => i);
    };
    const myTurn = (v) => me() !== null && v.to_move === me();
    const plays = (v) => me() !== null && people(v).includes(me());
    /* The seat at the bottom of the table: this seat when it plays the deal; for a seat sitting
     * out, the next one that plays; for the referee, the deal's first. */
    function anchor(v) {
      const p = people(v);
      if (plays(v)) return me();
      if (me() !== null) return p.find((s) => s > me()) ?? p[0];
      return p[0];
    }
    const dealPlayers = () => people(shown).length; // the /check and /advice player count
    const NO_LEGAL = { bids: [], calls: [], cards: [], poignees: [], ecart: false, jeu: false, chelem: false };
    const legalOf = (v) => (v.you && v.you.legal) || NO_LEGAL;
    const seatAt = (leader, i, v) => { const p = people(v); return p[(p.indexOf(leader) + i) % p.length]; };
    function name(seat) {
      if (options.names) return options.names(seat, view);
      if (seat === me()) return P.you;
      return (view && view.names && view.names[seat]) || fill(T.bot, { number: seat });
    }
    function place(seat, v) {
      const p = people(v);
      const n = p.length;
      const i = p.indexOf(seat);
      if (i < 0) return "out";
      return (PLACES[n] || PLACES[4])[((i - p.indexOf(anchor(v || view))) % n + n) % n] || "north";
    }
    const bidName = (bid) => P.bids[bid] || bid;
    const sortHand = (codes) => codes.slice().sort((a, b) => {
      const ca = CARDS[a] || {}, cb = CARDS[b] || {};
      return (SUIT_ORDER[ca.cls] - SUIT_ORDER[cb.cls]) || (ca.order - cb.order);
    });

    function mini(code, extra) {
      const c = cardNode(code, false);
      c.classList.add("mini");
      if (extra) c.classList.add(extra);
      return c;
    }
    const miniRun = (codes) => node("span", { className: "card-run" }, codes.map((c) => mini(c)));

    // --- seats --------------------------------------------------------------------------------

    function roles(seat, deal) {
      const out = [];
      if (!deal) return out;
      if (deal.dealer === seat) out.push(P.dealer);
      if (deal.taker === seat) out.push(P.taker + (deal.contract ? " · " + bidName(deal.contract) : ""));
      if (deal.partner === seat) out.push(P.partner);
      if (deal.taker === seat && deal.chelem_announced) out.push(P.chelem_announced);
      if (deal.people && !deal.people.includes(seat)) out.push(P.sits_out);
      return out;
    }

    function seatNode(seat, deal) {
      const bids = deal ? deal.bids.filter((b) => b.seat === seat) : [];
      const bid = deal && deal.phase === "bidding" && bids.length ? bids[bids.length - 1] : null;
      const size = deal && deal.hand_sizes ? deal.hand_sizes[String(seat)] : null;
      const shownPoignee = deal ? deal.poignees.filter((p) => p.seat === seat) : [];
      const ecartShown = deal && deal.taker === seat ? deal.ecart_trumps_shown || [] : [];
      const turn = shown && shown.to_move === seat && stage === "play";
      return node("div", { className: "seat pos-" + place(seat) + (turn ? " turn" : ""), "data-seat": String(seat) }, [
        node("strong", { className: "seat-name", text: name(seat) }),
        options.seatExtra ? options.seatExtra(seat, shown) : null,
        ...roles(seat, deal).map((r) => node("span", { className: "role", text: r })),
        turn ? node("span", { className: "role turn-mark", text: deal && deal.phase === "bidding" ? P.to_bid : deal && deal.phase !== "playing" ? P.to_decide : P.to_move }) : null,
        bid ? node("span", { className: "bid-bubble", "data-bid": bid.bid, text: bidName(bid.bid) }) : null,
        size !== null && size !== undefined && seat !== me() && stage === "play" ? node("span", { className: "cards-left", text: fill(T.cards_left, { count: size }) }) : null,
        ...shownPoignee.map((p) => node("div", { className: "shown-cards" }, [node("span", { className: "legend", text: P.poignee_shown }), miniRun(p.cards)])),
        ecartShown.length ? node("div", { className: "shown-cards" }, [node("span", { className: "legend", text: P.ecart_shown }), miniRun(ecartShown)]) : null,
      ]);
    }

    // --- the trick ----------------------------------------------------------------------------

    function trickSlots(cards, leader, v, winner) {
      return cards.map((code, i) => {
        const seat = seatAt(leader, i, v);
        const c = cardNode(code, false);
        c.setAttribute("aria-label", fill(P.played_by, { card: cardName(code), name: name(seat) }));
        return node("div", { className: "slot pos-" + place(seat, v) + (winner === seat ? " winner" : ""), "data-seat": String(seat) }, [
          c, node("span", { className: "slot-name", "aria-hidden": "true", text: name(seat) })]);
      });
    }

    function drawTrick(deal) {
      const v = shown;
      let cards = [], leader = 0, winner = null, note = "";
      if (stage !== "play" && review) {
        const last = review.tricks[review.tricks.length - 1];
        cards = last.cards; leader = last.leader; winner = last.winner;
        note = fill(P.last_winner, { name: name(last.winner) });
      } else if (deal && deal.trick) {
        cards = deal.trick.cards; leader = deal.trick.leader;
        if (!cards.length && deal.phase === "playing" && myTurn(v)) note = P.you_lead;
      }
      trickCards.replaceChildren(...trickSlots(cards, leader, v, winner));
      trickBox.replaceChildren(trickCards, trickNote);
      trickNote.textContent = note;
      trickBox.dataset.cards = String(cards.length);
      // The last trick: beside the current one while the deal goes on.
      const last = stage !== "play" && review ? review.tricks[review.tricks.length - 1]
        : deal && deal.tricks && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
      lastBox.hidden = !last;
      if (last) {
        lastBox.replaceChildren(
          node("h3", { text: P.region_last }),
          node("div", { className: "last-cards" }, last.cards.map((code, i) => {
            const seat = seatAt(last.leader, i, v);
            const c = mini(code, seat === last.winner ? "winner" : null);
            c.setAttribute("aria-label", fill(P.played_by, { card: cardName(code), name: name(seat) }));
            return c;
          })),
          node("p", { className: "legend", text: fill(P.last_winner, { name: name(last.winner) }) }));
      }
      const chien = deal && deal.chien && stage === "play" && deal.phase !== "playing" ? deal.chien : null;
      chienBox.hidden = !chien;
      if (chien) chienBox.replaceChildren(node("h3", { text: P.chien }), miniRun(chien));
    }

    function drawFelt() {
      const v = shown;
      const deal = stage === "play" ? v.deal : null;
      const around = people(v);
      const seats = around.filter((s) => s !== me()).map((s) => seatNode(s, v.deal));
      // a spectator (the referee, a seat sitting out): every seat of the deal around the felt
      felt.className = "felt players-" + around.length + (plays(v) ? "" : " watching");
      felt.replaceChildren(...seats, trickBox, chienBox, actions, lastBox);
      meBar.hidden = me() === null;
      meBar.replaceChildren(...(me() === null ? [] : [seatNode(me(), v.deal)]));
      // at six or seven: who sits this deal out, beside the table
      const out = [];
      for (let s = 0; s < v.players; s += 1) if (!around.includes(s) && s !== me()) out.push(seatNode(s, v.deal));
      bench.hidden = !out.length;
      bench.replaceChildren(...(out.length ? [node("h3", { text: P.region_out }), node("div", { className: "bench-seats" }, out)] : []));
      drawTrick(deal || v.deal);
    }

    // --- the hand -----------------------------------------------------------------------------

    function selection() {
      const legal = legalOf(shown);
      if (poignee) return { set: poignee.pick, size: poignee.size };
      if (legal.ecart) return { set: ecartPick, size: shown.deal.chien ? shown.deal.chien.length : 0 };
      return null;
    }

    function handCodes() {
      const deal = shown.deal;
      const legal = legalOf(shown);
      const cards = deal && deal.hand ? deal.hand.slice() : [];
      if (legal.ecart && deal.chien) deal.chien.forEach((c) => { if (!cards.includes(c)) cards.push(c); });
      return sortHand(cards);
    }

    function drawHand() {
      const v = shown;
      const deal = v.deal;
      const legal = legalOf(v);
      const playing = stage === "play" && deal && deal.phase === "playing" && myTurn(v) && !poignee;
      const chosen = stage === "play" ? selection() : null;
      const codes = stage === "play" ? handCodes() : [];
      const focused = document.activeElement && hand.contains(document.activeElement) ? document.activeElement.dataset.code : null;
      const focusIndex = focused ? Array.from(hand.children).findIndex((b) => b.dataset.code === focused) : -1;
      let previous = null;
      const buttons = codes.map((code) => {
        const b = cardNode(code, true);
        const view_ = CARDS[code] || {};
        if (previous && previous !== view_.cls) b.classList.add("suit-start");
        previous = view_.cls;
        const fromChien = legal.ecart && deal.chien && deal.chien.includes(code) && !(deal.hand || []).includes(code);
        if (fromChien) b.classList.add("from-chien");
        const states = [];
        if (chosen) {
          const on = chosen.set.has(code);
          b.setAttribute("aria-pressed", on ? "true" : "false");
          b.classList.toggle("chosen", on);
        } else if (playing) {
          const ok = legal.cards.includes(code);
          b.classList.toggle("legal", ok);
          if (!ok) { b.setAttribute("aria-disabled", "true"); b.classList.add("illegal"); }
          if (selected === code) { b.classList.add("selected"); b.setAttribute("aria-pressed", "true"); }
          else b.setAttribute("aria-pressed", "false");
        } else {
          b.setAttribute("aria-disabled", "true");
        }
        if (fromChien) states.push(T.from_chien);
        if (states.length) b.setAttribute("aria-description", states.join(", "));
        return b;
      });
      hand.replaceChildren(...buttons);
      hand.dataset.cards = String(buttons.length);
      // no hand of its own: the referee's token, or a seat the API deals no hand this deal
      hand.hidden = me() === null || Boolean(deal && !deal.hand);
      if (focusIndex >= 0 && buttons.length) {
        const again = buttons.find((b) => b.dataset.code === focused) || buttons[Math.min(focusIndex, buttons.length - 1)];
        again.focus({ preventScroll: true });
      }
      handCount.textContent = chosen ? fill(T.selected_count, { count: chosen.set.size, size: chosen.size }) : "";
    }

    hand.addEventListener("click", (event) => {
      const target = event.target.closest("button.card");
      if (!target || !shown || busy || stage !== "play") return;
      const code = target.dataset.code;
      const chosen = selection();
      if (chosen) {
        if (chosen.set.has(code)) chosen.set.delete(code); else chosen.set.add(code);
        drawHand();
        return;
      }
      const deal = shown.deal;
      if (!deal || deal.phase !== "playing" || !myTurn(shown)) return;
      if (selected === code && legalOf(shown).cards.includes(code)) { play(code); return; }
      selected = code;
      drawHand();
      explainCard(code);
    });

    // --- why? -----------------------------------------------------------------------------------

    function verdictLine(good, text) {
      return node("p", { className: "verdict-title " + (good ? "good" : "bad") }, [
        node("span", { className: "verdict-mark", "aria-hidden": "true", text: good ? "✓ " : "✗ " }),
        node("span", { text: text }),
      ]);
    }
    const ruleLink = (v) => (v.rule ? node("a", { href: "/rules#" + v.rule, text: T.rule_link, "data-rule": v.rule }) : null);
    // Tarot words of the referee's sentences linked to the glossary (tutor.js's linkTerms).
    const linked = (text) => (kit.linkTerms ? kit.linkTerms(text) : [text]);
    const glossaryLink = () => node("a", { href: "/glossary", className: "glossary-link", text: P.glossary_link });

    /* What the referee says, in view: scrolled (as little as it takes) so that the trick, the
     * hand and the message under it are on screen together — on a laptop the reason for a refused card
     * started below the screen. */
    function say(nodes) {
      why.replaceChildren(...nodes.filter(Boolean));
      if (why.childNodes.length) reveal();
    }

    function reveal() {
      if (stage !== "play" || hand.hidden || !hand.getClientRects().length) return;
      const margin = 8;
      const room = window.innerHeight;
      // the trick stays on screen too: what the card was refused on
      const trick = root.querySelector(".trick-area");
      const top = (trick || hand).getBoundingClientRect().top;
      const handBottom = hand.getBoundingClientRect().bottom;
      const said = why.childNodes.length && why.getClientRects().length;
      let bottom = said ? why.getBoundingClientRect().bottom : handBottom;
      if (bottom - top > room - 2 * margin) bottom = handBottom; // not all fits: trick and hand first
      if (bottom > room - margin) window.scrollBy(0, Math.min(bottom - room + margin, top - margin));
      else if (top < 0) window.scrollBy(0, top - margin);
    }

    function violationsList(violations, explanation) {
      const once = violations.length === 1 && explanation.includes(violations[0].message);
      return [
        node("p", { className: "explanation" }, [node("span", {}, linked(explanation + " ")), once ? ruleLink(violations[0]) : null, " ", glossaryLink()]),
        violations.length && !once ? node("ul", { className: "violations bad" },
          violations.map((v) => node("li", {}, [node("span", { text: v.message + " " }), ruleLink(v)]))) : null,
      ];
    }

    async function explainCard(code) {
      const deal = shown.deal;
      const seq = shown.seq;
      say([node("p", { className: "hint", text: T.checking })]);
      const answer = await check("/check/play", {
        players: dealPlayers(), hand: deal.hand, trick: deal.trick.cards, card: code,
        first_trick: deal.tricks.length === 0, called_card: deal.called_card || null,
      });
      if (!shown || shown.seq !== seq || selected !== code) return;
      if (!answer.ok) { say([node("p", { className: "explanation", text: (answer.data && answer.data.detail) || T.unreachable })]); return; }
      const d = answer.data;
      const nodes = [verdictLine(d.legal, (d.legal ? P.may_play : P.may_not_play) + " — " + cardName(code))]
        .concat(violationsList(d.violations || [], d.explanation));
      // why a surprising legal card is allowed: said in the explanation; here, its rules
      const allowedRules = (d.why_allowed || []).map(ruleLink).filter(Boolean);
      if (allowedRules.length) nodes.push(node("p", { className: "why-allowed", "data-role": "why-allowed" }, allowedRules));
      (d.warnings || []).forEach((w) => nodes.push(node("p", { className: "warn", text: w.message })));
      if (d.legal) nodes.push(button(P.play_it, { className: "primary", "data-role": "play-selected" }, () => play(code)), node("span", { className: "legend", text: " " + P.tap_again }));
      if (!d.legal) { refusals += 1; root.dataset.refusals = String(refusals); }
      say(nodes);
    }

    // --- actions ---------------------------------------------------------------------------------

    function drawActions() {
      const v = shown;
      const legal = legalOf(v);
      const deal = v.deal;
      const out = [];
      if (stage !== "play") { actions.replaceChildren(); return; }
      if (poignee) {
        out.push(node("p", { className: "prompt", text: fill(P.poignee_select, { count: poignee.size }) }));
        out.push(button(P.poignee_submit, { className: "primary", "data-role": "poignee-show" }, showPoignee));
        out.push(button(P.cancel, { "data-role": "poignee-cancel" }, () => { poignee = null; draw(); }));
      } else if (legal.bids.length) {
        out.push(node("p", { className: "prompt", text: P.bid_prompt }));
        out.push(node("div", { className: "bid-row" }, legal.bids.map((bid) =>
          button(bidName(bid), { className: "bid" + (bid === "passe" ? "" : " primary"), "data-bid": bid }, () => act({ type: "bid", bid: bid })))));
        if (withAdvice && legal.bids.length > 1) out.push(button(P.advice_bid, { className: "advice-button", "data-role": "ask-advice" }, askBidAdvice));
      } else if (legal.calls.length) {
        out.push(node("p", { className: "prompt", text: P.call_prompt }));
        out.push(node("div", { className: "call-row" }, legal.calls.map((code) => {
          const b = cardNode(code, true);
          b.classList.add("call");
          b.addEventListener("click", () => act({ type: "call", card: code }, code));
          return b;
        })));
        if (withAdvice) out.push(button(P.advice_call, { className: "advice-button", "data-role": "ask-advice" }, askCallAdvice));
      } else if (legal.ecart) {
        out.push(node("p", { className: "prompt", text: P.ecart_prompt }));
        out.push(button(P.ecart_submit, { className: "primary", "data-role": "ecart" }, makeEcart));
        if (withAdvice) out.push(button(P.advice_ecart, { className: "advice-button", "data-role": "ask-advice" }, askEcartAdvice));
      } else if (legal.jeu) {
        out.push(node("p", { className: "prompt", text: P.jeu_prompt }));
        out.push(button(P.jeu, { className: "primary jeu", "data-role": "jeu" }, () => act({ type: "jeu" })));
        if (legal.chelem) out.push(button(P.chelem_announce, { className: "chelem", "data-role": "chelem" }, () => act({ type: "chelem" })));
      } else {
        // chelem.announce: after « Jeu », until play has begun, the taker may still announce it
        if (legal.chelem) out.push(button(P.chelem_announce, { className: "chelem", "data-role": "chelem" }, () => act({ type: "chelem" })));
        if (legal.poignees.length) {
          out.push(node("p", { className: "prompt", text: P.poignee_prompt }));
          legal.poignees.forEach((level) => {
            const size = (P.sizes[String(dealPlayers())] || [])[["simple", "double", "triple"].indexOf(level)];
            out.push(button(fill(P.poignee_levels[level], { count: size }), { className: "poignee", "data-level": level }, () => startPoignee(level, size)));
          });
        }
        if (myTurn(v) && legal.cards.length && deal && deal.phase === "playing") {
          if (withAdvice) out.push(button(P.advice_play, { className: "advice-button", "data-role": "ask-advice" }, askPlayAdvice));
        }
      }
      actions.replaceChildren(...out);
    }

    // --- advice --------------------------------------------------------------------------------

    function showAdvice(nodes) { advice.hidden = false; advice.replaceChildren(...nodes.filter(Boolean)); }
    /* The advice's reasons, less the conclusion its explanation says again below them (the
     * bid's conclusion was printed twice). */
    function reasons(data, explained) {
      const said = explained ? data.explanation || "" : "";
      const listed = data.reasons.filter((r) => !(said && r.text && said.includes(r.text)));
      return [node("h3", { text: P.why }), node("ul", { className: "reasons" }, listed.map((r) => node("li", { text: r.text })))];
    }
    async function advise(path, payload, render) {
      const seq = shown.seq;
      adviceFor = seq;
      showAdvice([node("p", { className: "hint", text: P.advice_busy })]);
      const answer = await check(path, payload);
      if (!shown || shown.seq !== seq) return;
      if (!answer.ok) { showAdvice([node("p", { className: "explanation", text: (answer.data && answer.data.detail) || T.unreachable })]); return; }
      showAdvice(render(answer.data));
    }
    function askBidAdvice() {
      const deal = shown.deal;
      advise("/advice/bid", { players: dealPlayers(), hand: deal.hand, bids: deal.bids.map((b) => b.bid) }, (data) => [
        node("p", { className: "verdict-title", "data-role": "advised", "data-bid": data.bid, text: fill(P.advised_bid, { bid: bidName(data.bid) }) }),
        node("p", { className: "legend", text: fill(P.advice_strength, { strength: data.strength }) }),
        ...reasons(data, true), node("p", { className: "explanation" }, linked(data.explanation)),
        shown.you.legal.bids.includes(data.bid) ? button(data.bid === "passe" ? P.bids.passe : fill(P.follow_bid, { bid: bidName(data.bid) }),
          { "data-role": "follow" }, () => act({ type: "bid", bid: data.bid })) : null,
      ]);
    }
    function askCallAdvice() {
      advise("/advice/king-call", { hand: shown.deal.hand }, (data) => [
        node("p", { className: "verdict-title", "data-role": "advised", "data-card": data.card, text: fill(P.advised_call, { card: cardName(data.card) }) }),
        ...reasons(data),
        shown.you.legal.calls.includes(data.card) ? button(fill(P.follow_call, { card: cardName(data.card) }), { "data-role": "follow" },
          () => act({ type: "call", card: data.card }, data.card)) : null,
      ]);
    }
    function askEcartAdvice() {
      const deal = shown.deal;
      advise("/advice/ecart", { players: dealPlayers(), contract: deal.contract, hand: deal.hand, chien: deal.chien, called_card: deal.called_card },
        (data) => [
          node("p", { className: "verdict-title", text: P.advised_ecart }),
          data.ecart ? node("div", { className: "cards", "data-role": "advised-ecart" }, data.ecart.map((c) => mini(c))) : null,
          ...reasons(data, true), node("p", { className: "explanation" }, linked(data.explanation)),
          data.ecart ? button(P.follow_ecart, { "data-role": "follow" }, () => { ecartPick = new Set(data.ecart); drawHand(); }) : null,
        ]);
    }
    function askPlayAdvice() {
      const deal = shown.deal;
      const handCards = deal.hand || [];
      let partner = deal.partner;
      if (partner === null && deal.called_card && handCards.includes(deal.called_card) && deal.taker !== me()) partner = me();
      advise("/advice/play", {
        players: dealPlayers(), hand: handCards, trick: deal.trick.cards, seat: me(), taker: deal.taker,
        contract: deal.contract, called_card: deal.called_card, partner: partner,
        history: deal.tricks.map((t) => ({ leader: t.leader, cards: t.cards })),
        first_trick: deal.tricks.length === 0, chien: deal.chien, ecart: deal.ecart || null,
        chelem_announced: Boolean(deal.chelem_announced),
      }, (data) => [
        node("p", { className: "verdict-title", "data-role": "advised", "data-card": data.card, text: fill(P.advised_card, { card: cardName(data.card) }) }),
        ...reasons(data), node("p", { className: "explanation" }, linked(data.explanation)),
        button(P.follow_card, { "data-role": "follow" }, () => play(data.card)),
      ]);
    }

    // --- checked actions ---------------------------------------------------------------------------

    function refused(title, explanation, violations) {
      refusals += 1;
      root.dataset.refusals = String(refusals);
      say([verdictLine(false, title)].concat(violationsList(violations || [], explanation || T.unreachable)));
    }

    async function makeEcart() {
      const deal = shown.deal;
      const cards = Array.from(ecartPick);
      setBusy(true);
      const answer = await check("/check/ecart", { players: dealPlayers(), contract: deal.contract, hand: deal.hand, chien: deal.chien, ecart: cards });
      setBusy(false);
      if (answer.ok && !answer.data.legal) { refused(P.refused + " — " + T.ecart_illegal, answer.data.explanation, answer.data.violations); return; }
      if (!answer.ok) { refused(P.refused, (answer.data && answer.data.detail) || T.unreachable, []); return; }
      await act({ type: "ecart", cards: cards });
    }

    function startPoignee(level, size) {
      const cards = shown.deal.hand || [];
      const trumps = cards.filter((c) => /^T\d+$/.test(c)).sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)));
      const pick = new Set(trumps.slice(0, size));
      if (pick.size < size && cards.includes("EX")) pick.add("EX");
      poignee = { level: level, size: size, pick: pick };
      draw();
    }

    async function showPoignee() {
      const cards = Array.from(poignee.pick);
      setBusy(true);
      const answer = await check("/check/poignee", { players: dealPlayers(), hand: shown.deal.hand, shown: cards });
      setBusy(false);
      if (answer.ok && answer.data.legal === false) { refused(P.refused + " — " + P.poignee_shown, answer.data.explanation, answer.data.violations); return; }
      if (!answer.ok) { refused(P.refused, (answer.data && answer.data.detail) || T.unreachable, (answer.data && answer.data.violations) || []); return; }
      await act({ type: "poignee", cards: cards });
    }

    async function play(code) {
      selected = null;
      await act({ type: "play", card: code }, code);
    }

    async function act(action, code) {
      if (busy || !shown || stage !== "play") return;
      setBusy(true);
      try {
        const answer = await call("POST", "/tables/" + table + "/actions", Object.assign({ seat: me(), seq: view.seq }, action));
        if (answer.status === 409) {
          const seen = view.seq;
          const told = options.onStale ? await options.onStale(seen, answer.data) : null;
          await refresh();
          refusals += 1;
          root.dataset.refusals = String(refusals);
          if (told) say(told);
          return;
        }
        if (!answer.ok) {
          refused(P.refused + (code ? " — " + cardName(code) : ""), answer.data && (answer.data.explanation || answer.data.detail), answer.data && answer.data.violations);
          return;
        }
        if (action.type === "play") say([verdictLine(true, P.played + " — " + cardName(code))]);
        else if (action.type === "poignee") say([verdictLine(true, P.poignee_shown)]);
        else if (action.type === "chelem") say([verdictLine(true, P.chelem_done)]);
        else if (action.type === "jeu") say([verdictLine(true, P.jeu_done)]);
        else say([]);
        if (action.type === "ecart") ecartPick = new Set();
        poignee = null;
        if (options.onAction) options.onAction(action);
        await update(answer.data.table, answer.data.events);
        keepFocus();
      } finally {
        setBusy(false);
      }
    }

    /* The focused control went away (a bid made, a card played): give the focus to the next
     * thing to do, so that a keyboard user never falls back to the top of the page. */
    function keepFocus() {
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) return;
      const next = root.querySelector(".review:not([hidden]) [data-role='see-review'], .review:not([hidden]) [data-role='next-deal'], [data-role='see-review'], .table-actions button, .hand button.card.legal") || status;
      next.focus({ preventScroll: true }); // never back to the top: the trick and hand in view
      reveal();
    }

    async function onUndo() {
      if (busy) return;
      setBusy(true);
      try { await options.undo(); } finally { setBusy(false); }
    }

    // --- running count ----------------------------------------------------------------------------

    async function drawCount() {
      counting.hidden = !countToggle.checked;
      const deal = shown && shown.deal;
      if (!countToggle.checked || stage !== "play" || !deal || !deal.tricks || deal.taker === null || deal.taker === undefined) {
        counting.replaceChildren();
        countKey = "";
        return;
      }
      const key = shown.id + ":" + deal.number + ":" + deal.tricks.length + ":" + deal.partner + ":" + deal.phase;
      if (key === countKey) return;
      countKey = key;
      const fmt = (n) => (n === null ? "?" : new Intl.NumberFormat(LANG).format(n));
      const drawn = (counted) => counting.replaceChildren(...[
        node("h3", { text: P.region_count }),
        node("p", { "data-camp": "taker", text: fill(P.count_taker, { points: fmt(counted.taker) }) }),
        node("p", { "data-camp": "defense", text: fill(P.count_defense, { points: fmt(counted.defense) }) }),
        dealPlayers() === 5 && deal.partner === null ? node("p", { className: "legend", text: P.count_partner_unknown }) : null,
      ].filter(Boolean));
      if (deal.phase === "finished" || deal.phase === "scored") {
        // the deal is over (a page opened after the partie): the core's count of the whole
        // deal, the chien or the écart in it, as the review gives it
        const answer = await call("GET", "/tables/" + table + "/deals/" + deal.number);
        if (countKey !== key) return;
        drawn(answer.ok ? { taker: answer.data.piles.taker.points, defense: answer.data.piles.defense.points } : { taker: null, defense: null });
        return;
      }
      const attack = (seat) => seat === deal.taker || (deal.partner !== null && seat === deal.partner);
      const piles = { taker: [], defense: [] };
      deal.tricks.forEach((t) => t.cards.forEach((c) => piles[attack(t.winner) ? "taker" : "defense"].push(c)));
      const counted = {};
      for (const camp of ["taker", "defense"]) {
        if (!piles[camp].length) { counted[camp] = 0; continue; }
        const answer = await check("/count", { cards: piles[camp] });
        if (countKey !== key) return;
        counted[camp] = answer.ok ? answer.data.points : null;
      }
      drawn(counted);
    }

    // --- the review --------------------------------------------------------------------------------

    function pileNode(camp, pile) {
      return node("div", { className: "pile", "data-camp": camp, "data-points": String(pile.points), "data-bouts": String(pile.bouts) }, [
        node("h3", { text: camp === "taker" ? P.pile_taker : P.pile_defense }),
        node("p", { className: "pile-total", text: pile.text }),
        miniRun(pile.cards),
      ]);
    }

    function replayNode(trick) {
      const box = node("div", { className: "replay-trick", "data-trick": String(trick.number) }, [
        node("p", { className: "legend", text: fill(P.trick_won_by, { number: trick.number, name: name(trick.winner) }) }),
        node("div", { className: "cards" }, trick.cards.map((code, i) => {
          const c = mini(code, trick.seats[i] === trick.winner ? "winner" : null);
          c.setAttribute("aria-label", fill(P.played_by, { card: cardName(code), name: name(trick.seats[i]) }));
          return node("figure", { className: "played" }, [c, node("figcaption", { text: name(trick.seats[i]) })]);
        })),
      ]);
      return box;
    }

    function drawReview() {
      const r = review;
      const score = r.score;
      const replayBox = node("div", { className: "replay", "aria-live": "polite" }, [replayNode(r.tricks[r.tricks.length - 1])]);
      const trickButtons = node("div", { className: "trick-buttons", role: "group", "aria-label": P.replay_tricks },
        r.tricks.map((t) => button(String(t.number), { className: "trick-button", "data-trick": String(t.number), "aria-label": fill(P.replay_trick, { number: t.number }) },
          () => { replayBox.replaceChildren(replayNode(t)); trickButtons.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", b.dataset.trick === String(t.number) ? "true" : "false")); })));
      const contract = fill(P.review_contract, { name: name(r.taker), contract: bidName(r.contract) })
        + (r.called_card ? " " + fill(P.called, { card: cardName(r.called_card) }) : "")
        + (r.partner !== null && r.partner !== r.taker ? " " + fill(P.partner_was, { name: name(r.partner) }) : "");
      const scores = r.people.map((seat, i) => node("li", { "data-seat": String(seat) }, [
        node("span", { text: name(seat) + " " }), node("strong", { className: "num", text: (r.scores[seat] > 0 ? "+" : "") + r.scores[seat] })]));
      const over = pending && pending.over;
      reviewBox.replaceChildren(
        node("h2", { text: fill(P.review_title, { number: r.number }) }),
        verdictLine(score.won, score.won ? T.won : T.lost),
        node("p", { text: contract }),
        node("div", { className: "piles" }, [pileNode("taker", r.piles.taker), pileNode("defense", r.piles.defense)]),
        node("p", { className: "pile-sum", "data-role": "pile-sum", text: fill(P.piles_sum, { points: new Intl.NumberFormat(LANG).format(r.piles.taker.points + r.piles.defense.points) }) }),
        node("div", { className: "chien-review" }, [
          node("h3", { text: P.chien }), miniRun(r.chien),
          r.ecart ? node("h3", { text: P.ecart }) : null, r.ecart ? miniRun(r.ecart) : null,
          node("p", { className: "legend", text: r.chien_text }),
          r.excuse.text ? node("p", { className: "legend", text: r.excuse.text }) : null,
        ]),
        node("h3", { text: T.derivation }),
        node("ol", { className: "derivation", "data-role": "derivation" }, score.derivation.map((l) => node("li", { text: l.text, "data-code": l.code }))),
        node("p", { className: "explanation" }, linked(score.explanation)),
        node("h3", { text: T.scores }),
        node("ul", { className: "deal-scores" }, scores),
        node("h3", { text: P.replay_title }),
        trickButtons, replayBox,
        over ? node("p", { className: "verdict-title", text: P.over })
          : button(P.next_deal, { className: "primary", "data-role": "next-deal" }, nextDeal),
      );
    }

    async function openReview(number) {
      const answer = await call("GET", "/tables/" + table + "/deals/" + number);
      if (!answer.ok) return false;
      review = answer.data;
      return true;
    }

    function seeReview() {
      stage = "review";
      render();
      const next = reviewBox.querySelector("h2");
      if (next) { next.setAttribute("tabindex", "-1"); next.focus(); }
      reviewBox.scrollIntoView({ block: "start" });
    }

    function nextDeal() {
      stage = "play";
      review = null;
      shown = pending || view;
      pending = null;
      render();
      keepFocus();
      root.scrollIntoView({ block: "start" });
      schedule();
    }

    // --- drawing -----------------------------------------------------------------------------------

    function drawSheet() {
      const v = shown;
      const sheet = (pending || v).scoresheet;
      const n = v.players;
      const head = node("tr", {}, [node("th", { scope: "col", text: P.deal })].concat(
        Array.from({ length: n }, (_, i) => node("th", { scope: "col", text: name(i) }))));
      const rows = sheet.entries.map((e) => node("tr", {}, [node("th", { scope: "row", text: String(e.number) })].concat(
        e.totals.map((t) => node("td", { className: "num", text: String(t) })))));
      const total = node("tr", {}, [node("th", { scope: "row", text: P.total })].concat(
        sheet.totals.map((t) => node("td", { className: "num total", text: String(t) }))));
      sheetTable.replaceChildren(node("caption", { className: "sr-only", text: T.scores }),
        node("thead", {}, [head]), node("tbody", {}, rows), node("tfoot", {}, [total]));
    }

    function drawStatus() {
      const v = shown;
      const deal = v.deal;
      const mine = myTurn(v);
      let text;
      if (stage === "last-trick") text = P.deal_over;
      else if (stage === "review") text = fill(P.review_title, { number: review.number });
      else if (v.over) text = P.over;
      else if (mine) text = P.your_turn;
      else if (v.to_move === null || v.to_move === undefined || (v.bots || []).includes(v.to_move)) text = P.waiting;
      else { // a person, at an online table: what he is to do (a bid in the auction, not a card)
        const phase = deal ? deal.phase : "";
        const words = phase === "bidding" ? P.waiting_for_bid : phase === "playing" ? P.waiting_for : P.waiting_for_taker;
        text = fill(words, { name: name(v.to_move) });
      }
      const facts = [text];
      if (me() === null) facts.push(P.spectating);
      else if (deal && !deal.hand) facts.push(P.sitting_out);
      if (stage === "play" && deal && deal.called_card) facts.push(fill(P.called, { card: cardName(deal.called_card) }));
      if (status.textContent !== facts.join(" · ")) status.textContent = facts.join(" · ");
    }

    function render() {
      if (!shown) return;
      const deal = shown.deal;
      root.dataset.table = table;
      root.dataset.seq = String(view.seq);
      root.dataset.phase = stage === "play" ? (deal ? deal.phase : "") : "scored";
      root.dataset.mine = stage === "play" && myTurn(shown) ? "true" : "false";
      root.dataset.stage = stage;
      if (adviceFor !== null && adviceFor !== shown.seq) { adviceFor = null; advice.hidden = true; advice.replaceChildren(); }
      playArea.hidden = stage === "review";
      reviewBox.hidden = stage !== "review";
      drawUndo();
      drawStatus();
      drawFelt();
      drawHand();
      drawActions();
      drawCount();
      drawSheet();
      if (stage === "last-trick") {
        actions.replaceChildren(node("p", { className: "prompt", text: P.deal_over }),
          button(P.see_review, { className: "primary", "data-role": "see-review" }, seeReview));
      }
      if (stage === "review") drawReview();
      if (options.onChange) options.onChange(shown, stage);
    }

    function draw() { render(); }

    /* A new view (and the events that led to it). When a deal was scored since the last view
     * drawn, the last trick stays on the table and the review follows; the new deal waits. */
    async function update(next, events) {
      if (destroyed || !next) return;
      view = next;
      const entries = next.scoresheet.entries.length;
      const scored = (events || []).filter((e) => e.type === "scored").map((e) => e.number);
      const newlyScored = knownEntries !== null && entries > knownEntries;
      knownEntries = entries;
      if ((scored.length || newlyScored) && stage === "play") {
        const number = scored.length ? scored[scored.length - 1] : next.scoresheet.entries[entries - 1].number;
        if (await openReview(number)) {
          pending = next;
          selected = null;
          stage = "last-trick";
          render();
          schedule();
          return;
        }
      }
      if (stage !== "play") { pending = next; render(); return; }
      if (!shown || shown.seq !== next.seq || shown.id !== next.id) {
        if (shown && shown.seq !== next.seq) selected = null;
        shown = next;
      }
      render();
      schedule();
    }

    async function refresh() {
      const answer = await call("GET", "/tables/" + table);
      if (answer.ok) await update(answer.data, null);
      else schedule();
      return answer;
    }

    function schedule() {
      clearTimeout(timer);
      if (destroyed || options.poll === false) return;
      const v = pending || view;
      if (v && !v.over && v.to_move !== me() && !v.paused) timer = setTimeout(refresh, POLL_MS);
    }

    /* Sit at another table (an undo's fork): same element, new id and token. */
    async function switchTo(id, seatToken) {
      const scrolled = window.scrollY; // an undo's fork: the page stays where the learner was
      table = id;
      token = seatToken;
      view = shown = pending = review = null;
      stage = "play";
      selected = null;
      ecartPick = new Set();
      poignee = null;
      knownEntries = null;
      countKey = "";
      say([]);
      setBusy(true);
      try { return await refresh(); } finally { setBusy(false); window.scrollTo(0, scrolled); }
    }

    function destroy() {
      destroyed = true;
      clearTimeout(timer);
      root.replaceChildren();
    }

    setBusy(false);
    root.dataset.refusals = "0";
    return {
      update: update, refresh: refresh, switchTo: switchTo, destroy: destroy,
      get view() { return view; }, get stage() { return stage; }, get table() { return table; },
      say: say,
    };
  }

  window.TarotTable = { mount: mount };
})();
