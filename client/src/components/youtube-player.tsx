import { youtubeVideoId } from '@aprendiz/contract/rules/youtube';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Loader } from './loader';
import { focusRingOnDark } from './ui/focus-ring';
import type { Watermark } from './video-watermark';

// media-chrome, the YouTube element and the iframe API load only when a video is actually played.
const YouTubePlayerMedia = lazy(() => import('./youtube-player-media'));

export type YouTubePlayerProps = {
  /** A lecture URL; the video id is taken from it. */
  url: string;
  /** The video's accessible name, e.g. the lecture title. */
  title: string;
  autoplay?: boolean;
  onEnd?: () => void;
  /** False where the player fills the top of a card whose own corners are rounded. */
  rounded?: boolean;
  /** The second the video opens at (where the learner stopped last time). */
  startSeconds?: number;
  /** Once the player is ready: a way to read the video's current second. */
  onClock?: (clock: VideoClock) => void;
  /** Once the player is ready: a way to move the video to a second (a note's time). */
  onSeeker?: (seek: (seconds: number) => void) => void;
  onPlay?: () => void;
  onPause?: () => void;
  /** The learner's name and e-mail over the video, when the course asks for it. */
  watermark?: Watermark | null;
};

/** Reads the video's current time in seconds. */
export type VideoClock = () => number;

/** A player not ready by then is taken as failed: YouTube may hang rather than refuse. */
export const PLAYER_READY_TIMEOUT_MS = 15_000;

type PlayerState = 'loading' | 'ready' | 'failed';

const messageClass =
  'flex h-full flex-col items-center justify-center gap-3 p-4 text-center text-white';

/**
 * A responsive 16:9 YouTube player with the site's own controls, which says so while it loads and
 * when YouTube cannot be reached.
 */
export function YouTubePlayer({
  url,
  title,
  autoplay = false,
  onEnd,
  rounded = true,
  startSeconds = 0,
  onClock,
  onSeeker,
  onPlay,
  onPause,
  watermark,
}: YouTubePlayerProps) {
  const videoId = youtubeVideoId(url);
  const [state, setState] = useState<PlayerState>('loading');
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), PLAYER_READY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const frameClass = `relative aspect-video w-full overflow-hidden bg-slate-900 ${rounded ? 'rounded-lg' : ''}`;

  if (!videoId) {
    return (
      <div data-testid="video-player" className={frameClass}>
        <p className={messageClass}>Este vídeo não está disponível.</p>
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div data-testid="video-player" className={frameClass}>
        <div role="alert" className={messageClass}>
          <p>Não foi possível carregar o vídeo agora.</p>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className={`rounded-sm font-medium text-cyan-200 underline ${focusRingOnDark}`}
          >
            Abrir no YouTube
          </a>
        </div>
      </div>
    );
  }
  const loader = (
    <div className="absolute inset-0 flex items-center justify-center">
      <Loader label="Carregando vídeo…" fullHeight={false} />
    </div>
  );
  return (
    <div data-testid="video-player" className={frameClass}>
      <Suspense fallback={loader}>
        <YouTubePlayerMedia
          videoId={videoId}
          title={title}
          autoplay={autoplay}
          startSeconds={startSeconds}
          rounded={rounded}
          watermark={watermark}
          onReady={(video) => {
            setState('ready');
            onClock?.(video.now);
            onSeeker?.(video.seek);
          }}
          // Once playing, a later error (a blip in the stream) leaves the video where it is.
          onFailed={() => setState((current) => (current === 'ready' ? current : 'failed'))}
          onPlay={onPlay}
          onPause={onPause}
          onEnd={onEnd}
        />
        {state === 'loading' && loader}
      </Suspense>
    </div>
  );
}
