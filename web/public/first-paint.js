/* global document, window */
// The static login page in index.html (#first-paint), shown before the app's JavaScript arrives
// on '/' when nobody is signed in (the app keeps its access token under 'access'). A classic
// deferred script: it runs as soon as it has loaded, without waiting for the app's module.
(function () {
  var shell = document.getElementById('first-paint');
  if (!shell) return;
  var signedIn;
  try {
    signedIn = Boolean(window.localStorage.getItem('access'));
  } catch {
    signedIn = false; // storage blocked: show it; the app decides where the visitor goes
  }
  if (window.location.pathname === '/' && !signedIn) shell.hidden = false;
  else shell.remove();
})();
