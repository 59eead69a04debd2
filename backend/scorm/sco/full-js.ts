/**
 * A classic SCO (one sub-chapter): content pages complete when opened; a quiz is played and scored
 * offline (all or nothing per question, points summed, passed at the passing score), its answers
 * kept in cmi.suspend_data so a learner resumes where they left. Previous/next ask the LMS to
 * sequence (adl.nav.request) when the package carries in-content navigation.
 */
export const FULL_JS = String.raw`(function () {
  'use strict';
  var Scorm = window.SpeachScorm;
  var config = JSON.parse(document.getElementById('sco-config').textContent);
  var status = document.getElementById('status');
  Scorm.start();
  var review = Scorm.get('cmi.mode') === 'review';
  var state = { answers: {}, submitted: false };
  var exit = 'normal';
  function save() {
    if (review) return;
    Scorm.set('cmi.suspend_data', JSON.stringify(state));
    Scorm.commit();
  }
  function result() {
    var score = 0, max = 0;
    for (var i = 0; i < config.questions.length; i++) {
      var q = config.questions[i];
      max += q.points;
      var given = (state.answers[q.id] || []).slice().sort();
      var correct = q.correct.slice().sort();
      var same = given.length === correct.length;
      for (var k = 0; same && k < given.length; k++) same = given[k] === correct[k];
      if (same) score += q.points;
    }
    var percent = max === 0 ? 0 : Math.round((score / max) * 100);
    return { score: score, max: max, percent: percent, passed: percent >= config.passingScore };
  }
  function showResult(r) {
    status.textContent = config.labels.score.replace('{score}', String(r.score)).replace('{max}', String(r.max)) + ' ' + (r.passed ? config.labels.passed : config.labels.failed);
  }
  if (config.kind === 'quiz') {
    var form = document.getElementById('quiz');
    var saved = Scorm.get('cmi.suspend_data');
    if (saved) { try { state = JSON.parse(saved); } catch (e) { state = { answers: {}, submitted: false }; } }
    var inputs = form.querySelectorAll('input');
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      var chosen = state.answers[input.name] || [];
      input.checked = chosen.indexOf(input.value) >= 0;
      if (review || state.submitted) input.disabled = true;
      input.addEventListener('change', function (event) {
        var name = event.target.name;
        var boxes = form.querySelectorAll('input[name="' + name + '"]');
        var picked = [];
        for (var b = 0; b < boxes.length; b++) if (boxes[b].checked) picked.push(boxes[b].value);
        state.answers[name] = picked;
        Scorm.set('cmi.location', name);
        save();
      });
    }
    if (state.submitted) showResult(result());
    else if (!review) {
      Scorm.set('cmi.completion_status', 'incomplete');
      exit = 'suspend';
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (state.submitted || review) return;
      var r = result();
      state.submitted = true;
      Scorm.set('cmi.score.min', '0');
      Scorm.set('cmi.score.max', String(r.max));
      Scorm.set('cmi.score.raw', String(r.score));
      Scorm.set('cmi.score.scaled', r.max === 0 ? '0' : (r.score / r.max).toFixed(4));
      Scorm.set('cmi.success_status', r.passed ? 'passed' : 'failed');
      Scorm.set('cmi.completion_status', 'completed');
      Scorm.set('cmi.progress_measure', '1');
      exit = 'normal';
      save();
      var all = form.querySelectorAll('input,button');
      for (var d = 0; d < all.length; d++) all[d].disabled = true;
      showResult(r);
    });
  } else if (!review) {
    Scorm.set('cmi.location', 'viewed');
    Scorm.set('cmi.progress_measure', '1');
    Scorm.set('cmi.completion_status', 'completed');
    Scorm.commit();
  }
  var finished = false;
  function finish(navRequest) {
    if (finished) return;
    finished = true;
    Scorm.finish(exit, navRequest);
  }
  var prev = document.getElementById('previous');
  var next = document.getElementById('next');
  if (prev) prev.addEventListener('click', function () { finish('previous'); });
  if (next) next.addEventListener('click', function () { finish('continue'); });
  window.addEventListener('pagehide', function () { finish(); });
  window.addEventListener('beforeunload', function () { finish(); });
  window.SpeachFull = { finish: finish };
})();
`;

export const STYLE_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1f;background:#fff;line-height:1.5}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:0 0 12px}
.player{width:100%;height:calc(100vh - 96px);border:0}
video,audio{max-width:100%}
.pdf{width:100%;height:80vh;border:1px solid #ccc}
fieldset{border:1px solid #ccc;border-radius:6px;margin:0 0 12px;padding:8px 12px}
legend{font-weight:600}
label{display:block;padding:4px 0}
button{font:inherit;padding:6px 14px;border-radius:4px;border:1px solid #1a56db;background:#1a56db;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a56db}
button:disabled{opacity:.6;cursor:default}
nav{display:flex;justify-content:space-between;gap:8px;margin-top:16px}
#status{min-height:1.5em;font-weight:600}
`;
