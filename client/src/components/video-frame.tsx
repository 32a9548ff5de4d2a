import type { ReactNode, RefObject } from 'react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import {
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaPlaybackRateMenuButton,
  MediaRenditionMenu,
  MediaRenditionMenuButton,
} from 'media-chrome/react/menu';
import { VideoWatermark, type Watermark } from './video-watermark';

/** Speeds the menu offers; the chosen one is remembered on this device, for every lecture. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];
const RATE_KEY = 'aprendiz.playbackRate';

export function rememberedRate(): number {
  const rate = Number(window.localStorage.getItem(RATE_KEY));
  return PLAYBACK_RATES.includes(rate) ? rate : 1;
}

export function rememberRate(rate: number): void {
  if (PLAYBACK_RATES.includes(rate)) window.localStorage.setItem(RATE_KEY, String(rate));
}

/**
 * ←/→ move 5 s (media-chrome's attributes, lower case as the element reads them); its own j/l
 * would move by the same 5 s, so they are turned off and the frame moves 10 s on them instead.
 */
const CONTROLLER_KEYS = {
  keyboardforwardseekoffset: '5',
  keyboardbackwardseekoffset: '5',
  hotkeys: 'noj nol',
} as object;
const JL_STEPS: Record<string, number> = { j: -10, l: 10 };

type VideoFrameProps = {
  /** The media element, with slot="media" (hls-video or youtube-video). */
  children: ReactNode;
  media: RefObject<HTMLMediaElement | null>;
  /** The speeds this media can play at. */
  rates?: readonly number[];
  /** Quality menu: only where the media lists renditions (HLS). */
  renditions?: boolean;
  /** Drawn over the video when the course asks for it. */
  watermark?: Watermark | null;
  rounded?: boolean;
};

/**
 * One set of controls for every lecture, uploaded or on YouTube: play, ±10 s, the bar, time,
 * sound, speed, quality, captions, picture-in-picture and full screen, with the same keys (space/k,
 * j/l ±10 s, ←/→ ±5 s, f, m, c). Full screen takes this whole frame, watermark included.
 */
export function VideoFrame({
  children,
  media,
  rates = PLAYBACK_RATES,
  renditions = false,
  watermark,
  rounded = true,
}: VideoFrameProps) {
  return (
    <MediaController
      className={`aspect-video w-full overflow-hidden bg-slate-900 ${rounded ? 'rounded-lg' : ''}`}
      {...CONTROLLER_KEYS}
      onKeyDown={(event: React.KeyboardEvent) => seekByKey(event, media.current)}
    >
      {children}
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      {watermark && <VideoWatermark name={watermark.name} email={watermark.email} />}
      <MediaPlaybackRateMenu hidden anchor="auto" rates={[...rates]} />
      {renditions && <MediaRenditionMenu hidden anchor="auto" />}
      <MediaCaptionsMenu hidden anchor="auto" />
      <MediaControlBar>
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={10} />
        <MediaSeekForwardButton seekOffset={10} />
        <MediaTimeRange />
        <MediaTimeDisplay showDuration />
        <MediaMuteButton />
        <MediaVolumeRange />
        <MediaPlaybackRateMenuButton />
        {renditions && <MediaRenditionMenuButton />}
        <MediaCaptionsMenuButton />
        <MediaPipButton />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  );
}

function seekByKey(event: React.KeyboardEvent, element: HTMLMediaElement | null): void {
  if (!element || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = JL_STEPS[event.key];
  if (step === undefined) return;
  event.preventDefault();
  element.currentTime = Math.max(0, element.currentTime + step);
}
