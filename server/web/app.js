// The play page: a board to play on with the keyboard or the mouse, hints in three levels,
// the steps to the end, the rating, new puzzles and the techniques hints use. The puzzle is in
// the address (#81 characters) so that a link shares it; the game is kept in localStorage.

import { Board } from "./board.js";
import * as engine from "./engine.js";
import { Game, cellName } from "./game.js";
import * as panels from "./panels.js";

const $ = (id) => document.getElementById(id);
const EXAMPLE = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

const app = {
  game: new Game(EXAMPLE),
  selected: 40,
  mode: "digit",
  view: { region: null, wrong: null, step: null },
};

const board = new Board($("board"), (i, digit) => {
  if (app.mode === "candidate" && digit && i === app.selected) {
    if (app.game.toggleCandidate(i, digit)) app.changed();
  }
  app.selected = i;
  $("board").focus();
  app.render();
});

app.render = () => {
  board.render(app.game, { ...app.view, selected: app.selected });
  $("undo-button").disabled = app.game.undoStack.length === 0;
  $("redo-button").disabled = app.game.redoStack.length === 0;
  $("auto-candidates").checked = app.game.auto;
  $("mode-button").textContent = app.mode === "digit" ? "Mode: digit" : "Mode: pencil mark";
  $("mode-button").setAttribute("aria-pressed", app.mode === "candidate" ? "true" : "false");
  document.body.classList.toggle("pencil", app.mode === "candidate");
};

app.status = (text, kind) => {
  const status = $("status");
  status.textContent = text || "";
  status.className = `status ${kind || ""}`;
};

app.fail = (error) => app.status(error.message, "error");

/** After the game changed: what was drawn for the old position goes, the news is said. */
app.changed = (message) => {
  app.view = { region: null, wrong: null, step: null };
  hints.reset();
  steps.reset();
  const conflicts = app.game.conflicts();
  if (conflicts.size) {
    const cells = [...conflicts].map(cellName).join(", ");
    app.status(`Conflict: ${cells} ${conflicts.size === 1 ? "holds" : "hold"} a digit that a cell they see holds too.`, "error");
  } else if (app.game.isFull()) {
    app.status("Solved! Every row, column and box holds 1 to 9.", "solved");
  } else {
    app.status(message || "");
  }
  app.render();
};

app.showTab = (name) => {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    $(`panel-${tab.dataset.tab}`).hidden = !on;
  }
};

/** Load a puzzle or position in any format `kaidoku solve` reads. */
app.load = async (text) => {
  let parsed;
  try {
    parsed = await engine.call("parse", { puzzle: text });
  } catch (error) {
    app.fail(error);
    return false;
  }
  const givens = parsed.position.givens;
  app.game = Game.open(givens);
  // A position with more than its givens (digits placed, candidates removed) is taken as it
  // is; a plain puzzle goes on from where this browser left it.
  const plain = parsed.position.values === givens && !parsed.position.library.split(":")[1];
  if (!plain && app.game.position() !== parsed.position.library) app.game.loadPosition(parsed.position);
  history.replaceState(null, "", `#${givens}`);
  $("puzzle-input").value = "";
  app.changed(parsed.status === "ok" ? `Loaded: ${parsed.clues} clues.` : parsed.message);
  if (parsed.status !== "ok") app.status(`${parsed.message}${parsed.status === "mistakes" ? "" : " — hints need exactly one solution"}`, "error");
  app.game.save();
  return true;
};

const hints = panels.hints(app);
const steps = panels.steps(app);
panels.rating(app);
panels.generator(app);
const techniques = panels.techniques(app);
app.config = () => techniques.config();

// ---------------------------------------------------------------- playing

function enter(digit, pencil) {
  const i = app.selected;
  if (i === null) return;
  const candidate = pencil || app.mode === "candidate";
  const done = candidate ? app.game.toggleCandidate(i, digit) : app.game.setValue(i, digit);
  if (done) app.changed();
  else if (app.game.isGiven(i)) app.status(`${cellName(i)} is a given.`);
}

