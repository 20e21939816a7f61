/**
 * The stylesheet of the server-rendered pages (logout, protocol errors, the sandbox bank, the
 * outbox): the SPA's look (docs/design.md), its brand bar included (aligned as the SPA's
 * Bootstrap container), in about 3 KB, inlined because these pages' CSP
 * allows inline styles and nothing else. The dark scheme follows the system setting.
 */
export const pageStyle = `:root{color-scheme:light dark;--page:#f3f5f8;--surface:#fff;--text:#1b2430;--muted:#5a6472;--border:#d5dbe3;--primary:#1f4fd1;--on-primary:#fff;--focus:#1e3a8a;--danger:#b42318;--note-bg:#fff4d6;--note-border:#b7791f;--code:#eef1f5}
@media (prefers-color-scheme:dark){:root{--page:#111418;--surface:#1b1f24;--text:#e6e9ee;--muted:#a3adba;--border:#363e4a;--primary:#8fb0ff;--on-primary:#111418;--focus:#fcd34d;--danger:#ff8f87;--note-bg:#2e2610;--note-border:#d4a72c;--code:#2b323a}}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;margin:0;color:var(--text);background:var(--page);overflow-wrap:anywhere}
main{max-width:34rem;margin:clamp(1rem,6vw,3rem) auto;padding:clamp(1.25rem,5vw,2.5rem);background:var(--surface);border:1px solid var(--border);border-radius:.875rem;box-shadow:0 1px 2px rgb(16 24 40/6%),0 8px 24px rgb(16 24 40/6%)}
main.wide{max-width:64rem}
.brand-bar{background:var(--surface);border-bottom:1px solid var(--border)}.brand-bar>div{margin:0 auto;padding:.625rem .75rem}
@media (min-width:576px){.brand-bar>div{max-width:540px}}@media (min-width:768px){.brand-bar>div{max-width:720px}}@media (min-width:992px){.brand-bar>div{max-width:960px}}@media (min-width:1200px){.brand-bar>div{max-width:1140px}}@media (min-width:1400px){.brand-bar>div{max-width:1320px}}
.brand{display:inline-flex;align-items:center;gap:.5rem;min-height:2.5rem;font-size:1.25rem;font-weight:700;letter-spacing:-.01em;color:var(--text);text-decoration:none}
.brand-mark{width:1.75rem;height:1.75rem;color:var(--primary)}
main>:first-child{margin-top:0}
@media (max-width:575.98px){main{margin:.5rem;border-radius:.5rem}}
h1{font-size:clamp(1.5rem,1.25rem + 1vw,2rem);line-height:1.25;letter-spacing:-.01em;margin:0 0 1rem}
a{color:var(--primary)}
button,.button{font:inherit;font-weight:600;min-height:2.75rem;padding:.625rem 1.25rem;border-radius:.5rem;border:1px solid var(--primary);background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none;display:inline-block;margin:0 .5rem .5rem 0}
button.secondary{background:transparent;color:var(--text);border-color:var(--border)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{font:inherit;color:inherit;background:var(--surface);min-height:2.75rem;padding:.5rem .75rem;width:100%;border:1px solid var(--muted);border-radius:.5rem}
input:focus-visible{outline-offset:1px}
.error{color:var(--danger)}
.actions{margin-top:1.25rem;display:flex;flex-wrap:wrap;gap:.5rem}.actions button{margin:0}
.sandbox{background:var(--note-bg);border:1px solid var(--note-border);padding:.75rem;border-radius:.5rem}
code{background:var(--code);padding:0 .25rem;border-radius:.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid var(--border);vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;margin:0}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;padding:0!important;margin:-1px!important;overflow:hidden!important;clip:rect(0,0,0,0)!important;white-space:nowrap!important;border:0!important}`;
