// The public API, as any client calls it: bearer token, JSON bodies, problem+json errors,
// and live streams through single-use tickets.

const SESSION_KEY = "cardtable.session";

/**
 * The logged-in session kept across reloads: {access_token, expires_at, account}.
 * @returns {Session | null}
 */
export function session() {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) || "null");
    if (stored && stored.expires_at > Date.now() / 1000 + 30) return stored;
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

export function saveSession(value) {
  if (value) localStorage.setItem(SESSION_KEY, JSON.stringify(value));
  else localStorage.removeItem(SESSION_KEY);
}

/** An error answer of the API: its status, stable `code` and human `detail`. */
export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || body?.title || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || "http_error";
    this.detail = body?.detail || body?.title || `HTTP ${status}`;
    this.option = body?.option;
  }
}

/** One request; resolves to the JSON body, rejects with a Problem. */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = {};
  const current = session();
  if (current) headers.authorization = `Bearer ${current.access_token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  // Retries of a create, join or move must not apply twice.
  if (method === "POST") headers["idempotency-key"] = crypto.randomUUID();
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    if (response.status === 401 && current) saveSession(null);
    throw new Problem(response.status, json);
  }
  return json;
}

/**
 * Follows a stream: asks for a ticket, opens an EventSource on it, and on a drop asks for a
 * new ticket (a ticket is single-use, so the browser's own reconnect cannot reuse it) and
 * resumes after the last event seen. `handlers` maps an event name to a function of its data.
 * Returns a function that stops following.
 * @param {string} ticketPath
 * @param {Record<string, (data: any) => void>} handlers
 * @param {{ onOpen?: () => void, after?: number | string | null }} [options]
 */
export function follow(ticketPath, handlers, { onOpen, after = null } = {}) {
  let source = null;
  let stopped = false;
  let lastId = after;
  let retry = 0;
  async function open() {
    if (stopped) return;
    let url;
    try {
      /** @type {StreamTicket} */
      const ticket = await api("POST", ticketPath);
      // The ticket's URL may be relative or absolute: resolve it against this origin.
      url = new URL(ticket.url, location.origin);
      if (lastId !== null) url.searchParams.set("after", String(lastId));
    } catch (error) {
      schedule();
      return;
    }
    if (stopped) return;
    source = new EventSource(url.toString());
    source.onopen = () => {
      retry = 0;
      onOpen?.();
    };
    for (const [name, handler] of Object.entries(handlers)) {
      source.addEventListener(name, (message) => {
        if (message.lastEventId) lastId = message.lastEventId;
        let data = null;
        try {
          data = JSON.parse(message.data);
        } catch {
          data = message.data;
        }
        handler(data);
      });
    }
    source.onerror = () => {
      source?.close();
      source = null;
      schedule();
    };
  }
  function schedule() {
    if (stopped) return;
    retry = Math.min(retry + 1, 5);
    setTimeout(open, 500 * retry);
  }
  open();
  return () => {
    stopped = true;
    source?.close();
  };
}
