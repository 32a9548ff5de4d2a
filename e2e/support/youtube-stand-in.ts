import type { Page } from '@playwright/test';

/**
 * A stand-in for YouTube's iframe API, served at its real address through Playwright routing: the
 * test machines cannot reach YouTube, and the product code stays as it is. It implements what
 * react-youtube calls (YT.Player with its events, getIframe, destroy, play/pause/seek and
 * getCurrentTime) with a clock that runs in real time while "playing", starting at
 * `playerVars.start`. Tests drive it through `window.__youtubeStandIn`.
 */
const STAND_IN = `(() => {
  const PLAYING = 1, PAUSED = 2, ENDED = 0, CUED = 5;
  const players = [];
  class Player {
    constructor(target, options) {
      const element = typeof target === 'string' ? document.getElementById(target) : target;
      this.options = options;
      this.events = options.events || {};
      const vars = options.playerVars || {};
      this.startSeconds = Number(vars.start || 0);
      this.offset = this.startSeconds;
      this.startedAt = null;
      this.state = CUED;
      this.iframe = document.createElement('iframe');
      this.iframe.dataset.standIn = 'youtube';
      this.iframe.dataset.videoId = options.videoId || '';
      element.replaceWith(this.iframe);
      players.push(this);
      setTimeout(() => {
        this.events.onReady && this.events.onReady({ target: this, data: null });
        if (vars.autoplay === 1) this.playVideo();
      }, 0);
    }
    change(state) {
      this.state = state;
      this.events.onStateChange && this.events.onStateChange({ target: this, data: state });
    }
    getCurrentTime() {
      return this.startedAt === null ? this.offset : this.offset + (Date.now() - this.startedAt) / 1000;
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
    getPlayerState() { return this.state; }
    getDuration() { return 3600; }
    getIframe() { return this.iframe; }
    destroy() {
      this.destroyed = true;
      this.iframe.remove();
    }
    addEventListener() {}
    removeEventListener() {}
    setSize() {}
    mute() {}
    unMute() {}
    isMuted() { return false; }
    setVolume() {}
    getVolume() { return 100; }
    cueVideoById(id) { this.iframe.dataset.videoId = typeof id === 'string' ? id : id.videoId; }
    loadVideoById(id) { this.cueVideoById(id); this.playVideo(); }
  }
  window.__youtubeStandIn = {
    players,
    /** The player now on the page (the newest one not destroyed). */
    current() {
      for (let i = players.length - 1; i >= 0; i--) if (!players[i].destroyed) return players[i];
      return null;
    },
  };
  window.YT = { Player, PlayerState: { ENDED, PLAYING, PAUSED, BUFFERING: 3, CUED, UNSTARTED: -1 } };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();`;

/** Serves the stand-in at www.youtube.com/iframe_api; call after any route that blocks other hosts. */
export async function serveYouTubeStandIn(page: Page): Promise<void> {
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

/** The second the current player was told to open at (playerVars.start). */
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
