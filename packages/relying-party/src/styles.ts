/** The app's only stylesheet, served at /styles.css (so the CSP needs no inline styles). */
export const STYLES = `
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color: #1f2328;
  background: #f6f8fa;
}
header { background: #1f2328; color: #fff; padding: 0.75rem 1.5rem; }
.brand { margin: 0; font-weight: 600; }
main { max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.75rem; margin-top: 0; }
h2 { font-size: 1.25rem; margin-top: 2rem; }
form { display: inline; }
button, .button {
  display: inline-block;
  font: inherit;
  font-weight: 600;
  padding: 0.6rem 1.2rem;
  border: 0;
  border-radius: 0.375rem;
  background: #0a58ca;
  color: #fff;
  text-decoration: none;
  cursor: pointer;
}
button:hover, .button:hover { background: #084298; }
button:focus-visible, .button:focus-visible, a:focus-visible {
  outline: 3px solid #f59f00;
  outline-offset: 2px;
}
button.secondary { background: #495057; }
a { color: #0a58ca; }
table { border-collapse: collapse; width: 100%; background: #fff; margin-bottom: 1rem; }
caption { text-align: left; font-weight: 600; padding: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.75rem; border: 1px solid #d0d7de; }
th[scope='row'] { white-space: nowrap; font-family: ui-monospace, monospace; font-weight: 500; }
td { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.error { border-left: 4px solid #b02a37; background: #fff; padding: 0.75rem 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
`;
