/** The sandbox bank's logo, served at /providers/Sandbox Bank.svg. */
export const sandboxLogo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" role="img" aria-label="Sandbox Bank">
<rect width="200" height="60" rx="8" fill="#0f5132"/>
<path d="M20 40h28M22 36V24m8 12V24m8 12V24m8 12V24M18 22l16-9 16 9z" stroke="#fff" stroke-width="3" fill="none"/>
<text x="60" y="37" font-family="sans-serif" font-size="18" fill="#fff">Sandbox Bank</text>
</svg>`;
