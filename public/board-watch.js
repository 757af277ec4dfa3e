// The live board's watch, on the page the worker renders (worker/routes/board-page.ts). When the app's scripts
// fail to load (a network or server blip while the page loads), or have not taken the page over after a while,
// the board says it is not live and loads again by itself, waiting longer each time. A picker (`data-keep`: the
// pool, the language) changed before the app took the page over is replayed once it has, through the app's own
// handler, so the picker and what the board shows agree. The app marks the page taken over (`data-taken` on
// <html>, app/main.tsx), which ends the watch.
(function () {
  var picks = {};
  function pick(select) {
    if (select && select.tagName === 'SELECT' && select.dataset.keep) picks[select.dataset.keep] = select.value;
  }
  // Changed before this script ran: the option chosen is not the one the page was rendered with.
  var selects = document.querySelectorAll('select[data-keep]');
  for (var k = 0; k < selects.length; k++) {
    var chosen = selects[k].selectedOptions[0];
    if (chosen && !chosen.defaultSelected) pick(selects[k]);
  }
  function picked(e) {
    pick(e.target);
  }
  addEventListener('change', picked, true);
  function replay() {
    removeEventListener('change', picked, true);
    for (var key in picks) {
      var select = document.querySelector('select[data-keep="' + key + '"]');
      if (!select) continue;
      select.value = picks[key];
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  var KEY = 'piste:board-reloads';
  var root = document.documentElement;
  var tries = 0;
  try {
    tries = Number(sessionStorage.getItem(KEY)) || 0;
  } catch (e) {}
  var shown = false;
  function retryTexts(visible) {
    var found = document.querySelectorAll('[data-board-retry]');
    for (var i = 0; i < found.length; i++) found[i].hidden = !visible;
    var live = document.querySelectorAll('[data-testid="live-status"]');
    for (var j = 0; j < live.length; j++) live[j].hidden = visible;
  }
  // Said once, then the page loads again after `afterMs` unless the app took it over meanwhile.
  var reloading = false;
  function notLive(afterMs) {
    if (root.dataset.taken) return;
    if (!shown) retryTexts(true);
    shown = true;
    if (reloading) return;
    reloading = true;
    setTimeout(function () {
      if (root.dataset.taken) return;
      try {
        sessionStorage.setItem(KEY, String(tries + 1));
      } catch (e) {}
      location.reload();
    }, afterMs);
  }
  var backoffMs = Math.min(30, 5 * Math.pow(2, tries)) * 1000;
  // A script or a preloaded module that fails to load: the app will not take the page over.
  addEventListener(
    'error',
    function (e) {
      var t = e.target;
      if (t && (t.tagName === 'SCRIPT' || t.tagName === 'LINK')) notLive(backoffMs);
    },
    true,
  );
  // Slow, with no error: said after 20 s; the download under way is given a minute and a half before a new load.
  setTimeout(function () {
    notLive(90000);
  }, 20000);
  new MutationObserver(function (changes, observer) {
    if (!root.dataset.taken) return;
    observer.disconnect();
    replay();
    if (shown) retryTexts(false);
    try {
      sessionStorage.removeItem(KEY);
    } catch (e) {}
  }).observe(root, { attributes: true, attributeFilter: ['data-taken'] });
})();
