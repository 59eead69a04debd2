/**
 * The SCO side of the SCORM 2004 run-time (shared by every SCO of a package): finds the LMS's
 * API_1484_11 in the parent and opener windows, wraps its calls, counts errors, and writes
 * cmi.session_time (ISO 8601 duration) and cmi.exit before Terminate. Plain ES5: LMS players are old.
 */
export const API_JS = String.raw`(function () {
  'use strict';
  var SUSPEND_MAX = 64000;
  function findApi(win) {
    for (var tries = 0; win && tries < 20; tries++) {
      try { if (win.API_1484_11) return win.API_1484_11; } catch (e) { /* another origin */ }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window) || (window.opener ? findApi(window.opener) : null);
  var started = new Date().getTime();
  var open = false;
  var errors = [];
  function check(call) {
    var code = String(api.GetLastError());
    if (code !== '0') errors.push(call + ': ' + code + ' ' + api.GetErrorString(code));
  }
  function duration(ms) {
    var cs = Math.round(ms / 10);
    var h = Math.floor(cs / 360000); cs -= h * 360000;
    var m = Math.floor(cs / 6000); cs -= m * 6000;
    var s = (cs / 100).toFixed(2);
    return 'PT' + h + 'H' + m + 'M' + s + 'S';
  }
  var Scorm = {
    available: !!api,
    errors: errors,
    start: function () {
      if (!api || open) return open;
      open = String(api.Initialize('')) === 'true';
      if (!open) check('Initialize');
      return open;
    },
    get: function (name) {
      if (!open) return '';
      var value = api.GetValue(name);
      var code = String(api.GetLastError());
      // 403: "value not initialized" is the answer for a first attempt, not a fault.
      if (code !== '0' && code !== '403') errors.push('GetValue ' + name + ': ' + code);
      return String(value);
    },
    set: function (name, value) {
      if (!open) return false;
      if (name === 'cmi.suspend_data' && String(value).length > SUSPEND_MAX) value = String(value).slice(0, SUSPEND_MAX);
      var ok = String(api.SetValue(name, String(value))) === 'true';
      if (!ok) check('SetValue ' + name);
      return ok;
    },
    commit: function () {
      if (!open) return;
      if (String(api.Commit('')) !== 'true') check('Commit');
    },
    finish: function (exit, navRequest) {
      if (!open) return;
      Scorm.set('cmi.session_time', duration(new Date().getTime() - started));
      Scorm.set('cmi.exit', exit);
      if (navRequest) Scorm.set('adl.nav.request', navRequest);
      Scorm.commit();
      open = String(api.Terminate('')) !== 'true';
      if (open) check('Terminate');
    },
    isOpen: function () { return open; }
  };
  window.SpeachScorm = Scorm;
})();
`;
