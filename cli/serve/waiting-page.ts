/**
 * What the dev server shows before the site has built once (the content has
 * errors from the start): the diagnostics, and a reload as soon as it builds.
 * Served at `/__docsbuild/` under any prefix, since the base is not known yet.
 */
export const WAITING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>docsbuild dev: waiting for a good build</title>
<script src="/__docsbuild/waiting.js" defer></script>
</head>
<body style="font: 14px/1.5 ui-monospace, monospace; margin: 2rem">
<h1 style="font-size: 1.2rem">The site does not build yet</h1>
<p>Fix the problems below; this page reloads when the site builds.</p>
<pre id="problems" style="white-space: pre-wrap"></pre>
</body>
</html>
`;

export const WAITING_SCRIPT = `(function () {
  var events = new EventSource('/__docsbuild/events');
  events.addEventListener('diagnostics', function (e) {
    document.getElementById('problems').textContent = JSON.parse(e.data).text;
  });
  events.addEventListener('update', function () { location.reload(); });
})();
`;
