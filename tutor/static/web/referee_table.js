/* An online table as one seat sees it (or the referee and spectators): opened by an invite link
 * /referee/table/<id>#k=<token>. The view is the API's for that token (GET /tables/<id>): a seat
 * sees its own hand only, with the actions the rules allow it now (you.legal); every action is
 * checked by the API (422 with the explanation, 409 when the table moved on — then the page says
 * what changed and shows the table as it is). A reload resumes from the address. The referee's
 * link also hands an idle seat to a robot, and gives it back.
 *
 * Every link opens the card table of the practice table (table.js, mounted on #online-seat,
 * no advice: other people play), with who is connected beside each name. A seat plays there;
 * at six or seven the seats sitting out the deal are shown beside the table, and a seat that
 * sits one out follows it without a hand (the API gives it none); the referee's and
 * spectators' link follows it as a spectator (no hand: the API's public view), and keeps the
 * list of seats below it to hand an idle seat to a robot. The plain view below serves only a
 * browser without table.js.
 *
 * The page follows the table by its stream: an EventSource opened with a stream ticket (POST
 * /tables/<id>/stream-tickets; an EventSource cannot send Authorization), each event waking a
 * catch-up from /tables/<id>/events?since=<seq> — the log, so nothing is lost or doubled. A
 * ticket lives a minute: when the browser's own reconnection is refused, the page asks for a
 * new one. While no stream is open (none offered, the broker out, the network down) the page
 * polls the events every half second, as before; with one open it only checks the connection
 * and the seats every few seconds.
 *
 * State mirrored on #online for the browser tests: data-seq, data-busy, data-phase, data-mine
 * (this seat is to act), data-seat, data-refusals, data-stream (open | polling); the card
 * table mirrors its own on #online-seat (see table.js). */
