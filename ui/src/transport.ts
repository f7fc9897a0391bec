// In the Tauri window `window.__TAURI_INTERNALS__` is injected by the shell and commands travel over IPC.
// In a plain browser (tablets on the LAN, the e2e test) there is no shell, so this stands in for it and
// sends the very same calls to `sandtable serve` as `POST /api/<command>`. The generated bindings then
// work unchanged: they call `invoke` from @tauri-apps/api/core, which calls `__TAURI_INTERNALS__.invoke`.

import type { ApiError } from './bindings';

type Callback = (payload: unknown) => void;

interface Internals {
  invoke(cmd: string, args?: unknown, options?: unknown): Promise<unknown>;
  transformCallback(callback?: Callback, once?: boolean): number;
  unregisterCallback(id: number): void;
  convertFileSrc(path: string, protocol?: string): string;
}

declare global {
  interface Window {
    __TAURI_INTERNALS__?: Internals;
  }
}

/** Whether this page runs on the host's own machine: the app's window, or a browser there (the server
 * answers it as the host: no join code, and the referee's seat). */
export function onHostMachine(): boolean {
  return !overHttp || ['localhost', '127.0.0.1', '[::1]', '::1'].includes(location.hostname);
}

/** How a failure to reach the server begins, so a screen can take it down once the server is back. */
export const UNREACHABLE = 'The host computer is not answering';

function unreachable(reason: unknown): ApiError {
  const why = reason instanceof Error ? reason.message : String(reason);
  // Said for the player at the table, who did not start the server: the reason stays for whoever did.
  const message = `${UNREACHABLE} (is Sandtable still running there, and this device on its network?): nothing was recorded. (${why})`;
  return { kind: 'internal', message, rule: null };
}

// The bindings tell a failed command from a thrown bug by `e instanceof Error`, so every rejection
// here is a plain ApiError object, never an Error, to come back as `{ status: "error", error }`.
async function post(cmd: string, args: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/${encodeURIComponent(cmd)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(args ?? {}),
    });
  } catch (e) {
    throw unreachable(e);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      const message = `sandtable serve answered ${response.status} with something that is not JSON`;
      throw { kind: 'internal', message, rule: null } satisfies ApiError;
    }
  }
  if (response.ok) return body;
  if (isApiError(body)) throw body;
  throw { kind: 'internal', message: `sandtable serve answered ${response.status} ${response.statusText}`, rule: null } satisfies ApiError;
}

function isApiError(v: unknown): v is ApiError {
  return typeof v === 'object' && v !== null && 'kind' in v && 'message' in v;
}

// Channels and events need callbacks registered by id; nothing streams over HTTP, but keeping the
// registry means an accidental Channel does not crash the page.
const callbacks = new Map<number, Callback>();
let nextCallback = 1;

/** True in a plain browser, where commands go over HTTP and a game's new entries can be heard live. */
export let overHttp = false;

export function installBrowserTransport(): boolean {
  if (typeof window === 'undefined' || window.__TAURI_INTERNALS__) return false;
  overHttp = true;
  window.__TAURI_INTERNALS__ = {
    invoke: (cmd, args) => post(cmd, args),
    transformCallback(callback, once = false) {
      const id = nextCallback++;
      callbacks.set(id, (payload) => {
        if (once) callbacks.delete(id);
        callback?.(payload);
      });
      return id;
    },
    unregisterCallback(id) {
      callbacks.delete(id);
    },
    convertFileSrc: (path) => path,
  };
  return true;
}

installBrowserTransport();
