import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingPlaceholder } from './loading-placeholder';

describe('loading placeholder', () => {
  it('shows four pulsing card skeletons', () => {
    render(<LoadingPlaceholder />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const cards = screen.getAllByTestId('skeleton-card');
    expect(cards).toHaveLength(4);
    for (const card of cards) expect(card.querySelector('.animate-pulse')).not.toBeNull();
  });
});
