// The playground's entry: a hash router between the log-in form, the lobby, a table and a
// replay. Only the public API is used; the session is kept in localStorage across reloads.
import { session, signOut } from "./api.js";
import { fill, h } from "./dom.js";
import { showLobby, showLogin } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

const main = document.getElementById("main");
const account = document.getElementById("account");
let leave = () => {};

function route() {
  leave();
  leave = () => {};
  const current = session();
  fill(account, current ? [
    h("span", {}, current.account.username),
    h("a", { href: "#/" }, "Lobby"),
    h("button", { type: "button", class: "link", onclick: async () => { await signOut(); route(); } }, "Log out"),
  ] : null);
  if (!current) {
    showLogin(main, route);
    return;
  }
  const [, page, id] = location.hash.split("/");
  if (page === "game" && id) leave = showTable(main, id);
  else if (page === "replay" && id) showReplay(main, id).catch((error) => {
    fill(main, h("p", { class: "problem", role: "alert" }, error.detail || String(error)));
  });
  else leave = showLobby(main);
  main.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
route();