function move(dr, dc) {
  const i = app.selected ?? 40;
  const r = (Math.floor(i / 9) + dr + 9) % 9, c = ((i % 9) + dc + 9) % 9;
  app.selected = r * 9 + c;
  app.render();
}

async function check() {
  try {
    const answer = await engine.call("parse", { puzzle: app.game.position() });
    const wrong = new Map();
    for (const m of answer.mistakes) {
      const i = (m.row - 1) * 9 + m.col - 1;
      const text = m.kind === "value"
        ? `${m.cell} holds ${m.digit}, but the solution has ${m.solution} there`
        : `${m.cell}: you removed ${m.digit}, which is the solution`;
      wrong.set(i, wrong.has(i) ? `${wrong.get(i)}; ${text}` : text);
    }
    app.view.wrong = wrong;
    app.render();
    if (answer.status === "ok") app.status(app.game.isFull() ? "Solved, and right." : "No mistakes so far.", "solved");
    else if (answer.mistakes.length) {
      app.status(`${answer.mistakes.length} mistake${answer.mistakes.length === 1 ? "" : "s"}: ${[...wrong.values()].join("; ")}.`, "error");
    } else app.status(answer.message, "error");
  } catch (error) {
    app.fail(error);
  }
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select")) return;
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  const digit = /^(Digit|Numpad)([1-9])$/.exec(event.code);
  if (ctrl && (key === "z" || key === "Z")) {
    if (event.shiftKey ? app.game.redo() : app.game.undo()) app.changed();
  } else if (ctrl && (key === "y" || key === "Y")) {
    if (app.game.redo()) app.changed();
  } else if (ctrl || event.altKey) {
    return;
  } else if (digit) {
    enter(Number(digit[2]), event.shiftKey);
  } else if (key === "ArrowUp") move(-1, 0);
  else if (key === "ArrowDown") move(1, 0);
  else if (key === "ArrowLeft") move(0, -1);
  else if (key === "ArrowRight") move(0, 1);
  else if (key === "Delete" || key === "Backspace" || key === "0") {
    if (app.selected !== null && app.game.erase(app.selected)) app.changed();
  } else if (key === " ") {
    app.mode = app.mode === "digit" ? "candidate" : "digit";
    app.render();
  } else if (key === "h" || key === "H") {
    hints.next();
  } else if (key === "Escape") {
    app.view = { region: null, wrong: null, step: null };
    app.render();
  } else return;
  event.preventDefault();
});

for (const button of document.querySelectorAll("#pad button")) {
  button.addEventListener("click", () => enter(Number(button.dataset.digit), false));
}
$("mode-button").addEventListener("click", () => {
  app.mode = app.mode === "digit" ? "candidate" : "digit";
  app.render();
});
$("erase-button").addEventListener("click", () => {
  if (app.selected !== null && app.game.erase(app.selected)) app.changed();
});
$("undo-button").addEventListener("click", () => app.game.undo() && app.changed());
$("redo-button").addEventListener("click", () => app.game.redo() && app.changed());
$("auto-candidates").addEventListener("change", (e) => app.game.setAuto(e.target.checked) && app.changed());
$("check-button").addEventListener("click", check);
$("restart-button").addEventListener("click", () => app.game.restart() && app.changed("Back to the givens (Undo brings the game back)."));
$("load-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("puzzle-input").value.trim();
  if (text) app.load(text);
});
$("puzzle-input").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey && $("puzzle-input").value.trim().length <= 200) {
    e.preventDefault();
    $("load-form").requestSubmit();
  }
});
$("new-button").addEventListener("click", () => app.showTab("generate"));
for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("click", () => app.showTab(tab.dataset.tab));
}
window.addEventListener("hashchange", () => {
  const text = decodeURIComponent(location.hash.slice(1));
  if (text && text !== app.game.key()) app.load(text);
});

// ---------------------------------------------------------------- start

async function start() {
  const fromUrl = decodeURIComponent(location.hash.slice(1));
  const last = Game.lastKey();
  await app.load(fromUrl || last || EXAMPLE);
  try {
    await techniques.init();
  } catch (error) {
    app.fail(error);
  }
  document.body.dataset.engine = await engine.engineKind();
  document.body.dataset.ready = "true";
}

app.render();
start();
