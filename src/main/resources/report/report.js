/* report.html's folded evidence: a link into a closed section opens it; printing opens them all. */
(function () {
  'use strict';
  function reveal(id) {
    var target = id && document.getElementById(decodeURIComponent(id));
    for (var e = target; e; e = e.parentElement) {
      if (e.tagName === 'DETAILS') { e.open = true; }
    }
    if (target) { target.scrollIntoView(); }
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[href^="#"]');
    if (a) { reveal(a.getAttribute('href').substring(1)); }
  });
  window.addEventListener('hashchange', function () { reveal(location.hash.substring(1)); });
  if (location.hash) { reveal(location.hash.substring(1)); }
  window.addEventListener('beforeprint', function () {
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
  });
})();

/* report.html's timelines: drawn from the data embedded in the page, nothing fetched. */
(function () {
  'use strict';
  var root = document.documentElement;
  var errorCount = 0;
  function showError(message) {
    var box = document.getElementById('errors');
    box.hidden = false;
    box.textContent += 'This page could not draw everything: ' + message + '\n';
    root.setAttribute('data-errors', String(++errorCount));
  }
  window.addEventListener('error', function (e) { showError(e.message); });

  var GROUP = { JVM: '#7B3294', QUEUE: '#E69F00', HOST: '#0072B2', HYPERVISOR: '#333333' };
  var GROUP_WORDS = { JVM: "the JVM's", QUEUE: "the queue's", HOST: "the host's", HYPERVISOR: "the hypervisor's" };
  var COLOUR = { max: '#000000', p99: '#0072B2', other: '#56B4E9', producer: '#D55E00', consumer: '#009E73',
    safepoint: '#999999', gc: '#CC0000', queue: '#CC79A7' };

  /* Three significant digits in the unit that fits, as the report's text writes them: 832 ns, 12.3 µs, 2.24 ms. */
  function number(x) {
    x = Number(x.toPrecision(15)); // round the decimal the text shows, as Java's formatter does, not the binary value
    var a = Math.abs(x);
    if (a >= 100 || a === 0) { return Math.round(x).toLocaleString('en-US'); }
    if (a >= 10) { return x.toFixed(1); }
    if (a >= 1) { return x.toFixed(2); }
    return x.toPrecision(3);
  }
  function ns(v) {
    var units = [[1e9, 's'], [1e6, 'ms'], [1e3, 'µs'], [1, 'ns']];
    for (var i = 0; i < units.length; i++) {
      if (Math.abs(v) / units[i][0] >= 0.9995 || units[i][0] === 1) {
        return number(v / units[i][0]) + ' ' + units[i][1];
      }
    }
    return String(v);
  }
  /* 1-2-5 of each decade in the range, or 1, 1.5, 2, 3 ... 8 where that gives fewer than three: as the figures. */
  function ticks(y) {
    function over(mantissas) {
      var out = [];
      for (var d = Math.pow(10, Math.floor(Math.log10(y.min))); d <= y.max; d *= 10) {
        mantissas.forEach(function (m) {
          var v = d * m;
          if (v >= y.min && v <= y.max) { out.push({ v: v, major: m === 1 }); }
        });
      }
      return out;
    }
    var coarse = over([1, 2, 5]);
    return coarse.length >= 3 ? coarse : over([1, 1.5, 2, 3, 4, 5, 6, 7, 8]);
  }
  function niceStep(raw) {
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
  }

  var node = document.getElementById('timeline-data');
  if (!node) {
    root.setAttribute('data-timelines', '0');
    return;
  }
  var runs = JSON.parse(node.textContent);
  var groups = [];
  var byJvm = {};
  runs.forEach(function (r) {
    if (!byJvm[r.jvm]) {
      byJvm[r.jvm] = { jvm: r.jvm, label: r.label, runs: [], charts: [] };
      groups.push(byJvm[r.jvm]);
    }
    byJvm[r.jvm].runs.push(r);
  });
  var host = document.getElementById('timeline-charts');
  var drawn = 0;

  groups.forEach(function (g) {
    var lo = Infinity, hi = 1, span = 1;
    g.runs.forEach(function (r) {
      [r.intended, r.other].forEach(function (list) {
        list.forEach(function (i) {
          span = Math.max(span, i[1]);
          if (i[1] - i[0] < 0.2) { return; } // a sliver at the window's edge is drawn but sets no axis range, as in timeline.png
          lo = Math.min(lo, i[3]); hi = Math.max(hi, i[4]);
        });
      });
      (r.producer || []).concat(r.consumer || []).forEach(function (s) { lo = Math.min(lo, s[1]); hi = Math.max(hi, s[1]); });
      (r.events || []).forEach(function (e) { lo = Math.min(lo, e.stoppedNs); hi = Math.max(hi, e.stoppedNs); });
    });
    if (!isFinite(lo)) { lo = 1; }
    lo = Math.max(1, lo);
    hi = Math.max(hi, lo * 1.5);
    g.y = { min: lo / 1.15, max: hi * 1.15 }; // as the figures' axis (Drawing.LogAxis.between)
    g.x = { from: 0, to: span, full: span };

    var section = document.createElement('section');
    section.className = 'jvm-timelines';
    var title = document.createElement('h3');
    title.textContent = g.label ? g.jvm + ' (' + g.label + ')' : g.jvm;
    section.appendChild(title);
    var controls = document.createElement('div');
    controls.className = 'controls';
    controls.textContent = g.runs.length + ' runs, one latency axis: ' + ns(g.y.min) + ' to ' + ns(g.y.max) + '.';
    var reset = document.createElement('button');
    reset.type = 'button';
    reset.textContent = 'whole window';
    reset.addEventListener('click', function () { g.x.from = 0; g.x.to = g.x.full; drawGroup(g); });
    controls.appendChild(reset);
    section.appendChild(controls);
    section.appendChild(legend(g));
    g.runs.forEach(function (r) {
      var figure = document.createElement('figure');
      figure.className = 'timeline';
      figure.id = 'timeline-' + r.id;
      var canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', 'timeline of ' + r.id);
      figure.appendChild(canvas);
      var caption = document.createElement('figcaption');
      caption.textContent = r.id + ': intended max and p99, ' + r.second + ' p99, per interval of the window';
      figure.appendChild(caption);
      var tip = document.createElement('div');
      tip.className = 'tip';
      tip.hidden = true;
      figure.appendChild(tip);
      section.appendChild(figure);
      var chart = { group: g, run: r, canvas: canvas, tip: tip, selection: null };
      g.charts.push(chart);
      listen(chart);
    });
    host.appendChild(section);
    drawGroup(g);
  });
  window.addEventListener('resize', function () { groups.forEach(drawGroup); });
  // drawn while folded away (no width), the charts are drawn again at their width when their section opens
  document.addEventListener('toggle', function (e) {
    if (e.target.open && e.target.contains(host)) { groups.forEach(drawGroup); }
  }, true);
  root.setAttribute('data-timelines', String(drawn));

  function legend(g) {
    var div = document.createElement('div');
    div.className = 'legend';
    var seconds = {};
    g.runs.forEach(function (x) { seconds[x.second] = true; });
    var items = [['max, intended', COLOUR.max], ['p99, intended', COLOUR.p99], ['p99, ' + Object.keys(seconds).join(' or '), COLOUR.other],
      ['▲ longest producer stall of a second', COLOUR.producer], ['▼ longest consumer stall', COLOUR.consumer],
      ['● safepoint', COLOUR.safepoint], ['● GC pause', COLOUR.gc], ['┆ queue roll or new block', COLOUR.queue]];
    Object.keys(GROUP).forEach(function (k) { items.push(['stall fill: ' + GROUP_WORDS[k] + ' cause', GROUP[k]]); });
    items.push(['hollow: the tool\'s, waited or not traced', '#ffffff']);
    items.forEach(function (it) {
      var span = document.createElement('span');
      var swatch = document.createElement('i');
      swatch.style.background = it[1];
      span.appendChild(swatch);
      span.appendChild(document.createTextNode(it[0]));
      div.appendChild(span);
    });
    return div;
  }

  function drawGroup(g) { g.charts.forEach(draw); }

  function geometry(c) {
    var w = c.canvas.clientWidth || 1000, h = c.canvas.clientHeight || 240;
    return { w: w, h: h, L: 72, R: w - 12, T: 10, B: h - 26 };
  }
  function xOf(c, box, s) { var g = c.group; return box.L + (box.R - box.L) * (s - g.x.from) / (g.x.to - g.x.from); }
  function sOf(c, box, x) { var g = c.group; return g.x.from + (x - box.L) / (box.R - box.L) * (g.x.to - g.x.from); }
  function yOf(c, box, v) {
    var y = c.group.y;
    var f = (Math.log(Math.max(v, y.min)) - Math.log(y.min)) / (Math.log(y.max) - Math.log(y.min));
    return box.B - f * (box.B - box.T);
  }

  function draw(c) {
    var g = c.group, r = c.run, box = geometry(c), dpr = window.devicePixelRatio || 1;
    c.canvas.width = Math.round(box.w * dpr);
    c.canvas.height = Math.round(box.h * dpr);
    var ctx = c.canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, box.w, box.h);
    ctx.font = '11px sans-serif';
    ctx.lineWidth = 1;
    var lastLabel = Infinity;
    ticks(g.y).forEach(function (t) {
      var y = Math.round(yOf(c, box, t.v)) + 0.5;
      ctx.strokeStyle = t.major ? '#d0d0d0' : '#eeeeee';
      ctx.beginPath(); ctx.moveTo(box.L, y); ctx.lineTo(box.R, y); ctx.stroke();
      if (lastLabel - y >= 14) { // a label that would touch the one below is left out
        ctx.fillStyle = '#000000';
        ctx.textAlign = 'right';
        ctx.fillText(ns(t.v).replace(/\.0+ /, ' '), box.L - 6, y + 4); // a tick is a round number: 50 µs
        lastLabel = y;
      }
    });
    var step = niceStep((g.x.to - g.x.from) / 8);
    ctx.textAlign = 'center';
    for (var s = Math.ceil(g.x.from / step - 1e-9) * step; s <= g.x.to + 1e-9; s += step) {
      var x = Math.round(xOf(c, box, s)) + 0.5;
      ctx.strokeStyle = '#eeeeee';
      ctx.beginPath(); ctx.moveTo(x, box.T); ctx.lineTo(x, box.B); ctx.stroke();
      ctx.fillStyle = '#000000';
      ctx.fillText(Number(s.toPrecision(6)) + ' s', x, box.B + 16);
    }
    ctx.strokeStyle = '#000000';
    ctx.beginPath(); ctx.moveTo(box.L, box.T); ctx.lineTo(box.L, box.B); ctx.lineTo(box.R, box.B); ctx.stroke();

    ctx.save();
    ctx.beginPath(); ctx.rect(box.L, box.T, box.R - box.L, box.B - box.T); ctx.clip();
    ctx.strokeStyle = COLOUR.queue;
    ctx.setLineDash([3, 3]);
    (r.queue || []).forEach(function (t) {
      var qx = xOf(c, box, t);
      ctx.beginPath(); ctx.moveTo(qx, box.T); ctx.lineTo(qx, box.B); ctx.stroke();
    });
    ctx.setLineDash([]);
    steps(ctx, c, box, r.intended, 4, COLOUR.max, 2, []);
    steps(ctx, c, box, r.intended, 3, COLOUR.p99, 2, []);
    steps(ctx, c, box, r.other, 3, COLOUR.other, 1.5, [6, 4]);
    stalls(ctx, c, box, r.producer, COLOUR.producer, true);
    stalls(ctx, c, box, r.consumer, COLOUR.consumer, false);
    (r.events || []).forEach(function (e) {
      ctx.fillStyle = e.gc ? COLOUR.gc : COLOUR.safepoint;
      ctx.beginPath(); ctx.arc(xOf(c, box, e.s), yOf(c, box, e.stoppedNs), 4, 0, 2 * Math.PI); ctx.fill();
    });
    if (c.selection) {
      ctx.fillStyle = 'rgba(0, 85, 164, 0.15)';
      var a = Math.min(c.selection[0], c.selection[1]), b = Math.max(c.selection[0], c.selection[1]);
      ctx.fillRect(a, box.T, b - a, box.B - box.T);
    }
    ctx.restore();
    if (!c.drawn) { c.drawn = true; drawn++; }
  }

  /* Each interval as a step over its true extent; consecutive intervals joined. */
  function steps(ctx, c, box, list, field, colour, width, dash) {
    if (!list || list.length === 0) { return; }
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    var previousTo = null;
    list.forEach(function (i) {
      var y = yOf(c, box, Math.max(1, i[field]));
      if (previousTo !== null && Math.abs(i[0] - previousTo) < 0.05) {
        ctx.lineTo(xOf(c, box, i[0]), y);
      } else {
        ctx.moveTo(xOf(c, box, i[0]), y);
      }
      ctx.lineTo(xOf(c, box, i[1]), y);
      previousTo = i[1];
    });
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = 1;
  }

  function stalls(ctx, c, box, list, colour, up) {
    (list || []).forEach(function (s) {
      var x = xOf(c, box, s[0] + 0.5), y = yOf(c, box, s[1]), d = up ? -7 : 7;
      ctx.beginPath();
      ctx.moveTo(x - 7, y - d / 2); ctx.lineTo(x + 7, y - d / 2); ctx.lineTo(x, y + d); ctx.closePath();
      ctx.fillStyle = s[2] && GROUP[s[2]] ? GROUP[s[2]] : '#ffffff';
      ctx.fill();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.lineWidth = 1;
    });
  }

  function at(list, s) {
    for (var k = 0; list && k < list.length; k++) {
      if (s >= list[k][0] && s < list[k][1]) { return list[k]; }
    }
    return null;
  }
  function stallAt(list, second) {
    for (var k = 0; list && k < list.length; k++) {
      if (list[k][0] === second) { return list[k]; }
    }
    return null;
  }
  function stallText(who, s) {
    if (!s) { return who + ': no stall recorded'; }
    return who + "'s longest stall: " + ns(s[1]) + (s[3] ? ' (' + s[3] + ')' : '');
  }

  function listen(c) {
    var canvas = c.canvas;
    canvas.addEventListener('mousedown', function (e) { c.dragFrom = e.offsetX; c.selection = null; });
    canvas.addEventListener('mousemove', function (e) {
      var box = geometry(c);
      if (c.dragFrom !== undefined && c.dragFrom !== null) {
        c.selection = [c.dragFrom, e.offsetX];
        draw(c);
      }
      var s = sOf(c, box, e.offsetX);
      if (e.offsetX < box.L || e.offsetX > box.R) { c.tip.hidden = true; return; }
      var i = at(c.run.intended, s), o = at(c.run.other, s), second = Math.floor(s);
      var lines = [s.toFixed(2) + ' s into the window'];
      if (i) {
        lines.push('interval ' + i[0].toFixed(3) + '–' + i[1].toFixed(3) + ' s, ' + i[2].toLocaleString('en-US') + ' samples');
        lines.push('intended: p99 ' + ns(i[3]) + ', max ' + ns(i[4]));
      }
      if (o) { lines.push(c.run.second + ': p99 ' + ns(o[3]) + ', max ' + ns(o[4])); }
      if (c.run.producer) {
        lines.push('second ' + second + ': ' + stallText('producer', stallAt(c.run.producer, second)));
        lines.push('second ' + second + ': ' + stallText('consumer', stallAt(c.run.consumer, second)));
      }
      (c.run.events || []).forEach(function (ev) {
        if (Math.abs(xOf(c, box, ev.s) - e.offsetX) <= 4) {
          lines.push((ev.gc ? 'GC pause ' : 'safepoint ') + ns(ev.stoppedNs) + ' at ' + ev.s.toFixed(3) + ' s' + (ev.what ? ' (' + ev.what + ')' : '')
            + (ev.lengthNs > ev.stoppedNs ? ', threads stopped; ' + ns(ev.lengthNs) + ' to its end' : ''));
        }
      });
      c.tip.textContent = '';
      lines.forEach(function (l, k) {
        if (k > 0) { c.tip.appendChild(document.createElement('br')); }
        c.tip.appendChild(document.createTextNode(l));
      });
      c.tip.hidden = false;
      c.tip.style.left = Math.min(e.offsetX + 14, Math.max(0, box.w - 430)) + 'px';
      c.tip.style.top = Math.max(0, e.offsetY - 10) + 'px';
    });
    canvas.addEventListener('mouseleave', function () { c.tip.hidden = true; c.dragFrom = null; c.selection = null; draw(c); });
    canvas.addEventListener('mouseup', function (e) {
      var box = geometry(c), from = c.dragFrom;
      c.dragFrom = null;
      c.selection = null;
      if (from !== null && from !== undefined && Math.abs(e.offsetX - from) > 5) {
        var a = sOf(c, box, Math.max(box.L, Math.min(from, e.offsetX)));
        var b = sOf(c, box, Math.min(box.R, Math.max(from, e.offsetX)));
        if (b - a > 0.01) { c.group.x.from = a; c.group.x.to = b; }
      }
      drawGroup(c.group);
    });
    canvas.addEventListener('dblclick', function () { c.group.x.from = 0; c.group.x.to = c.group.x.full; drawGroup(c.group); });
  }
})();
