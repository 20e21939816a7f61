import type { LicenceForm } from '@verity/contracts';

/** Where each numbered field sits on a GB photocard licence (x, y, width, in the 320×200 box). */
const regions: Array<{ field: keyof LicenceForm; label: string; x: number; y: number; w: number }> =
  [
    { field: 'surname', label: '1', x: 118, y: 40, w: 150 },
    { field: 'given', label: '2', x: 118, y: 62, w: 170 },
    { field: 'dob', label: '3', x: 118, y: 84, w: 110 },
    { field: 'issue', label: '4a', x: 118, y: 106, w: 80 },
    { field: 'expiry', label: '4b', x: 206, y: 106, w: 80 },
    { field: 'number', label: '5', x: 118, y: 128, w: 170 },
    { field: 'postcode', label: '8', x: 118, y: 150, w: 170 },
  ];

/**
 * A decorative driving licence that highlights where the field being filled in is printed.
 * Hidden from assistive technology: the form's labels carry the same numbers.
 */
export function LicenceImage({ active }: { active: keyof LicenceForm | null }) {
  return (
    <svg
      viewBox="0 0 320 200"
      className="licence-image w-100"
      style={{ maxWidth: '22rem' }}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="318" height="198" rx="14" fill="#f3d9e6" stroke="#c9a2b8" />
      <rect x="1" y="1" width="318" height="26" rx="14" fill="#e7b9cf" />
      <text x="14" y="19" fontSize="12" fontWeight="bold" fill="#5b2142">
        DRIVING LICENCE
      </text>
      <rect x="16" y="40" width="86" height="108" rx="4" fill="#d7c3cf" />
      <circle cx="59" cy="78" r="20" fill="#bfa7b6" />
      <rect x="32" y="102" width="54" height="40" rx="20" fill="#bfa7b6" />
      {regions.map((region) => {
        const on = region.field === active;
        return (
          <g key={region.field}>
            <rect
              x={region.x - 22}
              y={region.y - 11}
              width={region.w + 24}
              height="18"
              rx="3"
              fill={on ? '#ffc107' : 'transparent'}
              opacity={on ? 0.8 : 1}
            />
            <text x={region.x - 18} y={region.y + 2} fontSize="10" fill="#5b2142" fontWeight="bold">
              {region.label}.
            </text>
            <rect x={region.x} y={region.y - 5} width={region.w} height="6" rx="3" fill="#9e7a90" />
          </g>
        );
      })}
    </svg>
  );
}
