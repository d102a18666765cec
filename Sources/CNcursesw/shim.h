// ncursesw for Swift: the wide-character API plus helpers for what Swift cannot import
// (macros and variadic functions). Only SoftphoneTUI imports this module.
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncurses.h>

int wcwidth(wchar_t c);

static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_color_pair(short n) { return COLOR_PAIR(n); }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cnc_key_resize(void) { return KEY_RESIZE; }
static inline int cnc_key_enter(void) { return KEY_ENTER; }
static inline int cnc_key_up(void) { return KEY_UP; }
static inline int cnc_key_down(void) { return KEY_DOWN; }
static inline int cnc_key_left(void) { return KEY_LEFT; }
static inline int cnc_key_right(void) { return KEY_RIGHT; }
static inline int cnc_key_home(void) { return KEY_HOME; }
static inline int cnc_key_end(void) { return KEY_END; }
static inline int cnc_key_dc(void) { return KEY_DC; }
static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cnc_err(void) { return ERR; }
/// Writes a NUL-terminated UTF-8 string at (y, x); addstr is a macro, mvaddnstr too.
static inline int cnc_mvaddstr(int y, int x, const char *s) { return mvaddstr(y, x, s); }
static inline int cnc_attrset(attr_t a) { return attrset(a); }

/// The current screen's standard window; `stdscr` is a mutable C global Swift 6 will not read.
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
/// The locale's character set name ("UTF-8", "ANSI_X3.4-1968", ...); CODESET is a macro.
static inline const char *cnc_codeset(void) { return nl_langinfo(CODESET); }
/// Opens a pseudo-terminal pair for tests of the real terminal: returns the controller side and
/// stores the terminal side in *terminal; -1 on failure. posix_openpt and friends are hidden
/// from Swift's Glibc module and TIOCSPTLCK/TIOCGPTPEER are macros Swift cannot import.
static inline int cnc_open_pseudo_terminal(int *terminal) {
    int controller = open("/dev/ptmx", O_RDWR | O_NOCTTY);
    if (controller < 0) return -1;
    int unlock = 0;
    if (ioctl(controller, TIOCSPTLCK, &unlock) != 0) { close(controller); return -1; }
    *terminal = ioctl(controller, TIOCGPTPEER, O_RDWR | O_NOCTTY);
    if (*terminal < 0) { close(controller); return -1; }
    return controller;
}
#endif
