/* paintwatch: starts a program and times, from just before it is started, when its window is mapped and
 * when that window first shows painted content, watching from outside the program, so any two apps are
 * timed the same way without instrumenting either.
 *
 *   paintwatch TITLE SETTLE_MS TIMEOUT_MS -- PROGRAM [ARGS...]
 *
 * TITLE is the window's exact title (WM_NAME). Needs an X server without a window manager (Xvfb), so the
 * app's toplevel is a child of the root window and no decoration is drawn by anyone else.
 *
 * "Mapped" is the MapNotify of that window. "First paint" is the first moment the window's pixels are not a
 * blank, single-colour surface: fewer than MIN_INK pixels differing from the most common colour counts as
 * blank (the window's background colour before the page draws, or a page's bare background). The window is
 * read back with XShmGetImage each time the DAMAGE extension says it was drawn on (and every 50 ms besides,
 * in case a draw is not reported), so the reading costs nothing while nothing draws. "Settled" is the last
 * change before the window first stays unchanged for QUIET_MS: the first screen complete, its data arrived
 * (later changes, such as WebKit fading out an overlay scrollbar a few seconds on, are not counted). After
 * the first paint it keeps watching for SETTLE_MS, so the program is idle when this returns.
 *
 * PAINTWATCH_TRACE=1 logs every change of the window's pixels to stderr.
 *
 * Then prints one line, "pid=N map_ms=X paint_ms=Y settled_ms=Z", and waits with the program left running
 * (for the caller to measure its memory) until it gets SIGTERM or SIGINT: then it stops the program with
 * SIGTERM, reaps it and exits 0. Exits 1 (and kills the program) on timeout or if the program exits first. */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/select.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MIN_INK 200   /* pixels off the dominant colour before a frame counts as painted */
#define QUIET_MS 1000 /* how long the window stays unchanged before its first screen counts as settled */

static double t0;
static pid_t child;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void fail(const char *why) {
    fprintf(stderr, "paintwatch: %s\n", why);
    if (child > 0) kill(child, SIGKILL);
    exit(1);
}

static int title_is(Display *d, Window w, const char *title) {
    char *name = NULL;
    int same = 0;
    if (XFetchName(d, w, &name) && name) {
        same = strcmp(name, title) == 0;
        XFree(name);
    }
    return same;
}

static int ignore_errors(Display *d, XErrorEvent *e) {
    (void)d; (void)e;
    return 0; /* windows come and go while we look at them */
}

/* Pixels of the image that differ from its most common colour (a majority vote, then a count). */
static long ink(XImage *img) {
    long n = (long)img->width * img->height;
    uint32_t cand = 0;
    long votes = 0;
    for (int y = 0; y < img->height; y++) {
        const uint32_t *row = (const uint32_t *)(img->data + (long)y * img->bytes_per_line);
        for (int x = 0; x < img->width; x++) {
            uint32_t p = row[x] & 0xffffff;
            if (votes == 0) { cand = p; votes = 1; }
            else if (p == cand) votes++;
            else votes--;
        }
    }
    long off = 0;
    for (int y = 0; y < img->height; y++) {
        const uint32_t *row = (const uint32_t *)(img->data + (long)y * img->bytes_per_line);
        for (int x = 0; x < img->width; x++) off += (row[x] & 0xffffff) != cand;
    }
    return off > n / 2 ? n : off; /* no majority colour: certainly painted */
}

