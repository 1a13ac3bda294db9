// The inland_port board (static/boards/inland_port.js): draws view.table of inland_port for the page.
// Owned by the ipgd helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.inland_port.draw(view, ctx) -> { table, own }.
//
// The shared table: the rounds (the Building overview: which buildings enter when, the actions
// of each round, who starts it), the buildings for sale and the other player's warehouse and
// wheel. The viewer's own board, compact enough to stay beside the decision panel: Francs and
// wealth, the warehouse and the wheel as rows of sectors (most urgent first). Every building is
// marked data-card="<id>", so the client core shows its card (cost, value, function) on a tap.
"use strict";
(() => {
const { el, svg, seatName, playerCard } = window.harborgames.kit;

// The board's own styles, beside this script (the page allows styles only from the server).
if (!document.querySelector("link[data-board='inland_port']")) {
  document.head.append(el("link", { rel: "stylesheet", href: "static/boards/inland_port.css", "data-board": "inland_port" }));
}

const GOOD_COLOURS = { fish: "#1f618d", clay: "#a04000", wood: "#1e8449", grain: "#9a7d0a" };
const SECTOR_WORDS = { "0": "cannot be used this round", "2": "×2", "3": "×3", "4": "×4", "4+": "×4 and 1 Franc" };

// A building as a chip: its name (and a detail such as its cost), marked with its card (the
// client core shows the card on hover or tap).
function chip(ctx, key, name, detail, extraClass) {
  return el("span", { class: `ip-building${extraClass ? ` ${extraClass}` : ""}`, "data-card": key, tabindex: 0 },
    name, detail ? el("span", { class: "muted" }, ` ${detail}`) : null);
}

function rounds(view, t, ctx) {
  const letters = "ABCDEFGHIJKL";
  const comingBy = Object.fromEntries(t.coming.map((r) => [r.round, r.buildings]));
  const now = t.round;
  const track = el("ol", { class: "ip-rounds", id: "ip-rounds" }, [...letters].map((letter) => {
    const state = now === null ? "past" : letter < now ? "past" : letter === now ? "current" : "coming";
    return el("li", { class: state, title: state === "coming" ? `round ${letter}: ${(comingBy[letter] || []).map((b) => b.name).join(", ")}` : `round ${letter}` }, letter);
  }));
  const status = now === null
    ? "Game over: every building and Franc is counted."
    : `Round ${now} · ${t.actions_left} of ${t.round_actions} actions left · P${t.round_starter} starts ` +
      `(P${t.round_starter} ${Math.floor(t.round_actions / 2) + 1} actions, P${1 - t.round_starter} ${Math.floor(t.round_actions / 2)})`;
  const next = t.coming.length ? t.coming[0] : null;
  return el("div", { class: "card ip-head" },
    el("div", { class: "ip-status", id: "ip-status" }, status, t.pending ? el("b", {}, ` · deciding ${t.pending}`) : null),
    track,
    el("div", { class: "muted ip-sectors" }, "Sectors: ",
      t.sectors.map((s) => `${s.sector} ${SECTOR_WORDS[s.sector] || `×${s.applications}`}`).join(" · "),
      "; a building reaching the “cannot use” sector after 4+ is sold for half its value."),
    next ? el("div", { class: "ip-next", id: "ip-coming" }, el("b", {}, `Round ${next.round} brings: `),
      next.buildings.map((b) => chip(ctx, b.key, b.name, b.cost))) : null);
}

function forSale(view, t, ctx) {
  const buildable = new Set(ctx.legal.filter((a) => a.startsWith("build ")).map((a) => a.slice(6)));
  return el("div", { class: "card", id: "available" }, el("h2", {}, "Buildings for sale"),
    t.available.length
      ? el("div", { class: "ip-sale" }, t.available.map((b) => el("div", {
        class: `ip-tile${buildable.has(b.key) ? " buildable" : ""}`, "data-card": b.key, tabindex: 0,
      },
        el("b", {}, b.name),
        el("div", { class: "muted" }, `costs ${b.cost} · value ${b.value} · ${b.letter}`),
        buildable.has(b.key) ? el("div", { class: "ip-can" }, "you can build it") : null)))
      : el("span", { class: "muted" }, "none"),
    t.coming.length > 1 ? el("details", { class: "ip-later" }, el("summary", {}, "Later rounds"),
      t.coming.slice(1).map((r) => el("div", {}, el("b", {}, `${r.round}: `), r.buildings.map((b) => chip(ctx, b.key, b.name, b.cost))))) : null);
}

// The warehouse grid: rows of 3, 0 at the bottom; each good's letter in the square of its count.
function warehouse(t, p, cell) {
  const rows = t.top_row + 1;
  const left = cell > 28 ? 30 : 22;
  const nodes = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < t.columns; col++) {
      const value = (t.top_row - row) * t.columns + col;
      const x = left + col * cell;
      const y = 8 + row * cell;
      nodes.push(svg("rect", { x, y, width: cell - 2, height: cell - 2, fill: "#fff", stroke: "#99a" }));
      const here = Object.entries(p.goods).filter(([, n]) => n === value).map(([name]) => name);
      nodes.push(svg("text", { x: x + 2, y: y + 7, "font-size": 6.5, fill: "#99a" }, value));
      // Up to four goods share a value: one letter alone fills the cell, more sit two by two.
      here.forEach((name, k) => {
        const alone = here.length === 1;
        const gx = alone ? x + cell / 2 - 1 : x + cell * 0.32 + (k % 2) * cell * 0.36;
        const gy = alone ? y + cell * 0.72 : y + cell * 0.58 + Math.floor(k / 2) * cell * 0.32;
        nodes.push(svg("text", { x: gx, y: gy, "font-size": alone ? cell * 0.42 : cell * 0.29, "text-anchor": "middle", "font-weight": 700, fill: GOOD_COLOURS[name] || "#000", class: "good", "data-good": name },
          svg("title", {}, `${name} ${p.goods[name]}`), t.letters[name]));
      });
    }
    nodes.push(svg("text", { x: left - 5, y: 8 + row * cell + cell * 0.62, "font-size": 9, "text-anchor": "end" }, (t.top_row - row) * t.columns));
  }
  const width = left + t.columns * cell + 4;
  return el("figure", { class: "plain" },
    svg("svg", { class: "warehouse", width, height: 12 + rows * cell, viewBox: `0 0 ${width} ${12 + rows * cell}`, role: "img", "aria-label": "warehouse" }, nodes),
    el("figcaption", { class: "muted ip-goods" }, Object.entries(p.goods).map(([g, n]) => el("span", { "data-good": g }, `${g} ${n}`))));
}

