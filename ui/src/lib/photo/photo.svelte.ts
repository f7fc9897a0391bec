import {
  commands,
  type KnownPoint,
  type Located,
  type MeasuredDistance,
  type PhotoCalibrationView_Serialize,
  type PhotoPt,
  type PhotoView,
  type PhotoViewOf_Deserialize,
  type RectifiedView,
} from '../../bindings';
import type { Point, TableSize } from '../model';
import type { Matrix } from './homography';

export type Mode = 'calibrate' | 'measure' | 'overlay' | 'sync';

/** A point on the photo in full photo pixels (the engine's `PhotoPt`, its numbers never null here). */
export type Px = { x: number; y: number };

/** A spot the player tapped and gave table inches for: a grid square's corner, a second rectangle's. */
export interface Extra {
  photo: Px;
  table: Point;
}

export interface Fit {
  toPhoto: Matrix;
  toTable: Matrix;
  residualPx: number | null;
  missesPx: number[];
  atCentre: number;
  worstCorner: number;
}

/** Table corners in the order the engine wants them: as the app draws the table, y down from the top. */
export function cornerAt(table: TableSize, i: number): Point {
  return [
    { x: 0, y: 0 },
    { x: table.width, y: 0 },
    { x: table.width, y: table.depth },
    { x: 0, y: table.depth },
  ][i];
}

const num = (n: number | null | undefined) => n ?? Number.NaN;

function fitOf(v: PhotoCalibrationView_Serialize): Fit {
  return {
    toPhoto: v.table_to_photo.map(num),
    toTable: v.photo_to_table.map(num),
    residualPx: v.residual_px ?? null,
    missesPx: v.misses_px.map(num),
    atCentre: num(v.uncertainty_at_centre),
    worstCorner: num(v.worst_corner_uncertainty),
  };
}

/**
 * The photo open for a game and what the player has tapped on it. Kept while the player goes back to the
 * game and returns (the host keeps the photo itself); a photo from another game is let go. Every command
 * sends the taps again, so the fit on screen is always the one of the taps shown.
 */
class PhotoDesk {
  game = $state<number | null>(null);
  table = $state<TableSize>({ width: 0, depth: 0 });
  photo = $state<PhotoView | null>(null);
  opening = $state(false);
  /** The engine's refusal of the last file opened, in its words; the photo before stays. */
  openError = $state<string | null>(null);
  mode = $state<Mode>('calibrate');

  corners = $state<Px[]>([]);
  /** The printed corner markers found on the photo: sixteen known points, fitted in place of tapped
   * corners and placed far closer than a tap. Tapping a corner lets them go. */
  markers = $state<KnownPoint[] | null>(null);
  findingMarkers = $state(false);
  markerError = $state<string | null>(null);
  extras = $state<Extra[]>([]);
  fit = $state<Fit | null>(null);
  /** Why the taps fix no view (a corner tapped twice, crossed order), in the engine's words. */
  fitError = $state<string | null>(null);
  rectified = $state<RectifiedView | null>(null);

  measureFrom = $state<Px | null>(null);
  measureTo = $state<Px | null>(null);
  measured = $state<MeasuredDistance | null>(null);
  measureError = $state<string | null>(null);

  #asked = 0;
  #rectifyTimer: ReturnType<typeof setTimeout> | undefined;

  /** Starts over for another game's photo, saying so; the same game's stays. */
  forGame(id: number, table: TableSize): boolean {
    if (this.game === id && this.table.width === table.width && this.table.depth === table.depth) return false;
    this.game = id;
    this.table = { width: table.width, depth: table.depth };
    this.photo = null;
    this.openError = null;
    this.clearTaps();
    return true;
  }

  /** The corners fixed so far: all four once the markers are found. */
  get placed(): number {
    return this.markers ? 4 : this.corners.length;
  }

