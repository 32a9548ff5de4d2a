import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { YouTubePlayer } from './youtube-player';

vi.mock('react-youtube', () => ({
  default: (props: {
    videoId: string;
    title: string;
    opts: { playerVars: { autoplay: number } };
  }) => (
    <iframe
      title={props.title}
      data-video-id={props.videoId}
      data-autoplay={props.opts.playerVars.autoplay}
    />
  ),
}));

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
});
