/* A club evening: the organiser opens several tables at once (real cards with a console each,
 * online tables with an invite link per seat, or a duplicate: the same prepared deal at every
 * table), follows each table's scoresheet, and ranks the evening. Every figure is the API's:
 * the scoresheets of GET /tables/<id>, and in duplicate the boards of POST
 * /duplicate/compare, the topage notes of each board and each player's global percentage from
 * POST /duplicate/notes. The organiser's keys (each table's referee token and seat tokens)
 * stay in this browser and in the fragment of the evening's link.
 *
 * The state is mirrored on #evening: data-mode, data-over (every table's partie is over),
 * data-ranked (how many scored deals the ranking shown counts). */
(function () {
  "use strict";

  window.TarotRefereePages = window.TarotRefereePages || [];
  window.TarotRefereePages.push(function (kit, K) {
    const root = document.getElementById("evening");
    if (!root) return;
    const { el, fill, T } = kit;
    const R = K.R;
    const $ = (id) => document.getElementById(id);
    const STORE = "tarot-referee-evening";
    const POLL_MS = 2500;
    const prepared = JSON.parse($("evening-prepared").textContent);
    let evening = null; // {name, mode, players, tables: [{id, referee, seats: [{seat, name, token, bot}]}]}
    const views = {};
    let timer = null;
    let rankedFor = "";

    K.connectionBanner($("evening-banner"));

    // --- setup --------------------------------------------------------------------------

    function setupSeats() {
      const mode = $("evening-mode").value;
      const duplicate = mode === "duplicate";
      const playersSelect = $("evening-players");
      Array.from(playersSelect.options).forEach((o) => { o.disabled = duplicate && o.value === "5"; });
      if (duplicate && playersSelect.value === "5") playersSelect.value = "4";
      $("evening-duplicate-note").hidden = !duplicate;
      drawPrepared(duplicate);
      const tables = Number($("evening-tables").value);
      const players = Number(playersSelect.value);
      const box = $("evening-seats");
      const kept = {};
      box.querySelectorAll("input").forEach((i) => { kept[i.id] = i.value; });
      box.replaceChildren(...Array.from({ length: tables }, (_, t) => el("fieldset", { className: "evening-table" }, [
        el("legend", { text: fill(R.table_n, { number: t + 1 }) }),
        ...Array.from({ length: players }, (_, s) => {
          const id = "evening-name-" + t + "-" + s;
          const value = id in kept ? kept[id] : fill(R.seat_default, { table: t + 1, seat: s + 1 });
          return el("p", {}, [el("label", { for: id, text: fill(T.player_name, { number: s + 1 }) + " " }),
            el("input", { id: id, maxlength: "40", value: value, required: mode === "physical" ? true : null })]);
        }),
      ])));
    }
    /* The prepared deal the duplicate note speaks of, shown (each seat's hand, the chien). */
    function drawPrepared(duplicate) {
      const box = $("evening-prepared-box");
      box.hidden = !duplicate;
      if (!duplicate) return;
      const deal = prepared[$("evening-players").value];
      const run = (codes) => el("span", { className: "card-run" }, codes.map((code) => {
        const c = kit.cardNode(code, false);
        c.classList.add("mini");
        return c;
      }));
      $("evening-prepared-deal").replaceChildren(
        ...deal.hands.map((hand, i) => el("div", {}, [
          el("h3", { text: fill(i === deal.dealer ? R.prepared_dealer : R.prepared_hand, { number: i + 1 }) }), run(hand)])),
        el("div", {}, [el("h3", { text: R.prepared_chien }), run(deal.chien)]));
    }

    ["evening-mode", "evening-tables", "evening-players"].forEach((id) => $(id).addEventListener("change", setupSeats));
    setupSeats();

    $("evening-setup").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (root.dataset.busy === "true") return;
      root.dataset.busy = "true";
      const mode = $("evening-mode").value;
      const tables = Number($("evening-tables").value);
      const players = Number($("evening-players").value);
      const deals = Number($("evening-deals").value);
      const made = { name: $("evening-name").value.trim() || R.evening, mode: mode, players: players, tables: [] };
      for (let t = 0; t < tables; t += 1) {
        const names = [];
        const bots = [];
        for (let s = 0; s < players; s += 1) {
          const name = $("evening-name-" + t + "-" + s).value.trim();
          if (!name && mode !== "physical") bots.push(s);
          names.push(name || fill(T.bot, { number: s + 1 }) + " · " + (t + 1));
        }
        const body = { players: players, names: names, deals: deals, bots: bots };
        if (mode === "physical") body.mode = "physical";
        if (mode === "duplicate") body.duplicate = Object.assign({ taker: 1, contract: "garde" }, prepared[String(players)]);
        const answer = await K.call("POST", "/tables", null, body);
        if (!answer.ok) {
          root.dataset.busy = "false";
          $("evening-setup").append(el("p", { className: "problem", role: "alert", text: (answer.data && answer.data.detail) || T.unreachable }));
          return;
        }
        made.tables.push({ id: answer.data.id, referee: answer.data.referee_token,
          seats: answer.data.seat_tokens.map((s) => ({ seat: s.seat, name: s.name, token: s.token, bot: s.bot })) });
      }
      root.dataset.busy = "false";
      open(made);
    });

    $("evening-close").addEventListener("click", () => {
      clearTimeout(timer);
      try { localStorage.removeItem(STORE); } catch (error) { /* private mode */ }
      history.replaceState(null, "", location.pathname);
      evening = null;
      root.hidden = true;
      $("evening-setup").hidden = false;
    });
    $("evening-print").addEventListener("click", () => window.print());

    // --- the evening's link ---------------------------------------------------------------

    function encode(obj) {
      const bytes = new TextEncoder().encode(JSON.stringify(obj));
      let text = "";
      bytes.forEach((b) => { text += String.fromCharCode(b); });
      return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    function decode(text) {
      const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(raw, (c) => c.charCodeAt(0))));
    }

    function open(made) {
      evening = made;
      try { localStorage.setItem(STORE, JSON.stringify(made)); } catch (error) { /* private mode */ }
      history.replaceState(null, "", location.pathname + "#e=" + encode(made));
      $("evening-link").href = location.href;
      $("evening-link").textContent = R.evening_link;
      $("evening-setup").hidden = true;
      root.hidden = false;
      root.dataset.mode = made.mode;
      K.text($("evening-title"), made.name);
      // the evening's own name, when it says more than the page's title (not "Club evening" twice)
      const h1 = document.querySelector("h1");
      $("evening-title").hidden = Boolean(h1) && h1.textContent.trim() === made.name.trim();
      drawTables();
      poll();
    }

    // --- the tables -------------------------------------------------------------------------

    function link(path, params, label, id) {
      const href = K.withFragment(path, params);
      return el("a", { href: href, text: label, id: id || null, target: "_blank", rel: "noopener" });
    }

    function drawTables() {
      $("evening-list").replaceChildren(...evening.tables.map((t, i) => {
        const links = [];
        if (evening.mode === "physical") {
          links.push(el("li", {}, [link("/referee/physical", { t: t.id, k: t.referee }, R.console_link, "evening-console-" + i)]));
        } else {
          t.seats.filter((s) => !s.bot).forEach((s) => links.push(el("li", {}, [
            link("/referee/table/" + t.id, { k: s.token }, fill(R.invite_of, { name: s.name }), "evening-invite-" + i + "-" + s.seat)])));
          links.push(el("li", {}, [link("/referee/table/" + t.id, { k: t.referee }, R.spectator_link, "evening-spectator-" + i)]));
        }
        return el("section", { className: "evening-table", id: "evening-table-" + i, "aria-labelledby": "evening-table-title-" + i, "data-table": t.id }, [
          el("h3", { id: "evening-table-title-" + i, text: fill(R.table_n, { number: i + 1 }) }),
          el("p", { className: "legend", id: "evening-status-" + i }),
          el("ul", { className: "invites no-print" }, links),
          el("div", { className: "table-wrap" }, [el("table", { className: "sheet", id: "evening-sheet-" + i })]),
        ]);
      }));
    }

    function drawTable(i) {
      const view = views[evening.tables[i].id];
      if (!view) return;
      const sheet = view.scoresheet;
      K.text($("evening-status-" + i), view.over ? K.overText(view) : fill(R.deals_played, { count: sheet.entries.length, deals: view.deals }));
      K.drawSheet($("evening-sheet-" + i), view);
    }

    async function poll() {
      clearTimeout(timer);
      if (!evening) return;
      const answers = await Promise.all(evening.tables.map((t) => K.call("GET", "/tables/" + encodeURIComponent(t.id), t.referee)));
      answers.forEach((answer, i) => {
        if (answer.ok) { views[evening.tables[i].id] = answer.data; drawTable(i); }
      });
      const all = evening.tables.map((t) => views[t.id]);
      const over = all.every((v) => v && v.over);
      root.dataset.over = over ? "true" : "false";
      if (all.every(Boolean)) await rank(all);
      if (!over) timer = setTimeout(poll, POLL_MS);
    }

    // --- the ranking ------------------------------------------------------------------------

    function placed(rows, key) {
      // rank = 1 + the number of rows strictly better (ties share a place)
      rows.forEach((r) => { r.rank = 1 + rows.filter((o) => key(o) > key(r)).length; });
      return rows.sort((a, b) => a.rank - b.rank);
    }

    async function rank(all) {
      const signature = JSON.stringify(all.map((v) => v.scoresheet.entries.length));
      if (signature === rankedFor) return;
      const scored = all.reduce((n, v) => n + v.scoresheet.entries.length, 0);
      const rows = evening.mode === "duplicate" ? await duplicateRanking(all) : freeRanking(all);
      if (!rows) return;
      rankedFor = signature;
      const duplicate = evening.mode === "duplicate";
      // before any score every player would be "1": no rank yet, and ties said as ties
      K.text($("evening-ranking-how"), !scored ? R.ranking_none : duplicate ? R.ranking_duplicate : R.ranking_free);
      const tied = (r) => rows.filter((o) => o.rank === r.rank).length > 1;
      const rankText = (r) => (!scored ? "–" : tied(r) ? fill(R.rank_tied, { rank: r.rank }) : String(r.rank));
      $("evening-ranking").replaceChildren(
        el("caption", { className: "sr-only", text: R.ranking_caption }),
        el("thead", {}, [el("tr", {}, [R.rank, R.player, R.table_col].concat(
          duplicate ? [R.global_col, R.attack_col, R.defence_col] : [R.total]).map((h) => el("th", { scope: "col", text: h })))]),
        el("tbody", {}, rows.map((r) => el("tr", { "data-name": r.name, "data-table": r.table }, [
          el("td", { className: "num rank", "data-rank": scored ? String(r.rank) : "", text: rankText(r) }), el("th", { scope: "row", text: r.name }),
          el("td", { text: fill(R.table_n, { number: r.tableNumber }) }),
        ].concat(duplicate ? [
          el("td", { className: "num global", "data-exact": r.exact, text: r.percent.toFixed(2) + " %" }),
          el("td", { className: "num", text: String(r.attack) }), el("td", { className: "num", text: String(r.defence) }),
        ] : [el("td", { className: "num total", text: String(r.total) })])))),
      );
      root.dataset.ranked = String(scored);
    }

    function freeRanking(all) {
      const rows = [];
      all.forEach((view, t) => view.names.forEach((name, seat) => rows.push({
        name: name, table: view.id, tableNumber: t + 1, seat: seat, total: view.scoresheet.totals[seat] })));
      return placed(rows, (r) => r.total);
    }

    /* Duplicate: the boards compared by the API, each board's exact topage notes, then each
     * player's global percentage (¼ attack, ¾ defence) — all from /duplicate/*. */
    async function duplicateRanking(all) {
      const compare = await K.call("POST", "/duplicate/compare", null,
        { tables: evening.tables.map((t) => ({ id: t.id, token: t.referee })) });
      if (!compare.ok) return null;
      const notes = {}; // table id -> seat -> {attack: [], defence: []}
      evening.tables.forEach((t, i) => { notes[t.id] = all[i].names.map(() => ({ attack: [], defence: [] })); });
      const boardRows = [];
      for (const board of compare.data.deals) {
        const answer = await K.call("POST", "/duplicate/notes", null, { taker_scores: board.plays.map((p) => p.taker_score) });
        if (!answer.ok) return null;
        board.plays.forEach((play, i) => {
          const note = answer.data.notes[i];
          const seats = notes[play.table];
          seats.forEach((seat, s) => {
            if (s === play.taker) seat.attack.push(note.taker.exact);
            else seat.defence.push(note.defender.exact);
          });
          boardRows.push([String(board.number), fill(R.table_n, { number: evening.tables.findIndex((t) => t.id === play.table) + 1 }),
            play.taker_name, String(play.taker_score), note.taker.percent.toFixed(2) + " %", note.defender.percent.toFixed(2) + " %"]);
        });
        board.pairs.forEach((pair) => boardRows.push([String(board.number), pair.tables.map((id) => fill(R.table_n, {
          number: evening.tables.findIndex((t) => t.id === id) + 1 })).join(" − "), R.match_points, String(pair.gap), String(pair.match_points), ""]));
      }
      drawBoards(boardRows);
      const rows = [];
      for (let t = 0; t < evening.tables.length; t += 1) {
        const view = all[t];
        for (let s = 0; s < view.names.length; s += 1) {
          const mine = notes[view.id][s];
          if (!mine.attack.length && !mine.defence.length) continue;
          const answer = await K.call("POST", "/duplicate/notes", null, { attack_notes: mine.attack, defence_notes: mine.defence });
          if (!answer.ok) return null;
          const g = answer.data.global_percentage;
          rows.push({ name: view.names[s], table: view.id, tableNumber: t + 1, seat: s, exact: g.exact,
            percent: g.percent, value: fraction(g.exact), attack: mine.attack.length, defence: mine.defence.length });
        }
      }
      return placed(rows, (r) => r.value);
    }

    function fraction(text) {
      const [num, den] = text.split("/");
      return Number(num) / Number(den || 1);
    }

    function drawBoards(rows) {
      $("evening-boards-box").hidden = !rows.length;
      $("evening-boards").replaceChildren(
        el("thead", {}, [el("tr", {}, [R.deal, R.table_col, R.taker_col, R.taker_score, R.taker_note, R.defender_note]
          .map((h) => el("th", { scope: "col", text: h })))]),
        el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c, i) => el(i ? "td" : "th", { scope: i ? null : "row", text: c }))))),
      );
    }

    // --- reopen: the fragment's evening, else the last one of this browser ---------------

    (function resume() {
      const frag = K.fragment();
      let saved = null;
      try { saved = frag.e ? decode(frag.e) : JSON.parse(localStorage.getItem(STORE)); } catch (error) { saved = null; }
      if (saved && Array.isArray(saved.tables) && saved.tables.length) open(saved);
    })();
  });
})();
