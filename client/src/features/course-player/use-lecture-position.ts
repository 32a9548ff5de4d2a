import type { LecturePositionResponse } from '@aprendiz/contract/learning';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoClock } from '../../components/youtube-player';
import { env } from '../../config/env';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/** How often a playing video's position is saved. */
export const POSITION_SAVE_INTERVAL_MS = 10_000;
// The position is read this often while playing, so a save made after the player is gone (the page
// navigates away, the lecture changes) still knows where the video was.
const POSITION_READ_INTERVAL_MS = 1_000;

export const BEACON_PATH = '/api/user/lecture-position/beacon';

export type LecturePosition = {
  /** Hand the player's clock over once the video is ready. */
  onClock: (clock: VideoClock) => void;
  onPlay: () => void;
  onPause: () => void;
  /**
   * Saves now (before switching lectures), even a chosen lecture whose video could not load;
   * resolves when the server answered or failed.
   */
  save: () => Promise<void>;
};

/**
 * Keeps the server told where the learner is in the current lecture: every 10 s while playing, on
 * pause, when asked (lecture change), and by navigator.sendBeacon when the page hides. A beacon cannot
 * carry the Authorization header, so it sends the short-lived position token the server hands out
 * with every save (and with the resume point) in its body. Saving is best effort: a failed save
 * shows nothing, the next one carries the newer position anyway.
 */
export function useLecturePosition(
  courseId: string,
  lectureId: string | null,
  initialToken: string | null,
): LecturePosition {
  const clock = useRef<VideoClock | null>(null);
  const lastKnown = useRef<number | null>(null);
  // `seconds` undefined: saved as 'here, at the second the server last had' (no video clock).
  const lastSaved = useRef<{ lectureId: string; seconds?: number } | null>(null);
  const token = useRef(initialToken);
  const lecture = useRef(lectureId);
  // The current lecture was chosen here (the list, Próxima aula, a note), not the one the player
  // opened at, which is already where the server resumes.
  const chosen = useRef(false);
  const [playing, setPlaying] = useState(false);

  const read = useCallback((): number | null => {
    try {
      const seconds = clock.current?.();
      if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) {
        lastKnown.current = Math.floor(seconds);
      }
    } catch {
      // The player is being torn down; the last second read stands.
    }
    return lastKnown.current;
  }, []);

  /**
   * The position to save, or null when there is none or it is the one saved last. A chosen lecture
   * whose video never said where it was (YouTube blocked or slow) is saved without a second, so the
   * resume point still follows the learner to it and the server keeps the second it had for it
   * (or its start).
   */
  const pending = useCallback((): { lectureId: string; seconds?: number } | null => {
    const seconds = read();
    const id = lecture.current;
    if (id === null || (seconds === null && !chosen.current)) return null;
    const position = seconds === null ? { lectureId: id } : { lectureId: id, seconds };
    const last = lastSaved.current;
    if (last && last.lectureId === id && last.seconds === position.seconds) return null;
    return position;
  }, [read]);

  const save = useCallback(async () => {
    const position = pending();
    if (!position) return;
    lastSaved.current = position;
    // Silent: a position saved in the background; a failed save is tried again with the next one.
    const data = await send(
      api.post<LecturePositionResponse>('/api/user/lecture-position', { courseId, ...position }),
      { silent: true },
    );
    if (data) token.current = data.positionToken;
    else lastSaved.current = null;
  }, [courseId, pending]);

  const sendBeacon = useCallback(() => {
    const position = pending();
    if (!position || !token.current || typeof navigator.sendBeacon !== 'function') return;
    const body = JSON.stringify({ token: token.current, courseId, ...position });
    // text/plain is a type a beacon may send to another origin without a preflight.
    if (
      navigator.sendBeacon(
        `${env.backendUrl}${BEACON_PATH}`,
        new Blob([body], { type: 'text/plain' }),
      )
    ) {
      lastSaved.current = position;
    }
  }, [courseId, pending]);

  // A new lecture starts from nothing known; its player hands over a new clock.
  useEffect(() => {
    if (lecture.current !== lectureId) chosen.current = true;
    lecture.current = lectureId;
    clock.current = null;
    lastKnown.current = null;
    setPlaying(false);
  }, [lectureId]);

  useEffect(() => {
    if (!playing) return;
    let ticks = 0;
    const timer = setInterval(() => {
      read();
      ticks += 1;
      if ((ticks * POSITION_READ_INTERVAL_MS) % POSITION_SAVE_INTERVAL_MS === 0) void save();
    }, POSITION_READ_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, read, save]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') sendBeacon();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', sendBeacon);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', sendBeacon);
      // Leaving the player inside the app: the page stays, but this component does not.
      sendBeacon();
    };
  }, [sendBeacon]);

  return {
    onClock: useCallback((next: VideoClock) => {
      clock.current = next;
    }, []),
    onPlay: useCallback(() => setPlaying(true), []),
    onPause: useCallback(() => {
      setPlaying(false);
      void save();
    }, [save]),
    save,
  };
}
