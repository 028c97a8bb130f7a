// The public API, as any client calls it: bearer token, JSON bodies, problem+json errors,
// and live streams through single-use tickets. The access token is short-lived: it is renewed
// with the session's refresh token shortly before it expires, or after a 401.

const SESSION_KEY = "cardtable.session";

/** Renew the access token when fewer seconds than this are left. */
const RENEW_BEFORE_SECS = 60;

/**
 * The logged-in session kept across reloads: the login's (or last refresh's) answer. It lasts
 * as long as its refresh token does, whatever is left of its access token.
 * @returns {Session | null}
 */
export function session() {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) || "null");
    if (stored && (stored.refresh_token || stored.expires_at > Date.now() / 1000 + 30)) {
      return stored;
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

/** @type {Promise<Session | null> | null} */
let renewing = null;

/**
 * Exchanges the refresh token for a new pair, once however many requests ask at the same
 * time; forgets the session when the server refuses (it ended, or expired).
 * @returns {Promise<Session | null>}
 */
function renew() {
  const current = session();
  if (!current?.refresh_token) return Promise.resolve(null);
  renewing ??= fetch("/v1/sessions/refresh", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refresh_token: current.refresh_token }),
  })
    .then(async (response) => {
      if (response.ok) {
        /** @type {Session} */
        const renewed = await response.json();
        saveSession(renewed);
        return renewed;
      }
      // Another tab may have refreshed meanwhile: its pair is in storage now.
      const stored = session();
      if (stored && stored.refresh_token !== current.refresh_token) return stored;
      if (response.status === 401) saveSession(null);
      return null;
    })
    .catch(() => null)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/**
 * The session with an access token that is not about to expire, renewed first if needed.
 * @returns {Promise<Session | null>}
 */
async function fresh() {
  const current = session();
  if (current?.refresh_token && current.expires_at < Date.now() / 1000 + RENEW_BEFORE_SECS) {
    return (await renew()) ?? session();
  }
  return current;
}

/** Signs out: the server ends the session (its tokens, tickets and streams), then it is forgotten. */
export async function signOut() {
  try {
    if (session()) await api("DELETE", "/v1/sessions/current");
  } catch {
    // Ended already, or unreachable: forgotten all the same.
  }
  saveSession(null);
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
  const current = await fresh();
  const response = await send(method, path, body, current);
  if (response.status === 401 && current?.refresh_token) {
    // Refused before its time (the clock of this machine is off, say): renew once, retry;
    // with the pair another request renewed meanwhile, if there is one.
    const stored = session();
    const renewed = stored && stored.access_token !== current.access_token ? stored : await renew();
    if (renewed) return answer(await send(method, path, body, renewed), renewed);
  }
  return answer(response, current);
}

/**
 * @param {string} method
 * @param {string} path
 * @param {any} body
 * @param {Session | null} current
 */
function send(method, path, body, current) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (current) headers.authorization = `Bearer ${current.access_token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  // Retries of a create, join or move must not apply twice.
  if (method === "POST") headers["idempotency-key"] = crypto.randomUUID();
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The JSON body of an answer, or a Problem.
 * @param {Response} response
 * @param {Session | null} current
 */
async function answer(response, current) {
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
