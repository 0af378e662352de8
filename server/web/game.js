// The game: givens, the digits placed, the candidates, and the history of every action, kept
// in localStorage under the puzzle's givens so that a reload (or a shared link to the same
// puzzle) goes on where the player was.
//
// Candidates are bit sets (bit d-1 for digit d). With auto-candidates on, a cell shows what the
// digits around it allow, less what the player removed (`deleted`); with it off, a cell shows
// the pencil marks the player wrote (`marks`), and a cell without any mark counts as not yet
// marked (all candidates) when the position is sent to the engine.

export const ALL = 0x1ff;

/** The 20 peers of each cell. */
export const PEERS = (() => {
  const peers = [];
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9), c = i % 9;
    const set = new Set();
    for (let k = 0; k < 9; k++) {
      set.add(r * 9 + k);
      set.add(k * 9 + c);
    }
    const br = r - (r % 3), bc = c - (c % 3);
    for (let dr = 0; dr < 3; dr++) for (let dc = 0; dc < 3; dc++) set.add((br + dr) * 9 + bc + dc);
    set.delete(i);
    peers.push([...set]);
  }
  return peers;
})();

export const bit = (d) => 1 << (d - 1);
export const digitsOf = (mask) => {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & bit(d)) out.push(d);
  return out;
};
export const cellName = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;

/** The most actions kept to undo (and stored). */
const HISTORY = 300;
const STORE = "kaidoku.game.";

