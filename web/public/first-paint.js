// The static login page in index.html (#first-paint), shown before the app's JavaScript arrives
// on '/' when nobody is signed in (the app keeps its access token under 'access'). A classic
// deferred script: it runs as soon as it has loaded, without waiting for the app's module.
(function () {
  var shell = document.getElementById('first-paint');
  if (!shell) return;
  var signedIn = false;
  try {
    signedIn = Boolean(window.localStorage.getItem('access'));
  } catch (error) {
    signedIn = false;
  }
  if (window.location.pathname === '/' && !signedIn) shell.hidden = false;
  else shell.remove();
})();
