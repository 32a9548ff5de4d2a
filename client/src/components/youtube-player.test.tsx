import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_READY_TIMEOUT_MS, YouTubePlayer } from './youtube-player';

// The stand-in for the lazy media chunk exposes its callbacks as buttons, so a test can play
// YouTube's part.
vi.mock('./youtube-player-media', () => ({
  default: (props: {
    videoId: string;
    title: string;
    autoplay: boolean;
    startSeconds: number;
    onReady: (video: { now: () => number; seek: (seconds: number) => void }) => void;
    onFailed: () => void;
  }) => (
    <>
      <iframe
        title={props.title}
        data-video-id={props.videoId}
        data-autoplay={props.autoplay ? 1 : 0}
        data-start={props.startSeconds}
      />
      <button type="button" onClick={() => props.onReady({ now: () => 42, seek: () => undefined })}>
        simulate ready
      </button>
      <button type="button" onClick={props.onFailed}>
        simulate error
      </button>
    </>
  ),
}));

afterEach(() => {
  vi.useRealTimers();
});

describe('YouTubePlayer', () => {
  it('when given a lecture URL, then the player loads its video id, autoplaying when asked', async () => {
    render(<YouTubePlayer url="https://youtu.be/abc123XYZ_-" title="Boas-vindas" autoplay />);
    const frame = await screen.findByTitle('Boas-vindas');
    expect(frame).toHaveAttribute('data-video-id', 'abc123XYZ_-');
    expect(frame).toHaveAttribute('data-autoplay', '1');
  });

  it('when autoplay is not asked, then the video waits for the user', async () => {
    render(<YouTubePlayer url="https://www.youtube.com/watch?v=xyz789" title="Aula" />);
    const frame = await screen.findByTitle('Aula');
    expect(frame).toHaveAttribute('data-video-id', 'xyz789');
    expect(frame).toHaveAttribute('data-autoplay', '0');
  });

  it('when the URL holds no video id, then it says the video is unavailable', () => {
    render(<YouTubePlayer url="not a url" title="Aula" />);
    expect(screen.getByText('Este vídeo não está disponível.')).toBeInTheDocument();
  });

  it('when the player is not ready yet, then it shows the loader, which goes once YouTube answers', async () => {
    render(<YouTubePlayer url="https://youtu.be/abc123XYZ_-" title="Aula" />);
    await screen.findByTitle('Aula');
    expect(screen.getByRole('status', { name: 'Carregando vídeo…' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'simulate error' }));
    expect(screen.getByTitle('Aula')).toBeInTheDocument();
  });

  it('when the player is ready, then the page gets its clock and the video opens at the resume second', async () => {
    const onClock = vi.fn();
    const onSeeker = vi.fn();
    render(
      <YouTubePlayer
        url="https://youtu.be/abc123XYZ_-"
        title="Aula"
        startSeconds={75}
        onClock={onClock}
        onSeeker={onSeeker}
      />,
    );
    expect(await screen.findByTitle('Aula')).toHaveAttribute('data-start', '75');
    expect(onClock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    expect(onClock).toHaveBeenCalledTimes(1);
    expect((onClock.mock.calls[0]![0] as () => number)()).toBe(42);
    expect(onSeeker).toHaveBeenCalledTimes(1);
  });

  it('when YouTube cannot be reached, then it says so and links to the video instead', async () => {
    render(<YouTubePlayer url="https://youtu.be/abc123XYZ_-" title="Aula" />);
    fireEvent.click(await screen.findByRole('button', { name: 'simulate error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar o vídeo agora.');
    expect(screen.getByRole('link', { name: 'Abrir no YouTube' })).toHaveAttribute(
      'href',
      'https://youtu.be/abc123XYZ_-',
    );
    expect(screen.queryByTitle('Aula')).not.toBeInTheDocument();
  });

  it('when the player never becomes ready, then it gives up when the timeout ends', async () => {
    vi.useFakeTimers();
    render(<YouTubePlayer url="https://youtu.be/abc123XYZ_-" title="Aula" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAYER_READY_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar o vídeo agora.');
  });
});
