/* The console of a physical table: the referee (or a player) records, on a phone, a deal
 * played with real cards — bids, the king called, the chien turned over, « Jeu » once the
 * écart is made, the poignées shown and each card in turn. The API (mode "physical") says what
 * to record next (you.expected), refuses what cannot be (422, with its explanation), reports a
 * revoke as soon as a later card proves it and waits for the referee's ruling, and scores the
 * deal. This script only draws the view and sends the taps.
 *
 * The state is mirrored on #console (data-table, data-seq, data-busy, data-phase, data-step,
 * data-refusals) for the browser tests, which wait on it rather than on time. */
(function () {
  "use strict";

  window.TarotRefereePages = window.TarotRefereePages || [];
  window.TarotRefereePages.push(function (kit, K) {
    const root = document.getElementById("console");
    if (!root) return;
    const { el, cardNode, cardName, fill, T, CARDS } = kit;
    const R = K.R;
    const $ = (id) => document.getElementById(id);
    const STORE = "tarot-referee-console";
    const GROUPS = ["spades", "hearts", "diamonds", "clubs", "trump"];
    let table = null;
    let token = null;
    let view = null;
    let busy = false;
    let refusals = 0;
    let tab = "spades";
    let tabSeq = -1;
    let choosing = null; // {kind: "chien" | "poignee", pick: Set}
    let lastScore = null;

    K.connectionBanner($("console-banner"));

    // --- the cards of the picker, by group (the 78 cards of the server's table) ---------

    const byGroup = {};
    GROUPS.forEach((g) => { byGroup[g] = []; });
    Object.keys(CARDS).sort((a, b) => CARDS[a].order - CARDS[b].order).forEach((code) => {
      const cls = CARDS[code].cls === "excuse" ? "trump" : CARDS[code].cls;
      byGroup[cls].push(code);
    });
    const groupOf = (code) => (CARDS[code] && CARDS[code].cls !== "excuse" ? (CARDS[code].cls) : "trump");

    // --- setup ------------------------------------------------------------------------------

    function setupNames() {
      const n = Number($("console-players").value);
      const box = $("console-names");
      const kept = Array.from(box.querySelectorAll("input")).map((i) => i.value);
      const legend = box.querySelector("legend");
      const fields = [];
      for (let i = 0; i < n; i += 1) {
        const id = "console-name-" + i;
        fields.push(el("label", { for: id, text: fill(T.player_name, { number: i + 1 }) }));
        fields.push(el("input", { id: id, name: "name", maxlength: "40", required: true, value: kept[i] || fill(T.player, { number: i + 1 }) }));
      }
      box.replaceChildren(legend, ...fields);
      const dealer = $("console-dealer");
      const keep = dealer.value;
      dealer.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: String(i), text: fill(T.player, { number: i + 1 }) })));
      if (Number(keep) < n) dealer.value = keep;
      box.querySelectorAll("input").forEach((input, i) => input.addEventListener("input", () => {
        dealer.options[i].textContent = input.value || fill(T.player, { number: i + 1 });
      }));
      box.querySelectorAll("input").forEach((input, i) => { dealer.options[i].textContent = input.value; });
    }
    $("console-players").addEventListener("change", setupNames);
    setupNames();

    $("console-setup").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      const names = Array.from($("console-names").querySelectorAll("input")).map((i) => i.value.trim());
      const answer = await K.call("POST", "/tables", null, {
        mode: "physical", players: names.length, names: names,
        deals: Number($("console-deals").value), dealer: Number($("console-dealer").value),
      });
      setBusy(false);
      if (!answer.ok) { refused(answer.data); root.hidden = false; return; }
      open(answer.data.id, answer.data.referee_token);
    });

    $("console-new").addEventListener("click", () => {
      try { localStorage.removeItem(STORE); } catch (error) { /* private mode */ }
      history.replaceState(null, "", location.pathname);
      table = token = view = null;
      root.hidden = true;
      $("console-setup").hidden = false;
    });

    // --- transport ----------------------------------------------------------------------

    function setBusy(on) {
      busy = on;
      root.dataset.busy = on ? "true" : "false";
      root.setAttribute("aria-busy", on ? "true" : "false");
    }

    async function open(id, key) {
      table = id;
      token = key;
      try { localStorage.setItem(STORE, JSON.stringify({ table: id, token: key })); } catch (error) { /* private mode */ }
      history.replaceState(null, "", location.pathname + "#t=" + encodeURIComponent(id) + "&k=" + encodeURIComponent(key));
      $("console-link").href = location.href;
      $("console-link").textContent = location.href;
      $("console-setup").hidden = true;
      root.hidden = false;
      setBusy(true);
      try {
        const answer = await refresh();
        if (answer.ok) await lastScoreFromLog();
        return answer;
      } finally {
        setBusy(false);
      }
    }

    async function refresh() {
      const answer = await K.call("GET", "/tables/" + encodeURIComponent(table), token);
      if (answer.ok) { view = answer.data; draw(); }
      else if (answer.status === 0) retryLater();
      return answer;
    }

    let retry = null;
    function retryLater() {
      clearTimeout(retry);
      retry = setTimeout(async () => { if ((await refresh()).status === 0) retryLater(); }, 2000);
    }

    async function lastScoreFromLog() {
      const answer = await K.call("GET", "/tables/" + encodeURIComponent(table) + "/events?since=0", token);
      if (!answer.ok) return;
      const scored = answer.data.events.filter((e) => e.type === "scored" && e.score);
      if (scored.length) showScore(scored[scored.length - 1]);
    }

    async function record(action, label) {
      if (busy || !view) return;
      const seq = view.seq;
      setBusy(true);
      try {
        const answer = await K.call("POST", "/tables/" + encodeURIComponent(table) + "/actions", token,
          Object.assign({ seq: seq }, action));
        if (answer.status === 0) {
          verdict([line(false, R.not_sent)]);
          retryLater();
          return;
        }
        if (answer.status === 409) {
          const changes = await K.changesSince(table, token, seq, view.names);
          await refresh();
          verdict([line(false, answer.data && answer.data.detail ? answer.data.detail : R.stale),
            changes.length ? el("ul", { className: "changes" }, changes.map((c) => el("li", { text: c }))) : null]);
          return;
        }
        if (!answer.ok) { refused(answer.data, label); return; }
        verdict([line(true, action.type === "take-back" ? R.taken_back : R.recorded + (label ? " — " + label : ""))]);
        choosing = null;
        const scored = answer.data.events.filter((e) => e.type === "scored" && e.score);
        if (scored.length) showScore(scored[scored.length - 1]);
        view = answer.data.table;
        draw();
      } finally {
        setBusy(false);
      }
    }

    // --- the verdict ----------------------------------------------------------------------

    const line = K.verdictLine;
    const ruleLink = (v) => K.ruleLink(v, true); // the console's links carry data-rule

    function verdict(nodes) {
      $("console-verdict").replaceChildren(...nodes.filter(Boolean));
    }

    function refused(data, label) {
      refusals += 1;
      root.dataset.refusals = String(refusals);
      verdict(K.refusalNodes(data, label, true));
    }

    function showScore(e) {
      lastScore = e;
      $("console-result-box").hidden = false;
      const s = e.score;
      $("console-result").replaceChildren(
        line(s.won, (s.won ? T.won : T.lost) + " — " + fill(T.deal_number, { number: e.number })),
        el("ol", { className: "derivation", id: "console-derivation" }, s.derivation.map((l) => el("li", { text: l.text, "data-code": l.code }))),
        el("p", { className: "explanation", text: s.explanation }),
        e.ruling ? el("p", { className: "legend", id: "console-ruled", text: R.scored_as_ruled }) : null,
        e.unseen && e.unseen.length ? el("p", { className: "legend" }, [el("span", { text: R.unseen + " " }),
          el("span", { className: "card-run" }, e.unseen.map((c) => mini(c)))]) : null,
      );
    }

    function mini(code) {
      const n = cardNode(code, false);
      n.classList.add("mini");
      return n;
    }

    // --- drawing --------------------------------------------------------------------------

    function name(seat) {
      return seat === null || seat === undefined ? "" : view.names[seat];
    }

    function played() {
      const deal = view.deal;
      const out = new Set();
      if (!deal) return out;
      deal.tricks.forEach((t) => t.cards.forEach((c) => out.add(c)));
      deal.trick.cards.forEach((c) => out.add(c));
      return out;
    }

    function bigButton(text, attrs, onClick) {
      const b = el("button", Object.assign({ type: "button", className: "big", text: text }, attrs || {}));
      b.addEventListener("click", onClick);
      return b;
    }

    /* The card picker: five groups (the four suits, the trumps with the excuse), then one big
     * button per card of the group, named after the card; played cards greyed out. */
    function picker(onCard, options) {
      const gone = played();
      const groups = options.groups || GROUPS;
      if (!groups.includes(tab)) tab = groups[0];
      const tabs = el("div", { className: "suit-tabs", role: "group", "aria-label": R.suits_label },
        groups.map((g) => {
          const b = el("button", { type: "button", className: "suit-tab " + g, "data-group": g,
            "aria-pressed": g === tab ? "true" : "false", text: R.groups[g] });
          b.addEventListener("click", () => { tab = g; draw(); });
          return b;
        }));
      const grid = el("div", { className: "card-grid " + tab, id: "console-cards" }, byGroup[tab].map((code) => {
        const b = cardNode(code, true);
        b.classList.add("pick");
        const isGone = gone.has(code) && !options.allowPlayed;
        const chosen = options.pick && options.pick.has(code);
        if (isGone) { b.disabled = true; b.classList.add("played"); }
        if (options.pick) b.setAttribute("aria-pressed", chosen ? "true" : "false");
        b.setAttribute("aria-label", [CARDS[code].name, isGone ? R.already_played : null, chosen ? T.selected_card : null].filter(Boolean).join(", "));
        b.addEventListener("click", () => onCard(code));
        return b;
      }));
      return [tabs, grid];
    }

    function selectionControls(kind, size) {
      const pick = choosing.pick;
      const toggle = (code) => {
        if (pick.has(code)) pick.delete(code); else pick.add(code);
        draw();
      };
      const chosen = el("p", { className: "count", id: "console-count", "aria-live": "polite",
        text: size ? fill(T.selected_count, { count: pick.size, size: size }) : fill(R.selected_n, { count: pick.size }) });
      const shown = el("div", { className: "cards chosen-cards" }, Array.from(pick).map(mini));
      const confirm = bigButton(kind === "chien" ? R.chien_confirm : R.poignee_confirm,
        { className: "big primary", id: "console-confirm" }, () => {
          const cards = Array.from(pick);
          if (kind === "chien") record({ type: "chien", seat: view.you.expected.seat, cards: cards }, R.chien_label);
          else record({ type: "poignee", seat: view.you.expected.seat, cards: cards }, R.poignee_label);
        });
      const out = [chosen, shown, ...picker(toggle, { pick: pick, groups: kind === "poignee" ? ["trump"] : GROUPS, allowPlayed: false }), confirm];
      if (kind === "poignee") out.push(bigButton(R.cancel, { id: "console-cancel" }, () => { choosing = null; draw(); }));
      return out;
    }

    function stepOf() {
      if (view.over) return "over";
      if (view.you.ruling_needed) return "ruling";
      const exp = view.you.expected;
      if (!exp) return view.paused ? "paused" : "waiting";
      if (choosing) return choosing.kind;
      return exp.types.includes("play") ? "play" : exp.types[0];
    }

    function drawStep() {
      const exp = view.you.expected;
      const deal = view.deal;
      const step = stepOf();
      root.dataset.step = step;
      const size = deal ? (R.sizes[String(deal.people.length)] || {}) : {};
      let title = "";
      let controls = [];
      switch (step) {
        case "over": title = K.overText(view); break;
        case "ruling": title = R.step_ruling; break;
        case "paused":
          title = R.paused;
          controls = [bigButton(R.resume, { className: "big primary", id: "console-resume" }, () => record({ type: "resume" }))];
          break;
        case "waiting": title = R.waiting; break;
        case "bid":
          title = fill(R.step_bid, { name: name(exp.seat) });
          controls = [el("div", { className: "big-buttons" }, exp.bids.map((bid) =>
            bigButton(K.bidName(bid), { className: "big bid", "data-bid": bid }, () => record({ type: "bid", seat: exp.seat, bid: bid }, K.bidName(bid)))))];
          if (view.you.misdeal) {  // deal.misdeal: before the first bid, the same dealer deals again
            controls.push(bigButton(R.misdeal, { id: "console-misdeal" }, () => record({ type: "misdeal" }, R.misdeal)));
          }
          break;
        case "call": {
          title = fill(R.step_call, { name: name(exp.seat) });
          const faces = ["K", "Q", "C", "J"].map((rank) => ["S", "H", "D", "C"].map((s) => rank + s));
          controls = faces.map((row, i) => el("div", { className: "card-grid faces" + (i ? " more" : "") }, row.map((code) => {
            const b = cardNode(code, true);
            b.classList.add("pick");
            b.addEventListener("click", () => record({ type: "call", seat: exp.seat, card: code }, cardName(code)));
            return b;
          })));
          break;
        }
        case "chien":
          title = fill(R.step_chien, { count: size.chien });
          if (!choosing) choosing = { kind: "chien", pick: new Set() };
          controls = selectionControls("chien", size.chien);
          break;
        case "poignee":
          title = fill(R.step_poignee, { name: name(exp.seat), sizes: (size.poignees || []).join(" / ") });
          controls = selectionControls("poignee", null);
          break;
        case "jeu":
          title = fill(R.step_jeu, { name: name(exp.seat) });
          controls = [el("div", { className: "big-buttons" }, [
            bigButton(R.jeu, { className: "big primary", id: "console-jeu" }, () => record({ type: "jeu", seat: exp.seat }, R.jeu)),
            exp.chelem ? bigButton(R.chelem, { id: "console-chelem" }, () => record({ type: "chelem", seat: exp.seat }, R.chelem)) : null,
          ])];
          break;
        case "play": {
          title = fill(R.step_play, { name: name(exp.seat), trick: deal.trick_number, tricks: size.tricks });
          if (view.seq !== tabSeq) {
            tabSeq = view.seq;
            const led = deal.trick.cards.find((c) => c !== "EX");
            if (led) tab = groupOf(led);
          }
          controls = picker((code) => record({ type: "play", seat: exp.seat, card: code }, cardName(code)), {});
          const extras = [];  // beside the cards: a poignée first, the taker's chelem
          if (exp.types.includes("poignee")) {
            extras.push(bigButton(fill(R.poignee_start, { name: name(exp.seat) }), { id: "console-poignee" }, () => {
              choosing = { kind: "poignee", pick: new Set() };
              tab = "trump";
              draw();
            }));
          }
          // chelem.announce: after « Jeu », until play has begun, the taker may still announce it
          if (exp.chelem && deal.taker !== null) {
            const announce = fill(R.chelem_by, { name: name(deal.taker) });
            extras.push(bigButton(announce, { id: "console-chelem" }, () => record({ type: "chelem", seat: deal.taker }, announce)));
          }
          if (extras.length) controls.push(el("div", { className: "big-buttons" }, extras));
          break;
        }
        default: title = step;
      }
      K.text($("console-step-title"), title);
      // a mis-tap: the referee's last record taken back (the API says when it may be)
      if (view.you.take_back !== null && view.you.take_back !== undefined) {
        controls.push(el("p", { className: "take-back" }, [bigButton(R.take_back, { id: "console-take-back" }, () => record({ type: "take-back" }, R.take_back))]));
      }
      $("console-controls").replaceChildren(...controls.filter(Boolean));
    }

    /* The referee's rulings (play.revoke-ruling): no FFT text read gives a penalty for the
     * revoke, so the service applies none of its own — while play is stopped the referee plays
     * on or annuls; once a deal with a revoke is over he scores it as played or annuls it.
     * The API lists the rulings open now (you.rulings). */
    const RULINGS = {
      "resume": () => bigButton(R.play_on, { className: "big primary", id: "console-play-on" }, () => record({ type: "resume" }, R.play_on)),
      "as-played": () => bigButton(R.as_played, { className: "big primary", id: "console-as-played" }, () => record({ type: "as-played" }, R.as_played)),
      "annul": () => bigButton(R.annul, { id: "console-annul" }, () => record({ type: "annul" }, R.annul)),
    };

    function revokeItems(revoke) {
      return [
        el("p", { className: "verdict-title bad", text: fill(R.revoke, { name: name(revoke.seat), trick: revoke.trick }) }),
        el("ul", { className: "violations bad" }, revoke.violations.map((v) => el("li", {}, [el("span", { text: v.message + " " }), ruleLink(v)]))),
      ];
    }

    function drawRuling() {
      const box = $("console-ruling");
      const deal = view.deal;
      box.hidden = !view.you.ruling_needed;
      if (box.hidden) return;
      const rulings = view.you.rulings || [];
      const atEnd = rulings.includes("as-played");
      const items = [];
      const revokes = deal ? deal.revokes : [];
      if (atEnd) {
        items.push(el("p", { className: "verdict-title bad", id: "console-revoke", text: R.revoke_end }));
        revokes.forEach((r) => items.push(...revokeItems(r)));
      } else if (revokes.length && !deal.irregularities.length) {
        const shown = revokeItems(revokes[revokes.length - 1]);
        shown[0].id = "console-revoke";
        items.push(...shown);
      }
      if (deal && deal.irregularities.length && !atEnd) {
        items.push(el("p", { className: "verdict-title bad", text: R.irregularities }));
        items.push(el("ul", { className: "violations bad" }, deal.irregularities.map((v) => el("li", {}, [
          el("span", { text: (v.seat === null ? "" : name(v.seat) + " — ") + v.message + " " }), ruleLink(v)]))));
      }
      items.push(el("p", { className: "legend" }, [
        el("span", { text: (atEnd ? R.ruling_end_hint : R.ruling_hint) + " " }),
        revokes.length ? ruleLink({ rule: "play.revoke-ruling" }) : null,
      ]));
      items.push(el("div", { className: "big-buttons" }, rulings.filter((r) => RULINGS[r]).map((r) => RULINGS[r]())));
      $("console-ruling-body").replaceChildren(...items);
    }

    function drawTrick() {
      const deal = view.deal;
      const trick = deal ? deal.trick : { cards: [], leader: 0 };
      const n = deal ? deal.people.length : 0;
      const seatAt = (leader, i) => deal.people[(deal.people.indexOf(leader) + i) % n];
      $("console-trick").replaceChildren(...trick.cards.map((c, i) => el("figure", { className: "played" }, [
        cardNode(c, false), el("figcaption", { text: name(seatAt(trick.leader, i)) })])));
      const last = deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
      K.text($("console-last"), last ? fill(R.last_trick, { name: name(last.winner), cards: last.cards.map(cardName).join(", ") }) : "");
    }

    function drawStatus() {
      const deal = view.deal;
      const facts = [];
      if (deal) {
        facts.push(fill(T.deal_number, { number: deal.number }));
        facts.push(fill(R.dealer_is, { name: name(deal.dealer) }));
        if (deal.contract) facts.push(fill(R.contract_is, { contract: K.bidName(deal.contract), name: name(deal.taker) }));
        if (deal.called_card) facts.push(fill(R.called_is, { card: cardName(deal.called_card) }));
        if (deal.partner !== null && deal.partner !== undefined) facts.push(fill(R.partner_is, { name: name(deal.partner) }));
        deal.poignees.forEach((p) => facts.push(fill(R.poignee_of, { name: name(p.seat), count: p.cards.length })));
      }
      K.text($("console-status"), facts.join(" · "));
    }

    function draw() {
      root.dataset.table = view.id;
      root.dataset.seq = String(view.seq);
      root.dataset.phase = view.deal ? view.deal.phase : "";
      drawStatus();
      drawStep();
      drawRuling();
      drawTrick();
      K.drawSheet($("console-sheet"), view);
      K.sheetExports($("console-exports"), view, "scoresheet-" + view.id);
    }

    // --- resume: the fragment's table, else the one this browser recorded last -------------

    (async function resume() {
      const frag = K.fragment();
      let saved = frag.t && frag.k ? { table: frag.t, token: frag.k } : null;
      if (!saved) {
        try { saved = JSON.parse(localStorage.getItem(STORE)); } catch (error) { saved = null; }
      }
      if (!saved || !saved.table || !saved.token) return;
      const answer = await open(saved.table, saved.token);
      if (!answer.ok && answer.status !== 0) {
        root.hidden = true;
        $("console-setup").hidden = false;
        try { localStorage.removeItem(STORE); } catch (error) { /* nothing kept */ }
      }
    })();
  });
})();
