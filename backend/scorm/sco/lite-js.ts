/**
 * The lite SCO: frames the speach player (/embed/{id}?access_token…) and carries what it posts
 * (progress, location, quiz score, completion) into cmi.* through the LMS API. Messages are taken
 * only from the player's origin (spec §5), and the resume point is posted back to it when it asks.
 */
export const LITE_JS = String.raw`(function () {
  'use strict';
  var Scorm = window.SpeachScorm;
  var config = JSON.parse(document.getElementById('sco-config').textContent);
  var frame = document.getElementById('player');
  var status = document.getElementById('status');
  var completed = false;
  var passedOrFailed = 'unknown';
  if (!Scorm.available) status.textContent = 'No LMS found: the progress will not be recorded.';
  Scorm.start();
  var mode = Scorm.get('cmi.mode');
  var resume = { location: Scorm.get('cmi.location'), suspendData: Scorm.get('cmi.suspend_data'), learner: Scorm.get('cmi.learner_id') };
  completed = Scorm.get('cmi.completion_status') === 'completed';
  var url = config.embedUrl + '&scorm=1';
  frame.src = url;
  function send(message) { frame.contentWindow.postMessage(message, config.origin); }
  window.addEventListener('message', function (event) {
    if (event.origin !== config.origin || event.source !== frame.contentWindow) return;
    var m = event.data || {};
    if (m.type === 'speach:ready') { send({ type: 'speach:resume', location: resume.location, suspendData: resume.suspendData, learner: resume.learner }); return; }
    if (m.type !== 'speach:progress' || mode === 'review') return;
    if (typeof m.location === 'string') Scorm.set('cmi.location', m.location.slice(0, 1000));
    if (typeof m.suspendData === 'string') Scorm.set('cmi.suspend_data', m.suspendData);
    if (typeof m.progress === 'number') Scorm.set('cmi.progress_measure', Math.max(0, Math.min(1, m.progress)).toFixed(4));
    if (m.score && typeof m.score.max === 'number' && m.score.max > 0) {
      Scorm.set('cmi.score.min', '0');
      Scorm.set('cmi.score.max', String(m.score.max));
      Scorm.set('cmi.score.raw', String(m.score.raw));
      Scorm.set('cmi.score.scaled', (m.score.raw / m.score.max).toFixed(4));
    }
    if (m.success === 'passed' || m.success === 'failed') { passedOrFailed = m.success; Scorm.set('cmi.success_status', m.success); }
    if (m.completed === true) completed = true;
    Scorm.set('cmi.completion_status', completed ? 'completed' : 'incomplete');
    Scorm.commit();
    if (m.completed === true) status.textContent = config.labels.completed;
  });
  var finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    Scorm.finish(completed ? 'normal' : 'suspend');
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  document.getElementById('finish').addEventListener('click', function () { finish(); status.textContent = config.labels.saved; });
  window.SpeachLite = { finish: finish, passedOrFailed: function () { return passedOrFailed; } };
})();
`;
