/// The page's style sheet: static text, admitted by hash in the page's Content Security
/// Policy.
///
/// Must not contain `</` (a test checks).
///
/// Colours are custom properties: light by default, dark under `prefers-color-scheme: dark`
/// on screens, always light in print. Series colours `s0`…`s7` are distinguishable in both
/// schemes; band levels run green → red with grey for unknown.
enum PageStyle {
  /// The CSS.
  static let css: StaticString = """
    :root{--bg:#fff;--fg:#1d2430;--muted:#5b6472;--grid:#e4e7eb;--line:#d0d5dc;--card:#f6f7f9;\
    --link:#1d4ed8;--s0:#2563eb;--s1:#ea580c;--s2:#16a34a;--s3:#9333ea;--s4:#0891b2;--s5:#db2777;\
    --s6:#65a30d;--s7:#78716c;--info:#2563eb;--warning:#c2410c;--critical:#dc2626;\
    --excellent:#1a9850;--good:#91cf60;--fair:#f6d55c;--lwarning:#fc8d59;--lcritical:#d73027;\
    --unknown:#c4c8ce;--freeze:rgba(220,38,38,.16);--pause:rgba(100,116,139,.22);\
    --outage:rgba(17,24,39,.28);--other:rgba(147,51,234,.14);--degraded:rgba(234,88,12,.16);--on-badge:#fff;color-scheme:light dark}
    @media screen and (prefers-color-scheme:dark){:root{--bg:#12151a;--fg:#e3e7ed;--muted:#9aa3ae;\
    --grid:#262b33;--line:#394150;--card:#1a1e25;--link:#8ab4ff;--s0:#60a5fa;--s1:#fb923c;\
    --s2:#4ade80;--s3:#c084fc;--s4:#22d3ee;--s5:#f472b6;--s6:#a3e635;--s7:#a8a29e;--info:#60a5fa;\
    --warning:#fb923c;--critical:#f87171;--excellent:#2fa866;--good:#7cc25a;--fair:#d9bb45;\
    --lwarning:#e87d4c;--lcritical:#e04a3f;--unknown:#59606b;--freeze:rgba(248,113,113,.22);\
    --pause:rgba(148,163,184,.22);--outage:rgba(226,232,240,.22);--other:rgba(192,132,252,.18);--degraded:rgba(251,146,60,.2);\
    --on-badge:#12151a}}
    *{box-sizing:border-box}
    html{background:var(--bg);color:var(--fg)}
    body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
    header.page-header,nav.toc,main,footer.page-footer{max-width:1240px;margin:0 auto;padding:0 24px}
    header.page-header{padding-top:20px}
    h1{font-size:22px;margin:0 0 2px;overflow-wrap:anywhere}
    h2,h3,h4,h5,h6{margin:18px 0 6px;overflow-wrap:anywhere}
    h2{font-size:19px}h3{font-size:17px}h4{font-size:15px}h5,h6{font-size:14px}
    a{color:var(--link)}
    .generator,.subtitle,.page-footer{color:var(--muted)}
    .subtitle{margin:0 0 6px;overflow-wrap:anywhere}
    dl.facts{display:flex;flex-wrap:wrap;gap:2px 18px;margin:6px 0}
    dl.facts div,dl.evidence div{display:flex;gap:6px;min-width:0}
    dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
    nav.toc{margin-top:8px}
    nav.toc ul{list-style:none;margin:0;padding:0 0 0 16px}
    nav.toc>ul{display:flex;flex-wrap:wrap;gap:2px 16px;padding:0}
    nav.toc>ul>li>ul{display:inline;padding-left:4px}
    nav.toc li li{display:inline;margin-right:10px}
    nav.toc .count{color:var(--muted)}
    section.report-section{margin:14px 0}
    section.kind-dump,section.kind-call{border-top:2px solid var(--line);padding-top:4px}
    section.kind-pc{border-top:2px solid var(--line);padding-top:2px}
    section.kind-track{border-top:1px solid var(--line);padding-top:2px}
    section.kind-layer{border-top:1px dashed var(--line);padding-top:2px}
    section.kind-layer>h4,section.kind-layer>h5,section.kind-layer>h6{color:var(--muted)}
    ul.notes{margin:6px 0;padding-left:20px;color:var(--warning)}
    ol.findings{list-style:none;margin:8px 0;padding:0}
    li.finding{padding:5px 8px;margin:3px 0;background:var(--card);border-left:4px solid var(--muted);\
    border-radius:3px;overflow-wrap:anywhere}
    li.finding.sev-info{border-left-color:var(--info)}
    li.finding.sev-warning{border-left-color:var(--warning)}
    li.finding.sev-critical{border-left-color:var(--critical)}
    li.finding:target{outline:2px solid var(--link)}
    .when,.where{color:var(--muted);font-size:13px;margin-left:6px}
    dl.evidence{display:flex;flex-wrap:wrap;gap:0 14px;margin:2px 0 0;font-size:12.5px}
    .badge{display:inline-block;min-width:58px;text-align:center;padding:0 6px;border-radius:9px;\
    font-size:12px;font-weight:600;color:var(--on-badge);background:var(--muted)}
    .badge.sev-info{background:var(--info)}.badge.sev-warning{background:var(--warning)}
    .badge.sev-critical{background:var(--critical)}
    figure{margin:10px 0 14px}
    figure:target figcaption .chart-title{outline:2px solid var(--link)}
    figcaption{display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 14px;font-size:13px}
    .chart-title{font-weight:600}
    .legend{display:flex;flex-wrap:wrap;gap:2px 12px;color:var(--muted)}
    .key{display:inline-flex;align-items:center;gap:5px;user-select:none}
    .swatch{display:inline-block;width:16px;height:0;border-top:3px solid var(--c,var(--muted))}
    .key.dashed .swatch{border-top-style:dashed}
    .shade-key .swatch,.level-key .swatch{height:10px;border:1px solid var(--line)}
    .marker-key .swatch{width:0;height:12px;border-top:0;border-left:2px solid var(--warning)}
    .js .key[data-series]{cursor:pointer}
    .key.off{opacity:.45;text-decoration:line-through}
    .s0{--c:var(--s0)}.s1{--c:var(--s1)}.s2{--c:var(--s2)}.s3{--c:var(--s3)}
    .s4{--c:var(--s4)}.s5{--c:var(--s5)}.s6{--c:var(--s6)}.s7{--c:var(--s7)}
    svg.chart,svg.band{display:block;width:100%;height:auto;overflow:visible}
    .grid{fill:none;stroke:var(--grid);stroke-width:1;shape-rendering:crispEdges;vector-effect:non-scaling-stroke}
    .tick-labels text{font-size:11px;fill:var(--muted)}
    .series path{fill:none;stroke:var(--c);stroke-width:1.6;stroke-linejoin:round;stroke-linecap:round;\
    vector-effect:non-scaling-stroke}
    .series circle{fill:var(--c)}
    .series.dashed path{stroke-dasharray:5 3}
    .series.off{display:none}
    .shade-freeze{fill:var(--freeze);background:var(--freeze)}
    .shade-pause{fill:var(--pause);background:var(--pause)}
    .shade-outage{fill:var(--outage);background:var(--outage)}
    .shade-other{fill:var(--other);background:var(--other)}
    .shade-degradation{fill:var(--degraded);background:var(--degraded)}
    .marker path{stroke-width:1.5;vector-effect:non-scaling-stroke;opacity:.85}
    .marker.sev-info path{stroke:var(--info);fill:var(--info)}
    .marker.sev-warning path{stroke:var(--warning);fill:var(--warning)}
    .marker.sev-critical path{stroke:var(--critical);fill:var(--critical)}
    .marker:hover path{opacity:1;stroke-width:2.5}
    .run{stroke:none}
    .lvl-excellent{fill:var(--excellent);background:var(--excellent)}
    .lvl-good{fill:var(--good);background:var(--good)}
    .lvl-fair{fill:var(--fair);background:var(--fair)}
    .lvl-warning{fill:var(--lwarning);background:var(--lwarning)}
    .lvl-critical{fill:var(--lcritical);background:var(--lcritical)}
    .lvl-unknown{fill:var(--unknown);background:var(--unknown)}
    .crosshair{stroke:var(--muted);stroke-width:1;vector-effect:non-scaling-stroke;pointer-events:none}
    .nodata{color:var(--muted);font-style:italic}
    .table-wrap{overflow-x:auto;margin:8px 0 14px}
    table.summary{border-collapse:collapse;font-size:13px;font-variant-numeric:tabular-nums}
    table.summary caption{text-align:left;font-weight:600;padding:2px 0 4px}
    table.summary th,table.summary td{padding:3px 10px;border-bottom:1px solid var(--grid);text-align:left;\
    white-space:nowrap}
    table.summary th{color:var(--muted);font-weight:600;border-bottom-color:var(--line)}
    table.summary .num{text-align:right}
    table.summary tr.nested td:first-child{padding-left:28px}
    table.summary tr.nested td{color:var(--muted)}
    .tip{position:fixed;z-index:10;pointer-events:none;background:var(--card);color:var(--fg);\
    border:1px solid var(--line);border-radius:4px;padding:4px 8px;font-size:12px;\
    box-shadow:0 2px 6px rgba(0,0,0,.18);white-space:nowrap}
    .tip-time{font-weight:600}
    .tip-row::before{content:"";display:inline-block;width:10px;height:3px;margin-right:6px;\
    vertical-align:middle;background:var(--c)}
    footer.page-footer{margin-top:28px;padding-bottom:24px;font-size:12px}
    @media (max-width:1100px){header.page-header,nav.toc,main,footer.page-footer{padding:0 14px}}
    @media print{:root{--bg:#fff;--fg:#000}.badge,.swatch,li.finding{print-color-adjust:exact}nav.toc,.tip,.crosshair{display:none}\
    body{font-size:11pt}figure,table,li.finding,tr{break-inside:avoid}\
    h2,h3,h4{break-after:avoid}a{color:inherit;text-decoration:none}.table-wrap{overflow:visible}\
    table.summary th,table.summary td{white-space:normal;overflow-wrap:anywhere}\
    .key.off{opacity:1;text-decoration:none}.series.off{display:inline}}
    """
}