export class Game {
  /** A new game on `givens` (81 characters, `.` or `0` for empty). */
  constructor(givens) {
    this.givens = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const ch = givens[i];
      this.givens[i] = ch >= "1" && ch <= "9" ? Number(ch) : 0;
    }
    this.values = Uint8Array.from(this.givens);
    this.deleted = new Uint16Array(81);
    this.marks = new Uint16Array(81);
    this.auto = true;
    this.undoStack = [];
    this.redoStack = [];
  }

  /** The givens as 81 characters: the game's name. */
  key() {
    return Array.from(this.givens, (v) => (v ? String(v) : ".")).join("");
  }

  isGiven(i) {
    return this.givens[i] !== 0;
  }

  /** What the digits of a cell's peers leave it. */
  allowed(i) {
    let seen = 0;
    for (const p of PEERS[i]) if (this.values[p]) seen |= bit(this.values[p]);
    return ALL & ~seen;
  }

  /** The candidates the cell shows (0 for a cell with a digit). */
  shown(i) {
    if (this.values[i]) return 0;
    return this.auto ? this.allowed(i) & ~this.deleted[i] : this.marks[i];
  }

  /** What the engine is told the cell's candidates are (an unmarked cell: all it allows). */
  candidates(i) {
    if (this.values[i]) return 0;
    if (this.auto) return this.allowed(i) & ~this.deleted[i];
    if (this.marks[i] === 0) return this.allowed(i);
    return this.allowed(i) & this.marks[i];
  }

  snapshot() {
    return {
      values: Array.from(this.values),
      deleted: Array.from(this.deleted),
      marks: Array.from(this.marks),
      auto: this.auto,
    };
  }

  restore(s) {
    this.values = Uint8Array.from(s.values);
    this.deleted = Uint16Array.from(s.deleted);
    this.marks = Uint16Array.from(s.marks);
    this.auto = s.auto;
  }

  /** Run `change` as one action that undo takes back; nothing recorded if it changed nothing. */
  act(change) {
    const before = this.snapshot();
    change();
    const after = this.snapshot();
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    this.undoStack.push(before);
    if (this.undoStack.length > HISTORY) this.undoStack.shift();
    this.redoStack = [];
    this.save();
    return true;
  }

  undo() {
    const s = this.undoStack.pop();
    if (!s) return false;
    this.redoStack.push(this.snapshot());
    this.restore(s);
    this.save();
    return true;
  }

  redo() {
    const s = this.redoStack.pop();
    if (!s) return false;
    this.undoStack.push(this.snapshot());
    this.restore(s);
    this.save();
    return true;
  }

  /** Place `d` in cell `i` (the same digit again clears it); a given stays. */
  setValue(i, d) {
    if (this.isGiven(i)) return false;
    return this.act(() => {
      if (this.values[i] === d) {
        this.values[i] = 0;
        return;
      }
      this.values[i] = d;
      // Written pencil marks of the digit leave the cells it sees, as on paper.
      for (const p of PEERS[i]) this.marks[p] &= ~bit(d);
    });
  }

  /** Clear the cell: its digit, else its removed candidates or marks. */
  erase(i) {
    if (this.isGiven(i)) return false;
    return this.act(() => {
      if (this.values[i]) this.values[i] = 0;
      else if (this.auto) this.deleted[i] = 0;
      else this.marks[i] = 0;
    });
  }

  /** Remove candidate `d` from cell `i`, or put it back. */
  toggleCandidate(i, d) {
    if (this.values[i]) return false;
    return this.act(() => {
      if (this.auto) {
        if (this.allowed(i) & bit(d)) this.deleted[i] ^= bit(d);
      } else {
        this.marks[i] ^= bit(d);
      }
    });
  }

  /** Switch auto-candidates, keeping what the board shows. */
  setAuto(on) {
    if (on === this.auto) return false;
    return this.act(() => {
      for (let i = 0; i < 81; i++) {
        if (this.values[i]) continue;
        if (on) this.deleted[i] = this.marks[i] ? this.allowed(i) & ~this.marks[i] : 0;
        else this.marks[i] = this.allowed(i) & ~this.deleted[i];
      }
      this.auto = on;
    });
  }

  /** Apply a step's effects ([[row, col, digit]], 1-based) as one action. */
  applyStep(step) {
    return this.applySteps([step]);
  }

  /** Apply several steps, in order, as one action. */
  applySteps(steps) {
    return this.act(() => {
      for (const step of steps) this.effects(step);
    });
  }

  effects(step) {
    for (const [r, c, d] of step.eliminations || []) {
      const i = (r - 1) * 9 + (c - 1);
      if (this.values[i]) continue;
      if (this.auto) this.deleted[i] |= bit(d);
      else this.marks[i] = (this.marks[i] || this.allowed(i)) & ~bit(d);
    }
    for (const [r, c, d] of step.placements || []) {
      const i = (r - 1) * 9 + (c - 1);
      this.values[i] = d;
      for (const p of PEERS[i]) this.marks[p] &= ~bit(d);
    }
  }

  /** Take the position of a `parse` answer (values and candidates) as the board's. */
  loadPosition(position) {
    return this.act(() => {
      for (let i = 0; i < 81; i++) {
        const ch = position.values[i];
        this.values[i] = ch >= "1" && ch <= "9" ? Number(ch) : 0;
      }
      for (let i = 0; i < 81; i++) {
        if (this.values[i]) {
          this.deleted[i] = 0;
          this.marks[i] = 0;
          continue;
        }
        let has = 0;
        for (const ch of position.candidates[i]) has |= bit(Number(ch));
        this.deleted[i] = this.allowed(i) & ~has;
        this.marks[i] = has;
      }
    });
  }

  /** Back to the givens (undoable). */
  restart() {
    return this.act(() => {
      this.values = Uint8Array.from(this.givens);
      this.deleted = new Uint16Array(81);
      this.marks = new Uint16Array(81);
    });
  }

  /** Cells whose digit a peer holds too. */
  conflicts() {
    const out = new Set();
    for (let i = 0; i < 81; i++) {
      const v = this.values[i];
      if (!v) continue;
      for (const p of PEERS[i]) if (this.values[p] === v) out.add(i);
    }
    return out;
  }

  isFull() {
    return this.values.every((v) => v !== 0);
  }

  /**
   * The position as HoDoKu's library state, `givens:deleted`: `+` before a digit the player
   * placed, then the removed candidates as `digit row column`. Every format `kaidoku` reads
   * takes it, and it holds everything.
   */
  position() {
    let cells = "";
    for (let i = 0; i < 81; i++) {
      const v = this.values[i];
      if (!v) cells += ".";
      else cells += (this.isGiven(i) ? "" : "+") + v;
    }
    const removed = [];
    for (let i = 0; i < 81; i++) {
      if (this.values[i]) continue;
      const gone = this.allowed(i) & ~this.candidates(i);
      for (const d of digitsOf(gone)) removed.push(`${d}${Math.floor(i / 9) + 1}${(i % 9) + 1}`);
    }
    return `${cells}:${removed.join(" ")}`;
  }

  save() {
    try {
      const state = {
        now: this.snapshot(),
        undo: this.undoStack,
        redo: this.redoStack,
      };
      localStorage.setItem(STORE + this.key(), JSON.stringify(state));
      localStorage.setItem("kaidoku.last", this.key());
    } catch (_) {
      // Storage full or off (a private window): the game goes on unsaved.
    }
  }

  /** The saved game of these givens, or a new one. */
  static open(givens) {
    const game = new Game(givens);
    try {
      const saved = JSON.parse(localStorage.getItem(STORE + game.key()) || "null");
      if (saved && saved.now && saved.now.values.length === 81) {
        game.restore(saved.now);
        game.undoStack = saved.undo || [];
        game.redoStack = saved.redo || [];
        // A saved game whose givens moved (an old format) is not this game.
        for (let i = 0; i < 81; i++) {
          if (game.givens[i] && game.values[i] !== game.givens[i]) return new Game(givens);
        }
      }
    } catch (_) {
      return new Game(givens);
    }
    return game;
  }

  static lastKey() {
    try {
      return localStorage.getItem("kaidoku.last");
    } catch (_) {
      return null;
    }
  }
}
