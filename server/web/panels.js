// The side panels: hints, the steps to the end, the rating, new puzzles, and the techniques
// hints use. Each works on the app's game through `app` (see app.js).

import * as engine from "./engine.js";

const $ = (id) => document.getElementById(id);
/** An ER as players write it: one decimal. */
export const er = (value) => (value === null || value === undefined ? "-" : Number(value).toFixed(1));

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A picture from the engine (an SVG document it drew), in a figure. */
function picture(svg, label) {
  const figure = el("figure", { class: "picture" });
  figure.innerHTML = svg;
  const drawn = figure.querySelector("svg");
  if (drawn) {
    drawn.removeAttribute("width");
    drawn.removeAttribute("height");
    drawn.setAttribute("role", "img");
    drawn.setAttribute("aria-label", label);
  }
  return figure;
}

/** The step's whole text, folded away when the sentence is short of it. */
function wholeText(text, folded) {
  if (!folded) return null;
  return el("details", { class: "whole" }, el("summary", {}, "The whole step"), el("p", { class: "step-text" }, text));
}

// ---------------------------------------------------------------- hints

export function hints(app) {
  const output = $("hint-output");
  const applyButton = $("apply-hint-button");
  let state = { position: null, level: 0, answer: null };

  function reset() {
    state = { position: null, level: 0, answer: null };
    applyButton.disabled = true;
  }

  function show(answer) {
    output.replaceChildren();
    if (answer.note) output.append(el("p", { class: "note" }, answer.note));
    output.append(el("p", { class: `hint-text level-${answer.level}` }, answer.solved ? "The puzzle is solved." : `Hint ${answer.level}/3: ${answer.text}`));
    if (answer.level === 3 && answer.sentence) {
      output.append(picture(answer.svg, answer.sentence.text));
      const whole = wholeText(answer.step.text, answer.sentence.folded);
      if (whole) output.append(whole);
    } else if (!answer.solved && answer.level < 3) {
      output.append(el("p", { class: "muted" }, "Press Hint again to be told more."));
    }
  }

  async function ask(level) {
    const position = app.game.position();
    const answer = await engine.call("hint", { puzzle: position, level, config: app.config() });
    state = { position, level, answer };
    app.view.region = answer.region ? new Set(answer.region.cells.map(([r, c]) => (r - 1) * 9 + c - 1)) : null;
    app.view.step = level === 3 ? answer.step : null;
    applyButton.disabled = level !== 3 || answer.solved;
    show(answer);
    app.render();
    return answer;
  }

  /** The next level of the hint for the position on the board. */
  async function next() {
    app.showTab("hint");
    const position = app.game.position();
    const level = state.position === position ? Math.min(state.level + 1, 3) : 1;
    try {
      await ask(level);
    } catch (error) {
      app.fail(error);
      output.replaceChildren(el("p", { class: "error" }, error.message));
    }
  }

  async function apply() {
    if (!state.answer || !state.answer.step || state.position !== app.game.position()) return;
    app.game.applyStep(state.answer.step);
    app.view.step = null;
    app.view.region = null;
    app.changed(`Applied: ${state.answer.sentence.text}`);
  }

  /** Take the next step at once and show it. */
  async function step() {
    app.showTab("hint");
    try {
      const answer = await ask(3);
      if (answer.solved) return;
      app.game.applyStep(answer.step);
      app.view.step = null;
      app.view.region = null;
      app.changed(`Step: ${answer.sentence.text}`);
      show(answer);
      state = { position: app.game.position(), level: 0, answer: null };
    } catch (error) {
      app.fail(error);
    }
  }

  $("hint-button").addEventListener("click", next);
  applyButton.addEventListener("click", apply);
  $("step-button").addEventListener("click", step);
  return { next, reset };
}

// ---------------------------------------------------------------- steps to the end

