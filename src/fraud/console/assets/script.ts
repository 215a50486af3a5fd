/**
 * @module
 * The console's only script (served at /console/assets/console.js): times in the browser's own zone.
 * Everything else works without it; pages show UTC until it runs.
 */
export const CONSOLE_JS = `'use strict';
(function () {
  var format = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });
  document.querySelectorAll('time[data-local]').forEach(function (el) {
    var iso = el.getAttribute('datetime');
    var date = new Date(iso);
    if (isNaN(date.getTime())) return;
    el.title = iso;
    el.textContent = format.format(date);
  });
})();
`
