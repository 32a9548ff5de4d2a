import { useEffect, useState } from 'react';

/** Whose copy this is: drawn over a course's video when its educator turned the watermark on. */
export type Watermark = { name: string; email: string };

/** How long the mark stays in one place: moving, it cannot be cropped out or covered by one patch. */
export const WATERMARK_MOVE_MS = 30_000;

/**
 * Where the mark goes in turn, as a share of the video's box: clear of the control bar at the
 * bottom, and far enough apart that no single corner or band of a recording is free of it.
 */
export const WATERMARK_SPOTS = [
  { top: '8%', left: '5%' },
  { top: '58%', left: '52%' },
  { top: '30%', left: '30%' },
  { top: '10%', left: '55%' },
  { top: '55%', left: '8%' },
] as const;

// media-chrome fades every slotted element but the media with the controls; this one stays.
const STAYS_WHEN_CONTROLS_HIDE = { noautohide: '' } as object;

/**
 * The learner's name and e-mail, faint, over the video and inside the media controller, so it is
 * there in full screen too. It never takes a click or a tap: the video's own gestures still work.
 */
export function VideoWatermark({ name, email }: Watermark) {
  const [spot, setSpot] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setSpot((current) => (current + 1) % WATERMARK_SPOTS.length),
      WATERMARK_MOVE_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      slot="centered-chrome"
      {...STAYS_WHEN_CONTROLS_HIDE}
      aria-hidden="true"
      data-testid="video-watermark"
      className="absolute max-w-[45%] select-none text-xs leading-tight break-words text-white/45 [text-shadow:0_0_2px_rgb(0_0_0/0.6)] transition-[top,left] duration-700 sm:text-sm"
      // Inline, so it outranks media-chrome's rule that gives slotted chrome the pointer.
      style={{ ...WATERMARK_SPOTS[spot], pointerEvents: 'none' }}
    >
      <span className="block">{name}</span>
      <span className="block">{email}</span>
    </div>
  );
}
