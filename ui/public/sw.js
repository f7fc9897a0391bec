// Keeps the app's shell (the page, its scripts and styles, its icons) on the device, so the app still
// opens when `sandtable serve` is briefly out of reach: the host's laptop asleep, the Wi-Fi dropping. The
// game itself is never kept here: every `/api/` request (commands, the live stream) goes to the network
// untouched, so a device never acts on, or shows, an answer that is not the server's own and current.
//
// The page is fetched network first, so a rebuilt UI shows at once; Vite's `/assets/` files are named by
// their content, so a kept one is never stale and is served from here. Browsers run this only on a secure
// page (localhost or https): a tablet on the LAN's plain http goes without it.

const SHELL = 'sandtable-shell-v1';
const PAGE = '/';
const STATIC = ['/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/apple-touch-icon.png'];
// A server that is gone answers at once (refused); one behind a sleeping Wi-Fi may never answer: after
// this long the kept page is shown, and the app itself says the server cannot be reached.
const PAGE_PATIENCE_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await keepPage(cache, await fetch(PAGE, { cache: 'no-store' }));
      // An icon missing from a build must not stop the page from being kept.
      await Promise.allSettled(STATIC.map((path) => cache.add(path)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      // The page that registered this is served by it from now on, not only after its next load.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request, event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (STATIC.includes(url.pathname)) event.respondWith(networkFirst(request));
});

/** The page from the network (a join link's `?join=` must reach the server), else the kept one. */
async function page(request, event) {
  const cache = await caches.open(SHELL);
  const fresh = fetch(request).then(async (response) => {
    await keepPage(cache, response.clone());
    return response;
  });
  event.waitUntil(fresh.catch(() => {}));
  const late = new Promise((resolve) => setTimeout(resolve, PAGE_PATIENCE_MS));
  try {
    const first = await Promise.race([fresh, late]);
    if (first) return first;
  } catch {
    // Unreachable: the kept page below.
  }
  const kept = await cache.match(PAGE);
  return kept ?? fresh;
}

async function asset(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (isFile(response)) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (isFile(response)) await cache.put(request, response.clone());
    return response;
  } catch (e) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw e;
  }
}

/**
 * Keeps a good copy of the page and lets go of the built files the new page no longer names, so the
 * cache holds one build, not every build ever served.
 */
async function keepPage(cache, response) {
  if (!response.ok || !isHtml(response)) return;
  const html = await response.clone().text();
  await cache.put(PAGE, response);
  const named = new Set([...html.matchAll(/["'](\/assets\/[^"'?#]+)["']/g)].map((m) => m[1]));
  await Promise.allSettled([...named].map(async (path) => (await cache.match(path)) ?? cache.add(path)));
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    if (path.startsWith('/assets/') && !named.has(path)) await cache.delete(key);
  }
}

// A path the server does not have falls back to index.html (for reloads on any screen), so a built file
// that has gone comes back as a page with 200: never keep that under the file's name.
function isFile(response) {
  return response.ok && !isHtml(response);
}

function isHtml(response) {
  return (response.headers.get('content-type') ?? '').startsWith('text/html');
}