export function steps(app) {
  const list = $("steps-list");
  const view = $("step-view");
  const summary = $("steps-summary");
  const playTo = $("play-to-button");
  let solved = null;
  let chosen = -1;

  function choose(n) {
    chosen = n;
    for (const [i, item] of [...list.children].entries()) item.classList.toggle("chosen", i === n);
    const step = solved.steps[n];
    view.replaceChildren(
      el("p", { class: "hint-text" }, `Step ${n + 1} of ${solved.steps.length} (ER ${er(step.er)}): ${step.step.name}`),
      step.svg ? picture(step.svg, step.step.text) : null,
      el("p", { class: "step-text" }, step.step.text),
    );
    playTo.disabled = false;
    // The first step is on the board's own position: drawn there too.
    app.view.step = n === 0 ? step.step : null;
    app.render();
  }

  async function solve() {
    app.showTab("steps");
    summary.textContent = "Solving…";
    list.replaceChildren();
    view.replaceChildren();
    playTo.disabled = true;
    try {
      solved = await engine.call("solve", {
        puzzle: app.game.position(),
        config: app.config(),
        pick: "easiest",
        pictures: true,
      });
      solved.start = app.game.position();
    } catch (error) {
      summary.textContent = error.message;
      app.fail(error);
      return;
    }
    const rating = solved.rating ? `, hardest ER ${er(solved.rating.er)} (${solved.rating.hardest || "-"})` : "";
    const guesses = solved.guesses ? `, ${solved.guesses} of them guesses` : "";
    summary.textContent = `${solved.status === "solved" ? "Solved" : "Stuck"} in ${solved.steps.length} steps${guesses}${rating}. Choose a step to see it.`;
    solved.steps.forEach((step, n) => {
      const item = el("li", {},
        el("button", { type: "button", class: "step", title: step.step.text, onclick: () => choose(n) },
          el("span", { class: "er" }, er(step.er)), " ", step.step.text));
      list.append(item);
    });
  }

  function play() {
    if (!solved || chosen < 0 || solved.start !== app.game.position()) {
      app.status("The board changed since these steps were found: solve again.", "error");
      return;
    }
    const upTo = solved.steps.slice(0, chosen + 1);
    app.game.applySteps(upTo.map((s) => s.step));
    app.view.step = null;
    app.changed(`Played ${upTo.length} step${upTo.length === 1 ? "" : "s"}.`);
  }

  $("solve-button").addEventListener("click", solve);
  playTo.addEventListener("click", play);
  return {
    reset() {
      solved = null;
      chosen = -1;
      playTo.disabled = true;
    },
  };
}

// ---------------------------------------------------------------- rating

export function rating(app) {
  const output = $("rating-output");
  async function rate() {
    output.replaceChildren(el("p", { class: "muted" }, "Rating…"));
    try {
      const answer = await engine.call("rate", { puzzle: app.game.key() });
      const row = (name, value) => el("tr", {}, el("th", {}, name), el("td", {}, value ?? "-"));
      output.replaceChildren(el("table", { class: "rating", id: "rating-table" },
        row("ER (Sudoku Explainer)", `${answer.complete ? "" : ">"}${er(answer.er)}`),
        row("EP", er(answer.ep)),
        row("ED", er(answer.ed)),
        row("HoDoKu level", answer.level),
        row("HoDoKu score", answer.score),
        row("Hardest step", answer.hardest)),
        answer.complete ? null : el("p", { class: "note" }, "The rating's techniques stop short: the puzzle is harder than this ER."));
    } catch (error) {
      output.replaceChildren(el("p", { class: "error" }, error.message));
    }
  }
  $("rate-button").addEventListener("click", rate);
  return { rate };
}

// ---------------------------------------------------------------- new puzzles

