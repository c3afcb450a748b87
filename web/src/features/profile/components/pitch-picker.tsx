import { FOOTBALL_POSITIONS, PITCH } from '@touchline/shared';
import type { KeyboardEvent } from 'react';
import { useId, useRef } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { FOOTBALL_OPTIONS, FOOTBALL_POSITION_NAMES } from '../lib/positions';
import { PitchMarkings } from './pitch-markings';

type PitchPickerProps = {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  error?: string;
  tone?: 'player' | 'academy';
};

/**
 * Picks a football position on the 540×360 pitch: click a spot, or move between spots with the
 * arrow keys (a radio group), or use the select list underneath — the same value either way.
 */
export function PitchPicker({
  value,
  onChange,
  label = 'Position',
  error,
  tone,
}: PitchPickerProps) {
  const labelId = useId();
  const spots = useRef<(SVGGElement | null)[]>([]);
  const selectedIndex = FOOTBALL_POSITIONS.findIndex((p) => p.code === value);

  const move = (from: number, step: number) => {
    const next = (from + step + FOOTBALL_POSITIONS.length) % FOOTBALL_POSITIONS.length;
    onChange(FOOTBALL_POSITIONS[next]!.code);
    spots.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, -1);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChange(FOOTBALL_POSITIONS[index]!.code);
    }
  };

  return (
    <div>
      <p id={labelId} className="field-label">
        {label} <span className="font-normal text-slate-500">— tap your spot on the pitch</span>
      </p>
      <svg
        viewBox={`0 0 ${PITCH.width} ${PITCH.height}`}
        role="radiogroup"
        aria-labelledby={labelId}
        className="block h-auto w-full touch-manipulation rounded-xl select-none"
        data-testid="pitch-picker"
      >
        <PitchMarkings />
        {FOOTBALL_POSITIONS.map((spot, index) => {
          const selected = spot.code === value;
          const focusable = selectedIndex === -1 ? index === 0 : selected;
          return (
            <g
              key={spot.code}
              ref={(node) => {
                spots.current[index] = node;
              }}
              role="radio"
              aria-checked={selected}
              aria-label={`${FOOTBALL_POSITION_NAMES[spot.code]} (${spot.code})`}
              tabIndex={focusable ? 0 : -1}
              onClick={() => onChange(spot.code)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className="cursor-pointer outline-none [&:focus-visible>circle:first-child]:stroke-yellow-300 [&:focus-visible>circle:first-child]:stroke-[4]"
              data-code={spot.code}
            >
              <circle
                cx={spot.x}
                cy={spot.y}
                r="19"
                fill={selected ? '#facc15' : 'rgb(255 255 255 / 0.18)'}
                stroke="white"
                strokeWidth={selected ? 3 : 1.5}
              />
              <text
                x={spot.x}
                y={spot.y + 5}
                textAnchor="middle"
                fontSize={spot.code.length > 2 ? 11 : 13}
                fontWeight="700"
                fill={selected ? '#14532d' : 'white'}
                pointerEvents="none"
              >
                {spot.code}
              </text>
            </g>
          );
        })}
      </svg>
      <SelectField
        label="Or choose from the list"
        className="mt-3"
        options={FOOTBALL_OPTIONS}
        placeholder="No position"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        tone={tone}
      />
    </div>
  );
}