// The building wheel: five sectors, each with its buildings (three names at most fit in a
// sector; the full list of every sector is written under the wheel).
function wheel(p, ctx) {
  const r = 100, cx = 105, cy = 105;
  const nodes = [svg("circle", { cx, cy, r, fill: "#fdf6e3", stroke: "#886" })];
  const count = p.wheel.length;
  p.wheel.forEach((sector, i) => {
    const a0 = (i / count) * 2 * Math.PI - Math.PI / 2;
    nodes.push(svg("line", { x1: cx, y1: cy, x2: cx + r * Math.cos(a0), y2: cy + r * Math.sin(a0), stroke: "#886" }));
    const mid = a0 + Math.PI / count;
    const lx = cx + (r - 13) * Math.cos(mid), ly = cy + (r - 13) * Math.sin(mid) + 4;
    nodes.push(svg("text", { x: lx, y: ly, "font-size": 12, "font-weight": 700, "text-anchor": "middle" }, sector.sector));
    const shown = sector.buildings.length <= 3 ? sector.buildings.map((name, k) => [name, sector.keys[k]])
      : [...sector.buildings.slice(0, 2).map((name, k) => [name, sector.keys[k]]), [`+${sector.buildings.length - 2} more`, null]];
    shown.forEach(([name, key], k) => {
      // Names in the sectors on the left and right sit further in, clear of the sector's number.
      const at = Math.abs(Math.cos(mid)) > 0.9 ? 0.44 * r : 0.52 * r;
      const tx = cx + at * Math.cos(mid), ty = cy + at * Math.sin(mid) + 3 + (k - (shown.length - 1) / 2) * 11.5;
      const short = name.length > 13 ? `${name.slice(0, 12)}…` : name;
      nodes.push(svg("text", { x: tx, y: ty, "font-size": 8.5, "text-anchor": "middle", class: "wheel-building", ...(key ? { "data-card": key } : {}) },
        svg("title", {}, name), short));
    });
  });
  const listed = p.wheel.filter((sector) => sector.buildings.length);
  return el("figure", { class: "plain wheel-figure" },
    svg("svg", { class: "wheel", width: 210, height: 210, viewBox: "0 0 210 210", role: "img", "aria-label": "building wheel" }, nodes),
    el("figcaption", { class: "muted wheel-list" }, listed.length
      ? listed.map((sector) => el("div", {}, el("b", {}, `${sector.sector}: `), sector.buildings.map((name, k) => chip(ctx, sector.keys[k], name))))
      : "no buildings on the wheel"));
}

