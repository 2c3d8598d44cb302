/* Card faces drawn as SVG by this file (no image file, no font, no outside asset).
 *
 * TarotCards.face(view) returns an <img> of the <svg> TarotCards.svg(view) draws for one
 * card, from the card's view as the server
 * describes it (tutor/web/cards.py: code, rank, cls, bout, word): suit cards carry their rank
 * in two corners and a large pip (faces: the letter framed), trumps a blue face with their
 * number in the corners and in the middle, the three bouts (petit, 21, excuse) a gold border
 * and a star badge, the excuse its own purple face with a star and its name. The SVG is
 * decorative (aria-hidden): the element holding it carries the card's name. No inline style:
 * colours are presentation attributes and classes of tutor.css (the page's CSP allows no
 * inline style). */
(function () {
  "use strict";

  const NS = "http://www.w3.org/2000/svg";
  // Pips in a 20 x 24 box.
  const PIPS = {
    hearts: "M10 23C10 23 1 15.5 1 8.6A4.6 4.6 0 0 1 10 6.2A4.6 4.6 0 0 1 19 8.6C19 15.5 10 23 10 23Z",
    diamonds: "M10 1L18.5 12L10 23L1.5 12Z",
    spades: "M10 1C10 1 1 9 1 14.2A4.4 4.4 0 0 0 8.6 17.2L7 23H13L11.4 17.2A4.4 4.4 0 0 0 19 14.2C19 9 10 1 10 1Z",
    clubs: "M10 1.5A4.6 4.6 0 0 0 6.6 9.3A4.6 4.6 0 1 0 8.8 16.6L7 23H13L11.2 16.6A4.6 4.6 0 1 0 13.4 9.3A4.6 4.6 0 0 0 10 1.5Z",
  };
  const STAR = "M10 1L12.6 8.2L20 8.4L14.1 13L16.2 20.5L10 16.1L3.8 20.5L5.9 13L0 8.4L7.4 8.2Z";
  const COLOURS = { hearts: "#b0101c", diamonds: "#b0101c", spades: "#1b1f24", clubs: "#1b1f24",
    trump: "#17457a", excuse: "#5b2d8a" };

  function make(tag, attrs, children) {
    const node = document.createElementNS(NS, tag);
    Object.entries(attrs || {}).forEach(([key, value]) => node.setAttribute(key, String(value)));
    (children || []).forEach((child) => child && node.append(child));
    return node;
  }

  function text(x, y, content, size, attrs) {
    const node = make("text", Object.assign({ x: x, y: y, "font-size": size, "text-anchor": "middle",
      "font-weight": "700", "font-family": "system-ui, sans-serif" }, attrs || {}));
    node.textContent = content;
    return node;
  }

  function pip(suit, x, y, scale, colour) {
    return make("path", { d: PIPS[suit], fill: colour,
      transform: "translate(" + x + " " + y + ") scale(" + scale + ")" });
  }

  function star(x, y, scale, colour) {
    return make("path", { d: STAR, fill: colour, transform: "translate(" + x + " " + y + ") scale(" + scale + ")" });
  }

  /* The two corner indices: rank (and pip) top left, the same turned round bottom right. */
  function corners(rank, colour, suit, size) {
    const corner = (turn) => make("g", turn ? { transform: "rotate(180 30 45)" } : {}, [
      text(10, 17, rank, size, { fill: colour }),
      suit ? pip(suit, 5.5, 20, 0.45, colour) : null,
    ]);
    return [corner(false), corner(true)];
  }

  function suitFace(view, colour) {
    const suit = view.cls;
    const figure = /^[A-Z]$/i.test(view.rank);
    const middle = figure
      ? [make("rect", { x: 17, y: 22, width: 26, height: 46, rx: 3, fill: "#f6f1e4", stroke: colour, "stroke-width": 1.2 }),
        text(30, 52, view.rank, 22, { fill: colour }),
        pip(suit, 25, 26, 0.5, colour)]
      : [pip(suit, 16, 28, 1.4, colour)];
    return corners(view.rank, colour, suit, 17).concat(middle);
  }

  function trumpFace(view, colour) {
    const parts = [
      make("rect", { x: 6, y: 24, width: 48, height: 42, rx: 6, fill: "#d7e5f5" }),
      text(30, 55, view.rank, 26, { fill: colour }),
    ];
    if (view.word) parts.push(text(30, 72, view.word, 8.5, { fill: colour }));
    return corners(view.rank, colour, null, 15).concat(parts);
  }

  function excuseFace(view, colour) {
    return [
      star(4, 4, 0.55, colour), make("g", { transform: "rotate(180 30 45)" }, [star(4, 4, 0.55, colour)]),
      make("circle", { cx: 30, cy: 42, r: 17, fill: "#e9ddf6" }),
      star(16.5, 28.5, 1.35, colour),
      text(30, 74, view.word, 9.5, { fill: colour }),
    ];
  }

  function face(view) {
    const colour = COLOURS[view.cls] || "#1b1f24";
    const background = view.cls === "trump" ? "#eef4fb" : view.cls === "excuse" ? "#f6f0fc" : "#ffffff";
    const parts = view.cls === "trump" ? trumpFace(view, colour)
      : view.cls === "excuse" ? excuseFace(view, colour) : suitFace(view, colour);
    const frame = view.bout
      ? make("rect", { x: 1.5, y: 1.5, width: 57, height: 87, rx: 6, fill: background, stroke: "#a87400", "stroke-width": 3 })
      : make("rect", { x: 0.75, y: 0.75, width: 58.5, height: 88.5, rx: 6, fill: background, stroke: "#7b8591", "stroke-width": 1.5 });
    const badge = view.bout ? make("g", { class: "bout-badge" }, [
      make("circle", { cx: 49, cy: 11, r: 8, fill: "#a87400" }), star(43.5, 5.6, 0.55, "#ffffff")]) : null;
    return make("svg", { xmlns: NS, viewBox: "0 0 60 90", class: "face", "aria-hidden": "true", focusable: "false" },
      [frame].concat(parts, [badge]));
  }

  /* The face as an image (alt=""): its drawing, not its text, is what the page shows. Drawn
   * inline, the SVG's rank indices were text of the card's button ("R R" inside "Roi de
   * cœur"), which WCAG 2.5.3 (label in name, axe's label-content-name-mismatch) counts as a
   * visible label missing from the accessible name. One data: URL per card, made once. */
  const IMAGES = new Map();
  function image(view) {
    let src = IMAGES.get(view.code);
    if (!src) {
      src = "data:image/svg+xml," + encodeURIComponent(new XMLSerializer().serializeToString(face(view)));
      IMAGES.set(view.code, src);
    }
    const img = document.createElement("img");
    img.className = "face";
    img.alt = "";
    img.src = src;
    img.draggable = false;
    return img;
  }

  window.TarotCards = { face: image, svg: face };
})();
