/** Verity's mark beside the product name: a shield with a tick, drawn in the primary colour. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 1.5 3.5 4.8v6.1c0 5.3 3.6 10.2 8.5 11.6 4.9-1.4 8.5-6.3 8.5-11.6V4.8L12 1.5Z"
      />
      <path
        fill="none"
        stroke="var(--verity-surface, #fff)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m7.8 12.2 3 3 5.6-6"
      />
    </svg>
  );
}
