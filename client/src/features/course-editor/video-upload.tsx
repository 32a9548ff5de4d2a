import { useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { videoStatusLabel, type Video, type VideoLimits } from '@aprendiz/contract/videos';
import { env } from '../../config/env';
import { currentApiAuth } from '../../lib/api-auth';
import { useResource } from '../../data/resource';
import { buttonClass } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { parseCaptions } from '@aprendiz/contract/rules/captions';
import type { DirectUpload } from '@aprendiz/contract/video-direct-upload';
import { directUploadFor, forgetDirectUpload } from './direct-upload';

export const UPLOADS_URL = '/api/educator/videos/uploads';
/** Pieces of this size: a proxy's body limit never cuts an upload, and a retry resends little. */
const CHUNK_BYTES = 32 * 1024 * 1024;
const POLL_MS = 2000;

/** '4 GB', '350 MB': sizes as the form says them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${String(shown).replace('.', ',')} ${units[unit]}`;
}

type Sending = { kind: 'sending'; percent: number; paused: boolean };
type UploadState =
  | { kind: 'idle' }
  | Sending
  | { kind: 'sent'; videoId: string }
  | { kind: 'refused'; message: string };

/** What the server said when it refused the upload (a Portuguese sentence), or a general one. */
function refusalOf(err: unknown): string {
  const response = (err as { originalResponse?: { getBody(): string; getStatus(): number } })
    .originalResponse;
  const body = response?.getBody()?.trim();
  if (body && response && response.getStatus() >= 400 && response.getStatus() < 500) return body;
  return 'O envio falhou. Verifique a conexão e tente novamente.';
}

type VideoUploadProps = {
  /** The lecture's video so far (editing a lecture that has one). */
  videoId: string | undefined;
  onVideo: (video: { videoId: string; durationSeconds: number | null } | null) => void;
};

/**
 * A lecture's video, sent with tus: a progress bar, pause and resume, and resumption after a
 * dropped connection or a reload (choosing the same file again continues where it stopped). Then
 * the processing, as the server reports it: 'Processando (n %)', 'Pronto' or 'Falhou'.
 */
export function VideoUpload({ videoId, onVideo }: VideoUploadProps) {
  const limits = useResource<{ limits: VideoLimits }>('/api/educator/videos/limits');
  const [state, setState] = useState<UploadState>(
    videoId ? { kind: 'sent', videoId } : { kind: 'idle' },
  );
  const upload = useRef<Upload | null>(null);
  const currentId = state.kind === 'sent' ? state.videoId : null;
  const status = useResource<{ video: Video }>(
    currentId ? `/api/educator/videos/${currentId}` : null,
  );
  const video = status.value?.video;

  // The server's processing is followed until it ends either way.
  const { reload } = status;
  const processing = video ? video.status === 'processing' || video.status === 'uploading' : true;
  useEffect(() => {
    if (!currentId || !processing) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [currentId, processing, reload]);

  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (video && video.durationSeconds !== null && reported.current !== video.videoId) {
      reported.current = video.videoId;
      onVideo({ videoId: video.videoId, durationSeconds: video.durationSeconds });
    }
  }, [video, onVideo]);

  useEffect(() => () => void upload.current?.abort(), []);

  async function start(file: File) {
    const { Upload: TusUpload } = await import('tus-js-client');
    // With a hosted video service the file goes straight there, with the headers our server signs.
    let direct: DirectUpload | null = null;
    if (limits.value?.limits.direct) {
      const answer = await directUploadFor(file);
      if (!answer.ok) {
        setState({ kind: 'refused', message: answer.message });
        return;
      }
      direct = answer.upload;
    }
    const tus: Upload = new TusUpload(file, {
      endpoint: direct ? direct.endpoint : `${env.backendUrl}${UPLOADS_URL}`,
      metadata: direct ? direct.metadata : { filename: file.name },
      ...(direct && { headers: direct.headers }),
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (req) => {
        // Our session is for our server only, never for the video host.
        if (direct) return;
        const token = await currentApiAuth()?.getToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => {
        setState({ kind: 'sending', percent: total ? (sent / total) * 100 : 0, paused: false });
      },
      onSuccess: () => {
        if (direct) forgetDirectUpload(file);
        const id = direct ? direct.videoId : (tus.url?.split('/').pop() ?? '');
        setState({ kind: 'sent', videoId: id });
      },
      onError: (err) => setState({ kind: 'refused', message: refusalOf(err) }),
    });
    upload.current = tus;
    // The same file chosen after a reload or a lost connection continues where it stopped.
    const previous = await tus.findPreviousUploads();
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    setState({ kind: 'sending', percent: 0, paused: false });
    tus.start();
  }

  function pause() {
    void upload.current?.abort();
    setState((s) => (s.kind === 'sending' ? { ...s, paused: true } : s));
  }
  function resume() {
    upload.current?.start();
    setState((s) => (s.kind === 'sending' ? { ...s, paused: false } : s));
  }
  function again() {
    upload.current = null;
    reported.current = null;
    onVideo(null);
    setState({ kind: 'idle' });
  }

  const info = limits.value?.limits;
  if (info && !info.enabled) {
    return (
      <p role="status" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
        {info.disabledReason ?? 'O envio de vídeos está desligado neste servidor.'}
      </p>
    );
  }

  if (state.kind === 'sending') {
    const percent = Math.floor(state.percent);
    return (
      <div className="space-y-2" data-testid="video-upload">
        <p className="text-sm font-medium" role="status">
          {state.paused ? 'Envio pausado' : 'Enviando'} ({percent} %)
        </p>
        <progress className="h-2 w-full" max={100} value={percent} aria-label="Envio do vídeo" />
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          onClick={state.paused ? resume : pause}
        >
          {state.paused ? 'Continuar' : 'Pausar'}
        </button>
      </div>
    );
  }

  if (state.kind === 'sent') {
    const failed = video?.status === 'failed';
    const label = video ? videoStatusLabel(video.status, video.progress) : 'Processando (0 %)';
    return (
      <div className="space-y-2" data-testid="video-upload">
        <p className="text-sm" role="status">
          <span className="font-medium">{video?.filename ?? 'Vídeo'}</span>:{' '}
          <span className={failed ? 'text-red-700' : ''}>{label}</span>
          {video?.playable && video.status === 'processing' && ' · já pode ser assistido'}
        </p>
        {failed && video?.error && <p className="text-sm text-red-700">{video.error}</p>}
        {video?.status === 'processing' && (
          <progress
            className="h-2 w-full"
            max={100}
            value={video.progress}
            aria-label="Processamento do vídeo"
          />
        )}
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          onClick={again}
        >
          {failed ? 'Tentar novamente' : 'Trocar vídeo'}
        </button>
        {!failed && <CaptionsPicker videoId={state.videoId} />}
      </div>
    );
  }

  return (
    <div className="space-y-2" data-testid="video-upload">
      <label className="block text-sm font-medium">
        Arquivo de vídeo (MP4, MOV, WebM ou MKV)
        <input
          type="file"
          accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv"
          className="mt-1 block w-full text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void start(file);
          }}
        />
      </label>
      {info && (
        <p className="text-xs text-gray-600">
          Até {formatBytes(info.maxBytes)} por vídeo · você usa {formatBytes(info.usedBytes)} de{' '}
          {formatBytes(info.quotaBytes)}. Se a conexão cair ou a página recarregar, escolha o mesmo
          arquivo: o envio continua de onde parou.
        </p>
      )}
      {state.kind === 'refused' && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}

/**
 * The lecture's Portuguese (Brazil) captions: a WebVTT or SRT file, checked here by the contract's
 * own rule before it is sent, so a wrong file is named at once.
 */
function CaptionsPicker({ videoId }: { videoId: string }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function upload(file: File) {
    const text = await file.text();
    const parsed = parseCaptions(text);
    if (!parsed.ok) {
      setMessage({ text: parsed.problem, error: true });
      return;
    }
    const saved = await send(
      api.put<{ cues: number }>(`/api/educator/videos/${videoId}/captions/pt-BR`, { text }),
      { inline: (failure) => setMessage({ text: failure, error: true }) },
    );
    if (saved) setMessage({ text: `Legenda salva (${saved.cues} falas).`, error: false });
  }
  return (
    <div className="space-y-1">
      <label className="block text-sm font-medium">
        Legenda em português (WebVTT ou SRT)
        <input
          type="file"
          accept=".vtt,.srt,text/vtt"
          className="mt-1 block w-full text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`text-sm ${message.error ? 'text-red-700' : 'text-green-800'}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
