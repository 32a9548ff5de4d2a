import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoWatermark, WATERMARK_MOVE_MS, WATERMARK_SPOTS } from './video-watermark';

afterEach(() => {
  vi.useRealTimers();
});

function mark(): HTMLElement {
  return screen.getByTestId('video-watermark');
}

describe('VideoWatermark', () => {
  it('when drawn, then it shows the learner’s name and e-mail, takes no clicks and stays with hidden controls', () => {
    render(<VideoWatermark name="Lia Aprendiz" email="lia@example.test" />);
    expect(mark()).toHaveTextContent('Lia Aprendiz');
    expect(mark()).toHaveTextContent('lia@example.test');
    expect(mark()).toHaveStyle({ pointerEvents: 'none' });
    // Inside media-chrome's controller (so in full screen too), not faded with the controls.
    expect(mark()).toHaveAttribute('slot', 'centered-chrome');
    expect(mark()).toHaveAttribute('noautohide');
    // Screen readers are not read the learner's own address over every video.
    expect(mark()).toHaveAttribute('aria-hidden', 'true');
  });

  it('when 30 seconds pass, then it moves to the next place, and after the last back to the first', () => {
    vi.useFakeTimers();
    render(<VideoWatermark name="Lia Aprendiz" email="lia@example.test" />);
    const [first, second] = WATERMARK_SPOTS;
    expect(mark()).toHaveStyle({ top: first.top, left: first.left });
    act(() => {
      vi.advanceTimersByTime(WATERMARK_MOVE_MS - 1);
    });
    expect(mark()).toHaveStyle({ top: first.top, left: first.left });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(mark()).toHaveStyle({ top: second.top, left: second.left });
    act(() => {
      vi.advanceTimersByTime(WATERMARK_MOVE_MS * (WATERMARK_SPOTS.length - 1));
    });
    expect(mark()).toHaveStyle({ top: first.top, left: first.left });
  });
});
