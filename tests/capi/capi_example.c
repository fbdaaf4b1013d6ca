/* libxqjudge from C (issue 21), compiled as C99: built in the tree (ctest capi_c_example) and
 * against the installed package (tests/cli/capi_install.sh). Exits non-zero on the first
 * failed check, naming it.
 *
 * The game: Red's rook checks the bare black king back and forth until Red's check a9a8
 * brings the position after it for the third time (plies 3, 7, 11); the arbiter's count
 * (ntimes 2) then rules Red's perpetual check, and Red must vary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xqjudge.h"

static int failures = 0;
#define CHECK(cond)                                                \
  do {                                                             \
    if (!(cond)) {                                                 \
      fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #cond);      \
      ++failures;                                                  \
    }                                                              \
  } while (0)

int main(void) {
  static const char *const moves[] = {"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8",
                                      "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"};
  xqj_game *game = xqj_game_new();
  char *json = NULL;
  char *lines = NULL;
  char *error = NULL;
  size_t i;
  CHECK(game != NULL);
  CHECK(strcmp(xqj_version(), "1.1.0") == 0);
  CHECK(XQJ_API_VERSION >= 2); /* the diagram functions below */

  /* Bad input: a clear status and message, and the game unchanged. */
  CHECK(xqj_set_fen(game, "not a fen") == XQJ_ERR_FEN);
  CHECK(strstr(xqj_last_error(game), "bad FEN") != NULL);
  CHECK(xqj_set_fen(game, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1") == XQJ_OK);
  CHECK(strcmp(xqj_last_error(game), "") == 0);
  CHECK(xqj_play(game, "a0a1x") == XQJ_ERR_MOVE);
  CHECK(xqj_play(game, "e9e8") == XQJ_ERR_MOVE); /* Black's move with Red to move */
  CHECK(strstr(xqj_last_error(game), "e9e8") != NULL);
  CHECK(xqj_ply_count(game) == 0);
  CHECK(xqj_play(NULL, "a0a9") == XQJ_ERR_ARGUMENT);
  CHECK(xqj_ruling_json(game, 0, &json) == XQJ_ERR_ARGUMENT && json == NULL);

  for (i = 0; i < sizeof moves / sizeof moves[0]; ++i) CHECK(xqj_play(game, moves[i]) == XQJ_OK);
  CHECK(xqj_ply_count(game) == 11);

  /* At the arbiter's count Red's perpetual check is ruled: Red must vary. */
  CHECK(xqj_ruling_json(game, 2, &json) == XQJ_OK);
  CHECK(json != NULL && strstr(json, "\"must_vary\":\"red\"") != NULL);
  CHECK(json != NULL && strstr(json, "\"class\":\"check\"") != NULL);
  xqj_free_string(json);
  /* Counting to five occurrences, the same game is no ruling yet. */
  CHECK(xqj_ruling_json(game, 4, &json) == XQJ_OK);
  CHECK(json != NULL && strstr(json, "\"rulings\":[]") != NULL);
  xqj_free_string(json);

  /* Diagrams: the position after ply 3 with its move's arrow and the rook marked as the
   * checker; the ruling's cycle as a strip; bad options and plies refused by name. */
  {
    char *svg = NULL;
    CHECK(xqj_position_svg(game, 3, "flip,size=30", &svg) == XQJ_OK);
    CHECK(svg != NULL && strncmp(svg, "<svg ", 5) == 0);
    CHECK(svg != NULL && strstr(svg, "data-move=\"a9a8\"") != NULL);
    CHECK(svg != NULL && strstr(svg, "class=\"mark checking\" data-square=\"a8\"") != NULL);
    CHECK(svg != NULL && strstr(svg, "width=\"306\"") != NULL); /* 8 squares of 30 and two margins of 33 */
    xqj_free_string(svg);
    CHECK(xqj_position_svg(game, -1, NULL, &svg) == XQJ_OK);
    CHECK(svg != NULL && strstr(svg, "\xe5\xb8\xa5") != NULL); /* 帥, the red king, in UTF-8 */
    xqj_free_string(svg);
    CHECK(xqj_position_svg(game, 12, NULL, &svg) == XQJ_ERR_ARGUMENT && svg == NULL);
    CHECK(strstr(xqj_last_error(game), "ply 12") != NULL);
    CHECK(xqj_position_svg(game, 0, "size=1000", &svg) == XQJ_ERR_ARGUMENT && svg == NULL);
    CHECK(strstr(xqj_last_error(game), "size=1000") != NULL);
    CHECK(xqj_cycle_svg(game, 2, 0, "columns=5", &svg) == XQJ_OK);
    CHECK(svg != NULL && strstr(svg, "Red must vary (perpetual check)") != NULL);
    CHECK(svg != NULL && strstr(svg, "class=\"frame\" data-ply=\"11\"") != NULL);
    xqj_free_string(svg);
    CHECK(xqj_cycle_svg(game, 4, 0, NULL, &svg) == XQJ_ERR_ARGUMENT && svg == NULL);
    CHECK(strstr(xqj_last_error(game), "0 rulings") != NULL);
    CHECK(xqj_ply_count(game) == 11); /* the failed calls changed nothing */
  }

  /* The moves as people write them, in the notation asked for; an unknown one is refused. */
  {
    xqj_game *opening = xqj_game_new();
    char *text = NULL;
    CHECK(opening != NULL && xqj_play(opening, "h2e2") == XQJ_OK && xqj_play(opening, "h9g7") == XQJ_OK);
    CHECK(xqj_moves_text(opening, "chinese", &text) == XQJ_OK);
    CHECK(text != NULL && strcmp(text, "\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94\n"
                                       "\xe9\xa9\xac\xef\xbc\x98\xe8\xbf\x9b\xef\xbc\x97\n") == 0); /* 炮二平五, 马８进７ */
    xqj_free_string(text);
    CHECK(xqj_moves_text(opening, "wxf", &text) == XQJ_OK);
    CHECK(text != NULL && strcmp(text, "C2.5\nH8+7\n") == 0);
    xqj_free_string(text);
    CHECK(xqj_moves_text(opening, "klingon", &text) == XQJ_ERR_ARGUMENT && text == NULL);
    CHECK(strstr(xqj_last_error(opening), "klingon") != NULL);
    CHECK(xqj_ply_count(opening) == 2);
    xqj_game_free(opening);
  }

  /* A record: two games in ICCS PGN, the second with an illegal move at move 2. */
  {
    const char *pgn =
        "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n"
        "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h2h9 *\n";
    CHECK(xqj_judge_record(pgn, strlen(pgn), 2, &lines, &error) == XQJ_ERR_RECORD);
    CHECK(lines != NULL && strstr(lines, "\"moves\":[\"h2e2\",\"h9g7\",\"h0g2\"]") != NULL);
    CHECK(lines != NULL && strstr(lines, "h2h9") != NULL); /* the second game's error names it */
    CHECK(error != NULL && strstr(error, "a game in the record is broken") != NULL);
    xqj_free_string(lines);
    xqj_free_string(error);
  }
  /* A record that cannot be read at all: the message says why. */
  CHECK(xqj_judge_record("", 0, 2, &lines, &error) == XQJ_ERR_RECORD);
  CHECK(error != NULL && strstr(error, "cannot be read: empty file") != NULL);
  xqj_free_string(lines);
  xqj_free_string(error);
  CHECK(xqj_judge_record(NULL, 5, 2, &lines, &error) == XQJ_ERR_ARGUMENT);
  xqj_free_string(error);

  xqj_game_free(game);
  if (failures) return 1;
  puts("capi example: all checks passed");
  return 0;
}
