import { PITCH } from '@touchline/shared';

/** The 540×360 pitch picture (spec §3): grass stripes and the markings, attack to the right. */
export function PitchMarkings() {
  const stripes = Array.from({ length: 9 }, (_, index) => index);
  return (
    <g aria-hidden="true">
      <rect width={PITCH.width} height={PITCH.height} rx="14" fill="#15803d" />
      {stripes.map((index) =>
        index % 2 === 0 ? (
          <rect key={index} x={index * 60} width="60" height={PITCH.height} fill="#16a34a" />
        ) : null,
      )}
      <g fill="none" stroke="rgb(255 255 255 / 0.75)" strokeWidth="2">
        <rect x="10" y="10" width="520" height="340" rx="2" />
        <line x1="270" y1="10" x2="270" y2="350" />
        <circle cx="270" cy="180" r="45" />
        <rect x="10" y="90" width="75" height="180" />
        <rect x="455" y="90" width="75" height="180" />
        <rect x="10" y="140" width="28" height="80" />
        <rect x="502" y="140" width="28" height="80" />
        <path d="M 85 150 A 40 40 0 0 1 85 210" />
        <path d="M 455 150 A 40 40 0 0 0 455 210" />
      </g>
      <circle cx="270" cy="180" r="3" fill="white" />
    </g>
  );
}