  clearTaps() {
    this.corners = [];
    this.markers = null;
    this.markerError = null;
    this.extras = [];
    this.fit = null;
    this.fitError = null;
    this.rectified = null;
    this.clearMeasure();
    this.mode = 'calibrate';
  }

  clearMeasure() {
    this.measureFrom = null;
    this.measureTo = null;
    this.measured = null;
    this.measureError = null;
  }

  async open(file: File) {
    this.opening = true;
    // The last file's refusal would read as this one's while it opens.
    this.openError = null;
    try {
      const data = await base64Of(file);
      const r = await commands.openPhoto(file.name || 'photo', data);
      if (r.status === 'error') {
        this.openError = r.error.message;
        return;
      }
      this.openError = null;
      this.photo = r.data;
      this.clearTaps();
    } catch (e) {
      this.openError = `${file.name}: the file could not be read (${e instanceof Error ? e.message : String(e)})`;
    } finally {
      this.opening = false;
    }
  }

  /** What every command after opening sends: the photo, the table and the taps. */
  viewOf(): PhotoViewOf_Deserialize | null {
    if (!this.photo) return null;
    const known = this.extras.map((e) => ({ photo: e.photo, table: e.table }));
    const base = { photo: this.photo.id, table: { ...this.table }, tap_error: null };
    if (this.markers) return { ...base, points: [...this.markers, ...known], found_markers: true };
    if (this.corners.length < 4) return null;
    const corners = this.corners.map((photo, i) => ({ photo, table: cornerAt(this.table, i) }));
    return { ...base, points: [...corners, ...known], found_markers: false };
  }

  /** Looks for the printed corner markers on the photo; where they are not all found, taps go on. */
  async findMarkers() {
    if (!this.photo) return;
    this.findingMarkers = true;
    this.markerError = null;
    const r = await commands.findPhotoMarkers(this.photo.id, { ...this.table });
    this.findingMarkers = false;
    if (r.status === 'error') {
      this.markerError = r.error.message;
      return;
    }
    this.corners = [];
    this.markers = r.data;
    await this.refit();
  }

  /** Fits again from the taps as they now are; only the newest answer is kept. */
  async refit() {
    const view = this.viewOf();
    const asked = ++this.#asked;
    clearTimeout(this.#rectifyTimer);
    if (!view) {
      this.fit = null;
      this.fitError = null;
      this.rectified = null;
      return;
    }
    const r = await commands.calibratePhoto(view);
    if (asked !== this.#asked) return;
    if (r.status === 'error') {
      this.fit = null;
      this.fitError = r.error.message;
      this.rectified = null;
      return;
    }
    this.fit = fitOf(r.data);
    this.fitError = null;
    if (this.measureFrom && this.measureTo) void this.measure();
    // The top-down view is a warp of the whole photo: asked for once the taps settle.
    this.#rectifyTimer = setTimeout(() => void this.rectify(asked), 250);
  }

  async rectify(asked: number) {
    const view = this.viewOf();
    if (!view) return;
    const r = await commands.rectifiedPhoto(view, null);
    if (asked !== this.#asked) return;
    this.rectified = r.status === 'ok' ? r.data : null;
  }

  async measure() {
    const view = this.viewOf();
    const [from, to] = [this.measureFrom, this.measureTo];
    if (!view || !from || !to) return;
    const r = await commands.measureOnPhoto(view, from, to);
    if (r.status === 'error') {
      this.measured = null;
      this.measureError = r.error.message;
    } else {
      this.measured = r.data;
      this.measureError = null;
    }
  }

  /** Where spots on the photo stand on the table; the engine's refusal as a string. */
  async locate(spots: Px[]): Promise<Located[] | string> {
    const view = this.viewOf();
    if (!view) return 'Tap the four corners first';
    const r = await commands.locateOnPhoto(view, spots as PhotoPt[]);
    return r.status === 'ok' ? r.data : r.error.message;
  }
}

/** The file's bytes as base64, without the data URL's prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export const desk = new PhotoDesk();
