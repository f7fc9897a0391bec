"""OpenCV's side of tools/bench-photo.sh.

  bench-photo.py make PHOTO.jpg SIDEWAYS.jpg
      writes a 12-megapixel (4000 x 3000) JPEG of a checkered 72 x 48 table seen in perspective, softened,
      noisy, at quality 92 (about 3.7 MB, as a phone saves one), and prints its corners in photo pixels as
      'x,y;x,y;x,y;x,y' (pixel centres at half pixels, the table's corners in the order (0,0), (72,0),
      (72,48), (0,48)); and the same photo stored on its side, 3000 x 4000, with an EXIF orientation (6)
      that stands it up again.

  bench-photo.py run PHOTO.jpg SIDEWAYS.jpg CORNERS PHOTO_SPEED RUNS ROUNDS THREADS VIEW.rgb
      ROUNDS times: runs our timings (the photo_speed example, best of RUNS) and then OpenCV's on the
      same work (cv2.imdecode; cv2.warpPerspective, INTER_LINEAR, with the map and view size photo_speed
      printed), on THREADS threads (0: as many as each likes). Prints the best of all, and how far
      OpenCV's view is from ours (written to VIEW.rgb).
"""

import os
import subprocess
import sys
import time

import cv2
import numpy as np

PHOTO_SIZE = (4000, 3000)
OFF_PHOTO = (24, 24, 24)


def exif_orientation(value):
    """An EXIF block holding only the orientation tag, big-endian, as a JPEG APP1 segment."""
    tiff = b"MM\x00\x2a" + (8).to_bytes(4, "big") + (1).to_bytes(2, "big")
    tiff += (0x0112).to_bytes(2, "big") + (3).to_bytes(2, "big") + (1).to_bytes(4, "big")
    tiff += value.to_bytes(2, "big") + b"\x00\x00" + (0).to_bytes(4, "big")
    return b"\xff\xe1" + (2 + 6 + len(tiff)).to_bytes(2, "big") + b"Exif\x00\x00" + tiff


def make(path, sideways_path):
    ppi = 20
    width, height = 72 * ppi, 48 * ppi
    rows, columns = np.mgrid[0:height, 0:width]
    light = ((columns // (6 * ppi)) + (rows // (6 * ppi))) % 2 == 0
    table = np.where(light[..., None], np.uint8([160, 200, 214]), np.uint8([70, 120, 92]))  # BGR
    edge = (columns < 15) | (rows < 15) | (columns >= width - 15) | (rows >= height - 15)
    table[edge] = (22, 26, 30)
    # The table's corners as OpenCV places pixels (centres at whole numbers), and where a phone at the
    # table's long side, tilted a little, sees them.
    table_corners = np.float32([[-0.5, -0.5], [width - 0.5, -0.5], [width - 0.5, height - 0.5], [-0.5, height - 0.5]])
    seen = np.float32([[720, 640], [3310, 590], [3790, 2610], [240, 2690]])
    view = cv2.getPerspectiveTransform(table_corners, seen)
    photo = np.full((PHOTO_SIZE[1], PHOTO_SIZE[0], 3), (72, 84, 96), np.uint8)
    cv2.warpPerspective(table, view, PHOTO_SIZE, dst=photo, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    photo = cv2.GaussianBlur(photo, (0, 0), 1.2)
    noise = np.random.default_rng(18).normal(0.0, 8.0, photo.shape)
    photo = np.clip(photo + noise, 0, 255).astype(np.uint8)
    cv2.imwrite(path, photo, [cv2.IMWRITE_JPEG_QUALITY, 92])
    # Orientation 6 turns the stored picture a quarter clockwise to show it: stored a quarter the other way.
    ok, stored = cv2.imencode(".jpg", cv2.rotate(photo, cv2.ROTATE_90_COUNTERCLOCKWISE), [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    stored = stored.tobytes()
    with open(sideways_path, "wb") as f:
        f.write(stored[:2] + exif_orientation(6) + stored[2:])
    print(";".join(f"{x + 0.5},{y + 0.5}" for x, y in seen))


def best_of(runs, work):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000.0


def ours_once(speed, photo_path, sideways_path, corners, runs, threads, view_path):
    env = dict(os.environ)
    if threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    out = subprocess.run([speed, photo_path, sideways_path, corners, str(runs), view_path], env=env, check=True,
                         capture_output=True, text=True).stdout
    return {name: values for name, *values in (line.split() for line in out.splitlines())}


def run(photo_path, sideways_path, corners, speed, runs, rounds, threads, view_path):
    runs, rounds, threads = int(runs), int(rounds), int(threads)
    if threads:
        cv2.setNumThreads(threads)
    data = np.fromfile(photo_path, np.uint8)
    photo = cv2.imdecode(data, cv2.IMREAD_COLOR)
    best = {}

    def keep(name, ms):
        best[name] = min(best.get(name, float("inf")), ms)

    # Rounds of ours then OpenCV's, best of each kept: on a shared machine a busy spell then costs both.
    for _ in range(rounds):
        ours = ours_once(speed, photo_path, sideways_path, corners, runs, threads, view_path)
        for name in ("decode", "rectify", "imageproc_warp", "decode_and_rectify", "decode_sideways",
                     "decode_sideways_and_rectify"):
            keep(name, float(ours[name][0]))
        width, height = (int(v) for v in ours["view"])
        view_map = np.array([float(v) for v in ours["map"]], np.float64).reshape(3, 3)
        views = []

        # A new view each time, as ours makes one.
        def warp():
            views.append(cv2.warpPerspective(
                photo, view_map, (width, height),
                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                borderMode=cv2.BORDER_CONSTANT, borderValue=OFF_PHOTO,
            ))
            del views[:-1]

        keep("opencv_warp", best_of(runs, warp))
        keep("opencv_decode", best_of(runs, lambda: cv2.imdecode(data, cv2.IMREAD_COLOR)))

    theirs = cv2.cvtColor(views[-1], cv2.COLOR_BGR2RGB)
    mine = np.fromfile(view_path, np.uint8).reshape(height, width, 3)
    difference = np.abs(mine.astype(np.int16) - theirs.astype(np.int16))
    print(f"photo {ours['photo'][0]} x {ours['photo'][1]} JPEG ({len(data) / 1e6:.1f} MB), view {width} x {height}, "
          f"best of {rounds} x {runs}, OpenCV {cv2.__version__} on {cv2.getNumThreads()} thread(s)")
    for name, mine_ms, theirs_ms in (("warp", best["rectify"], best["opencv_warp"]),
                                     ("decode", best["decode"], best["opencv_decode"])):
        print(f"  {name:8}  ours {mine_ms:7.1f} ms   OpenCV {theirs_ms:7.1f} ms   ratio {mine_ms / theirs_ms:5.2f}")
    generic = best["imageproc_warp"]
    print(f"  imageproc's generic warp {generic:.1f} ms, ratio {generic / best['opencv_warp']:.2f}")
    print(f"  decode the photo stored on its side and stand it up: ours {best['decode_sideways']:.1f} ms")
    print(f"  decode, stand up and redraw for display: ours {best['decode_and_rectify']:.1f} ms, "
          f"{best['decode_sideways_and_rectify']:.1f} ms stored on its side")
    print(f"  views differ by at most {difference.max()} levels, {np.mean(difference > 2) * 100:.3f}% of "
          f"channels by more than 2, mean {difference.mean():.3f}")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"make": make, "run": run}[command](*args)
