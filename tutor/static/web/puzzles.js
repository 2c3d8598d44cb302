/* The puzzles page: the seat to play's cards as buttons; the card pressed is sent to
 * POST /api/v1/puzzles/answer, which marks it and explains it (with every hand visible, the
 * line that refutes a wrong card). This file holds no rule and no sentence: the verdict and
 * the explanation come from the API, the other sentences from the page (#web-texts). The
 * streak is kept in this browser (localStorage). The section's data-state (asking | marking
 * | answered) and data-result (right | wrong) mirror what is shown, for tests and styles. */
(function () {
  "use strict";

  const STORE = "tarot-tutor-puzzles";

  window.TarotPuzzles = function (kit) {
    const section = document.getElementById("puzzle");
    if (!section) return;
    const { el, cardNode, fill, post, problem, T } = kit;
    const hand = section.querySelector("[data-role=puzzle-hand]");
    const verdict = section.querySelector("[data-role=puzzle-verdict]");
    const tally = section.querySelector("[data-role=puzzle-tally]");

    function tallies() {
      try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (error) { return {}; }
    }
    function show(t) {
      tally.textContent = fill(T.puzzle_streak, { solved: t.solved || 0, streak: t.streak || 0, best: t.best || 0 });
    }
    function record(right) {
      const t = Object.assign({ solved: 0, streak: 0, best: 0 }, tallies());
      if (right) { t.solved += 1; t.streak += 1; t.best = Math.max(t.best, t.streak); } else { t.streak = 0; }
      try { localStorage.setItem(STORE, JSON.stringify(t)); } catch (error) { /* private mode */ }
      show(t);
    }

    async function answer(code) {
      if (section.dataset.state !== "asking") return;
      section.dataset.state = "marking";
      const result = await post("/puzzles/answer", { id: section.dataset.id, card: code });
      if (!result.ok) {
        verdict.replaceChildren(problem(result.data));
        section.dataset.state = "asking";
        return;
      }
      const data = result.data;
      section.dataset.result = data.right ? "right" : "wrong";
      hand.querySelectorAll("button.card").forEach((button) => {
        button.classList.toggle("best", button.dataset.code === data.best);
        button.disabled = true;
      });
      verdict.replaceChildren(
        el("h3", { text: data.right ? T.quiz_right : T.quiz_wrong }),
        el("p", { className: "explanation", text: data.explanation }));
      record(data.right);
      section.dataset.state = "answered";
    }

    for (const code of (hand.dataset.cards || "").split(" ").filter(Boolean)) {
      const button = cardNode(code, true);
      button.addEventListener("click", () => answer(code));
      hand.append(button);
    }
    show(tallies());
  };
})();
