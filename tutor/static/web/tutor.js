/* The browser tutor's script. It holds no rule of the game and no sentence of its own:
 * verdicts, legal cards, explanations and derivations come from the JSON API (/api/v1), and
 * every sentence from the page (#web-texts, already translated by the server). */
(function () {
  "use strict";

  const body = document.body;
  const LANG = body.dataset.lang || "fr";
  const API = body.dataset.api || "/api/v1";
  const T = readJson("web-texts");
  const CARDS = readJson("web-cards");

  function readJson(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : {};
  }

  /* "%(count)s of %(size)s" with {count: 2, size: 6}. */
  function fill(text, params) {
    return String(text).replace(/%\((\w+)\)s/g, (_, key) => String(params[key]));
  }

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children || []) {
      if (child) node.append(child);
    }
    return node;
  }

  /* Tarot words of a sentence linked to their glossary entries (#web-glossary: this
   * language's terms), the first time each appears: text and <a> nodes to append. */
  const GLOSSARY = readJson("web-glossary");
  const TERMS = (Array.isArray(GLOSSARY) ? GLOSSARY : []).slice().sort((a, b) => b.term.length - a.term.length);
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const TERM_RE = TERMS.length
    ? new RegExp("(?<![\\p{L}\\p{N}-])(" + TERMS.map((t) => escape(t.term)).join("|") + ")(s|x)?(?![\\p{L}\\p{N}-])", "giu")
    : null;
  const TERM_ID = new Map(TERMS.map((t) => [t.term.toLowerCase(), t.id]));
  function linkTerms(text) {
    const out = [];
    const seen = new Set();
    let last = 0;
    if (!TERM_RE || !text) return [String(text || "")];
    for (const match of String(text).matchAll(TERM_RE)) {
      const id = TERM_ID.get(match[1].toLowerCase());
      if (!id || seen.has(id)) continue;
      seen.add(id);
      out.push(text.slice(last, match.index));
      out.push(el("a", { href: "/glossary#" + id, className: "term", text: match[0] }));
      last = match.index + match[0].length;
    }
    out.push(text.slice(last));
    return out.filter((part) => part !== "");
  }

  function codes(text) {
    return (text || "").split(/\s+/).filter(Boolean);
  }

  /* A card drawn from the server's table of faces (an SVG face from cards.js); a button
   * when it can be pressed. Its accessible name is the card's full name. */
  function cardNode(code, pressable) {
    const view = CARDS[code];
    if (!view) return el(pressable ? "button" : "span",
      { className: "card unknown", "data-code": code, type: pressable ? "button" : null, text: code });
    const node = el(pressable ? "button" : "span", {
      className: "card " + view.cls + (view.bout ? " bout" : ""),
      "data-code": code,
      "data-name": view.name,
      "aria-label": view.name,
      type: pressable ? "button" : null,
      role: pressable ? null : "img",
    });
    node.append(window.TarotCards.face(view));
    return node;
  }

  /* Cards written by the server's templates (worked examples…) get their faces too. */
  function drawServerCards() {
    document.querySelectorAll(".card[data-code]").forEach((node) => {
      const view = CARDS[node.dataset.code];
      if (!view || node.querySelector(".face")) return;
      node.replaceChildren(window.TarotCards.face(view));
      if (view.bout) node.classList.add("bout");
    });
  }

  function cardName(code) {
    return CARDS[code] ? CARDS[code].name : code;
  }

  /* A card button's accessible name stays the card's full name ("King of hearts"); its
   * state (may be played, from the chien) is its description, read after the name by a
   * screen reader — once glued to the name (", may be played"), it made the name of a card
   * change with the verdict. */
  function describeCard(button, states) {
    const words = states.filter(Boolean);
    button.setAttribute("aria-label", button.dataset.name || button.dataset.code);
    if (words.length) button.setAttribute("aria-description", words.join(", "));
    else button.removeAttribute("aria-description");
  }

  async function post(path, payload) {
    const response = await fetch(API + path + "?lang=" + encodeURIComponent(LANG), {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(payload),
    });
    let data = null;
    try { data = await response.json(); } catch (error) { data = null; }
    return { ok: response.ok, status: response.status, data: data };
  }

  /* A problem+json answer (422…) as the person reads it: its detail and each error's. */
  function problemNode(data) {
    const panel = el("div", { className: "problem", role: "alert" });
    if (!data) { panel.append(el("p", { text: T.unreachable })); return panel; }
    panel.append(el("p", { className: "verdict-title bad", text: data.title || "" }));
    panel.append(el("p", { text: data.detail || "" }));
    if (Array.isArray(data.errors) && data.errors.length > 1) {
      panel.append(el("ul", {}, data.errors.map((e) => el("li", { text: e.detail }))));
    }
    return panel;
  }

  /* The rules a verdict cites, one link each. Their sentences are not repeated: the
   * explanation already says them (it printed every violation twice). */
  function ruleLinks(title, items, cls) {
    const rules = Array.from(new Set((items || []).map((v) => v.rule).filter(Boolean)));
    if (!rules.length) return null;
    return el("div", { className: "violations " + cls }, [
      el("h3", { text: title }),
      el("ul", {}, rules.map((rule) => el("li", {}, [
        el("a", { href: "/rules#" + rule, "data-rule": rule, text: fill(T.rule_link_named, { rule: rule }) }),
      ]))),
    ]);
  }

  function show(panel, nodes) {
    panel.replaceChildren(...nodes.filter(Boolean));
  }

  function busy(panel) {
    show(panel, [el("p", { className: "hint", text: T.checking })]);
  }

  async function ask(panel, path, payload) {
    try {
      const answer = await post(path, payload);
      if (!answer.ok) { show(panel, [problemNode(answer.data)]); return null; }
      return answer.data;
    } catch (error) {
      show(panel, [problemNode(null)]);
      return null;
    }
  }

  // --- rules: client-side filter ----------------------------------------------------------
  function initRules() {
    const input = document.getElementById("rule-search");
    const count = document.getElementById("rule-count");
    const none = document.getElementById("no-rule");
    const rules = Array.from(document.querySelectorAll("article.rule"));
    const fold = (s) => s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    // The rule itself (id, title, text, note, sources), not the text of its worked examples.
    const haystacks = rules.map((r) => fold(r.dataset.search + " " + r.querySelector(".rule-source").textContent));
    function apply() {
      const words = fold(input.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      rules.forEach((rule, i) => {
        const match = words.every((w) => haystacks[i].includes(w));
        rule.hidden = !match;
        if (match) shown += 1;
      });
      document.querySelectorAll("section.topic").forEach((topic) => {
        topic.hidden = !topic.querySelector("article.rule:not([hidden])");
      });
      none.hidden = shown > 0;
      count.textContent = fill(T.rules_shown, { count: shown });
    }
    input.addEventListener("input", apply);
    apply();
  }

  // --- trick trainer ----------------------------------------------------------------------
  function initTrick() {
    const box = document.getElementById("situation");
    if (!box) return; // a typed situation the page refused: nothing to draw or to ask
    const handBox = document.getElementById("hand");
    const panel = document.getElementById("verdict");
    const hand = codes(box.dataset.hand);
    const base = {
      players: Number(box.dataset.players),
      hand: hand,
      trick: codes(box.dataset.trick),
      first_trick: box.dataset.firstTrick === "true",
      called_card: box.dataset.calledCard || null,
    };
    const buttons = hand.map((code) => cardNode(code, true));
    handBox.replaceChildren(...buttons);

    /* The legal cards are marked (class "legal") from the start, but shown — highlighted, and
     * described to a screen reader — only once the learner has tried a card: highlighted
     * before, they gave the answer away. */
    let tried = false;
    handBox.classList.add("untried");

    function highlight(legal, chosen) {
      const allowed = new Set(legal);
      if (chosen) { tried = true; handBox.classList.remove("untried"); }
      buttons.forEach((button) => {
        const isLegal = allowed.has(button.dataset.code);
        button.classList.toggle("legal", isLegal);
        button.classList.toggle("chosen", button.dataset.code === chosen);
        button.setAttribute("aria-pressed", button.dataset.code === chosen ? "true" : "false");
        describeCard(button, [isLegal && tried ? T.legal_card : null]);
      });
    }

    async function check(code, explain) {
      if (explain) busy(panel);
      const data = await ask(panel, "/check/play", Object.assign({}, base, { card: code }));
      if (!data) return;
      highlight(data.legal_cards, explain ? code : null);
      if (!explain) {
        show(panel, [el("p", { className: "hint", text: T.pick_card })]);
        return;
      }
      show(panel, [
        el("p", { className: "verdict-title " + (data.legal ? "good" : "bad") }, [
          el("span", { className: "verdict-mark", "aria-hidden": "true", text: data.legal ? "✓ " : "✗ " }),
          el("span", { text: (data.legal ? T.legal : T.illegal) + " — " + cardName(data.card) }),
        ]),
        el("p", { className: "explanation" }, linkTerms(data.explanation)),
        ruleLinks(T.violations, data.violations, "bad"),
        ruleLinks(T.why_allowed, data.why_allowed, "good"),
        ruleLinks(T.warnings, data.warnings, "warn"),
      ]);
    }

    handBox.addEventListener("click", (event) => {
      const button = event.target.closest("button.card");
      if (button) check(button.dataset.code, true);
    });
    if (hand.length) check(hand[0], false);
  }

  // --- écart trainer ----------------------------------------------------------------------
  function initEcart() {
    const box = document.getElementById("ecart-situation");
    if (!box) return; // a typed situation the page refused
    const panel = document.getElementById("verdict");
    const counter = document.getElementById("ecart-count");
    const hand = codes(box.dataset.hand);
    const chien = codes(box.dataset.chien);
    const size = chien.length;
    const chienSet = new Set(chien);
    document.getElementById("chien-cards").replaceChildren(...chien.map((c) => cardNode(c, false)));
    const pool = hand.concat(chien).sort((a, b) => CARDS[a].order - CARDS[b].order);
    const buttons = pool.map((code) => {
      const button = cardNode(code, true);
      if (chienSet.has(code)) button.classList.add("from-chien");
      button.setAttribute("aria-pressed", "false");
      describeCard(button, [chienSet.has(code) ? T.from_chien : null]);
      return button;
    });
    document.getElementById("pool").replaceChildren(...buttons);
    const selected = () => buttons.filter((b) => b.getAttribute("aria-pressed") === "true");

    /* The count, and the verdict panel back to the step the reader is at: a verdict is about
     * the écart it checked, and stayed on screen (a hint of another step) once that écart
     * was changed. */
    function refresh() {
      const count = selected().length;
      counter.textContent = fill(T.selected_count, { count: count, size: size });
      show(panel, [el("p", { className: "hint", text: count === size ? T.ecart_complete : T.ecart_choose })]);
    }
    document.getElementById("pool").addEventListener("click", (event) => {
      const button = event.target.closest("button.card");
      if (!button) return;
      const on = button.getAttribute("aria-pressed") !== "true";
      // The écart holds as many cards as the chien: one more is refused here, with the reason.
      if (on && selected().length >= size) {
        counter.textContent = fill(T.ecart_full, { size: size });
        return;
      }
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.classList.toggle("chosen", on);
      describeCard(button, [chienSet.has(button.dataset.code) ? T.from_chien : null, on ? T.selected_card : null]);
      refresh();
    });
    document.getElementById("clear-ecart").addEventListener("click", () => {
      buttons.forEach((b) => {
        b.setAttribute("aria-pressed", "false");
        b.classList.remove("chosen");
        describeCard(b, [chienSet.has(b.dataset.code) ? T.from_chien : null]);
      });
      refresh();
    });
    document.getElementById("check-ecart").addEventListener("click", async () => {
      busy(panel);
      const data = await ask(panel, "/check/ecart", {
        players: Number(box.dataset.players), contract: box.dataset.contract,
        hand: hand, chien: chien, ecart: selected().map((b) => b.dataset.code),
      });
      if (!data) return;
      show(panel, [
        el("p", { className: "verdict-title " + (data.legal ? "good" : "bad") }, [
          el("span", { className: "verdict-mark", "aria-hidden": "true", text: data.legal ? "✓ " : "✗ " }),
          el("span", { text: data.legal ? T.ecart_legal : T.ecart_illegal }),
        ]),
        el("p", { className: "explanation" }, linkTerms(data.explanation)),
        ruleLinks(T.violations, data.violations, "bad"),
        // Trumps are shown only for an écart the taker may make: none for an illegal one.
        data.legal ? el("div", { className: "shown" }, [
          el("h3", { text: T.trumps_to_show }),
          data.trumps_to_show.length
            ? el("div", { className: "cards", id: "trumps-to-show" }, data.trumps_to_show.map((c) => cardNode(c, false)))
            : el("p", { text: T.no_trumps_to_show }),
        ]) : null,
      ]);
    });
    refresh();
  }

  // --- score calculator and scoresheet ----------------------------------------------------
  function initScore() {
    const S = readJson("score-texts");
    const form = document.getElementById("score-form");
    const panel = document.getElementById("score-result");
    const playersSelect = document.getElementById("score-players");
    const addButton = document.getElementById("sheet-add");
    const STORE = "tarot-tutor-scoresheet";
    let last = null;
    let sheet = loadSheet();

    function loadSheet() {
      try {
        const saved = JSON.parse(localStorage.getItem(STORE));
        if (saved && Array.isArray(saved.names) && Array.isArray(saved.rows)) return saved;
      } catch (error) { /* a fresh sheet */ }
      return { names: [], rows: [] };
    }
    function saveSheet() {
      try { localStorage.setItem(STORE, JSON.stringify(sheet)); } catch (error) { /* private mode */ }
    }
    const players = () => Number(playersSelect.value);

    function fivePlayerFields() {
      document.querySelectorAll(".five-only").forEach((n) => { n.hidden = players() !== 5; });
    }

    function seatOptions(select, withNobody) {
      const keep = select.value;
      const options = [];
      if (withNobody) options.push(el("option", { value: "", text: S.nobody }));
      for (let i = 0; i < players(); i += 1) {
        options.push(el("option", { value: String(i), text: sheet.names[i] || fill(T.player, { number: i + 1 }) }));
      }
      select.replaceChildren(...options);
      if (Array.from(select.options).some((o) => o.value === keep)) select.value = keep;
    }

    function drawSheet() {
      const n = players();
      if (sheet.rows.length && sheet.rows[0].scores.length !== n) sheet.rows = [];
      const names = document.getElementById("seat-names");
      const inputs = [];
      for (let i = 0; i < n; i += 1) {
        const id = "seat-name-" + i;
        const input = el("input", { id: id, value: sheet.names[i] || "", placeholder: fill(T.player, { number: i + 1 }), autocomplete: "off" });
        input.addEventListener("change", () => { sheet.names[i] = input.value.trim(); saveSheet(); drawSheet(); });
        inputs.push(el("span", { className: "seat-name" }, [
          el("label", { for: id, className: "sr-only", text: fill(T.player_name, { number: i + 1 }) }), input]));
      }
      names.replaceChildren(...inputs);
      seatOptions(document.getElementById("sheet-taker"), false);
      seatOptions(document.getElementById("sheet-partner"), true);
      const label = (i) => sheet.names[i] || fill(T.player, { number: i + 1 });
      const head = [el("th", { scope: "col", text: S.deal }), el("th", { scope: "col", text: S.contract })];
      for (let i = 0; i < n; i += 1) head.push(el("th", { scope: "col", text: label(i) }));
      document.getElementById("sheet-head").replaceChildren(...head);
      const totals = new Array(n).fill(0);
      const rows = sheet.rows.map((row, r) => {
        row.scores.forEach((s, i) => { totals[i] += s; });
        // beside the deal's number, a 44 px ✕ (a column of its own pushed the last seat's
        // column off a phone's screen)
        const remove = el("button", { type: "button", className: "remove", text: "✕", "aria-label": T.remove + " — " + fill(T.deal_number, { number: r + 1 }) });
        remove.addEventListener("click", () => { sheet.rows.splice(r, 1); saveSheet(); drawSheet(); });
        return el("tr", {}, [
          el("th", { scope: "row", className: "deal-cell" }, [el("span", { text: String(r + 1) }), remove]),
          el("td", { text: S.contracts[row.contract] || row.contract }),
          ...row.scores.map((s) => el("td", { className: "num", text: String(s) })),
        ]);
      });
      document.getElementById("sheet-body").replaceChildren(...rows);
      document.getElementById("sheet-total").replaceChildren(
        el("th", { scope: "row", text: T.total }), el("td"),
        ...totals.map((t) => el("td", { className: "num total", text: String(t) })));
    }

    function payload() {
      const data = new FormData(form);
      const poignees = [];
      if (data.get("poignee_taker")) poignees.push({ camp: "taker", level: data.get("poignee_taker") });
      if (data.get("poignee_defense")) poignees.push({ camp: "defense", level: data.get("poignee_defense") });
      return {
        players: players(),
        contract: data.get("contract"),
        bouts: Number(data.get("bouts")),
        points: Number(data.get("points")),
        petit_au_bout: data.get("petit_au_bout") || null,
        poignees: poignees,
        chelem: { announced: data.get("chelem_announced") === "on", by: data.get("chelem_by") || null },
        alone: players() === 5 && data.get("alone") === "on",
      };
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      busy(panel);
      const request = payload();
      last = null;
      addButton.disabled = true;
      // Figures no deal can give are asked about first (200, "possible"), so that they are
      // explained without a 422 (each one was an error in the console).
      const possible = await ask(panel, "/score/check", request);
      if (!possible) return;
      if (!possible.possible) {
        show(panel, [
          el("p", { className: "verdict-title bad" }, [
            el("span", { className: "verdict-mark", "aria-hidden": "true", text: "✗ " }),
            el("span", { text: T.score_impossible }),
          ]),
          el("p", { className: "explanation" }, linkTerms(possible.explanation)),
          ruleLinks(T.violations, possible.violations, "bad"),
        ]);
        return;
      }
      const data = await ask(panel, "/score", request);
      if (!data) return;
      last = { request: request, data: data };
      addButton.disabled = false;
      const scores = [
        [T.taker, data.scores.taker],
        request.players === 5 && !request.alone ? [T.partner, data.scores.partner] : null,
        [T.defender, data.scores.defender],
      ].filter(Boolean);
      show(panel, [
        el("p", { className: "verdict-title " + (data.won ? "good" : "bad") }, [
          el("span", { className: "verdict-mark", "aria-hidden": "true", text: data.won ? "✓ " : "✗ " }),
          el("span", { text: data.won ? T.won : T.lost }),
        ]),
        el("h3", { text: T.derivation }),
        el("ol", { className: "derivation", id: "derivation" }, data.derivation.map((line) => el("li", { text: line.text }))),
        el("p", { className: "explanation" }, linkTerms(data.explanation)),
        el("h3", { text: T.scores }),
        el("dl", { className: "scores" }, scores.flatMap(([who, value]) => [el("dt", { text: who }), el("dd", { text: String(value) })])),
      ]);
    });

    addButton.addEventListener("click", () => {
      if (!last) return;
      const n = last.request.players;
      const taker = Number(document.getElementById("sheet-taker").value);
      const partnerValue = document.getElementById("sheet-partner").value;
      const partner = n === 5 && partnerValue !== "" && !last.request.alone ? Number(partnerValue) : null;
      const s = last.data.scores;
      const row = [];
      for (let i = 0; i < n; i += 1) {
        row.push(i === taker ? s.taker : i === partner && partner !== taker ? s.partner : s.defender);
      }
      sheet.rows.push({ contract: last.request.contract, scores: row });
      saveSheet();
      drawSheet();
      addButton.disabled = true;
      panel.append(el("p", { className: "hint", text: T.added }));
    });
    document.getElementById("sheet-clear").addEventListener("click", () => {
      sheet.rows = [];
      saveSheet();
      drawSheet();
    });
    playersSelect.addEventListener("change", () => {
      fivePlayerFields();
      drawSheet();
      addButton.disabled = true;
      last = null;
    });
    fivePlayerFields();
    drawSheet();
  }

  drawServerCards();
  const pages = { rules: initRules, trick: initTrick, ecart: initEcart, score: initScore };
  if (pages[body.dataset.page]) pages[body.dataset.page]();
  const cardOrder = (code) => (CARDS[code] ? CARDS[code].order : 99);
  const kit = { post: post, problem: problemNode, el: el, cardNode: cardNode, cardName: cardName, cardOrder: cardOrder, fill: fill, T: T, API: API, LANG: LANG, cards: CARDS, linkTerms: linkTerms };
  window.TarotKit = kit;
  if (window.TarotQuiz) window.TarotQuiz(kit);
  if (window.TarotCourse) window.TarotCourse.drawIndex(T, fill);
  if (window.TarotPractice) window.TarotPractice(kit);
  if (window.TarotPuzzles) window.TarotPuzzles(kit);
  if (window.TarotRefereeKit) {
    const refereeKit = Object.assign({ CARDS: CARDS }, kit); // the referee scripts say CARDS
    const R = window.TarotRefereeKit(refereeKit);
    (window.TarotRefereePages || []).forEach((page) => page(refereeKit, R));
  }
})();
