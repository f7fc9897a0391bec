import blankMp4 from './blank.mp4';
import blankWebm from './blank.webm';

/** What is keeping the screen on: the Screen Wake Lock, a silent looping video, or nothing. */
export type WakeMethod = 'wake-lock' | 'video' | 'none';

/**
 * Keeps a tablet's screen from dimming while a game is open: a game is long and mostly spent looking at
 * the models, not touching the screen. The Screen Wake Lock is the honest way, but browsers give it only to
 * secure pages (https or localhost), and a tablet that joined over the LAN is on plain http. There, a tiny
 * muted video playing in a loop does the same on the browsers that keep the screen on for a playing video
 * (iOS Safari notably); muted autoplay is usually allowed, and where it is not the first tap starts it.
 */
class ScreenWake {
  method = $state<WakeMethod>('none');
  #wanted = false;
  #lock: WakeLockSentinel | null = null;
  #video: HTMLVideoElement | null = null;
  /** One request at a time: a tap and a return to the page at once must not take two locks. */
  #acquiring: Promise<void> | null = null;

  start() {
    if (this.#wanted) return;
    this.#wanted = true;
    document.addEventListener('visibilitychange', this.#onVisibility);
    void this.#acquire();
  }

  stop() {
    this.#wanted = false;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#awaitTap(false);
    const lock = this.#lock;
    this.#lock = null;
    void lock?.release().catch(() => {});
    this.#video?.pause();
    this.#video?.remove();
    this.#video = null;
    this.method = 'none';
  }

  // A page that is hidden loses its wake lock and its video is paused; both are taken again on return.
  #onVisibility = () => {
    if (document.visibilityState === 'visible') void this.#acquire();
  };

  #onTap = () => {
    this.#awaitTap(false);
    void this.#playVideo();
  };

  #acquire(): Promise<void> {
    this.#acquiring ??= this.#takeOne().finally(() => (this.#acquiring = null));
    return this.#acquiring;
  }

  async #takeOne() {
    if (!this.#wanted || document.visibilityState !== 'visible') return;
    if (this.#lock && !this.#lock.released) return;
    if (await this.#requestLock()) return;
    await this.#playVideo();
  }

  async #requestLock(): Promise<boolean> {
    // `navigator.wakeLock` is absent outside a secure context, and the request may still be refused
    // (battery saver, a policy, a page not in front): each falls back to the video.
    if (!('wakeLock' in navigator)) return false;
    try {
      const lock = await navigator.wakeLock.request('screen');
      if (!this.#wanted) {
        void lock.release();
        return true;
      }
      this.#lock = lock;
      lock.addEventListener('release', () => {
        if (this.#lock !== lock) return;
        this.#lock = null;
        this.method = this.#videoPlaying() ? 'video' : 'none';
      });
      this.#video?.pause();
      this.method = 'wake-lock';
      return true;
    } catch {
      return false;
    }
  }

  async #playVideo() {
    if (!this.#wanted) return;
    const video = (this.#video ??= blankVideo());
    try {
      await video.play();
      if (this.#wanted && !this.#lock) this.method = 'video';
    } catch {
      // Autoplay refused (a phone's power saver, or a browser that wants a gesture first).
      this.#awaitTap(true);
    }
  }

  #videoPlaying(): boolean {
    return !!this.#video && !this.#video.paused;
  }

  #awaitTap(on: boolean) {
    for (const kind of ['pointerdown', 'keydown'] as const) {
      if (on) document.addEventListener(kind, this.#onTap, { capture: true, once: true });
      else document.removeEventListener(kind, this.#onTap, { capture: true });
    }
  }
}

/** Some browsers do not count a video that is hidden or detached, so it is in the page, just too faint to see. */
function blankVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.loop = true;
  video.playsInline = true;
  // iOS reads the attributes, not only the properties, to allow a muted inline autoplay.
  for (const name of ['muted', 'playsinline', 'loop', 'aria-hidden']) video.setAttribute(name, name === 'aria-hidden' ? 'true' : '');
  video.dataset.testid = 'wake-video';
  video.style.cssText = 'position:fixed;left:0;bottom:0;width:2px;height:2px;opacity:0.01;pointer-events:none;z-index:-1';
  for (const [src, type] of [
    [blankWebm, 'video/webm'],
    [blankMp4, 'video/mp4'],
  ]) {
    const source = document.createElement('source');
    source.src = src;
    source.type = type;
    video.append(source);
  }
  document.body.append(video);
  return video;
}

const wake = new ScreenWake();

/** Holds the screen on until `release()`; for one screen at a time (the open game). */
export function keepScreenAwake(): () => void {
  wake.start();
  return () => wake.stop();
}

/** Which method is holding the screen on now. Reactive. */
export function wakeMethod(): WakeMethod {
  return wake.method;
}
