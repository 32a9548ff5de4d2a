import { youtubeVideoId } from '@aprendiz/contract/rules/youtube';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Loader } from './loader';
import { focusRingOnDark } from './ui/focus-ring';

// react-youtube (and the iframe API it loads) is fetched only when a video is actually played.
const YouTube = lazy(() => import('react-youtube'));

export type YouTubePlayerProps = {
  /** A lecture URL; the video id is taken from it. */
  url: string;
  /** The iframe's accessible name, e.g. the lecture title. */
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
};

/** Reads the video's current time in seconds, as the iframe API reports it. */
export type VideoClock = () => number;

/** The part of the iframe API's player the page reads. */
type ClockSource = {
  getCurrentTime: () => number;
  seekTo: (seconds: number, allowSeekAhead: boolean) => void;
};

/** A player not ready by then is taken as failed: the iframe API reports a failed download only once. */
export const PLAYER_READY_TIMEOUT_MS = 15_000;

type PlayerState = 'loading' | 'ready' | 'failed';

const messageClass =
  'flex h-full flex-col items-center justify-center gap-3 p-4 text-center text-white';

/** A responsive 16:9 YouTube player that says so while it loads and when YouTube cannot be reached. */
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
        <YouTube
          videoId={videoId}
          title={title}
          opts={{
            playerVars: {
              autoplay: autoplay ? 1 : 0,
              ...(startSeconds > 0 ? { start: Math.floor(startSeconds) } : {}),
            },
          }}
          onReady={(event: { target: ClockSource }) => {
            setState('ready');
            const player = event.target;
            onClock?.(() => player.getCurrentTime());
            onSeeker?.((seconds) => player.seekTo(seconds, true));
          }}
          onPlay={onPlay}
          onPause={onPause}
          // Also called when the iframe API itself cannot be downloaded (offline, blocked).
          onError={() => setState((current) => (current === 'ready' ? current : 'failed'))}
          onEnd={onEnd}
          className="h-full w-full"
          iframeClassName="h-full w-full"
        />
        {state === 'loading' && loader}
      </Suspense>
    </div>
  );
}
