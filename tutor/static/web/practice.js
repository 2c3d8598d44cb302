/* The practice table: a table of the tables API with robots in every other seat, drawn by
 * the card table (table.js, TarotTable.mount). This file only runs the practice flow: sit
 * down at a new table (after a confirmation when a deal is under way), resume the table of
 * this browser tab after a reload, and undo — the server forks the table's log just before
 * the learner's last decision (POST /tables/<id>/undo) and the page sits at the fork. */
(function () {
  "use strict";

  window.TarotPractice = function (kit) {
    const root = document.getElementById("practice");
    if (document.body.dataset.page !== "practice" || !root) return;
    const { fill, T, API, LANG } = kit;
    const P = JSON.parse(document.getElementById("practice-texts").textContent);
    const STORE = "tarot-tutor-practice";
    const $ = (id) => document.getElementById(id);
    let saved = load();
    let table = null;
    let starting = false;

    function load() {
      try { return JSON.parse(sessionStorage.getItem(STORE)) || null; } catch (error) { return null; }
    }
    function remember() {
      try { sessionStorage.setItem(STORE, JSON.stringify(saved)); } catch (error) { /* private mode */ }
    }

    async function post(path, payload, token) {
      const headers = { "Accept": "application/json", "Content-Type": "application/json" };
      if (token) headers["Authorization"] = "Bearer " + token;
      try {
        const response = await fetch(API + path + "?lang=" + LANG, { method: "POST", headers: headers, body: JSON.stringify(payload || {}) });
        let data = null;
        try { data = await response.json(); } catch (error) { data = null; }
        return { ok: response.ok, status: response.status, data: data };
      } catch (error) {
        return { ok: false, status: 0, data: null };
      }
    }

    function sit(id, token) {
      root.hidden = false;
      if (!table) {
        table = window.TarotTable.mount(root, {
          kit: kit, texts: P, table: id, token: token, poll: true,
          undo: undo, canUndo: () => Boolean(saved && saved.decisions > 0),
          onAction: () => { saved.decisions = (saved.decisions || 0) + 1; remember(); },
        });
        return table.refresh();
      }
      return table.switchTo(id, token);
    }

    async function undo() {
      if (!saved || !(saved.decisions > 0)) return;
      const answer = await post("/tables/" + saved.table + "/undo", {}, saved.token);
      if (!answer.ok) { table.say([kit.el("p", { className: "explanation", text: (answer.data && answer.data.detail) || T.unreachable })]); return; }
      saved = { table: answer.data.id, token: answer.data.token, decisions: saved.decisions - 1 };
      remember();
      await table.switchTo(saved.table, saved.token);
      table.say([kit.el("p", { className: "verdict-title good", "data-role": "undone", text: P.undone })]);
    }

    /* A deal under way (not scored, not over): leaving it needs a confirmation. */
    function underWay() {
      const view = table && table.view;
      return Boolean(view && !view.over && view.deal && table.stage === "play" && saved && saved.decisions > 0);
    }

    async function start() {
      if (starting) return;
      starting = true;
      const players = Number($("practice-players").value);
      const names = Array.from({ length: players }, (_, i) => (i === 0 ? P.you : fill(T.bot, { number: i })));
      const answer = await post("/tables", { players: players, deals: 3, names: names, bots: Array.from({ length: players - 1 }, (_, i) => i + 1) });
      starting = false;
      if (!answer.ok) return;
      saved = { table: answer.data.id, token: answer.data.seat_tokens[0].token, decisions: 0 };
      remember();
      await sit(saved.table, saved.token);
      root.scrollIntoView({ block: "start" });
    }

    const dialog = $("practice-confirm");
    $("practice-setup").addEventListener("submit", (event) => {
      event.preventDefault();
      if (underWay()) { dialog.showModal(); return; }
      start();
    });
    $("practice-confirm-yes").addEventListener("click", () => { dialog.close(); start(); });
    $("practice-confirm-no").addEventListener("click", () => {
      dialog.close();
      root.scrollIntoView({ block: "start" });
    });

    // A table of this browser tab survives a reload (its seat token is kept for the tab only).
    if (saved && saved.table && saved.token) {
      sit(saved.table, saved.token).then((answer) => {
        if (!answer || !answer.ok) {
          root.hidden = true;
          saved = null;
          try { sessionStorage.removeItem(STORE); } catch (error) { /* nothing kept */ }
        }
      });
    }
  };
})();