export function generator(app) {
  const form = $("generate-form");
  const bar = $("gen-progress");
  const status = $("gen-status");
  const cancel = $("generate-cancel");
  const seconds = 60;
  let running = null;

  async function generate(event) {
    event.preventDefault();
    if (running) return;
    const number = (id) => ($(id).value === "" ? null : Number($(id).value));
    const [lo, hi] = [number("gen-er-min"), number("gen-er-max")];
    const request = { count: 1, symmetry: $("gen-symmetry").value, time_limit: seconds };
    if (lo !== null || hi !== null) request.er = [lo ?? 1.0, hi ?? 12.0];
    if ($("gen-level").value) request.level = $("gen-level").value;
    const practice = $("gen-practice");
    if (practice.value) request.practice = practice.value;
    if (number("gen-seed") !== null) request.seed = number("gen-seed");
    running = new AbortController();
    cancel.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = "Searching…";
    try {
      const answer = await engine.generate(request, (line) => {
        bar.value = Math.min(1, line.seconds / seconds);
        const tries = line.progress ? `, ${line.progress.tries} grids tried` : "";
        status.textContent = `Searching… ${line.seconds.toFixed(1)} s${tries}`;
      }, running.signal);
      const found = answer.puzzles[0];
      if (!found) {
        status.textContent = `None found in ${answer.seconds.toFixed(0)} s (${answer.tries} grids tried; turned down: ${answer.rejected.join(", ") || "none"}). Widen the range or try again.`;
      } else {
        const practised = request.practice ? `, practice: ${practice.selectedOptions[0].textContent}` : "";
        status.textContent = `ER ${er(found.er)}, ${found.level}, ${found.clues} clues, ${found.symmetry}${practised} (seed ${answer.seed}); found in ${answer.seconds.toFixed(1)} s.`;
        await app.load(found.puzzle);
      }
    } catch (error) {
      status.textContent = error.name === "AbortError" ? "Stopped." : error.message;
    } finally {
      running = null;
      cancel.hidden = true;
      bar.hidden = true;
    }
  }

  form.addEventListener("submit", generate);
  cancel.addEventListener("click", () => running && running.abort());
  // A practice puzzle's level and ER are the technique's: any level, and no symmetry (puzzles
  // near one that has the shape come fastest, and they keep no symmetry). Both can be set
  // again after.
  $("gen-practice").addEventListener("change", (event) => {
    if (!event.target.value) return;
    $("gen-level").value = "";
    $("gen-er-min").value = "";
    $("gen-er-max").value = "";
    $("gen-symmetry").value = "none";
  });
}

// ---------------------------------------------------------------- techniques (the config)

const CONFIG_STORE = "kaidoku.config";

/** The config as TOML, from the base's view and the player's order and switches. */
export function configToml(state) {
  const q = (s) => JSON.stringify(s);
  const lines = [
    `# Built on Kaidoku's play page from the shipped config ${q(state.base)}.`,
    `name = ${q(`${state.base}-custom`)}`,
    "",
    "[solver]",
    `uniqueness = ${state.uniqueness}`,
    `rate = ${q(state.solver.rate)}`,
    `orientation = ${q(state.solver.orientation)}`,
    `names = ${q(state.solver.names)}`,
  ];
  for (const t of state.techniques) {
    lines.push("", "[[technique]]", `id = ${q(t.id)}`);
    if (!t.enabled) lines.push("enabled = false");
    for (const p of t.params) if (p.set) lines.push(`${p.name} = ${JSON.stringify(p.value)}`);
    if (t.kinds.length) lines.push(`kinds = [${t.kinds.map(q).join(", ")}]`);
    if (t.skip_kinds.length) lines.push(`skip_kinds = [${t.skip_kinds.map(q).join(", ")}]`);
  }
  return lines.join("\n") + "\n";
}