int main(int argc, char **argv) {
    /* SIGTERM is taken with sigwait at the end; blocked from here on, and unblocked for the program. */
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigprocmask(SIG_BLOCK, &stop, &old);
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: paintwatch TITLE SETTLE_MS TIMEOUT_MS -- PROGRAM [ARGS...]\n");
        return 2;
    }
    const char *title = argv[1];
    double settle = atof(argv[2]), timeout = atof(argv[3]);
    int trace = getenv("PAINTWATCH_TRACE") != NULL; /* each change of the window on stderr */

    Display *d = XOpenDisplay(NULL);
    if (!d) fail("cannot open the X display");
    XSetErrorHandler(ignore_errors);
    int dmg_ev, dmg_err, shm_major, shm_minor;
    Bool shm_pix;
    if (!XDamageQueryExtension(d, &dmg_ev, &dmg_err)) fail("the X server has no DAMAGE extension");
    if (!XShmQueryVersion(d, &shm_major, &shm_minor, &shm_pix)) fail("the X server has no MIT-SHM extension");
    Window root = DefaultRootWindow(d);
    XSelectInput(d, root, SubstructureNotifyMask);
    XSync(d, False);

    t0 = now_ms();
    child = fork();
    if (child < 0) fail("fork failed");
    if (child == 0) {
        close(ConnectionNumber(d));
        sigprocmask(SIG_SETMASK, &old, NULL);
        execvp(argv[5], argv + 5);
        fprintf(stderr, "paintwatch: cannot run %s: %s\n", argv[5], strerror(errno));
        _exit(127);
    }

    Window win = 0;
    double t_map = -1, t_paint = -1, t_last = -1, t_settled = -1, last_check = 0;
    XImage *img = NULL;
    XShmSegmentInfo shm = {0};
    uint32_t *prev = NULL;
    size_t frame_bytes = 0;
    int dirty = 0;
    Damage damage = 0;
    int fd = ConnectionNumber(d);

    for (;;) {
        double t = now_ms();
        if (t - t0 > timeout) fail(win ? "timed out waiting for the first paint" : "timed out waiting for the window");
        if (t_paint >= 0 && t - t0 > t_paint + settle) break;
        int status;
        if (waitpid(child, &status, WNOHANG) == child) { child = 0; fail("the program exited before it painted"); }

        while (XPending(d)) {
            XEvent ev;
            XNextEvent(d, &ev);
            double te = now_ms() - t0;
            if (ev.type == MapNotify && !win && title_is(d, ev.xmap.window, title)) {
                win = ev.xmap.window;
                t_map = te;
            } else if (ev.type == MapNotify && !win) {
                /* mapped before it was named: look again when its properties change */
                XSelectInput(d, ev.xmap.window, PropertyChangeMask);
            } else if (ev.type == PropertyNotify && !win && title_is(d, ev.xproperty.window, title)) {
                XWindowAttributes a;
                if (XGetWindowAttributes(d, ev.xproperty.window, &a) && a.map_state == IsViewable) {
                    win = ev.xproperty.window;
                    t_map = te;
                }
            } else if (ev.type == dmg_ev + XDamageNotify) {
                dirty = 1;
            }
            if (win && !img) {
                XWindowAttributes a;
                XGetWindowAttributes(d, win, &a);
                if (a.depth != 24 && a.depth != 32) fail("the window is not a 24- or 32-bit visual");
                img = XShmCreateImage(d, a.visual, a.depth, ZPixmap, NULL, &shm, a.width, a.height);
                frame_bytes = (size_t)img->bytes_per_line * img->height;
                shm.shmid = shmget(IPC_PRIVATE, frame_bytes, IPC_CREAT | 0600);
                shm.shmaddr = img->data = shmat(shm.shmid, NULL, 0);
                shm.readOnly = False;
                XShmAttach(d, &shm);
                shmctl(shm.shmid, IPC_RMID, NULL);
                prev = calloc(1, frame_bytes);
                damage = XDamageCreate(d, win, XDamageReportNonEmpty);
                dirty = 1;
            }
        }

        t = now_ms();
        if (t_paint >= 0 && t_settled < 0 && t - t0 - t_last >= QUIET_MS) t_settled = t_last;
        if (img && (dirty || t - last_check > 50)) {
            if (dirty) XDamageSubtract(d, damage, None, None); /* re-arms ReportNonEmpty */
            dirty = 0;
            last_check = t;
            if (!XShmGetImage(d, win, img, 0, 0, AllPlanes)) fail("cannot read the window back");
            double tg = now_ms() - t0;
            if (memcmp(prev, img->data, frame_bytes) != 0) {
                long painted = ink(img);
                if (trace) fprintf(stderr, "paintwatch: %.0f ms: the window changed, %ld pixels off its main colour\n", tg, painted);
                if (t_paint < 0 && painted >= MIN_INK) t_paint = tg;
                if (t_paint >= 0) t_last = tg;
                memcpy(prev, img->data, frame_bytes);
            }
        }

        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fd, &fds);
        struct timeval tv = {0, 10000};
        XFlush(d);
        if (!XPending(d)) select(fd + 1, &fds, NULL, NULL, &tv);
    }
    if (t_settled < 0) t_settled = t_last; /* never still for QUIET_MS: its last change */
    printf("pid=%d map_ms=%.0f paint_ms=%.0f settled_ms=%.0f\n", (int)child, t_map, t_paint, t_settled);
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    kill(child, SIGTERM);
    int status;
    for (int i = 0; i < 500 && waitpid(child, &status, WNOHANG) == 0; i++) usleep(10000);
    if (waitpid(child, &status, WNOHANG) == 0) { kill(child, SIGKILL); waitpid(child, &status, 0); }
    return 0;
}
