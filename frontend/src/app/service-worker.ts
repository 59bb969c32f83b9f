/**
 * Registers the service worker (src/sw.ts → /sw.js) in production builds only: the dev server has
 * no /sw.js, and a worker caching dev modules would serve stale code. Registered after the page
 * has loaded, so its precache downloads never compete with the first paint on a slow network.
 * A few bytes in the entry instead of workbox-window: updates need no page code (the worker
 * takes over by itself; navigations then get the new shell).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
