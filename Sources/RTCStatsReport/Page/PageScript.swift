/// The page's script: progressive enhancement only, static text admitted by hash in the
/// page's Content Security Policy.
///
/// Must not contain `</` (a test checks).
///
/// - Hover read-out: moving over a chart shows a crosshair and, for each visible series, the
///   value drawn at that call time. It reads the values back from the drawn geometry and the
///   chart's `data-` attributes (value range, plot box, unit), so no second copy of the data
///   is shipped. Between two runs of a series (a gap) it shows `–`, never an interpolation.
/// - Toggling: legend keys become buttons that hide and show their series.
///
/// Labels are put into the page with `textContent`, never as markup.
enum PageScript {
  /// The JavaScript.
  static let javascript: StaticString = """
    (function () {
      "use strict";
      var svgNS = "http://www.w3.org/2000/svg";
      document.documentElement.classList.add("js");
      var tip = document.createElement("div");
      tip.className = "tip";
      tip.hidden = true;
      document.body.appendChild(tip);

      function number(element, name) { return parseFloat(element.getAttribute("data-" + name)); }

      function formatValue(value, unit) {
        var size = Math.abs(value);
        if (unit === "bps") {
          if (size >= 1e9) { return (value / 1e9).toPrecision(3) + " Gbps"; }
          if (size >= 1e6) { return (value / 1e6).toPrecision(3) + " Mbps"; }
          if (size >= 1e3) { return (value / 1e3).toPrecision(3) + " kbps"; }
          return value.toFixed(0) + " bps";
        }
        if (unit === "ms") {
          return size >= 10000 ? (value / 1000).toFixed(1) + " s" : value.toFixed(size < 10 ? 1 : 0) + " ms";
        }
        if (unit === "%") { return value.toFixed(size < 10 ? 2 : 1) + "%"; }
        if (unit === "fps") { return value.toFixed(1) + " fps"; }
        if (unit === "px") { return value.toFixed(0) + " px"; }
        if (unit === "ratio") { return value.toFixed(2); }
        return value.toFixed(0);
      }

      function two(value) { return (value < 10 ? "0" : "") + value; }

      function clock(milliseconds) {
        var seconds = Math.max(0, Math.floor(milliseconds / 1000));
        var hours = Math.floor(seconds / 3600);
        var minutes = Math.floor(seconds / 60) % 60;
        return (hours > 0 ? hours + ":" + two(minutes) : two(minutes)) + ":" + two(seconds % 60);
      }

      // The runs of a series group: arrays of [x, y] vertices read from its path (M, pairs,
      // L, H, V) and its dots.
      function runsOf(group) {
        if (group.rtcRuns) { return group.rtcRuns; }
        var runs = [];
        var path = group.querySelector("path");
        var tokens = path ? (path.getAttribute("d").match(/[MLHVZ]|-?[0-9.]+/g) || []) : [];
        var run = null, x = 0, y = 0, command = "M", index = 0;
        while (index < tokens.length) {
          var token = tokens[index];
          if (/[MLHVZ]/.test(token)) { command = token; index += 1; continue; }
          if (command === "M" || command === "L") {
            x = +tokens[index]; y = +tokens[index + 1]; index += 2;
            if (command === "M") { run = []; runs.push(run); command = "L"; }
          } else if (command === "H") {
            x = +token; index += 1;
          } else if (command === "V") {
            y = +token; index += 1;
          } else {
            index += 1;
            continue;
          }
          run.push([x, y]);
        }
        group.querySelectorAll("circle").forEach(function (dot) {
          runs.push([[+dot.getAttribute("cx"), +dot.getAttribute("cy")]]);
        });
        group.rtcRuns = runs;
        return runs;
      }

      // The y drawn at x: for a step line the vertex at or before x, for a line the nearest
      // vertex; null when x falls in a gap.
      function yAt(group, x, isStep) {
        var runs = runsOf(group);
        for (var r = 0; r < runs.length; r += 1) {
          var run = runs[r];
          if (x < run[0][0] - 3 || x > run[run.length - 1][0] + 3) { continue; }
          var best = run[0];
          for (var i = 1; i < run.length; i += 1) {
            var vertex = run[i];
            if (isStep) {
              if (vertex[0] <= x) { best = vertex; }
            } else if (Math.abs(vertex[0] - x) <= Math.abs(best[0] - x)) {
              best = vertex;
            }
          }
          return best[1];
        }
        return null;
      }

      function readOut(svg, event) {
        var rect = svg.getBoundingClientRect();
        var x = (event.clientX - rect.left) * svg.viewBox.baseVal.width / rect.width;
        var left = number(svg, "left"), right = number(svg, "right");
        var top = number(svg, "top"), bottom = number(svg, "bottom");
        if (x < left || x > right) { hide(svg); return; }
        var low = number(svg, "v0"), high = number(svg, "v1"), unit = svg.getAttribute("data-unit");
        var cross = svg.rtcCross;
        cross.setAttribute("x1", x); cross.setAttribute("x2", x);
        cross.setAttribute("y1", top); cross.setAttribute("y2", bottom);
        cross.setAttribute("visibility", "visible");
        tip.replaceChildren();
        var head = document.createElement("div");
        head.className = "tip-time";
        head.textContent = clock((x - left) / (right - left) * number(svg, "duration"));
        tip.appendChild(head);
        svg.querySelectorAll("g.series").forEach(function (group) {
          if (group.classList.contains("off")) { return; }
          var y = yAt(group, x, group.classList.contains("step"));
          var row = document.createElement("div");
          row.className = "tip-row";
          group.classList.forEach(function (name) { if (/^s[0-7]$/.test(name)) { row.classList.add(name); } });
          var value = y === null ? "–" : formatValue(low + (bottom - y) / (bottom - top) * (high - low), unit);
          row.textContent = group.getAttribute("data-label") + ": " + value;
          tip.appendChild(row);
        });
        tip.hidden = false;
        var width = tip.offsetWidth;
        var placeLeft = event.clientX + 16 + width > window.innerWidth;
        tip.style.left = (placeLeft ? event.clientX - 16 - width : event.clientX + 16) + "px";
        tip.style.top = Math.max(4, event.clientY - tip.offsetHeight - 12) + "px";
      }

      function hide(svg) {
        tip.hidden = true;
        if (svg.rtcCross) { svg.rtcCross.setAttribute("visibility", "hidden"); }
      }

      document.querySelectorAll("svg.chart").forEach(function (svg) {
        var cross = document.createElementNS(svgNS, "line");
        cross.setAttribute("class", "crosshair");
        cross.setAttribute("visibility", "hidden");
        svg.appendChild(cross);
        svg.rtcCross = cross;
        svg.addEventListener("mousemove", function (event) { readOut(svg, event); });
        svg.addEventListener("mouseleave", function () { hide(svg); });
      });

      document.querySelectorAll("figure.chart-box").forEach(function (figure) {
        var svg = figure.querySelector("svg.chart");
        figure.querySelectorAll(".legend .key[data-series]").forEach(function (key) {
          key.setAttribute("role", "button");
          key.setAttribute("tabindex", "0");
          key.setAttribute("aria-pressed", "true");
          function toggle() {
            var off = !key.classList.contains("off");
            key.classList.toggle("off", off);
            key.setAttribute("aria-pressed", off ? "false" : "true");
            var group = svg.querySelector("g.series[data-series='" + key.getAttribute("data-series") + "']");
            if (group) { group.classList.toggle("off", off); }
          }
          key.addEventListener("click", toggle);
          key.addEventListener("keydown", function (event) {
            if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
          });
        });
      });
    })();
    """
}
