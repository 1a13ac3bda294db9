// The lehavre board (static/boards/lehavre.js): draws view.table of lehavre for the page.
// Owned by the lehavre helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.lehavre.draw(view, ctx) -> { table, own }.
"use strict";
(() => {
const { el, goods, seatName, playerCard } = window.harborgames.kit;

// A building: its name, value, cost and entry fee; tap (or click) it for what it does.
function building(b) {
  const fee = b.fee && b.fee !== "—" ? ` · fee ${b.fee}` : "";
  return el("details", { class: `building${b.special ? " special" : ""}`, "data-building": b.id },
    el("summary", { title: b.text },
      b.special ? el("span", { class: "tag", title: "special building" }, "special") : null,
      b.name,
      el("span", { class: "muted" }, ` · value ${b.value}${b.cost ? ` · costs ${b.cost}` : ""}${fee}`),
      b.occupants.map((seat) => el("span", { class: `occupant bg-${seat}`, "data-seat": seat }, `P${seat}`))),
    el("div", { class: "text" }, b.text));
}

function specialDeck(view, specials) {
  if (!specials.face_down) return null;
  // Top first: "?" where this seat has not looked; another seat that looked there is named.
  return el("div", { id: "special-deck" }, el("h3", {}, `Special buildings face down: ${specials.face_down}`),
    el("ol", { class: "deck" }, specials.deck.map((card) => el("li", { class: card.name ? "seen" : null },
      card.name ? `${card.name} (seen with the Marketplace)` : "?",
      card.known_to.length ? el("span", { class: "muted" }, ` · known to ${card.known_to.map((s) => `P${s}`).join(", ")}`) : null))));
}

function leHavre(view, t) {
  const card = t.round_card;
  const head = el("div", { class: "card" },
    el("div", {}, `${t.variant} game · round ${Math.min(t.round, t.rounds)} of ${t.rounds} · turn ${t.turn} of 7 · phase ${t.phase}`,
      t.final_turns ? ` · ${t.final_turns} final actions left` : ""),
    card ? el("div", { id: "round-card" }, el("b", {}, `Round card ${card.card}`),
      `: food ${card.food}${card.harvest ? " · harvest" : " · no harvest"} · ship ${card.ship} (${card.ship_name}) · the town builds ${card.town_builds === "none" ? "nothing" : `a ${card.town_builds} building`}`) : null);
  const offers = el("div", { class: "card" }, el("h2", {}, "Offer spaces"),
    el("div", { class: "offers", id: "offers" }, t.offers.map((o) => el("div", { class: "offer" }, el("b", {}, o.count), o.good))),
    el("h2", {}, "Supply track"),
    el("div", { class: "track", id: "supply-track" }, t.supply_track.map((s) => el("span", { class: s.current ? "current" : null }, s.tile))));
  const piles = el("div", { class: "card" }, el("h2", {}, "Building proposals"),
    el("div", { class: "piles", id: "proposals" }, t.proposals.map((pile, k) =>
      el("div", {}, el("h3", {}, `Pile ${k + 1}`), pile.length ? pile.map(building) : el("span", { class: "muted" }, "empty")))));
  const specialsBuilt = t.town.filter((b) => b.special);
  const town = el("div", { class: "card", id: "town" }, el("h2", {}, "Town"),
    t.town.filter((b) => !b.special).map(building),
    specialsBuilt.length ? [el("h3", {}, "Special buildings in the town"), el("div", { id: "town-specials" }, specialsBuilt.map(building))] : null,
    specialDeck(view, t.specials),
    el("h3", {}, "Ships for sale"), t.ships_for_sale.length ? t.ships_for_sale.map((s) => el("div", {}, `${s.type} ${s.value} (${s.left} left)`)) : el("span", { class: "muted" }, "none"));
  const players = t.players.map((p) => playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)} · ${p.francs} Francs · ${p.loans} loans · wealth ${p.wealth}`),
    el("div", {}, `person at ${p.location || "home"}${p.food_due !== null ? ` · owes ${p.food_due} food` : ""}`),
    el("div", {}, "goods: ", goods(p.goods)),
    el("div", {}, el("b", {}, "buildings: "), p.buildings.length ? p.buildings.map(building) : "none"),
    el("div", {}, "ships: ", p.ships.map((s) => `${s.card} ${s.type} ${s.value}`).join(", ") || "none")));
  const others = players.filter((_, seat) => seat !== view.seat);
  return { table: el("div", {}, head, offers, el("div", { class: "players" }, piles, town), el("div", { class: "players" }, others)), own: players[view.seat] || null };
}


window.harborgames.boards.lehavre = {
  // leHavre returns { table, own }: the table without the viewer's card, and that card
  draw(view, ctx) {
    return leHavre(view, view.table);
  },
};
})();
