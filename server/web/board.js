// The board: 81 cells, each a digit or its candidates, with what to look at marked — the
// selected cell and the cells it sees, the same digit elsewhere, conflicts, a hint's region,
// the mistakes a check found, and a step drawn on the candidates (its pattern by role, what it
// places, what it removes).

import { bit, cellName, digitsOf } from "./game.js";

/** Colours of pattern roles, in the order a step's roles come (the engine's palette). */
const ROLES = 8;

export class Board {
  /**
   * `element` receives the cells; `onCell(i, digit)` is called on a click: `digit` is the
   * candidate clicked (in a cell without a digit), or 0.
   */
  constructor(element, onCell) {
    this.element = element;
    this.cells = [];
    for (let i = 0; i < 81; i++) {
      const r = Math.floor(i / 9), c = i % 9;
      const cell = document.createElement("div");
      cell.className = "cell";
      if (c === 2 || c === 5) cell.classList.add("box-right");
      if (r === 2 || r === 5) cell.classList.add("box-bottom");
      cell.setAttribute("role", "gridcell");
      cell.dataset.i = String(i);
      const value = document.createElement("span");
      value.className = "value";
      const cands = document.createElement("div");
      cands.className = "cands";
      const marks = [];
      for (let d = 1; d <= 9; d++) {
        const mark = document.createElement("span");
        mark.className = "cand";
        mark.dataset.d = String(d);
        cands.appendChild(mark);
        marks.push(mark);
      }
      cell.append(value, cands);
      cell.addEventListener("click", (event) => {
        const d = Number(event.target.dataset && event.target.dataset.d) || 0;
        onCell(i, d);
      });
      element.appendChild(cell);
      this.cells.push({ cell, value, marks });
    }
  }

  /**
   * Draw `game` with `view`: { selected, region (Set of cells), wrong (Map cell → text),
   * step (a step's JSON to draw), digit (a digit to highlight) }.
   */
  render(game, view) {
    const conflicts = game.conflicts();
    const selected = view.selected;
    const peers = new Set();
    if (selected !== null && selected !== undefined) {
      const r = Math.floor(selected / 9), c = selected % 9;
      for (let i = 0; i < 81; i++) {
        const ri = Math.floor(i / 9), ci = i % 9;
        const same = ri === r || ci === c ||
          (Math.floor(ri / 3) === Math.floor(r / 3) && Math.floor(ci / 3) === Math.floor(c / 3));
        if (same && i !== selected) peers.add(i);
      }
    }
    const digit = view.digit || (selected !== null && selected !== undefined ? game.values[selected] : 0);
    const marksOf = stepMarks(view.step);
    for (let i = 0; i < 81; i++) {
      const { cell, value, marks } = this.cells[i];
      const v = game.values[i];
      const list = cell.classList;
      list.toggle("given", game.isGiven(i));
      list.toggle("placed", v !== 0 && !game.isGiven(i));
      list.toggle("selected", i === selected);
      list.toggle("peer", peers.has(i));
      list.toggle("same", digit !== 0 && v === digit && i !== selected);
      list.toggle("conflict", conflicts.has(i));
      list.toggle("region", !!(view.region && view.region.has(i)));
      list.toggle("wrong", !!(view.wrong && view.wrong.has(i)));
      list.toggle("step-placed", marksOf.placed.has(i));
      cell.title = view.wrong && view.wrong.has(i) ? view.wrong.get(i) : "";
      value.textContent = v ? String(v) : "";
      const shown = game.shown(i);
      for (let d = 1; d <= 9; d++) {
        const mark = marks[d - 1];
        const on = !v && (shown & bit(d)) !== 0;
        const key = i * 10 + d;
        const elim = marksOf.eliminated.has(key);
        mark.textContent = on || elim ? String(d) : "";
        mark.className = "cand";
        if (elim) mark.classList.add("elim");
        if (marksOf.placing.has(key)) mark.classList.add("place");
        const role = marksOf.roles.get(key);
        if (role !== undefined && !elim) mark.classList.add(`role-${role % ROLES}`);
        if (on && digit && d === digit) mark.classList.add("same");
      }
      const label = v
        ? `${cellName(i)}, ${v}${game.isGiven(i) ? " (given)" : ""}`
        : `${cellName(i)}, candidates ${digitsOf(shown).join(" ") || "none"}`;
      cell.setAttribute("aria-label", label);
      cell.setAttribute("aria-selected", i === selected ? "true" : "false");
    }
  }
}

/** A step's candidates by what they do: removed, placed, and their pattern role. */
function stepMarks(step) {
  const marks = { eliminated: new Set(), placing: new Set(), placed: new Set(), roles: new Map() };
  if (!step) return marks;
  for (const [r, c, d] of step.eliminations || []) marks.eliminated.add(((r - 1) * 9 + c - 1) * 10 + d);
  for (const [r, c, d] of step.placements || []) {
    const i = (r - 1) * 9 + c - 1;
    marks.placing.add(i * 10 + d);
    marks.placed.add(i);
  }
  (step.pattern || []).forEach((part, role) => {
    for (const [r, c, d] of part.candidates) {
      const key = ((r - 1) * 9 + c - 1) * 10 + d;
      if (!marks.roles.has(key)) marks.roles.set(key, role);
    }
  });
  return marks;
}
