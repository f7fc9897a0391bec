/**
 * Lets the browser keep the app's shell (`public/sw.js`), so a tablet still opens the app while the host's
 * server is briefly out of reach, and so it can be installed to the home screen. Only in a plain browser:
 * the Tauri window ships the UI inside the app. Browsers allow a service worker only on a secure page
 * (https or localhost); a tablet on the LAN's plain http goes without, as it did before.
 */
export function keepShellOffline(inPlainBrowser: boolean) {
  if (!inPlainBrowser || import.meta.env.DEV) return;
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // After the page has loaded, so fetching the shell again does not compete with the first paint.
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => {
      console.warn('the app shell will not be kept offline:', e);
    });
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}
