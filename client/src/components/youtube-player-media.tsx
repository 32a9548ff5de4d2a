import { useEffect, useRef, useState } from 'react';
import YoutubeVideo from 'youtube-video-element/react';
import { PLAYBACK_RATES, rememberedRate, rememberRate, VideoFrame } from './video-frame';
import type { Watermark } from './video-watermark';

/** What the page reads from and does to the video once it is ready. */
export type VideoHandle = { now: () => number; seek: (seconds: number) => void };

export type YouTubeMediaProps = {
  videoId: string;
  title: string;
  autoplay: boolean;
  startSeconds: number;
  rounded: boolean;
  watermark?: Watermark | null;
  onReady: (video: VideoHandle) => void;
  /** YouTube cannot be reached, or refused the video before it played. */
  onFailed: () => void;
  onPlay?: () => void;
  onPause?: () => void;
  onEnd?: () => void;
};

const IFRAME_API = 'https://www.youtube.com/iframe_api';

type YouTubeGlobal = { YT?: { Player?: unknown }; onYouTubeIframeAPIReady?: () => void };
type YouTubeApi = { getAvailablePlaybackRates?: () => number[] };
type YouTubeElement = HTMLMediaElement & { api?: YouTubeApi | null };

let iframeApi: Promise<void> | null = null;

/**
 * YouTube's iframe API, loaded here rather than by the element: the element's own loader leaves a
 * refused script as an unhandled rejection and never says so, while this one fails at once (a
 * school network blocking YouTube then reads 'Não foi possível…' without waiting) and tries again
 * on the next lecture.
 */
function loadIframeApi(): Promise<void> {
  const global = window as unknown as YouTubeGlobal;
  if (global.YT?.Player) return Promise.resolve();
  iframeApi ??= new Promise<void>((resolve, reject) => {
    const previous = global.onYouTubeIframeAPIReady;
    global.onYouTubeIframeAPIReady = () => {
      previous?.();
      resolve();
    };
    const script = document.createElement('script');
    script.src = IFRAME_API;
    script.async = true;
    script.onerror = () => {
      iframeApi = null;
      script.remove();
      reject(new Error('YouTube iframe API unavailable'));
    };
    document.head.append(script);
  });
  return iframeApi;
}

/**
 * The speeds both the menu and YouTube offer: YouTube rounds a speed it does not have down, so
 * offering 3× where it plays 2× would say one thing and do another.
 */
function ratesOf(element: YouTubeElement): number[] {
  const offered = element.api?.getAvailablePlaybackRates?.() ?? [];
  const both = PLAYBACK_RATES.filter((rate) => offered.includes(rate));
  return both.length > 0 ? both : PLAYBACK_RATES.filter((rate) => rate <= 2);
}

/** A YouTube lecture under the same media-chrome controls as an uploaded one. */
export default function YouTubePlayerMedia({
  videoId,
  title,
  autoplay,
  startSeconds,
  rounded,
  watermark,
  onReady,
  onFailed,
  onPlay,
  onPause,
  onEnd,
}: YouTubeMediaProps) {
  const media = useRef<YouTubeElement | null>(null);
  const [apiReady, setApiReady] = useState(false);
  const [rates, setRates] = useState<number[]>(PLAYBACK_RATES);
  // The speed set for this device's remembered one; YouTube may round it, which is not a choice.
  const applied = useRef<number | null>(null);
  const ready = useRef(false);
  const handlers = useRef({ onReady, onFailed });
  handlers.current = { onReady, onFailed };

  useEffect(() => {
    let live = true;
    loadIframeApi().then(
      () => live && setApiReady(true),
      () => live && handlers.current.onFailed(),
    );
    return () => {
      live = false;
    };
  }, []);

  function whenLoaded() {
    const element = media.current;
    if (!element || ready.current) return;
    ready.current = true;
    // The frame's name, for screen readers and the accessibility checks that look into the element.
    element.shadowRoot?.querySelector('iframe')?.setAttribute('title', title);
    const available = ratesOf(element);
    setRates(available);
    const wanted = rememberedRate();
    const rate = Math.max(...available.filter((r) => r <= wanted), available[0] ?? 1);
    applied.current = rate;
    if (rate !== 1) element.playbackRate = rate;
    handlers.current.onReady({
      now: () => element.currentTime,
      seek: (seconds) => {
        element.currentTime = seconds;
      },
    });
  }

  if (!apiReady) return null;
  // The start rides on the address (?t=), which the element turns into the embed's own start.
  const src = `https://www.youtube.com/watch?v=${videoId}${startSeconds > 0 ? `&t=${Math.floor(startSeconds)}` : ''}`;
  return (
    <VideoFrame media={media} rates={rates} watermark={watermark} rounded={rounded}>
      <YoutubeVideo
        ref={media as never}
        slot="media"
        src={src}
        title={title}
        autoplay={autoplay}
        playsInline
        onLoadedMetadata={whenLoaded}
        onError={() => {
          if (!ready.current) handlers.current.onFailed();
        }}
        onPlay={onPlay}
        onPause={onPause}
        onEnded={onEnd}
        onRateChange={() => {
          const rate = media.current?.playbackRate;
          if (rate === undefined || rate === applied.current) return;
          applied.current = null;
          rememberRate(rate);
        }}
      />
    </VideoFrame>
  );
}
