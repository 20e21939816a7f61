import { brandMarkPaths } from '@verity/contracts';

/** Verity's mark beside the product name: a shield with a tick, drawn in the primary colour. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={brandMarkPaths.shield} />
      <path
        fill="none"
        stroke="var(--verity-surface, #fff)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={brandMarkPaths.tick}
      />
    </svg>
  );
}