(function () {
  "use strict";

  window.TarotRefereePages = window.TarotRefereePages || [];
  window.TarotRefereePages.push(function (kit, K) {
    const root = document.getElementById("online");
    if (!root) return;
    const { el, cardNode, cardName, fill, T, cardOrder } = kit;
    const R = K.R;
    const $ = (id) => document.getElementById(id);
    const tableId = root.dataset.tableId;
    const token = K.fragment().k;
    const POLL_MS = 500;
    const HEARTBEAT_MS = 4000;
    const seatRoot = $("online-seat");
    const eventTypes = (root.dataset.eventTypes || "").split(" ").filter(Boolean);
    const enc = encodeURIComponent(tableId);
    let seatTable = null; // the card table (table.js), once the first view is in
    let source = null; // the EventSource, while one is open or opening
    let streamRetry = null;
    let view = null;
    let busy = false;
    let refusals = 0;
    let timer = null;
    let pick = null; // {kind: "ecart" | "poignee", size, set}

    K.connectionBanner($("online-banner"));
    if (!token) { $("online-missing").hidden = false; return; }

    // --- transport --------------------------------------------------------------------------

    function setBusy(on) {
      busy = on;
      root.dataset.busy = on ? "true" : "false";
      root.setAttribute("aria-busy", on ? "true" : "false");
    }

    /* The seat's key was withdrawn (the referee gave the seat to a robot or renewed its
     * link): the page stops following the table — every request would be refused again —
     * and says why, with the way back (the new link, from the referee). */
    let withdrawn = false;
    function keyWithdrawn(answer) {
      if (answer.status !== 401 || withdrawn) return withdrawn;
      withdrawn = true;
      clearTimeout(timer);
      clearTimeout(streamRetry);
      if (source) { source.close(); source = null; }
      root.dataset.stream = "closed";
      const missing = $("online-missing");
      missing.textContent = R.key_withdrawn;
      missing.setAttribute("role", "alert");
      missing.hidden = false;
      return true;
    }

    async function refresh(events) {
      const answer = await K.call("GET", "/tables/" + enc, token);
      if (keyWithdrawn(answer)) return answer;
      if (answer.ok) {
        const moved = !view || view.seq !== answer.data.seq;
        view = answer.data;
        if (moved) pick = pick && view.you.legal && (view.you.legal.ecart || view.you.legal.poignees.length) ? pick : null;
        await draw(events);
      }
      return answer;
    }

    const acting = () => busy || (seatTable !== null && seatRoot.dataset.busy === "true");
    const streaming = () => source !== null && source.readyState === 1; // EventSource.OPEN

    /* Catch up with the log: the events since the view's seq and, when there are any, the new
     * view. One at a time; a wake-up during one runs another after it. */
    let catching = false;
    let catchAgain = false;
    async function catchUp() {
      if (catching) { catchAgain = true; return; }
      catching = true;
      try {
        do {
          catchAgain = false;
          if (!view) break;
          if (acting()) { catchAgain = false; setTimeout(catchUp, 100); break; }
          const answer = await K.call("GET", "/tables/" + enc + "/events?since=" + view.seq, token);
          if (keyWithdrawn(answer)) break;
          if (answer.ok && answer.data.events.length && !acting()) {
            showScore(answer.data.events);
            await refresh(answer.data.events);
          } else if (answer.ok && Date.now() - lastSeats > HEARTBEAT_MS) {
            await refresh(); // who is connected changes without an event
          }
        } while (catchAgain);
      } finally {
        catching = false;
      }
    }

    /* The fallback and the heartbeat: poll while no stream is open; with one, only now and
     * then (the seats' presence, and a lost connection shown by the banner). */
    async function follow() {
      clearTimeout(timer);
      if (withdrawn) return;
      if (!streaming() || Date.now() - lastSeats > HEARTBEAT_MS) await catchUp();
      if (!source && !streamRetry) subscribe();
      root.dataset.stream = streaming() ? "open" : "polling";
      timer = setTimeout(follow, streaming() ? HEARTBEAT_MS : POLL_MS);
    }
    let lastSeats = 0;

    /* Open the stream of this token with a fresh ticket. A ticket opens one stream once and
     * lives a minute, and the server ends a stream after 55 s: so the page never lets the
     * browser reconnect by itself with the old ticket (it would be refused, 401) — when the
     * stream ends or fails, it is closed and opened again with a new ticket, from the view's
     * seq (the log fills any gap); meanwhile follow() polls. */
    async function subscribe() {
      if (withdrawn || !window.EventSource || !eventTypes.length || !view || source) return;
      const ticket = await K.call("POST", "/tables/" + enc + "/stream-tickets", token);
      if (keyWithdrawn(ticket)) return;
      if (!ticket.ok || !ticket.data || !ticket.data.ticket || source) { retryStream(); return; }
      const url = kit.API + "/tables/" + enc + "/stream?ticket=" + encodeURIComponent(ticket.data.ticket)
        + "&since=" + view.seq + "&lang=" + kit.LANG;
      const opened = new EventSource(url);
      source = opened;
      const wake = () => catchUp();
      eventTypes.forEach((type) => opened.addEventListener(type, wake));
      opened.addEventListener("open", () => { root.dataset.stream = "open"; catchUp(); });
      opened.addEventListener("error", () => {
        root.dataset.stream = "polling";
        opened.close();
        if (source === opened) source = null;
        retryStream(500);
        catchUp(); // a lost connection shows its banner from there
      });
    }

    function retryStream(delay) {
      if (streamRetry) return;
      streamRetry = setTimeout(() => { streamRetry = null; subscribe(); }, delay || 3000);
    }

    async function act(action, label) {
      if (busy || !view) return;
      const seq = view.seq;
      setBusy(true);
      try {
        const body = Object.assign({ seq: seq }, action);
        if (view.you.role === "seat" && body.seat === undefined) body.seat = view.you.seat;
        const answer = await K.call("POST", "/tables/" + encodeURIComponent(tableId) + "/actions", token, body);
        if (answer.status === 0) { verdict([line(false, R.not_sent)]); return; }
        if (keyWithdrawn(answer)) return;
        if (answer.status === 409) {
          const changes = await K.changesSince(tableId, token, seq, view.names);
          await refresh();
          refusals += 1;
          root.dataset.refusals = String(refusals);
          verdict([line(false, (answer.data && answer.data.detail) || R.stale),
            el("p", { className: "explanation", text: R.stale }),
            changes.length ? el("ul", { className: "changes" }, changes.map((c) => el("li", { text: c }))) : null]);
          return;
        }
        if (!answer.ok) { refused(answer.data, label); return; }
        pick = null;
        // a seat given back from a robot comes with a new token: its new invite link
        const invites = (answer.data.seat_tokens || []).map((t) => el("p", { className: "new-invite" }, [
          el("span", { text: fill(R.new_invite, { name: t.name }) + " " }),
          el("a", { href: K.withFragment("/referee/table/" + tableId, { k: t.token }),
            id: "new-invite-" + t.seat, text: fill(R.invite_of, { name: t.name }) })]));
        verdict((label ? [line(true, R.recorded + " — " + label)] : []).concat(invites));
        showScore(answer.data.events);
        view = answer.data.table;
        draw();
      } finally {
        setBusy(false);
      }
    }

    // --- verdicts -----------------------------------------------------------------------------

    const line = K.verdictLine;

    function verdict(nodes) { $("online-verdict").replaceChildren(...nodes.filter(Boolean)); }

    function refused(data, label) {
      refusals += 1;
      root.dataset.refusals = String(refusals);
      verdict(K.refusalNodes(data, label, false));
    }

    function showScore(events) {
      if (seatTable || cardMode()) return; // the card table reviews the deal itself
      const scored = (events || []).filter((e) => e.type === "scored" && e.score);
      if (!scored.length) return;
      const e = scored[scored.length - 1];
      $("online-result-box").hidden = false;
      $("online-result").replaceChildren(
        line(e.score.won, (e.score.won ? T.won : T.lost) + " — " + fill(T.deal_number, { number: e.number })),
        el("ol", { className: "derivation", id: "online-derivation" }, e.score.derivation.map((l) => el("li", { text: l.text }))),
        el("p", { className: "explanation", text: e.score.explanation }));
    }

    // --- drawing ------------------------------------------------------------------------------

    const name = (seat) => (seat === null || seat === undefined ? "" : view.names[seat]);
    const mine = () => view.you.role === "seat" && view.to_move === view.you.seat && !view.over;

    function button(text, attrs, onClick) {
      const b = el("button", Object.assign({ type: "button", text: text }, attrs || {}));
      b.addEventListener("click", onClick);
      return b;
    }

    function drawSeats() {
      lastSeats = Date.now();
      const deal = view.deal;
      const presence = {};
      (view.presence || []).forEach((p) => { presence[p.seat] = p; });
      const referee = view.you.role === "referee";
      $("online-seats").replaceChildren(...view.names.map((n, i) => {
        const p = presence[i] || {};
        const robot = view.bots.includes(i);
        const state = robot ? R.robot_plays : p.connected ? R.connected : p.joined === false ? R.open_seat : R.idle;
        const roles = [];
        if (deal && deal.dealer === i) roles.push(R.role_dealer);
        if (deal && deal.taker === i) roles.push(R.role_taker + (deal.contract ? " (" + K.bidName(deal.contract) + ")" : ""));
        if (deal && deal.partner === i) roles.push(R.role_partner);
        if (deal && !deal.people.includes(i)) roles.push(R.sits_out);
        if (view.to_move === i) roles.push(R.to_play);
        const size = deal && deal.hand_sizes ? deal.hand_sizes[String(i)] : null;
        const shown = deal ? deal.poignees.filter((x) => x.seat === i) : [];
        return el("div", { className: "seat" + (view.to_move === i ? " turn" : ""), "data-seat": String(i),
          "data-connected": p.connected ? "true" : "false", "data-robot": robot ? "true" : "false" }, [
          el("span", { className: "presence" + (robot ? " bot" : p.connected ? " on" : ""), "aria-hidden": "true" }),
          el("strong", { text: n + (view.you.role === "seat" && view.you.seat === i ? " (" + R.you + ")" : "") }),
          el("span", { className: "legend", text: " · " + state }),
          roles.length ? el("div", { text: roles.join(" · ") }) : null,
          size !== null && size !== undefined ? el("div", { className: "legend", text: fill(T.cards_left, { count: size }) }) : null,
          ...shown.map((x) => el("div", { className: "legend", text: fill(R.poignee_of, { name: n, count: x.cards.length }) })),
          referee && !view.over ? (robot
            ? button(fill(R.give_back, { name: n }), { className: "seat-person", "data-seat": String(i) }, () => act({ type: "person", seat: i }, fill(R.ev_person, { name: n })))
            : button(fill(R.hand_to_robot, { name: n }), { className: "seat-robot", "data-seat": String(i) }, () => act({ type: "robot", seat: i }, fill(R.ev_robot, { name: n })))) : null,
        ]);
      }));
    }

    function drawTrick() {
      const deal = view.deal;
      const trick = deal ? deal.trick : { cards: [], leader: 0 };
      const seatAt = (leader, i) => deal.people[(deal.people.indexOf(leader) + i) % deal.people.length];
      $("online-trick").replaceChildren(...trick.cards.map((c, i) => el("figure", { className: "played" }, [
        cardNode(c, false), el("figcaption", { text: name(seatAt(trick.leader, i)) })])));
      const last = deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
      K.text($("online-last"), last ? fill(R.last_trick, { name: name(last.winner), cards: last.cards.map(cardName).join(", ") }) : "");
      const chien = deal && deal.chien;
      $("online-chien-box").hidden = !chien;
      if (chien) $("online-chien").replaceChildren(...chien.map((c) => cardNode(c, false)));
    }

    function drawHand() {
      const deal = view.deal;
      const seat = view.you.role === "seat";
      $("online-hand-box").hidden = !seat;
      if (!seat) return;
      const legal = view.you.legal;
      const hand = (deal && deal.hand) || [];
      const pool = legal.ecart && deal.chien ? hand.concat(deal.chien.filter((c) => !hand.includes(c))) : hand.slice();
      pool.sort((a, b) => cardOrder(a) - cardOrder(b));
      $("online-hand").replaceChildren(...pool.map((code) => {
        const b = cardNode(code, true);
        b.setAttribute("aria-label", cardName(code));
        if (pick) {
          b.setAttribute("aria-pressed", pick.set.has(code) ? "true" : "false");
          b.classList.toggle("chosen", pick.set.has(code));
          b.addEventListener("click", () => { if (pick.set.has(code)) pick.set.delete(code); else pick.set.add(code); draw(); });
        } else {
          const ok = mine() && legal.cards.includes(code);
          b.disabled = !ok;
          b.classList.toggle("legal", ok);
          b.addEventListener("click", () => act({ type: "play", card: code }, cardName(code)));
        }
        return b;
      }));
      K.text($("online-count"), pick ? fill(T.selected_count, { count: pick.set.size, size: pick.size }) : "");
    }

    function drawActions() {
      const legal = view.you.legal;
      const out = [];
      if (view.you.role === "seat" && legal) {
        if (legal.ecart && !pick) pick = { kind: "ecart", size: view.deal.chien ? view.deal.chien.length : 0, set: new Set() };
        if (pick && pick.kind === "ecart") {
          out.push(el("span", { text: R.ecart_prompt }));
          out.push(button(R.ecart_submit, { className: "primary", id: "online-ecart" }, () => act({ type: "ecart", cards: Array.from(pick.set) }, R.ecart_done)));
        } else if (pick && pick.kind === "poignee") {
          out.push(el("span", { text: fill(R.poignee_pick, { count: pick.size }) }));
          out.push(button(R.show_these, { className: "primary", id: "online-poignee-show" }, () => act({ type: "poignee", cards: Array.from(pick.set) }, R.poignee_label)));
          out.push(button(R.cancel, { id: "online-poignee-cancel" }, () => { pick = null; draw(); }));
        } else {
          if (legal.bids.length) {
            out.push(el("span", { text: R.your_bid }));
            legal.bids.forEach((bid) => out.push(button(K.bidName(bid), { className: "bid", "data-bid": bid }, () => act({ type: "bid", bid: bid }, K.bidName(bid)))));
          }
          if (legal.calls.length) {
            out.push(el("span", { text: R.your_call }));
            legal.calls.forEach((code) => {
              const b = cardNode(code, true);
              b.classList.add("call");
              b.addEventListener("click", () => act({ type: "call", card: code }, cardName(code)));
              out.push(b);
            });
          }
          if (legal.jeu) out.push(button(R.say_jeu, { className: "primary", id: "online-jeu" }, () => act({ type: "jeu" }, R.say_jeu)));
          if (legal.chelem) out.push(button(R.announce_chelem, { id: "online-chelem" }, () => act({ type: "chelem" }, R.announce_chelem)));
          const sizes = (R.sizes[String(view.deal ? view.deal.people.length : view.players)] || {}).poignees || [];
          legal.poignees.forEach((level) => {
            const size = sizes[["simple", "double", "triple"].indexOf(level)];
            out.push(button(fill(R.show_poignee, { count: size }), { className: "poignee", "data-level": level }, () => {
              const trumps = view.deal.hand.filter((c) => /^T\d+$/.test(c)).sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)));
              const set = new Set(trumps.slice(0, size));
              if (set.size < size && view.deal.hand.includes("EX")) set.add("EX");
              pick = { kind: "poignee", size: size, set: set };
              draw();
            }));
          });
        }
      }
      $("online-actions").replaceChildren(...out);
    }

    function drawStatus() {
      const deal = view.deal;
      const facts = [];
      if (view.over) facts.push(K.overText(view));
      else if (view.paused) facts.push(R.paused);
      else if (mine()) facts.push(R.your_turn);
      else if (view.to_move !== null && view.to_move !== undefined) facts.push(fill(R.waiting_for, { name: name(view.to_move) }));
      if (deal) facts.push(fill(T.deal_number, { number: deal.number }) + " / " + view.deals);
      if (deal && deal.called_card) facts.push(fill(R.called_is, { card: cardName(deal.called_card) }));
      if (view.you.role === "referee") facts.push(R.spectating);
      K.text($("online-status"), facts.join(" · "));
    }

    /* Every token, every table: the card table, fed with each new view. */
    const cardMode = () => Boolean(window.TarotTable && view);

    function presenceNote(seat, v) {
      if (!v) return null;
      const p = (v.presence || []).find((x) => x.seat === seat) || {};
      const robot = v.bots.includes(seat);
      return el("span", { className: "presence-note" + (robot ? " bot" : p.connected ? " on" : ""),
        "data-connected": p.connected ? "true" : "false", text: robot ? R.robot_plays : p.connected ? R.connected : p.joined === false ? R.open_seat : R.idle });
    }

    async function drawSeatTable(events) {
      if (!seatTable) {
        ["online-trick-box", "online-hand-box", "online-result-box", "online-status"].forEach((id) => { $(id).hidden = true; });
        // the referee keeps the seats (who is connected, a seat handed to a robot) and the
        // verdict of those actions; a seat acts on its card table, which says its verdicts
        const referee = view.you.role === "referee";
        $("online-seats").closest("section").hidden = !referee;
        $("online-verdict").hidden = !referee;
        seatRoot.hidden = false;
        seatTable = window.TarotTable.mount(seatRoot, {
          kit: kit, texts: JSON.parse($("table-texts").textContent), table: tableId, token: token,
          poll: false, advice: false, sheet: false, seatExtra: presenceNote,
          onStale: async (seq, problem) => {
            const changes = await K.changesSince(tableId, token, seq, view.names);
            return [line(false, (problem && problem.detail) || R.stale),
              el("p", { className: "explanation", text: R.stale }),
              changes.length ? el("ul", { className: "changes" }, changes.map((c) => el("li", { text: c }))) : null];
          },
          onChange: () => { // after the seat's own action: the page's view follows the table's
            const latest = seatTable && seatTable.view;
            if (latest && latest.seq > view.seq) { view = latest; drawSheetOnly(); }
          },
        });
      }
      await seatTable.update(view, events || null);
    }

    function drawSheetOnly() {
      lastSeats = Date.now();
      root.dataset.seq = String(view.seq);
      K.drawSheet($("online-sheet"), view);
      K.sheetExports($("online-exports"), view, "scoresheet-" + view.id);
    }

    /* An invitee writes their own name (the organiser's guess, or « Player 2 », was not it). */
    function drawRename() {
      const form = $("online-rename");
      form.hidden = view.you.role !== "seat" || view.over;
      const input = $("online-name");
      if (!form.hidden && document.activeElement !== input) input.value = view.names[view.you.seat] || "";
    }
    $("online-rename").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = $("online-name").value.trim();
      if (!name || !view || name === view.names[view.you.seat]) return;
      await act({ type: "name", name: name });
      // said beside the form: the card table hides the page's verdicts
      if (view.names[view.you.seat] === name) K.text($("online-rename-said"), fill(R.renamed, { name: name }));
    });

    async function draw(events) {
      root.hidden = false;
      drawRename();
      root.dataset.seq = String(view.seq);
      root.dataset.phase = view.deal ? view.deal.phase : "";
      root.dataset.mine = mine() ? "true" : "false";
      root.dataset.seat = view.you.role === "seat" ? String(view.you.seat) : "referee";
      root.dataset.over = view.over ? "true" : "false";
      if (cardMode()) {
        drawSheetOnly();
        if (view.you.role === "referee") drawSeats();
        await drawSeatTable(events);
        return;
      }
      drawStatus();
      drawSeats();
      drawTrick();
      drawActions();
      drawHand();
      K.drawSheet($("online-sheet"), view);
      K.sheetExports($("online-exports"), view, "scoresheet-" + view.id);
    }

    (async function start() {
      setBusy(true);
      const answer = await refresh();
      setBusy(false);
      if (!answer.ok && answer.status !== 0) {
        $("online-missing").hidden = false;
        $("online-missing").textContent = (answer.data && answer.data.detail) || T.unreachable;
        return;
      }
      // the last deal's score, when the page opens after it (a reload, a late arrival)
      if (!seatTable) {
        const log = await K.call("GET", "/tables/" + enc + "/events?since=0", token);
        if (log.ok) showScore(log.data.events);
      }
      follow();
    })();
  });
})();