// The own wheel as rows, most urgent first: 4+ (use it or it is sold at the round's end) to 0.
function wheelRows(p, ctx, usable, deciding) {
  const order = ["4+", "4", "3", "2", "0"];
  const bySector = Object.fromEntries(p.wheel.map((s) => [s.sector, s]));
  const rows = order.map((label) => bySector[label]).filter((s) => s && s.buildings.length);
  const row = (label, title, kind, chips) => el("div", { class: `ip-row ${kind}` },
    el("span", { class: "ip-sector", title }, label), el("span", { class: "ip-chips" }, chips));
  return el("div", { class: "ip-wheel-rows", "aria-label": "your building wheel" },
    rows.length ? rows.map((s) => row(s.sector, `sector ${s.sector}: ${SECTOR_WORDS[s.sector]}`, `sector-${s.sector === "4+" ? "bonus" : s.sector}`,
      s.buildings.map((name, k) => chip(ctx, s.keys[k], name, null,
        s.keys[k] === deciding ? "deciding" : usable.has(s.keys[k]) ? "usable" : null))))
      : el("div", { class: "muted" }, "no buildings on your wheel yet"),
    p.beside.length ? row("🔒", "locked buildings, beside the board", "beside", p.beside.map((name, k) => chip(ctx, p.beside_keys[k], name))) : null);
}

function heading(view, p) {
  return el("h3", {}, `${seatName(view, p.seat)} · ${p.board} board · ${p.francs} Francs · wealth ${p.wealth}`);
}

function otherBoard(view, t, p, ctx) {
  return playerCard(view, p.seat, heading(view, p),
    el("div", { class: "boards" }, warehouse(t, p, 34), wheel(p, ctx)),
    p.beside.length ? el("div", {}, "Beside the board: ", p.beside.map((name, k) => chip(ctx, p.beside_keys[k], name))) : null);
}

function ownBoard(view, t, p, ctx) {
  const usable = new Set(ctx.legal.filter((a) => a.startsWith("use ")).map((a) => a.slice(4)));
  return playerCard(view, p.seat,
    el("h3", { class: "ip-own-head" }, `${seatName(view, p.seat)} · ${p.francs} Francs · wealth ${p.wealth}`,
      el("span", { class: "muted" }, ` · ${p.board}`)),
    el("div", { class: "ip-own-goods", id: "ip-own-goods" }, Object.entries(p.goods).flatMap(([g, n], k) =>
      [k ? " " : null, el("span", { class: `good-${g}`, "data-good": g }, `${g[0].toUpperCase()}${g.slice(1)} ${n}`)])),
    el("div", { class: "ip-own" }, warehouse(t, p, 24), wheelRows(p, ctx, usable, t.deciding_about)));
}

function inlandPort(view, t, ctx) {
  const seat = t.viewer === undefined ? view.seat : t.viewer;
  const others = t.players.filter((p) => p.seat !== seat).map((p) => otherBoard(view, t, p, ctx));
  const own = t.players.find((p) => p.seat === seat);
  return {
    table: el("div", {}, rounds(view, t, ctx), forSale(view, t, ctx), el("div", { class: "players" }, others)),
    own: own ? ownBoard(view, t, own, ctx) : null,
  };
}

window.harborgames.boards.inland_port = {
  draw(view, ctx) {
    return inlandPort(view, view.table, ctx);
  },
};
})();
