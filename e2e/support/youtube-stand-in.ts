import type { Page } from '@playwright/test';

/**
 * A stand-in for YouTube's iframe API, served at its real address through Playwright routing: the
 * test machines cannot reach YouTube, and the product code stays as it is. It implements what
 * youtube-video-element calls: YT.Player over the element's own embed iframe (the video id, `start`
 * and `autoplay` read from the iframe's address, as YouTube does), onReady, the state and
 * playback-rate events through addEventListener, play/pause/seek, the clock, speed, volume and the
 * loaded fraction. The clock runs in real time (times the speed) while "playing", starting at
 * `start`. The embed page itself is served blank. Tests drive it through `window.__youtubeStandIn`.
 */
const STAND_IN = `(() => {
  const PLAYING = 1, PAUSED = 2, ENDED = 0, CUED = 5;
  const RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
  const players = [];
  class Player {
    constructor(target, options) {
      const element = typeof target === 'string' ? document.getElementById(target) : target;
      this.options = options || {};
      this.events = this.options.events || {};
      this.listeners = {};
      const address = new URL(element.src || 'https://www.youtube.com/embed/', location.href);
      const vars = Object.assign(
        Object.fromEntries(address.searchParams.entries()),
        this.options.playerVars || {},
      );
      this.videoId = this.options.videoId || address.pathname.split('/').pop() || '';
      this.startSeconds = Number(vars.start || 0);
      this.offset = this.startSeconds;
      this.startedAt = null;
      this.rate = 1;
      this.volume = 100;
      this.muted = false;
      this.state = CUED;
      this.iframe = element;
      this.iframe.dataset.standIn = 'youtube';
      this.iframe.dataset.videoId = this.videoId;
      players.push(this);
      setTimeout(() => {
        this.emit('onReady', { target: this, data: null });
        if (Number(vars.autoplay) === 1) this.playVideo();
      }, 0);
    }
    emit(name, event) {
      if (this.destroyed) return;
      if (this.events[name]) this.events[name](event);
      for (const listener of this.listeners[name] || []) listener(event);
    }
    change(state) {
      this.state = state;
      this.emit('onStateChange', { target: this, data: state });
    }
    getCurrentTime() {
      return this.startedAt === null
        ? this.offset
        : this.offset + ((Date.now() - this.startedAt) / 1000) * this.rate;
    }
    playVideo() {
      if (this.state === PLAYING) return;
      this.startedAt = Date.now();
      this.change(PLAYING);
    }
    pauseVideo() {
      if (this.state !== PLAYING) return;
      this.offset = this.getCurrentTime();
      this.startedAt = null;
      this.change(PAUSED);
    }
    stopVideo() { this.pauseVideo(); }
    seekTo(seconds) {
      this.offset = Number(seconds);
      if (this.startedAt !== null) this.startedAt = Date.now();
    }
    getPlaybackRate() { return this.rate; }
    setPlaybackRate(rate) {
      // YouTube rounds a speed it does not offer down to one it does.
      const offered = RATES.filter((r) => r <= Number(rate));
      const next = offered.length ? offered[offered.length - 1] : RATES[0];
      this.offset = this.getCurrentTime();
      if (this.startedAt !== null) this.startedAt = Date.now();
      this.rate = next;
      this.emit('onPlaybackRateChange', { target: this, data: next });
    }
    getAvailablePlaybackRates() { return RATES.slice(); }
    getPlayerState() { return this.state; }
    getDuration() { return 3600; }
    getVideoLoadedFraction() { return 1; }
    getIframe() { return this.iframe; }
    getOption() { return undefined; }
    setOption() {}
    destroy() {
      this.destroyed = true;
      this.iframe.remove();
    }
    addEventListener(name, listener) {
      (this.listeners[name] = this.listeners[name] || []).push(listener);
    }
    removeEventListener(name, listener) {
      this.listeners[name] = (this.listeners[name] || []).filter((l) => l !== listener);
    }
    setSize() {}
    mute() { this.muted = true; this.emit('onVolumeChange', { target: this }); }
    unMute() { this.muted = false; this.emit('onVolumeChange', { target: this }); }
    isMuted() { return this.muted; }
    setVolume(volume) { this.volume = volume; this.emit('onVolumeChange', { target: this }); }
    getVolume() { return this.volume; }
    cueVideoById(id) { this.videoId = typeof id === 'string' ? id : id.videoId; this.iframe.dataset.videoId = this.videoId; }
    loadVideoById(id) { this.cueVideoById(id); this.playVideo(); }
  }
  window.__youtubeStandIn = {
    players,
    /** The player now on the page (the newest one not destroyed, its frame still in the page). */
    current() {
      for (let i = players.length - 1; i >= 0; i--) {
        const player = players[i];
        if (!player.destroyed && player.iframe.isConnected) return player;
      }
      return null;
    },
  };
  window.YT = { Player, PlayerState: { ENDED, PLAYING, PAUSED, BUFFERING: 3, CUED, UNSTARTED: -1 } };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();`;

/** What the embed iframe shows: a dark page, as YouTube's is before the video draws. */
const EMBED_PAGE = '<!doctype html><html><body style="margin:0;background:#0f172a"></body></html>';

/**
 * Serves the stand-in at www.youtube.com/iframe_api and a blank embed page; call after any route
 * that blocks other hosts.
 */
export async function serveYouTubeStandIn(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname === 'www.youtube.com' && url.pathname.startsWith('/embed/'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: EMBED_PAGE }),
  );
  await page.route(
    (url) => url.hostname === 'www.youtube.com' && url.pathname === '/iframe_api',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
  );
}

type StandInWindow = Window & {
  __youtubeStandIn: {
    current(): {
      getCurrentTime(): number;
      seekTo(seconds: number): void;
      playVideo(): void;
      pauseVideo(): void;
      startSeconds: number;
    } | null;
  };
};

/** The current stand-in player's clock, in seconds (null before a player exists). */
export function videoTime(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const player = (window as unknown as StandInWindow).__youtubeStandIn?.current();
    return player ? player.getCurrentTime() : null;
  });
}

/** The second the current player was told to open at (its embed address's `start`). */
export function videoStart(page: Page): Promise<number | null> {
  return page.evaluate(
    () => (window as unknown as StandInWindow).__youtubeStandIn?.current()?.startSeconds ?? null,
  );
}

/** Plays the current video from `seconds`, as a learner who dragged the bar there and pressed play. */
export async function playFrom(page: Page, seconds: number): Promise<void> {
  await page.evaluate((at) => {
    const player = (window as unknown as StandInWindow).__youtubeStandIn.current();
    if (!player) throw new Error('no YouTube player on the page');
    player.seekTo(at);
    player.playVideo();
  }, seconds);
}

export async function pauseVideo(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as StandInWindow).__youtubeStandIn.current()?.pauseVideo();
  });
}
