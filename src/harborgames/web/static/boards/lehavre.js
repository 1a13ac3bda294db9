// The lehavre board (static/boards/lehavre.js): draws view.table of lehavre for the page.
// Owned by the lehavre helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.lehavre.draw(view, ctx) -> { table, own }.
//
// The shared table, drawn as the board lies: the round cards (this one and those to come: food,
// harvest, what the town builds, the next ship), the supply track and the seven Offer spaces,
// the three Building Proposal piles with their top cards face up (only those can be bought or
// built), the town's buildings, the special deck, the ships for sale, and the other players'
// boards. The viewer's own board, compact beside the decision: Francs, loans, the round's food
// due against what covers it, goods with their food and energy, ships, buildings. Every
// building, ship, round card and good is marked data-card="<key>": a tap shows its card. Where
// the viewer may act on a space or card now (take, enter, buy, build), the board offers it too.
"use strict";
(() => {
const { el, seatName, playerCard } = window.harborgames.kit;

// The board's own styles, beside this script (the page allows styles only from the server).
if (!document.querySelector("link[data-board='lehavre']")) {
  document.head.append(el("link", { rel: "stylesheet", href: "static/boards/lehavre.css", "data-board": "lehavre" }));
}

const TYPE_LETTER = { "craftsman's": "C", economic: "E", industrial: "I", public: "P", "non-building": "N", ship: "S" };
const BUILDS = { none: "builds nothing", standard: "builds a standard building", special: "turns up a special building" };

function words(name) {
  return name === "francs" ? "Francs" : name.replace(/_/g, " ");
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// The words a hover shows before the core opens the card (the card's name and numbers).
function cardTitle(ctx, key, fallback) {
  const card = ctx.card(key);
  if (!card) return fallback;
  const facts = [card.cost && `cost ${card.cost}`, card.fee && `fee ${card.fee}`, card.value && `value ${card.value}`].filter(Boolean).join(" · ");
  return `${card.name}${facts ? ` (${facts})` : ""}`;
}

// A button on the board for one of the viewer's legal actions; its click plays it and does not
// open the card the button sits on.
function actButton(ctx, notation, text) {
  if (!ctx.play || !ctx.legal.includes(notation)) return null;
  return el("button", {
    class: "lh-act", type: "button", "data-action": notation, title: ctx.label(notation),
    onclick: (e) => { e.stopPropagation(); ctx.play(notation); },
  }, text);
}

function occupants(seats) {
  return seats.map((seat) => el("i", { class: `lh-disc bg-${seat}`, "data-seat": seat, title: `P${seat}'s person disc is here` }, `P${seat}`));
}

// A building card: type letter, name, the numbers printed on it, who stands in it, and the
// actions the viewer may take on it now.
function buildingCard(ctx, b, extraClass) {
  const price = b.price !== null && b.price !== b.value ? ` · costs ${b.price} Fr.` : "";
  const acts = [
    actButton(ctx, `enter ${b.key}`, "enter"),
    actButton(ctx, `build ${b.key}`, "build"),
    actButton(ctx, `buy ${b.key}`, `buy ${b.price}`),
  ].filter(Boolean);
  return el("div", {
    class: `lh-card building type-${TYPE_LETTER[b.type] || "N"}${b.special ? " special" : ""}${extraClass ? ` ${extraClass}` : ""}${acts.length ? " playable" : ""}`,
    "data-card": b.key, "data-building": b.key, title: cardTitle(ctx, b.key, b.name), tabindex: 0,
  },
    el("div", { class: "lh-card-head" },
      el("b", { class: "lh-type", title: `${b.type} building` }, TYPE_LETTER[b.type] || "N"),
      el("b", { class: "lh-name" }, b.name),
      occupants(b.occupants)),
    el("div", { class: "lh-facts" },
      `value ${b.value}${b.bonus ? "+" : ""}${price}`,
      b.locked ? " · no entry" : b.fee && b.fee !== "—" ? ` · fee ${b.fee}` : " · free entry",
      b.hammers ? ` · ${"⚒".repeat(b.hammers)}` : "",
      b.fishermen ? ` · ${"⚓".repeat(b.fishermen)}` : ""),
    b.cost && extraClass === "top" ? el("div", { class: "lh-cost" }, `build: ${b.cost}`) : null,
    acts.length ? el("div", { class: "lh-acts" }, acts) : null);
}

// -- the round cards ------------------------------------------------------------------------
function roundCards(t, ctx) {
  const card = t.round_card;
  const status = t.final_turns
    ? `Final stage: ${plural(t.final_turns, "final action", "final actions")} left (any building may be entered, occupied or not)`
    : t.phase === "over" ? "The game is over" : `Round ${Math.min(t.round, t.rounds)} of ${t.rounds} · turn ${t.turn} of 7`;
  const strip = el("div", { class: "lh-rounds", id: "round-cards" }, t.round_cards.map((c, k) => el("div", {
    class: `lh-round${k === 0 ? " current" : ""}`, "data-card": c.card, title: `round ${c.round} (${c.card}); the ship on its back: ${c.ship_name}`, tabindex: 0,
  },
    el("div", { class: "lh-round-no" }, `${c.round}`),
    el("div", { class: "lh-pot", title: "food each player pays at the round's end" }, `${c.food} food`),
    el("div", { class: "muted" }, c.harvest ? "harvest" : "no harvest"),
    el("div", { class: "muted", title: `the town ${BUILDS[c.town_builds]}` }, { none: "—", standard: "town: std.", special: "town: special" }[c.town_builds]),
    el("div", { class: "lh-round-ship", title: "the ship on the card's back, added to its pile at the round's end" }, `${c.ship_type.replace(" ship", "").replace("luxury liner", "luxury")} ${c.ship_value}`))));
  return el("div", { class: "card lh-head" },
    el("div", { class: "lh-status", id: "lh-status" }, `${t.variant} game · ${status}`),
    t.prompt ? el("div", { class: "lh-prompt", id: "lh-prompt" }, t.prompt) : null,
    card ? el("div", { id: "round-card", class: "lh-round-line" }, el("b", {}, `Round card ${card.card}`),
      `: ${card.food} food each at the round's end (less what ships provide) · ${card.harvest ? "harvest" : "no harvest"} · the town builds ${card.town_builds === "none" ? "nothing" : `a ${card.town_builds} building`} · then the ship ${card.ship_name} (${card.ship}) arrives`) : null,
    t.round_cards.length ? strip : null);
}

// -- the supply track, the offer spaces, the goods' values ------------------------------------
function supply(t, ctx) {
  // Each tile is one span without spans inside (tests read the track as the spans' texts).
  const track = el("div", { class: "lh-track", id: "supply-track" }, t.supply_track.map((s, k) => el("span", {
    class: `lh-tile${s.current ? " current" : ""}${s.played ? " played" : ""}${s.interest ? " interest" : ""}`,
    title: s.goods ? `turn ${k + 1}: 1 ${s.goods.map(words).join(" and 1 ")} join their Offer spaces${s.interest ? "; interest: every player with loans pays 1 Franc" : ""}` : `turn ${k + 1}: face down until a ship marker reaches it`,
  }, s.tile.replace("+", " + ").replace("francs", "Francs"))));
  const offers = el("div", { class: "offers lh-offers", id: "offers" }, t.offers.map((o) => {
    const take = `take ${o.good}`;
    const can = ctx.play && ctx.legal.includes(take);
    return el("div", {
      class: `offer lh-offer good-${o.good}${can ? " playable" : ""}${o.count ? "" : " empty"}`, "data-good": o.good,
      title: can ? ctx.label(take) : `${o.count} ${words(o.good)} on the Offer space`,
      role: can ? "button" : null, tabindex: can ? 0 : null, "data-action": can ? take : null,
      onclick: can ? () => ctx.play(take) : null,
    }, el("b", {}, o.count), words(o.good));
  }));
  const food = t.goods_info.filter((g) => g.food).map((g) => `${words(g.good)} ${g.food}`).join(", ");
  const energy = t.goods_info.filter((g) => g.energy).map((g) => `${words(g.good)} ${g.energy}`).join(", ");
  return el("div", { class: "card lh-supply" },
    el("div", { class: "lh-row" },
      el("div", { class: "lh-block" }, el("h2", {}, "Offer spaces"), offers),
      el("div", { class: "lh-block" }, el("h2", {}, "Supply track"), track)),
    el("div", { class: "muted lh-values", id: "goods-values" }, el("b", {}, "Food: "), food, el("b", {}, " · Energy: "), energy));
}

// -- the proposals, the town, the special deck, the ships -------------------------------------
function proposals(t, ctx) {
  return el("div", { class: "card lh-piles-card" }, el("h2", {}, "Building proposals ", el("span", { class: "muted" }, "(only the top card of each pile can be bought or built)")),
    el("div", { class: "piles lh-piles", id: "proposals" }, t.proposals.map((pile, k) => el("div", { class: "lh-pile", "data-pile": k + 1 },
      el("h3", {}, `Pile ${k + 1}`, el("span", { class: "muted" }, ` · ${plural(pile.length, "card", "cards")}`)),
      pile.length ? [
        buildingCard(ctx, pile[0], "top"),
        pile.length > 1 ? el("ol", { class: "lh-under", start: 2 }, pile.slice(1).map((b) => el("li", { "data-card": b.key, "data-building": b.key, title: cardTitle(ctx, b.key, b.name), tabindex: 0 }, b.name))) : null,
      ] : el("span", { class: "muted" }, "empty")))));
}

function specialDeck(specials) {
  if (!specials.face_down) return null;
  // Top first: "?" where this seat has not looked; another seat that looked there is named.
  return el("div", { id: "special-deck", class: "lh-deck" }, el("h3", {}, `Special buildings face down: ${specials.face_down}`),
    el("ol", { class: "deck" }, specials.deck.map((card) => el("li", { class: card.name ? "seen" : null, "data-card": card.key || null },
      card.name ? `${card.name} (seen with the Marketplace)` : "?",
      card.known_to.length ? el("i", { class: "muted" }, ` · known to ${card.known_to.map((s) => `P${s}`).join(", ")}`) : null))));
}

function town(t, ctx) {
  const standard = t.town.filter((b) => !b.special);
  const specials = t.town.filter((b) => b.special);
  return el("div", { class: "card", id: "town" }, el("h2", {}, "The town's buildings ", el("span", { class: "muted" }, "(enter for the fee to the Treasury, or buy for the price)")),
    el("div", { class: "lh-grid" }, standard.map((b) => buildingCard(ctx, b))),
    specials.length ? [el("h3", {}, "Special buildings in the town"), el("div", { class: "lh-grid", id: "town-specials" }, specials.map((b) => buildingCard(ctx, b)))] : null,
    specialDeck(t.specials));
}

function shipsForSale(t, ctx) {
  return el("div", { class: "card", id: "ships-for-sale" }, el("h2", {}, "Ships for sale ", el("span", { class: "muted" }, "(the top of each pile)")),
    t.ships_for_sale.length ? el("div", { class: "lh-grid" }, t.ships_for_sale.map((s) => el("div", {
      class: `lh-card ship ship-${s.word}`, "data-card": s.key, title: cardTitle(ctx, s.key, s.name), tabindex: 0,
    },
      el("div", { class: "lh-card-head" }, el("b", { class: "lh-name" }, `${s.type} ${s.value}`), el("span", { class: "muted" }, ` ${s.name}`)),
      el("div", { class: "lh-facts" }, s.price === null ? "cannot be bought" : `price ${s.price} Francs`, ` · feeds ${s.food} a round`,
        s.capacity ? ` · ships ${s.capacity}` : ""),
      el("div", { class: "lh-cost" }, `build at a Wharf: ${s.build_cost}`, el("span", { class: "muted" }, ` · ${s.left} left`)),
      actButton(ctx, `buy_ship ${s.word}`, `buy ${s.price}`))))
      : el("span", { class: "muted" }, "none"),
    t.modernised.length ? el("div", { class: "muted" }, `modernised: ${t.modernised.map((k) => k.replace("wharf_", "Wharf ")).join(", ")}`) : null);
}

// -- a player's board -------------------------------------------------------------------------
function foodLine(p, own) {
  const f = p.food;
  if (!f) return null;
  if (f.status === "fed") return el("div", { class: "lh-food fed" }, "Fed for this round.");
  const ships = f.ships ? ` (${f.demand} − ${Math.min(f.ships, f.demand)} from ships)` : "";
  const verdict = f.due === 0 ? "the ships provide it all" : f.short ? `short by ${f.short}: sell or take a loan` : "covered";
  return el("div", { class: `lh-food${f.short ? " short" : ""}`, "data-role": "food", title: "the food each player pays at this round's end, less what its ships provide; each Franc counts as 1 food" },
    el("b", {}, `Food due: ${f.due}`), ships, f.due ? ` · ${own ? "you have" : "has"} ${f.goods} in goods + ${plural(f.francs, "Franc", "Francs")} · ` : " · ", el("b", {}, verdict),
    f.status === "paying" ? " · paying now" : "");
}

function goodsChips(p, t) {
  const info = Object.fromEntries(t.goods_info.map((g) => [g.good, g]));
  const entries = Object.entries(p.goods);
  if (!entries.length) return el("span", { class: "muted" }, "no goods");
  return el("span", { class: "lh-goods" }, entries.map(([good, n]) => {
    const g = info[good] || {};
    const worth = [g.food ? `${g.food * n} food` : "", g.energy ? `${g.energy * n} energy` : ""].filter(Boolean).join(", ");
    return el("span", { class: `lh-good good-${good}`, "data-card": good, "data-good": good, title: `${n} ${words(good)}${worth ? `: ${worth}` : ""}`, tabindex: 0 },
      `${n} ${words(good)}`, worth ? el("small", {}, ` ${worth}`) : null);
  }));
}

function shipChips(ctx, p) {
  if (!p.ships.length) return el("span", { class: "muted" }, "none");
  return p.ships.map((s) => el("span", { class: "lh-chip ship", "data-card": s.key, title: cardTitle(ctx, s.key, s.name), tabindex: 0 },
    `${s.type} ${s.value}`, el("small", {}, ` ${s.card} · feeds ${s.food}`)));
}

function buildingChips(ctx, p) {
  if (!p.buildings.length) return el("span", { class: "muted" }, "none");
  return p.buildings.map((b) => el("span", {
    class: `lh-chip building type-${TYPE_LETTER[b.type] || "N"}${b.special ? " special" : ""}`, "data-card": b.key, "data-building": b.key, title: cardTitle(ctx, b.key, b.name), tabindex: 0,
  }, b.name, el("small", {}, ` ${b.value}${b.bonus ? "+" : ""}`), occupants(b.occupants), actButton(ctx, `enter ${b.key}`, "enter")));
}

// Wealth by source: "wealth 20 (buildings 14, ships 2, Francs 11, loans −7)".
function scoreLine(p) {
  const parts = (p.score_parts || []).filter(([, n]) => n).map(([label, n]) => `${label} ${n < 0 ? `−${-n}` : n}`);
  const location = p.location ? `person in the ${p.location}` : "person beside the board";
  return el("div", { class: "muted lh-score", "data-role": "score-parts" }, `${location} · wealth ${p.wealth}`, parts.length ? ` (${parts.join(", ")})` : "",
    p.loans ? ` · loans: −7 each at the end unless repaid (5 Francs each)` : "");
}

function playerBoard(view, t, p, ctx, own) {
  return playerCard(view, p.seat,
    el("h3", { class: "lh-player-head" }, `${seatName(view, p.seat)} · ${plural(p.francs, "Franc", "Francs")} · ${plural(p.loans, "loan", "loans")} · wealth ${p.wealth}`,
      t.current_player === p.seat ? el("span", { class: "lh-deciding" }, " · deciding") : null),
    foodLine(p, own),
    el("div", { class: "lh-line" }, el("b", {}, "Goods"), p.energy ? el("span", { class: "muted" }, ` (${p.energy} energy)`) : null, el("b", {}, ": "), goodsChips(p, t)),
    el("div", { class: "lh-line" }, el("b", {}, "Ships: "), shipChips(ctx, p)),
    el("div", { class: "lh-line" }, el("b", {}, "Buildings: "), buildingChips(ctx, p)),
    scoreLine(p));
}

function leHavre(view, t, ctx) {
  const seat = t.viewer === undefined ? view.seat : t.viewer;
  const others = t.players.filter((p) => p.seat !== seat).map((p) => playerBoard(view, t, p, ctx, false));
  const mine = t.players.find((p) => p.seat === seat);
  return {
    table: el("div", { class: "lh-board" },
      roundCards(t, ctx),
      supply(t, ctx),
      proposals(t, ctx),
      el("div", { class: "lh-row lh-town-row" }, town(t, ctx), shipsForSale(t, ctx)),
      el("div", { class: "players" }, others)),
    own: mine ? playerBoard(view, t, mine, ctx, true) : null,
  };
}

window.harborgames.boards.lehavre = {
  draw(view, ctx) {
    return leHavre(view, view.table, ctx);
  },
};
})();
