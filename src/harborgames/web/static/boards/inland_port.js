// The inland_port board (static/boards/inland_port.js): draws view.table of inland_port for the page.
// Owned by the ipgd helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.inland_port.draw(view, ctx) -> { table, own }.
"use strict";
(() => {
const { el, svg, seatName, playerCard } = window.harborgames.kit;

function inlandPort(view, t) {
  const header = el("div", { class: "card" },
    t.round ? `Round ${t.round}: ${t.actions_left} of ${t.round_actions} actions left · phase ${t.phase}` : "Game over",
    t.pending ? el("div", {}, `Waiting: ${t.pending}`) : null);
  const players = t.players.map((p) => playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)} · ${p.board} board · ${p.francs} Francs · wealth ${p.wealth}`),
    el("div", { class: "boards" },
      warehouse(t, p), wheel(p)),
    p.beside.length ? el("div", {}, "Beside the board: ", p.beside.join(", ")) : null));
  const supply = el("div", { class: "card", id: "available" }, el("h2", {}, "Buildings for sale"),
    t.available.length ? el("div", { class: "chips" }, t.available.map((b) => el("span", {}, `${b.name} (${b.cost})`))) : "none");
  const others = players.filter((_, seat) => seat !== view.seat);
  return { table: el("div", {}, header, el("div", { class: "players" }, others), supply), own: players[view.seat] || null };
}

function warehouse(t, p) {
  const cell = 34;
  const rows = t.top_row + 1;
  const nodes = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < t.columns; col++) {
      const value = (t.top_row - row) * t.columns + col;
      const x = 30 + col * cell;
      const y = 8 + row * cell;
      nodes.push(svg("rect", { x, y, width: cell - 2, height: cell - 2, fill: "#fff", stroke: "#99a" }));
      const here = Object.entries(p.goods).filter(([, n]) => n === value).map(([name]) => name);
      nodes.push(svg("text", { x: x + 2, y: y + 8, "font-size": 7, fill: "#99a" }, value));
      // Up to four goods share a value: one letter alone fills the cell, more sit two by two.
      here.forEach((name, k) => {
        const alone = here.length === 1;
        const gx = alone ? x + cell / 2 - 1 : x + 11 + (k % 2) * 12;
        const gy = alone ? y + 24 : y + 20 + Math.floor(k / 2) * 11;
        nodes.push(svg("text", { x: gx, y: gy, "font-size": alone ? 14 : 10, "text-anchor": "middle", "font-weight": 700, fill: GOOD_COLOURS[name] || "#000", class: "good", "data-good": name }, t.letters[name]));
      });
    }
    nodes.push(svg("text", { x: 24, y: 8 + row * cell + 21, "font-size": 10, "text-anchor": "end" }, (t.top_row - row) * t.columns));
  }
  const width = 30 + t.columns * cell + 4;
  return el("figure", { class: "plain" },
    svg("svg", { class: "warehouse", width, height: 12 + rows * cell, viewBox: `0 0 ${width} ${12 + rows * cell}`, role: "img", "aria-label": "warehouse" }, nodes),
    el("figcaption", { class: "muted" }, Object.entries(p.goods).map(([g, n]) => `${g} ${n}`).join(", ")));
}

const GOOD_COLOURS = { fish: "#1f618d", clay: "#a04000", wood: "#1e8449", grain: "#9a7d0a" };

// The building wheel: five sectors, each with its buildings (three names at most fit in a
// sector; the full list of every sector is written under the wheel).
function wheel(p) {
  const r = 100, cx = 105, cy = 105;
  const nodes = [svg("circle", { cx, cy, r, fill: "#fdf6e3", stroke: "#886" })];
  const count = p.wheel.length;
  p.wheel.forEach((sector, i) => {
    const a0 = (i / count) * 2 * Math.PI - Math.PI / 2;
    nodes.push(svg("line", { x1: cx, y1: cy, x2: cx + r * Math.cos(a0), y2: cy + r * Math.sin(a0), stroke: "#886" }));
    const mid = a0 + Math.PI / count;
    const lx = cx + (r - 13) * Math.cos(mid), ly = cy + (r - 13) * Math.sin(mid) + 4;
    nodes.push(svg("text", { x: lx, y: ly, "font-size": 12, "font-weight": 700, "text-anchor": "middle" }, sector.sector));
    const names = sector.buildings.length <= 3 ? sector.buildings
      : [...sector.buildings.slice(0, 2), `+${sector.buildings.length - 2} more`];
    names.forEach((name, k) => {
      // Names in the sectors on the left and right sit further in, clear of the sector's number.
      const at = Math.abs(Math.cos(mid)) > 0.9 ? 0.44 * r : 0.52 * r;
      const tx = cx + at * Math.cos(mid), ty = cy + at * Math.sin(mid) + 3 + (k - (names.length - 1) / 2) * 11.5;
      const short = name.length > 13 ? `${name.slice(0, 12)}…` : name;
      nodes.push(svg("text", { x: tx, y: ty, "font-size": 8.5, "text-anchor": "middle", class: "wheel-building" }, svg("title", {}, name), short));
    });
  });
  const listed = p.wheel.filter((sector) => sector.buildings.length);
  return el("figure", { class: "plain wheel-figure" },
    svg("svg", { class: "wheel", width: 210, height: 210, viewBox: "0 0 210 210", role: "img", "aria-label": "building wheel" }, nodes),
    el("figcaption", { class: "muted wheel-list" }, listed.length
      ? listed.map((sector) => el("div", {}, el("b", {}, `${sector.sector}: `), sector.buildings.join(", ")))
      : "no buildings on the wheel"));
}


window.harborgames.boards.inland_port = {
  // inlandPort returns { table, own }: the table without the viewer's card, and that card
  draw(view, ctx) {
    return inlandPort(view, view.table);
  },
};
})();
