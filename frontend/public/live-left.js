// live-left.html's script (no app bundle). Inside the classroom frame: tell the lesson page around
// it, at the app's own origin only (LEFT_CLASSROOM_MESSAGE of functions/live/left-page.ts).
// Opened on its own: link back to the lesson it came from.
(function () {
  var lesson = new URLSearchParams(window.location.search).get('lesson');
  // Only a booking id or the demo room: never a link the query string could point elsewhere.
  if (lesson && /^[A-Za-z0-9-]{1,64}$/.test(lesson)) {
    var back = document.getElementById('back');
    back.href = '/live-tutoring/' + lesson;
    back.textContent = lesson === 'demo-session' ? 'Back to the demo room' : 'Back to the lesson';
  }
  if (window.parent !== window) window.parent.postMessage('alp:left-classroom', window.location.origin);
})();
