// The API sandbox: a form built from the API's own description (action=paraminfo), the
// request it makes, and the answer. No build step, no outside resources.
(function () {
  'use strict';

  var API = new URL('api.php', document.baseURI).pathname;
  var $ = function (id) { return document.getElementById(id); };
  var namespaces = [];      // [{id, name}]
  var described = {};      // module path -> paraminfo module
  var continueParams = null; // the last answer's `continue` values
  var secret = {};           // parameters kept out of the address bar (passwords, tokens)
  var pending = parseHash();

  function call(params) {
    var q = new URLSearchParams(params);
    q.set('format', 'json');
    q.set('formatversion', '2');
    return fetch(API + '?' + q.toString()).then(function (r) { return r.json(); });
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'html') { e.innerHTML = attrs[k]; } else if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { e.appendChild(c); } });
    return e;
  }

  function parseHash() {
    var h = location.hash.replace(/^#/, '');
    var out = {};
    if (!h) { return out; }
    new URLSearchParams(h).forEach(function (v, k) { out[k] = v; });
    return out;
  }

  function describe(paths) {
    var wanted = paths.filter(function (p) { return !described[p]; });
    if (!wanted.length) { return Promise.resolve(); }
    return call({ action: 'paraminfo', modules: wanted.join('|'), helpformat: 'html' }).then(function (a) {
      ((a.paraminfo && a.paraminfo.modules) || []).forEach(function (m) { described[m.path] = m; });
    });
  }

  // The input for one parameter, by its type.
  function input(wire, p, value) {
    var t = p.type;
    if (Array.isArray(t)) {
      if (p.multi) {
        var box = el('div', { id: 'p-' + wire, class: 'choices', 'data-multi': '1' });
        var chosen = value !== undefined ? value.split('|') : (p.default !== undefined ? String(p.default).split('|') : []);
        t.forEach(function (v) {
          var c = el('input', { type: 'checkbox', value: v });
          c.checked = chosen.indexOf(v) >= 0;
          box.appendChild(el('label', {}, [c, document.createTextNode(' ' + v)]));
        });
        return box;
      }
      var s = el('select', { id: 'p-' + wire });
      s.appendChild(el('option', { value: '', text: p.default !== undefined ? '(default: ' + p.default + ')' : '' }));
      t.forEach(function (v) { s.appendChild(el('option', { value: v, text: v })); });
      if (value !== undefined) { s.value = value; }
      return s;
    }
    if (t === 'namespace') {
      if (p.multi) {
        var nbox = el('div', { id: 'p-' + wire, class: 'choices', 'data-multi': '1' });
        var picked = value !== undefined ? value.split('|') : [];
        namespaces.forEach(function (ns) {
          var c = el('input', { type: 'checkbox', value: String(ns.id) });
          c.checked = picked.indexOf(String(ns.id)) >= 0;
          nbox.appendChild(el('label', {}, [c, document.createTextNode(' ' + ns.id + ' ' + (ns.name || '(main)'))]));
        });
        return nbox;
      }
      var ns = el('select', { id: 'p-' + wire });
      ns.appendChild(el('option', { value: '', text: p.default !== undefined ? '(default: ' + p.default + ')' : '' }));
      namespaces.forEach(function (n) { ns.appendChild(el('option', { value: String(n.id), text: n.id + ' ' + (n.name || '(main)') })); });
      if (value !== undefined) { ns.value = value; }
      return ns;
    }
    if (t === 'boolean') {
      var b = el('input', { type: 'checkbox', id: 'p-' + wire });
      b.checked = value !== undefined;
      return b;
    }
    if (t === 'text') {
      var ta = el('textarea', { id: 'p-' + wire });
      if (value !== undefined) { ta.value = value; }
      return ta;
    }
    var attrs = { id: 'p-' + wire, type: t === 'password' ? 'password' : 'text' };
    if (t === 'limit') { attrs.placeholder = 'a number or max' + (p.default !== undefined ? ' (default ' + p.default + ')' : ''); attrs.list = 'limit-values'; }
    else if (t === 'integer') { attrs.inputmode = 'numeric'; }
    else if (t === 'timestamp') { attrs.placeholder = '2026-11-22T00:00:00Z or now'; }
    else if (p.multi) { attrs.placeholder = 'values separated by |'; }
    else if (p.default !== undefined && p.default !== '') { attrs.placeholder = 'default: ' + p.default; }
    var i = el('input', attrs);
    if (value !== undefined) { i.value = value; }
    return i;
  }

  // The parameters the form leaves out of a module's section: those the action panel sets.
  var OWN_CONTROLS = { query: ['prop', 'list', 'meta', 'generator', 'continue'] };

  function moduleSection(m, prefix) {
    var sec = el('section', { class: 'panel module', id: 'module-' + m.path });
    var title = (m.group ? m.group + '=' : 'action=') + m.name;
    sec.appendChild(el('h2', { html: '', text: '' }, [document.createTextNode(title + ' '),
      el('small', { text: m.prefix ? '(' + (prefix || '') + m.prefix + ')' : '' })]));
    if (m.description) { sec.appendChild(el('div', { class: 'help', html: m.description })); }
    var skip = OWN_CONTROLS[m.path] || [];
    m.parameters.forEach(function (p) {
      if (skip.indexOf(p.name) >= 0) { return; }
      var wire = (prefix || '') + m.prefix + p.name;
      var row = el('div', { class: 'param' + (p.required ? ' required' : '') + (p.deprecated ? ' deprecated' : '') });
      if (p.sensitive || p.type === 'password') { secret[wire] = true; }
      row.appendChild(el('label', { for: 'p-' + wire, text: wire }));
      row.appendChild(input(wire, p, pending[wire]));
      if (p.description) { row.appendChild(el('div', { class: 'help', html: p.description })); }
      sec.appendChild(row);
    });
    return sec;
  }

  function selected(group) {
    return Array.prototype.map.call(document.querySelectorAll('#sub-' + group + ' input:checked'), function (c) { return c.value; });
  }

  function render() {
    var action = $('action').value;
    var box = $('modules');
    var paths = [];
    var generator = '';
    $('query-modules').hidden = action !== 'query';
    if (action) { paths.push(action); }
    if (action === 'query') {
      ['prop', 'list', 'meta'].forEach(function (g) { selected(g).forEach(function (n) { paths.push('query+' + n); }); });
      generator = $('generator').value;
      if (generator) { paths.push('query+' + generator); }
    }
    return describe(paths).then(function () {
      var summary = described[action] && described[action].description;
      $('action-help').innerHTML = summary || '';
      keepValues();
      box.innerHTML = '';
      paths.forEach(function (path) {
        var m = described[path];
        if (!m) { return; }
        var asGenerator = generator && path === 'query+' + generator && selected('list').concat(selected('prop')).indexOf(generator) < 0;
        box.appendChild(moduleSection(m, asGenerator ? 'g' : ''));
      });
      update();
    });
  }

  // What the form holds now, kept across a rebuild of the module sections.
  function keepValues() {
    var params = formParams();
    Object.keys(params).forEach(function (k) { pending[k] = params[k]; });
  }

  function formParams() {
    var out = {};
    var action = $('action').value;
    if (action) { out.action = action; }
    if (action === 'query') {
      ['prop', 'list', 'meta'].forEach(function (g) { var v = selected(g); if (v.length) { out[g] = v.join('|'); } });
      if ($('generator').value) { out.generator = $('generator').value; }
    }
    document.querySelectorAll('#modules [id^="p-"]').forEach(function (e) {
      var wire = e.id.slice(2);
      var v;
      if (e.getAttribute('data-multi')) {
        var picked = Array.prototype.map.call(e.querySelectorAll('input:checked'), function (c) { return c.value; });
        if (picked.length) { v = picked.join('|'); }
      } else if (e.type === 'checkbox') {
        if (e.checked) { v = '1'; }
      } else if (e.value !== '') {
        v = e.value;
      }
      if (v !== undefined) { out[wire] = v; }
    });
    return out;
  }

  function requestParams() {
    var params = formParams();
    params.format = $('format').value;
    if ($('formatversion').checked && params.format.indexOf('xml') !== 0) { params.formatversion = '2'; }
    if (continueParams) { Object.keys(continueParams).forEach(function (k) { params[k] = String(continueParams[k]); }); }
    return params;
  }

  function withoutSecrets(params) {
    var out = {};
    Object.keys(params).forEach(function (k) { out[k] = secret[k] ? '…' : params[k]; });
    return out;
  }

  function posted() {
    var m = described[$('action').value];
    return !!(m && m.mustbeposted);
  }

  function update() {
    var q = new URLSearchParams(withoutSecrets(requestParams())).toString();
    var link = $('request-url');
    link.textContent = (posted() ? 'POST ' : '') + 'api.php?' + q;
    link.href = API + '?' + q;
    var state = {};
    var form = formParams();
    Object.keys(form).forEach(function (k) { if (!secret[k]) { state[k] = form[k]; } });
    history.replaceState(null, '', '#' + new URLSearchParams(state).toString());
  }

  function send() {
    var params = requestParams();
    $('status').textContent = 'Sending…';
    var body = new URLSearchParams(params);
    var request = posted()
      ? fetch(API, { method: 'POST', body: body, credentials: 'same-origin' })
      : fetch(API + '?' + body.toString(), { credentials: 'same-origin' });
    request.then(function (r) { return r.text(); }).then(function (text) {
      var shown = text;
      var answer = null;
      try { answer = JSON.parse(text); shown = JSON.stringify(answer, null, 2); } catch (e) { /* not JSON */ }
      $('result').textContent = shown;
      continueParams = answer && answer['continue'] ? answer['continue'] : null;
      $('continue').hidden = !continueParams;
      $('status').textContent = answer && answer.error ? 'Error: ' + answer.error.code : 'Done.';
      update();
    }, function (e) { $('status').textContent = 'Failed: ' + e; });
  }

  function init() {
    $('help-link').href = API;
    Promise.all([
      call({ action: 'paraminfo', modules: 'main|query', helpformat: 'html' }),
      call({ action: 'query', meta: 'siteinfo', siprop: 'namespaces' })
    ]).then(function (answers) {
      var mods = answers[0].paraminfo.modules;
      var main = mods[0];
      var query = mods[1];
      described.query = query;
      var ns = (answers[1].query && answers[1].query.namespaces) || {};
      namespaces = Object.keys(ns).map(function (k) { return { id: ns[k].id, name: ns[k].name }; })
        .filter(function (n) { return n.id >= 0; })
        .sort(function (a, b) { return a.id - b.id; });
      var action = main.parameters.filter(function (p) { return p.name === 'action'; })[0];
      action.type.forEach(function (a) { $('action').appendChild(el('option', { value: a, text: a })); });
      $('action').value = pending.action || 'query';
      ['prop', 'list', 'meta'].forEach(function (g) {
        var p = query.parameters.filter(function (x) { return x.name === g; })[0];
        var chosen = (pending[g] || '').split('|');
        p.type.forEach(function (name) {
          var c = el('input', { type: 'checkbox', value: name, id: 'sub-' + g + '-' + name });
          c.checked = chosen.indexOf(name) >= 0;
          $('sub-' + g).appendChild(el('label', {}, [c, document.createTextNode(' ' + name)]));
        });
      });
      var gen = query.parameters.filter(function (x) { return x.name === 'generator'; })[0];
      gen.type.forEach(function (name) { $('generator').appendChild(el('option', { value: name, text: name })); });
      if (pending.generator) { $('generator').value = pending.generator; }
      var dl = el('datalist', { id: 'limit-values' }, [el('option', { value: 'max' })]);
      document.body.appendChild(dl);
      $('form').addEventListener('change', function (e) {
        continueParams = null;
        $('continue').hidden = true;
        if (e.target.id === 'action' || e.target.id === 'generator' || /^sub-/.test(e.target.id)) { render(); } else { update(); }
      });
      $('form').addEventListener('input', function () { continueParams = null; $('continue').hidden = true; update(); });
      $('send').addEventListener('click', function () { continueParams = null; send(); });
      $('continue').addEventListener('click', send);
      $('clear').addEventListener('click', function () { pending = {}; continueParams = null; location.hash = ''; render(); $('result').textContent = ''; });
      return render();
    }).then(function () { document.body.setAttribute('data-ready', '1'); });
  }

  init();
}());
