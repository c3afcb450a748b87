import { FOOTBALL_POSITIONS, PITCH } from '@touchline/shared';
import { FOOTBALL_POSITION_NAMES } from '../lib/positions';
import { PitchMarkings } from './pitch-markings';

/** A small pitch with the player's spot marked (read-only). */
export function PitchPosition({ code, className = '' }: { code: string; className?: string }) {
  const spot = FOOTBALL_POSITIONS.find((p) => p.code === code);
  if (!spot) return null;
  return (
    <svg
      viewBox={`0 0 ${PITCH.width} ${PITCH.height}`}
      role="img"
      aria-label={`Position on the pitch: ${FOOTBALL_POSITION_NAMES[code] ?? code} (${code})`}
      className={`block h-auto w-full rounded-xl shadow-inner ${className}`}
      data-testid="pitch-position"
    >
      <PitchMarkings />
      <circle cx={spot.x} cy={spot.y} r="26" fill="rgb(250 204 21 / 0.35)" />
      <circle cx={spot.x} cy={spot.y} r="16" fill="#facc15" stroke="white" strokeWidth="3" />
      <text
        x={spot.x}
        y={spot.y + (spot.y > 300 ? -28 : 38)}
        textAnchor="middle"
        fontSize="20"
        fontWeight="700"
        fill="white"
      >
        {code}
      </text>
    </svg>
  );
}
