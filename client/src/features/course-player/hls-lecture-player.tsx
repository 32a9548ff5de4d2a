import { useCallback, useEffect, useRef, useState } from 'react';
import HlsVideo from 'hls-video-element/react';
import type { Playback } from '@aprendiz/contract/videos';
import { parseCaptions, type Cue } from '@aprendiz/contract/rules/captions';
import { useResource } from '../../data/resource';
import type { YouTubePlayerProps } from '../../components/youtube-player';
import { focusRing } from '../../components/ui/focus-ring';
import { rememberedRate, rememberRate, VideoFrame } from '../../components/video-frame';
import { chooseSavingData, prefersSavingData } from '../video-preferences';

/** The address is renewed this long before it expires, so playback never meets a 410. */
const RENEW_BEFORE_MS = 5 * 60_000;

type MediaEl = HTMLVideoElement & { api?: { autoLevelCapping: number } | null };

type HlsLecturePlayerProps = Omit<YouTubePlayerProps, 'url'> & {
  courseId: string;
  lectureId: string;
};

/** An uploaded lecture: HLS through hls.js (or Safari's own), with media-chrome's controls. */
export default function HlsLecturePlayer({
  courseId,
  lectureId,
  title,
  autoplay = false,
  startSeconds = 0,
  onClock,
  onSeeker,
  onPlay,
  onPause,
  onEnd,
  watermark,
}: HlsLecturePlayerProps) {
  const resource = useResource<{ playback: Playback }>(
    `/api/course/${courseId}/lectures/${lectureId}/playback`,
  );
  const playback = resource.value?.playback;
  const hls = playback?.kind === 'hls' ? playback : null;
  const media = useRef<MediaEl | null>(null);
  const [saveData, setSaveData] = useState(prefersSavingData);
  const [audioOnly, setAudioOnly] = useState(false);
  // Where to go once the (new) source has loaded: the opening second, or where a renewal left off.
  const resumeAt = useRef(startSeconds);

  // Renewed before it expires; the second being watched carries over to the new address.
  const { reload } = resource;
  useEffect(() => {
    if (!hls) return;
    const wait = Date.parse(hls.expiresAt) - Date.now() - RENEW_BEFORE_MS;
    const timer = setTimeout(
      () => {
        resumeAt.current = media.current?.currentTime ?? resumeAt.current;
        reload();
      },
      Math.max(10_000, wait),
    );
    return () => clearTimeout(timer);
  }, [hls, reload]);

  const attach = useCallback(
    (element: MediaEl | null) => {
      media.current = element;
      if (!element) return;
      onClock?.(() => element.currentTime);
      onSeeker?.((seconds) => {
        element.currentTime = seconds;
      });
    },
    [onClock, onSeeker],
  );

  function onLoaded() {
    const element = media.current;
    if (!element) return;
    element.playbackRate = rememberedRate();
    if (resumeAt.current > 0) element.currentTime = resumeAt.current;
    if (saveData && element.api) element.api.autoLevelCapping = 0;
    if (autoplay) void element.play().catch(() => undefined);
  }

  function switchSource(next: () => void) {
    resumeAt.current = media.current?.currentTime ?? resumeAt.current;
    next();
  }

  if (resource.error && !hls) {
    return (
      <div
        data-testid="video-player"
        className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 p-4 text-center text-white"
      >
        <p role="alert">{resource.error}</p>
      </div>
    );
  }
  if (!hls) {
    return (
      <div
        data-testid="video-player"
        className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 text-white"
      >
        Carregando vídeo…
      </div>
    );
  }
  const src = audioOnly ? hls.url.replace(/master\.m3u8$/, 'audio/index.m3u8') : hls.url;
  return (
    <div data-testid="video-player" className="space-y-2">
      <VideoFrame media={media} renditions watermark={watermark}>
        <HlsVideo
          key={src}
          ref={attach as never}
          slot="media"
          src={src}
          title={title}
          crossOrigin="anonymous"
          playsInline
          preload="metadata"
          config={{ startLevel: saveData ? 0 : -1 }}
          onLoadedMetadata={onLoaded}
          onPlay={onPlay}
          onPause={onPause}
          onEnded={onEnd}
          onRateChange={(event: React.SyntheticEvent<HTMLVideoElement>) =>
            rememberRate(event.currentTarget.playbackRate)
          }
        >
          {hls.captions.map((caption) => (
            <track
              key={caption.lang}
              kind="subtitles"
              src={caption.url}
              srcLang={caption.lang}
              label={caption.label}
            />
          ))}
        </HlsVideo>
      </VideoFrame>
      <div className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={saveData}
            onChange={(event) => {
              const on = event.target.checked;
              chooseSavingData(on);
              switchSource(() => setSaveData(on));
            }}
            className={`h-4 w-4 accent-blue-600 ${focusRing}`}
          />
          Poupar dados (240p)
        </label>
        {hls.renditions.includes('audio') && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={audioOnly}
              onChange={(event) => {
                const on = event.target.checked;
                switchSource(() => setAudioOnly(on));
              }}
              className={`h-4 w-4 accent-blue-600 ${focusRing}`}
            />
            Só áudio
          </label>
        )}
        {hls.dataCost && <span>{hls.dataCost}</span>}
      </div>
      {hls.captions[0] && (
        <Transcript
          url={hls.captions[0].url}
          onSeek={(seconds) => {
            if (media.current) media.current.currentTime = seconds;
          }}
        />
      )}
    </div>
  );
}

function clockOf(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The captions as text beside the video: a click on a line takes the video to it. */
function Transcript({ url, onSeek }: { url: string; onSeek: (seconds: number) => void }) {
  const [open, setOpen] = useState(false);
  const [cues, setCues] = useState<Cue[] | null>(null);
  useEffect(() => {
    if (!open || cues) return;
    const controller = new AbortController();
    // The captions file sits under the playback address (its token in the path), not the API.
    void fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => {
        const parsed = parseCaptions(text);
        setCues(parsed.ok ? parsed.cues : []);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, cues, url]);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className={`text-sm font-medium text-blue-700 underline ${focusRing}`}
      >
        {open ? 'Fechar transcrição' : 'Transcrição'}
      </button>
      {open && (
        <ol className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm" aria-label="Transcrição">
          {cues === null && <li>Carregando…</li>}
          {cues?.map((cue) => (
            <li key={`${cue.startSeconds}-${cue.text}`}>
              <button
                type="button"
                onClick={() => onSeek(cue.startSeconds)}
                className={`text-left hover:underline ${focusRing}`}
              >
                <span className="mr-2 tabular-nums text-slate-500">
                  {clockOf(cue.startSeconds)}
                </span>
                {cue.text}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