export function techniques(app) {
  const list = $("config-list");
  const base = $("config-base");
  const uniqueness = $("config-uniqueness");
  const status = $("config-status");
  const shown = $("config-toml");
  const download = $("config-download");
  let state = null;
  let dragged = null;
  let changed = false;

  function save() {
    try {
      localStorage.setItem(CONFIG_STORE, JSON.stringify({ state, changed }));
    } catch (_) { /* unsaved */ }
  }

  function move(from, to) {
    if (to < 0 || to >= state.techniques.length || from === to) return;
    const [t] = state.techniques.splice(from, 1);
    state.techniques.splice(to, 0, t);
    update();
  }

  function render() {
    list.replaceChildren();
    state.techniques.forEach((t, n) => {
      const box = el("input", { type: "checkbox", id: `technique-${n}`, "data-id": t.id });
      box.checked = t.enabled;
      box.addEventListener("change", () => {
        t.enabled = box.checked;
        update();
      });
      const item = el("li", { draggable: "true", class: t.enabled ? "" : "off", "data-id": t.id },
        el("span", { class: "grip", "aria-hidden": "true" }, "⠿"),
        box,
        el("label", { for: `technique-${n}`, title: t.summary }, t.name, el("small", {}, ` ${t.id}`)),
        el("button", { type: "button", class: "up", title: "Earlier", "aria-label": `Move ${t.name} up`, onclick: () => move(n, n - 1) }, "▲"),
        el("button", { type: "button", class: "down", title: "Later", "aria-label": `Move ${t.name} down`, onclick: () => move(n, n + 1) }, "▼"));
      item.addEventListener("dragstart", (e) => {
        dragged = n;
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", String(n));
      });
      item.addEventListener("dragover", (e) => {
        e.preventDefault();
        item.classList.add("over");
      });
      item.addEventListener("dragleave", () => item.classList.remove("over"));
      item.addEventListener("drop", (e) => {
        e.preventDefault();
        item.classList.remove("over");
        const from = dragged ?? Number(e.dataTransfer.getData("text/plain"));
        dragged = null;
        move(from, n);
      });
      list.append(item);
    });
    uniqueness.checked = state.uniqueness;
  }

  let checking = 0;
  async function update() {
    changed = true;
    render();
    const toml = configToml(state);
    download.href = `data:application/toml;charset=utf-8,${encodeURIComponent(toml)}`;
    if (!shown.hidden) shown.textContent = toml;
    save();
    const mine = ++checking;
    try {
      const answer = await engine.call("config", { config: toml });
      if (mine !== checking) return;
      const on = state.techniques.filter((t) => t.enabled).length;
      status.textContent = [`${on} of ${state.techniques.length} techniques on; hints use this order.`, ...answer.warnings].join(" ");
      status.classList.remove("error");
      state.valid = toml;
    } catch (error) {
      if (mine !== checking) return;
      status.textContent = `Not used: ${error.message}`;
      status.classList.add("error");
    }
    save();
  }

  async function start(name) {
    const answer = await engine.call("config", { config: name });
    const view = answer.view;
    state = {
      base: name,
      solver: view.solver,
      uniqueness: view.solver.uniqueness,
      techniques: view.techniques,
      valid: null,
    };
    changed = false;
    render();
    download.href = `data:application/toml;charset=utf-8,${encodeURIComponent(answer.toml)}`;
    if (!shown.hidden) shown.textContent = answer.toml;
    status.textContent = `The shipped config ${name}: ${view.techniques.filter((t) => t.enabled).length} techniques.`;
    status.classList.remove("error");
    save();
  }

  async function init() {
    const answer = await engine.call("configs", {});
    for (const c of answer.configs) base.append(el("option", { value: c.name, title: c.description }, c.name));
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(CONFIG_STORE) || "null");
    } catch (_) { /* none */ }
    if (saved && saved.state && saved.state.techniques) {
      state = saved.state;
      changed = saved.changed;
      base.value = state.base;
      render();
      if (changed) await update();
      else status.textContent = `The shipped config ${state.base}.`;
    } else {
      base.value = answer.hint_default;
      await start(answer.hint_default);
    }
  }

  base.addEventListener("change", () => start(base.value).catch(app.fail));
  uniqueness.addEventListener("change", () => {
    state.uniqueness = uniqueness.checked;
    update();
  });
  $("config-show").addEventListener("click", () => {
    shown.hidden = !shown.hidden;
    shown.textContent = changed ? configToml(state) : "";
    if (!changed) engine.call("config", { config: state.base }).then((a) => (shown.textContent = a.toml));
  });
  $("config-reset").addEventListener("click", () => start(state.base).catch(app.fail));

  return {
    init,
    /** What hint, step and solve requests send: the shipped name, or the TOML built. */
    config() {
      if (!state) return null;
      return changed ? state.valid || state.base : state.base;
    },
  };
}
