/* libxqjudge: the WXF repetition judge for other programs (issue 21), as a small C API.
 *
 * A game is an opaque handle: set its start position from a FEN, play moves in ICCS ("h2e2"),
 * and ask for the ruling of the game so far as JSON (the object `xqjudge --record --json`
 * prints for a game: start FEN, moves, each repetition ruling with its cycle, classes,
 * chasing and chased squares and explanation, and the end under the rules). Records (PGN in
 * ICCS, WXF or Chinese notation, XQF, DhtmlXQ, in any common encoding) are read and ruled in
 * one call.
 *
 * Errors are status codes; the handle's last message says what went wrong, and a failed call
 * leaves the game as it was. No C++ exception crosses this boundary. Strings the library
 * returns through a `char **` are the caller's: free them with xqj_free_string. Handles are
 * not shared between threads without a lock; distinct handles are independent.
 *
 * Every count of repetitions here is the judge's `ntimes`: the earlier occurrences a
 * repetition needs before it is ruled (2: an arbiter's third occurrence; 1: the first
 * repetition, the convention of the 173 WXF cases). */
#ifndef XQJUDGE_H
#define XQJUDGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XQJ_API_VERSION 2 /* 2: the diagram functions xqj_position_svg and xqj_cycle_svg */

#if defined(__GNUC__)
#define XQJ_API __attribute__((visibility("default")))
#else
#define XQJ_API
#endif

typedef struct xqj_game xqj_game;

typedef enum xqj_status {
  XQJ_OK = 0,
  XQJ_ERR_ARGUMENT = 1, /* a null pointer, or a count out of range */
  XQJ_ERR_FEN = 2,      /* the FEN was refused; the game keeps its position */
  XQJ_ERR_MOVE = 3,     /* not a legal move in ICCS; the game keeps its position */
  XQJ_ERR_RECORD = 4,   /* the record could not be read at all, or a game in it broke */
  XQJ_ERR_MEMORY = 5,
  XQJ_ERR_INTERNAL = 6
} xqj_status;

/* The library's version ("1.1.0"); the API version is XQJ_API_VERSION. */
XQJ_API const char *xqj_version(void);

/* A new game at the standard start position; NULL when out of memory. */
XQJ_API xqj_game *xqj_game_new(void);
XQJ_API void xqj_game_free(xqj_game *game);

/* A new start position: a FEN (letters h/e or n/b, side w/b/r) or "startpos". The moves
 * played so far are dropped. */
XQJ_API xqj_status xqj_set_fen(xqj_game *game, const char *fen);

/* Plays one legal move in ICCS ("h2e2"; "H2-E2" too). */
XQJ_API xqj_status xqj_play(xqj_game *game, const char *move);

/* Moves played since the start position; -1 for a NULL game. */
XQJ_API int xqj_ply_count(const xqj_game *game);

/* The moves played so far as people write them, one a line in *text (UTF-8; free it with
 * xqj_free_string): notation "iccs" ("h2e2"), "wxf" ("C2.5") or "chinese" ("炮二平五"). For a
 * page that shows the moves in its reader's language. */
XQJ_API xqj_status xqj_moves_text(xqj_game *game, const char *notation, char **text);

/* The message of the game's last failed call ("" after a success). Owned by the game: valid
 * until its next call. */
XQJ_API const char *xqj_last_error(const xqj_game *game);

/* The ruling of the game so far as one JSON object, in *json (free it with
 * xqj_free_string). ntimes: 1..100. */
XQJ_API xqj_status xqj_ruling_json(xqj_game *game, int ntimes, char **json);

/* Reads a record file's bytes and rules every game: one JSON object per line in *json_lines
 * (a game that broke carries its "error" and is ruled up to the last move read). On
 * XQJ_ERR_RECORD *json_lines is still set when some games were read; *error (may be NULL)
 * gets a message: why the record could not be read at all ("the record cannot be read: empty
 * file"), or that a game in it broke. Free both with xqj_free_string. */
XQJ_API xqj_status xqj_judge_record(const char *bytes, size_t length, int ntimes, char **json_lines, char **error);

/* Diagrams (issue 22): SVG documents as UTF-8 text in *svg (free it with xqj_free_string),
 * drawn in the traditional style (the board's lines, river and palaces, round pieces with
 * their Chinese characters in red and black, edge labels as players read them). `options` is
 * NULL or "" for the defaults, else words separated by commas or spaces:
 *   flip           Black at the bottom
 *   labels=zh      Red's files 九..一 along Red's edge, Black's 1..9 along Black's (default)
 *   labels=en      both sides' files in Arabic numerals (WXF), English captions
 *                  (labels=wxf: the same numerals, the language left as it is)
 *   labels=iccs    files a-i and ranks 0-9 (also the word "iccs"); labels=none: no labels
 *   lang=zh|en     the words of captions and headings (also the words "zh", "en")
 *   noarrow        no arrow for the move; nomarks: no chase or check marks
 *   size=N         pixels between two lines of the board, 16..160 (default 40)
 *   columns=N      boards per row of a cycle strip, 1..12 (default 4)
 * A bad word is XQJ_ERR_ARGUMENT with a message naming it. Pieces are <g class="piece red
 * rook" data-square="a0">, arrows <g class="arrow" data-move="h2e2">, marks <circle
 * class="mark chased" data-square="g8">, so a page can style or find them. */

/* The position after `ply` moves (0: the start position; -1: after the last move), with that
 * move's arrow, rings on the pieces the move chased and their chasers (as the judge sees
 * them), and on a piece giving check. XQJ_ERR_ARGUMENT when ply is not in -1..xqj_ply_count. */
XQJ_API xqj_status xqj_position_svg(xqj_game *game, int ply, const char *options, char **svg);

/* The repeating cycle of the game's repetition ruling number `ruling` (0: the first of the
 * "rulings" xqj_ruling_json gives with the same ntimes) as a strip of diagrams: a heading
 * saying who must vary and a legend of the rings, then the position after each move of the
 * cycle with its arrow, its class (idle, chase, check) and the chased pieces marked. XQJ_ERR_ARGUMENT when the game has
 * no such ruling (the message says how many it has). */
XQJ_API xqj_status xqj_cycle_svg(xqj_game *game, int ntimes, int ruling, const char *options, char **svg);

XQJ_API void xqj_free_string(char *text);

#ifdef __cplusplus
}
#endif

#endif /* XQJUDGE_H */
