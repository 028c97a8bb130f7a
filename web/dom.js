// A tiny DOM builder: h("button", {onclick, class: "x"}, "text", child, [more]).
// Text is always set as text, never as HTML, so nothing the server sends becomes markup.

export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      element.className = value;
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else if (value === true) {
      element.setAttribute(key, "");
    } else {
      element.setAttribute(key, String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else if (child instanceof Node) element.append(child);
    else element.append(document.createTextNode(String(child)));
  }
}

/** Replaces an element's content. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

let toastTimer = 0;
/** A short message read out by screen readers. */
export function toast(text) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), 4000);
}

/** "3 min 05 s" until a Unix time in seconds, or "passed". */
export function countdown(deadlineAt) {
  const left = Math.max(0, Math.round(deadlineAt - Date.now() / 1000));
  if (left === 0) return "passed";
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, "0")} s`;
  return `${s} s`;
}

/** A countdown element that updates itself every second while it is in the page. */
export function deadlineBadge(deadlineAt, prefix = "Deadline in ") {
  const badge = h("span", { class: "deadline" });
  const update = () => {
    if (!badge.isConnected && badge.dataset.started) {
      clearInterval(timer);
      return;
    }
    badge.dataset.started = "1";
    badge.textContent = prefix + countdown(deadlineAt);
  };
  const timer = setInterval(update, 1000);
  update();
  return badge;
}
