/* The course's progress, kept in this browser (localStorage) with no account: each step's
 * designed questions sit in Leitner boxes. A question starts in box 0 (never answered); a
 * right answer moves it up one box (up to BOXES), a wrong one back to box 0. A step asks its
 * questions from the lowest box first (a question answered wrong comes back before those
 * answered right), in the step's order within a box; once every question has been asked in
 * a visit, it starts again from the lowest box. A step is done once each of its questions has
 * been answered right, and "to review" while a question answered wrong is still in box 0.
 *
 * window.TarotCourse serves quiz.js (next, record) and draws the course page's list (each
 * step done / to review / to do, said in its link's accessible name). This file holds no
 * sentence: they come from the page (#web-texts). */
(function () {
  "use strict";

  const STORE = "tarot-tutor-course";
  const BOXES = 3;

  function load() {
    try {
      const data = JSON.parse(localStorage.getItem(STORE));
      return data && typeof data === "object" && data.steps ? data : { steps: {} };
    } catch (error) { return { steps: {} }; }
  }
  function save(data) {
    try { localStorage.setItem(STORE, JSON.stringify(data)); } catch (error) { /* private mode */ }
  }
  function stepOf(data, slug) {
    const found = data.steps[slug] || {};
    found.boxes = found.boxes || {};
    found.wrong = found.wrong || {};
    data.steps[slug] = found;
    return found;
  }

  /* The step's status from its boxes: done (each question right once), review (one answered
   * wrong and not yet right again), started, todo. */
  function status(slug, seeds) {
    const step = load().steps[slug];
    if (!step || !step.boxes) return "todo";
    const boxes = seeds.map((seed) => Number(step.boxes[seed] || 0));
    if (seeds.some((seed) => step.wrong && step.wrong[seed] && !step.boxes[seed])) return "review";
    if (boxes.every((box) => box > 0)) return "done";
    return boxes.some((box) => box > 0) ? "started" : "todo";
  }

  /* The next seed to ask among ``seeds``: the lowest box first, not one asked in this visit
   * (``asked``) while others are left; ties in the step's order. */
  function next(slug, seeds, asked) {
    const step = stepOf(load(), slug);
    let pool = seeds.filter((seed) => !asked.includes(seed));
    if (!pool.length) { asked.length = 0; pool = seeds.slice(); }
    const box = (seed) => Number(step.boxes[seed] || 0);
    const lowest = Math.min(...pool.map(box));
    const seed = pool.find((s) => box(s) === lowest);
    asked.push(seed);
    return seed;
  }

  function record(slug, seed, right) {
    const data = load();
    const step = stepOf(data, slug);
    if (right) {
      step.boxes[seed] = Math.min(BOXES, Number(step.boxes[seed] || 0) + 1);
    } else {
      step.boxes[seed] = 0;
      step.wrong[seed] = true;
    }
    save(data);
  }

  /* The course page: each step's status beside its link and in the link's accessible name,
   * and how many steps are done. */
  function drawIndex(T, fill) {
    const list = document.getElementById("course-index");
    if (!list) return;
    const words = { done: T.course_done, review: T.course_review, started: T.course_started, todo: T.course_todo };
    const rows = Array.from(list.querySelectorAll("li[data-step]"));
    let done = 0;
    let firstOpen = null;
    rows.forEach((row, index) => {
      const seeds = (row.dataset.seeds || "").split(" ").filter(Boolean).map(Number);
      const state = status(row.dataset.step, seeds);
      if (state === "done") done += 1; else if (!firstOpen) firstOpen = { row: row, index: index };
      row.dataset.status = state;
      const link = row.querySelector("a");
      const label = row.querySelector("[data-role=course-status]");
      label.textContent = words[state];
      label.className = "course-status " + state;
      link.setAttribute("aria-label", fill(T.course_step_label, { title: link.textContent, status: words[state] }));
    });
    const summary = document.getElementById("course-summary");
    if (summary) summary.textContent = fill(T.course_summary, { done: done, count: rows.length });
    const start = document.getElementById("course-start");
    if (start && firstOpen && done) {
      start.href = firstOpen.row.querySelector("a").getAttribute("href");
      start.textContent = fill(T.course_continue, { number: firstOpen.index + 1 });
    }
  }

  window.TarotCourse = { next: next, record: record, status: status, drawIndex: drawIndex, STORE: STORE };
})();
