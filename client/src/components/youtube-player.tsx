import { youtubeVideoId } from '@aprendiz/contract/rules/youtube';
import { lazy, Suspense } from 'react';
import { Loader } from './loader';

// react-youtube (and the iframe API it loads) is fetched only when a video is actually played.
const YouTube = lazy(() => import('react-youtube'));

type YouTubePlayerProps = {
  /** A lecture URL; the video id is taken from it (spec §3). */
  url: string;
  /** The iframe's accessible name, e.g. the lecture title. */
  title: string;
  autoplay?: boolean;
  onEnd?: () => void;
};

/** A responsive 16:9 YouTube player. */
export function YouTubePlayer({ url, title, autoplay = false, onEnd }: YouTubePlayerProps) {
  const videoId = youtubeVideoId(url);
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
      {videoId ? (
        <Suspense fallback={<Loader label="Carregando vídeo…" fullHeight={false} />}>
          <YouTube
            videoId={videoId}
            title={title}
            opts={{ playerVars: { autoplay: autoplay ? 1 : 0 } }}
            onEnd={onEnd}
            className="h-full w-full"
            iframeClassName="h-full w-full"
          />
        </Suspense>
      ) : (
        <p className="flex h-full items-center justify-center p-4 text-center text-white">
          Este vídeo não está disponível.
        </p>
      )}
    </div>
  );
}
