/**
 * The sandbox banks' logos, served at /providers/{name}.svg: each its own colour, mark and
 * name, so the two ways of showing the sandbox bank on /obselect can be told apart at a glance.
 * The image's accessible name is the bank's name (role img, aria-label and title).
 */
const marks = {
  // A bank's columns: the sandbox bank opened in a new window.
  redirect: {
    background: '#0f5132',
    mark: '<path d="M20 40h28M22 36V24m8 12V24m8 12V24m8 12V24M18 22l16-9 16 9z" stroke="#fff" stroke-width="3" fill="none"/>',
  },
  // A window inside a window: the sandbox bank shown within the page.
  embedded: {
    background: '#3d2a7a',
    mark: '<rect x="16" y="14" width="34" height="32" rx="3" stroke="#fff" stroke-width="3" fill="none"/><path d="M16 22h34" stroke="#fff" stroke-width="3"/><rect x="23" y="28" width="20" height="11" rx="1" fill="#fff"/>',
  },
} as const;

export type SandboxLogoKind = keyof typeof marks;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The SVG of one sandbox bank: its name, on two lines when it is long. */
export function sandboxLogo(name: string, kind: SandboxLogoKind): string {
  const { background, mark } = marks[kind];
  const label = escapeXml(name);
  const words = name.split(' ');
  const lines =
    name.length > 14 && words.length > 2
      ? [words.slice(0, 2).join(' '), words.slice(2).join(' ')]
      : [name];
  const text =
    lines.length === 1
      ? `<text x="60" y="37" font-family="sans-serif" font-size="18" fill="#fff">${label}</text>`
      : lines
          .map(
            (line, index) =>
              `<text x="60" y="${index === 0 ? 27 : 47}" font-family="sans-serif" font-size="${index === 0 ? 18 : 15}" fill="#fff">${escapeXml(line)}</text>`,
          )
          .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" role="img" aria-label="${label}">
<title>${label}</title>
<rect width="200" height="60" rx="8" fill="${background}"/>
${mark}
${text}
</svg>`;
}
