// Issue 33: the pages the worker renders (a coach's practice screens, the live board) come from the network while
// there is one, so a return visit paints its rows from the HTML as a first one does; with no network, or none
// answering within 4 seconds, or one answering with a server error (a 502 from in front of the worker), they fall back to the app's own page from the precache, which opens offline as
// every other screen does. Workbox leaves these navigations to this handler (vite.config.ts denylists them). The
// build writes it out as /page-handler.js with the list filled in from core/practice-page's RENDERED_PAGES.
const RENDERED_PAGES = __RENDERED_PAGES__;
const NETWORK_WAIT_MS = 4000;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !RENDERED_PAGES.test(url.pathname)) return;
  event.respondWith(renderedOrShell(request));
});

async function renderedOrShell(request) {
  const shell = async () => (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error();
  try {
    const answer = await new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('no answer')), NETWORK_WAIT_MS);
      fetch(request).then(resolve, reject);
    });
    return answer.status >= 500 ? shell() : answer;
  } catch {
    return shell();
  }
}
