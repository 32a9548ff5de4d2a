import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRatingInput } from './star-rating-input';

function filledStars(): number {
  return document.querySelectorAll('svg[data-filled="true"]').length;
}

function Controlled({
  initial,
  onChange,
}: {
  initial: number | null;
  onChange: (n: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <StarRatingInput
      label="Avalie este curso:"
      value={value}
      onChange={(rating) => {
        setValue(rating);
        onChange(rating);
      }}
    />
  );
}

describe('StarRatingInput', () => {
  it('when rendered, then a radio group named by its label offers five labelled stars', () => {
    render(<StarRatingInput label="Avalie este curso:" value={null} onChange={vi.fn()} />);
    const group = screen.getByRole('radiogroup', { name: 'Avalie este curso:' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(screen.getByRole('radio', { name: '1 estrela' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeInTheDocument();
    expect(filledStars()).toBe(0);
  });

  it('when a value is given, then that star is checked and as many stars are filled', () => {
    render(<StarRatingInput label="Avalie este curso:" value={3} onChange={vi.fn()} />);
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
    expect(filledStars()).toBe(3);
  });

  it('when a star is clicked, then onChange receives its rating', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={null} onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: '4 estrelas' }));
    expect(onChange).toHaveBeenCalledWith(4);
    expect(filledStars()).toBe(4);
  });

  it('when the arrow keys are used on the focused group, then the rating moves by one', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={2} onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '2 estrelas' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
  });
});
