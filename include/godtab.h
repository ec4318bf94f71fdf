/*
 * godtab.h: the godtab C API. Answers permutation puzzles (the minimum
 * number of moves, an optimal move sequence) from a precomputed godtab
 * table, with no search.
 *
 * LIBRARIES
 *
 *   libgodtab_nostd.a  No std, no allocator: it references no malloc or
 *                      free, only memcpy, memmove, memset, bcmp, strlen,
 *                      the compiler runtime's __udivti3 and, for a bug
 *                      that no input reaches, abort. For firmware: tables
 *                      come from the caller's bytes (in flash).
 *                      godtab_table_open_file answers
 *                      GODTAB_ERROR_UNSUPPORTED. Link: the archive alone.
 *   libgodtab.a        The same functions, plus godtab_table_open_file
 *   libgodtab.so       (memory-mapped .gtab, decompressed .gtab.zst), with
 *                      Rust's std. Link the static one with
 *                      -lpthread -ldl -lm -lrt -lutil -lgcc_s -lc
 *                      (Linux); the shared one with -lgodtab.
 *
 *   All three come from one header and never unwind or abort into the
 *   caller, whatever the arguments: every failure is a status code.
 *
 * USE
 *
 *   static const uint8_t bytes[] = { ... };   // a .gtab file, e.g. in flash
 *   static godtab_table table;                // storage: no allocation
 *   godtab_status s = godtab_table_open(&table, bytes, sizeof bytes);
 *   if (s != GODTAB_OK) puts(godtab_status_message(s));
 *   const uint8_t tiles[9] = {4, 1, 3, 5, 2, 6, 7, 8, 9};
 *   uint32_t distance;
 *   s = godtab_distance(&table, tiles, 9, &distance);      // 3
 *   uint8_t moves[GODTAB_MAX_SOLUTION]; size_t n;
 *   s = godtab_solve(&table, tiles, 9, moves, sizeof moves, &n);
 *   char name[GODTAB_MAX_MOVE_NAME];
 *   godtab_move_name(&table, moves[0], name, sizeof name); // "A"
 *
 *   States are tile values in reading order (rows top to bottom, each left
 *   to right; 0 for the blank of a sliding puzzle) or text ("2 3 4 1 5 x 7
 *   6 8", "x" for the blank). examples/c/main.c is a complete program.
 *
 * STATUS CODES
 *
 *   Every function that can fail returns a godtab_status: GODTAB_OK (0),
 *   GODTAB_UNSOLVABLE (an answer: the goal cannot be reached), or a
 *   GODTAB_ERROR_* code. godtab_status_message(status) describes any code
 *   with a static string. Out-parameters are written only on GODTAB_OK,
 *   except where a function says otherwise. New codes will be added: treat
 *   an unknown code as a failure.
 *
 * OWNERSHIP AND LIFETIMES
 *
 *   - A godtab_table is caller storage (GODTAB_TABLE_SIZE bytes, aligned
 *     as uint64_t): static, on the stack, or in your own struct. Zero it or
 *     open a table in it before any other call; every call on a zeroed,
 *     closed or failed table answers GODTAB_ERROR_NOT_OPEN. An open table
 *     lives where it was opened: never copy or move the struct (a copy is
 *     not open).
 *   - godtab_table_open borrows the bytes: they must stay valid and
 *     unchanged while the table is open. Nothing is copied or allocated,
 *     and nothing needs freeing.
 *   - godtab_table_open_file owns the file's bytes (a memory map or the
 *     decompressed table) until godtab_table_close, which must be called
 *     once for each successful open of a file. Closing a borrowed table is
 *     allowed and frees nothing.
 *   - Strings the library returns (godtab_status_message, godtab_version)
 *     are static: never free them. Text the library writes (ids, move
 *     names, solutions) goes into the caller's buffers, NUL-terminated.
 *   - Output buffers may be NULL when their capacity is 0.
 *
 * FIRMWARE: THE LEAN LOOKUP
 *
 *   A godtab_table holds the puzzle's model (about 7 KB; its storage is
 *   GODTAB_TABLE_SIZE, 16 KiB, for pattern sets too) and its open pulls in
 *   the code of every puzzle kind. A godtab_lookup (GODTAB_LOOKUP_SIZE,
 *   256 bytes) opens a complete table of a board puzzle (a sliding board of
 *   single-tile moves or a permutation puzzle, distinct tiles, any
 *   encoding) with no model: godtab_lookup_open, godtab_lookup_distance,
 *   godtab_lookup_solve, godtab_lookup_move_name, the same answers and
 *   status codes. Nothing to close. Linked with -Wl,--gc-sections, a
 *   program that uses only these pays for far less code (figures:
 *   `cargo xtask bench size`, docs/PERFORMANCE.md). Other tables answer
 *   GODTAB_ERROR_UNSUPPORTED: open them as a godtab_table.
 *
 * THREADS
 *
 *   An open table is read-only: any number of threads may query the same
 *   table at once (distance, solve, names, verify), with no locking. Open
 *   and close need the table to themselves: no other call on that table
 *   may run meanwhile. Different tables are independent.
 *
 * COST
 *
 *   Opening runs constant-time structural checks (about a microsecond);
 *   godtab_table_verify checks every byte's checksum (O(size), tens of
 *   GB/s). A distance is a lookup (tens of nanoseconds), a solution a
 *   lookup per move. No call allocates, except godtab_table_open_file.
 */

#ifndef GODTAB_H
#define GODTAB_H

/* Generated with cbindgen:0.29.4 */

/* Generated from crates/capi by cbindgen: do not edit. Regenerate with
 * `cargo xtask gen-header`; `cargo xtask gen-header --check` (run in CI)
 * fails when this file is stale. */

#include <stddef.h>
#include <stdint.h>

/**
 * A text length meaning "up to the terminating NUL": pass it as the length
 * of state text that is a C string.
 */
#define GODTAB_NUL_TERMINATED SIZE_MAX

/**
 * The facelets of a cube, in the order of `godtab_cube_solve`.
 */
#define GODTAB_CUBE_FACELETS 54

/**
 * The length `godtab_cube_solve` searches within when asked for 0: 21
 * moves (found in about a millisecond on a desktop processor).
 */
#define GODTAB_CUBE_DEFAULT_LENGTH 21

/**
 * The longest solution `godtab_cube_solve` gives (and the largest
 * `max_length` it takes).
 */
#define GODTAB_CUBE_MAX_SOLUTION 32

/**
 * A buffer of this many bytes always holds a solution's text: at most
 * `GODTAB_CUBE_MAX_SOLUTION` moves of two characters, the spaces between
 * them and the NUL.
 */
#define GODTAB_CUBE_SOLUTION_TEXT 96

/**
 * The most bytes of stack `godtab_cube_solve` takes (its searches' fixed
 * arrays and frames; `cargo xtask bench size` measures 11,176 bytes in
 * libgodtab_nostd.a on x86-64), rounded up: all the RAM a solve uses. The
 * tables are read-only static data (`GODTAB_CUBE_TABLES_SIZE` bytes);
 * nothing is allocated or kept between calls.
 */
#define GODTAB_CUBE_SOLVE_STACK 12288

/**
 * The bytes of the built-in two-phase tables in the library (read-only
 * data: in flash on a firmware).
 */
#define GODTAB_CUBE_TABLES_SIZE 1177584

/**
 * Bytes of a `godtab_lookup`: an open lookup needs 208 on 64-bit targets;
 * the rest is room for later versions (the size is part of the ABI).
 */
#define GODTAB_LOOKUP_SIZE 256

/**
 * The `uint64_t` words of a `godtab_lookup`.
 */
#define GODTAB_LOOKUP_WORDS (GODTAB_LOOKUP_SIZE / 8)

/**
 * Bytes of a `godtab_table`. Today a table needs 7,072 bytes on 64-bit
 * targets and a pattern set 10,224 (both hold the puzzle's model, built at
 * open); the rest is room for later versions without changing the size,
 * which is part of the ABI. It was 8,192 before pattern sets opened here
 * (0.x: no ABI is released yet).
 */
#define GODTAB_TABLE_SIZE 16384

/**
 * The most bytes of a puzzle id, with its terminating NUL: a buffer this
 * size always holds `godtab_table_id`'s answer.
 */
#define GODTAB_MAX_ID 65

/**
 * The most bytes of a move name, with its terminating NUL: a buffer this
 * size always holds `godtab_move_name`'s answer.
 */
#define GODTAB_MAX_MOVE_NAME 33

/**
 * The most moves of any solution: a buffer this size always holds
 * `godtab_solve`'s answer (`godtab_table_max_depth` gives the most for one
 * table).
 */
#define GODTAB_MAX_SOLUTION 255



/**
 * The most bytes of stack a pattern set's search takes (its fixed
 * arrays: the searcher's move and pattern tables, a frame for each of
 * `GODTAB_MAX_SOLUTION` moves; 38,168 bytes today on 64-bit targets); a
 * complete table's queries take far less.
 */
#define GODTAB_SEARCH_STACK 40960

/**
 * The `uint64_t` words of a `godtab_table`.
 */
#define GODTAB_TABLE_WORDS (GODTAB_TABLE_SIZE / 8)

/**
 * `godtab_table_kind`: no open table.
 */
#define GODTAB_KIND_NONE 0

/**
 * `godtab_table_kind`: a complete table.
 */
#define GODTAB_KIND_COMPLETE 1

/**
 * `godtab_table_kind`: a pattern set.
 */
#define GODTAB_KIND_PATTERNS 2

/**
 * What a call did: `GODTAB_OK`, the answer `GODTAB_UNSOLVABLE`, or why it
 * failed. `godtab_status_message` describes each.
 *
 * The numbers are part of the ABI and never change meaning. They come in
 * groups with room between them: codes will be added (new kinds of table
 * and puzzle), so treat any code you do not know as a failure and print
 * its message.
 */
enum godtab_status
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
  /**
   * Success: the out-parameters hold the answer.
   */
  GODTAB_OK = 0,
  /**
   * The answer for a state that cannot reach the goal: there is no
   * distance and no solution (not a failure of the call; nothing is
   * written to the out-parameters).
   */
  GODTAB_UNSOLVABLE = 1,
  /**
   * A pointer the function needs is NULL.
   */
  GODTAB_ERROR_NULL = 10,
  /**
   * The output buffer is too small; where the function says so, the
   * length needed was written.
   */
  GODTAB_ERROR_BUFFER_TOO_SMALL = 11,
  /**
   * The `godtab_table` holds no open table: it was never opened (or
   * zeroed), its open failed, it was closed, or it is a copy (a table
   * is used where it was opened).
   */
  GODTAB_ERROR_NOT_OPEN = 12,
  /**
   * The `godtab_table` pointer is not aligned for a `godtab_table`.
   */
  GODTAB_ERROR_MISALIGNED = 13,
  /**
   * No move has this index.
   */
  GODTAB_ERROR_MOVE_INDEX = 14,
  /**
   * This library cannot do that: opening files without std
   * (`libgodtab_nostd.a`), or a kind of table or question it does not
   * know.
   */
  GODTAB_ERROR_UNSUPPORTED = 15,
  /**
   * The bytes are not a godtab table (too short, or no magic label).
   */
  GODTAB_ERROR_NOT_A_TABLE = 20,
  /**
   * A table of another format version or byte order than this library
   * reads: regenerate it, or use the library that came with it.
   */
  GODTAB_ERROR_VERSION = 21,
  /**
   * The table is damaged: truncated, or a field, header or section that
   * cannot be.
   */
  GODTAB_ERROR_CORRUPT = 22,
  /**
   * The checksum over the table's bytes does not match
   * (`godtab_table_verify`): some byte changed since it was written.
   */
  GODTAB_ERROR_CHECKSUM = 23,
  /**
   * The table contradicts itself while answering: damage the checks at
   * open did not see (`godtab_table_verify` tells whether the checksum
   * catches it).
   */
  GODTAB_ERROR_CONTRADICTION = 24,
  /**
   * The state has the wrong number of tiles for the puzzle.
   */
  GODTAB_ERROR_TILE_COUNT = 30,
  /**
   * A tile value the puzzle does not have (or `x` where there is no
   * blank).
   */
  GODTAB_ERROR_UNKNOWN_TILE = 31,
  /**
   * A tile given more often than the goal holds it.
   */
  GODTAB_ERROR_REPEATED_TILE = 32,
  /**
   * State text with a character that is no part of a tile (or a number
   * above 255).
   */
  GODTAB_ERROR_BAD_CHARACTER = 33,
  /**
   * Not a state of this puzzle, for a reason not listed above.
   */
  GODTAB_ERROR_BAD_STATE = 34,
  /**
   * The file cannot be read: missing, no permission, a folder or a
   * device, a path that is not text the system takes.
   */
  GODTAB_ERROR_IO = 40,
  /**
   * A compressed table is larger than the library accepts (16 GiB).
   */
  GODTAB_ERROR_TOO_LARGE = 41,
  /**
   * A search reached its node limit before it found a solution
   * (`godtab_solve_within` and `godtab_cube_solve` set the limit).
   */
  GODTAB_ERROR_NODE_LIMIT = 50,
  /**
   * Every solution is longer than `GODTAB_MAX_SOLUTION` moves: more
   * than a search goes.
   */
  GODTAB_ERROR_TOO_DEEP = 51,
  /**
   * Not a cube's facelets: not 54 letters of U R F D L B, not nine of
   * each, or a centre out of place.
   */
  GODTAB_ERROR_CUBE_FACELETS = 60,
  /**
   * A corner or edge that no cube has (colours of opposite faces
   * together), or one piece twice.
   */
  GODTAB_ERROR_CUBE_PIECES = 61,
  /**
   * One corner twisted: no turns of the faces reach this cube.
   */
  GODTAB_ERROR_CUBE_TWISTED = 62,
  /**
   * One edge flipped: no turns of the faces reach this cube.
   */
  GODTAB_ERROR_CUBE_FLIPPED = 63,
  /**
   * Two pieces swapped (an odd permutation): no turns of the faces reach
   * this cube.
   */
  GODTAB_ERROR_CUBE_PARITY = 64,
  /**
   * No solution was found within the length asked (below 20 moves there
   * may be none).
   */
  GODTAB_ERROR_CUBE_NOT_FOUND = 65,
  /**
   * A bug in godtab: a failure that cannot happen did (with std, a
   * panic caught at the boundary). Please report it.
   */
  GODTAB_ERROR_INTERNAL = 99,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum godtab_status godtab_status;
#else
typedef int32_t godtab_status;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * Storage for one open table: declare it anywhere (static, on the stack,
 * inside your own struct), zero it or open a table in it, and pass its
 * address to every call. Its contents are private.
 *
 * A table lives where it was opened: do not copy or move the struct while
 * it is open (a copy is not open: calls on it give
 * `GODTAB_ERROR_NOT_OPEN`).
 */
typedef struct {
  uint64_t opaque[GODTAB_TABLE_WORDS];
} godtab_table;

/**
 * Storage for one open lookup (a complete table of a board puzzle, read
 * with no puzzle model): `GODTAB_LOOKUP_SIZE` bytes, declared anywhere,
 * zeroed or opened, its address passed to every call. Its contents are
 * private. Do not copy or move it while it is open (a copy is not open).
 */
typedef struct {
  uint64_t opaque[GODTAB_LOOKUP_WORDS];
} godtab_lookup;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * Solves a 3x3x3 cube given as 54 facelet letters (`U R F D L B`, faces
 * in the order U R F D L B, each read row by row as the `kociemba`
 * package reads them; the solved cube is
 * "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB") in at most
 * `max_length` moves (0: `GODTAB_CUBE_DEFAULT_LENGTH`), with Kociemba's
 * two-phase algorithm: the answer is short, not always the shortest.
 * `facelets` holds `facelets_len` bytes (or is NUL-terminated when
 * `facelets_len` is `GODTAB_NUL_TERMINATED`); whitespace around the
 * letters is ignored.
 *
 * The solution goes to `out` as text: the moves in WCA notation (`U`,
 * `U2`, `U'`, ...) separated by single spaces, and a terminating NUL ("" for
 * the solved cube); `out` holds `capacity` bytes (NULL is allowed when
 * `capacity` is 0; `GODTAB_CUBE_SOLUTION_TEXT` is always enough); `*len`
 * gets the text's length without its NUL, also when the buffer is too
 * small. `max_nodes` bounds the search (0: no bound; a node takes a few
 * nanoseconds on a desktop processor).
 *
 * The search runs on the calling thread's stack (at most
 * `GODTAB_CUBE_SOLVE_STACK` bytes) and allocates nothing; the tables are
 * the library's own static data.
 *
 * Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set;
 * `GODTAB_ERROR_CUBE_FACELETS` (not 54 letters of URFDLB, nine of each,
 * centres in place), `GODTAB_ERROR_CUBE_PIECES` (a corner or edge no cube
 * has, or one twice), `GODTAB_ERROR_CUBE_TWISTED`,
 * `GODTAB_ERROR_CUBE_FLIPPED`, `GODTAB_ERROR_CUBE_PARITY` (no turns of
 * the faces reach such a cube); `GODTAB_ERROR_CUBE_NOT_FOUND` (no
 * solution within `max_length` moves: below 20 it may be that there is
 * none); `GODTAB_ERROR_NODE_LIMIT`; `GODTAB_ERROR_TOO_DEEP`
 * (`max_length` past `GODTAB_CUBE_MAX_SOLUTION`); `GODTAB_ERROR_NULL`.
 *
 * # Safety
 *
 * `facelets` NULL, or NUL-terminated when `facelets_len` is
 * `GODTAB_NUL_TERMINATED`, or else pointing to `facelets_len` readable
 * bytes; `out` NULL or pointing to `capacity` writable bytes; `len` NULL
 * or writable.
 */
godtab_status godtab_cube_solve(const char *facelets,
                                size_t facelets_len,
                                uint32_t max_length,
                                uint64_t max_nodes,
                                char *out,
                                size_t capacity,
                                size_t *len);

/**
 * The number of moves from the state with these tile values to the goal.
 *
 * `tiles` holds `count` tile values in reading order (rows top to bottom,
 * each left to right); the blank of a sliding puzzle is 0. On `GODTAB_OK`
 * `*distance` is the answer (0 for the goal); on `GODTAB_UNSOLVABLE`
 * (the goal cannot be reached) and on failures it is not written.
 *
 * Returns `GODTAB_OK`, `GODTAB_UNSOLVABLE`, `GODTAB_ERROR_TILE_COUNT`,
 * `GODTAB_ERROR_UNKNOWN_TILE`, `GODTAB_ERROR_REPEATED_TILE`,
 * `GODTAB_ERROR_CONTRADICTION`, `GODTAB_ERROR_NULL`,
 * `GODTAB_ERROR_MISALIGNED` or `GODTAB_ERROR_NOT_OPEN`. Time: constant
 * (tens of nanoseconds) for a full table.
 *
 * # Safety
 *
 * `table` is NULL or points to a `godtab_table` that was zeroed or passed
 * to an open function; `tiles` is NULL or points to `count` readable
 * bytes; `distance` is NULL or writable.
 */
godtab_status godtab_distance(const godtab_table *table,
                              const uint8_t *tiles,
                              size_t count,
                              uint32_t *distance);

/**
 * `godtab_distance` for a state written as text: tile values in reading
 * order separated by whitespace, `x` for the blank ("2 3 4 1 5 x 7 6 8";
 * separators are optional when every tile is one character:
 * "23415x768"). Line breaks count as whitespace, so a board written as
 * rows works too.
 *
 * `text` holds `len` bytes, or is NUL-terminated when `len` is
 * `GODTAB_NUL_TERMINATED`.
 *
 * Returns as `godtab_distance`, and `GODTAB_ERROR_BAD_CHARACTER`.
 *
 * # Safety
 *
 * As `godtab_distance`, with `text` NULL, or NUL-terminated when `len` is
 * `GODTAB_NUL_TERMINATED`, or else pointing to `len` readable bytes.
 */
godtab_status godtab_distance_text(const godtab_table *table,
                                   const char *text,
                                   size_t len,
                                   uint32_t *distance);

/**
 * Writes the names of `count` moves (indices as `godtab_solve` gives
 * them) into `out`, separated by `separator` (NUL-terminated; "" runs
 * them together, as in "ullddr", " " gives "V1 V3 H1"), and a terminating
 * NUL. `out` holds `capacity` bytes (NULL is allowed when `capacity` is
 * 0); `*len` gets the length of the text without its NUL, also when the
 * buffer is too small, so a first call with `capacity` 0 sizes it.
 *
 * Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set
 * (nothing useful written); `GODTAB_ERROR_MOVE_INDEX` for an index past
 * the last move; `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
 * `GODTAB_ERROR_NOT_OPEN`.
 *
 * # Safety
 *
 * `table` as for `godtab_distance`; `moves` NULL or pointing to `count`
 * readable bytes (NULL is allowed when `count` is 0); `separator` NULL or
 * NUL-terminated; `out` NULL or pointing to `capacity` writable bytes;
 * `len` NULL or writable.
 */
godtab_status godtab_format_moves(const godtab_table *table,
                                  const uint8_t *moves,
                                  size_t count,
                                  const char *separator,
                                  char *out,
                                  size_t capacity,
                                  size_t *len);

/**
 * The number of moves from the state with these tile values (reading
 * order, 0 for the blank) to the goal, as `godtab_distance`: constant time
 * for a full table, a walk to the goal for a compact or parity one.
 *
 * Returns as `godtab_distance`.
 *
 * # Safety
 *
 * `lookup` is NULL or points to a `godtab_lookup` that was zeroed or
 * opened; `tiles` is NULL or points to `count` readable bytes; `distance`
 * is NULL or writable.
 */
godtab_status godtab_lookup_distance(const godtab_lookup *lookup,
                                     const uint8_t *tiles,
                                     size_t count,
                                     uint32_t *distance);

/**
 * Writes the name of move `index` and a NUL into `out` (`capacity` bytes;
 * `GODTAB_MAX_MOVE_NAME` always do), as `godtab_move_name`.
 *
 * # Safety
 *
 * `lookup` as for `godtab_lookup_distance`; `out` NULL or `capacity`
 * writable bytes.
 */
godtab_status godtab_lookup_move_name(const godtab_lookup *lookup,
                                      size_t index,
                                      char *out,
                                      size_t capacity);

/**
 * Opens a complete table of a board puzzle (a sliding board of single-tile
 * moves or a permutation puzzle, distinct tiles, any encoding) over the
 * caller's bytes, in place in `lookup`, with the checks of
 * `godtab_table_open`; the bytes must stay valid and unchanged while it
 * is used. Nothing needs closing or freeing: zero the storage or open
 * again.
 *
 * Returns `GODTAB_OK`; `GODTAB_ERROR_UNSUPPORTED` for a table a lookup
 * does not answer (open it as a `godtab_table`); as `godtab_table_open`
 * otherwise.
 *
 * # Safety
 *
 * `lookup` is NULL or points to writable storage for a `godtab_lookup`;
 * `bytes` is NULL or points to `len` readable bytes that outlive the open
 * lookup.
 */
godtab_status godtab_lookup_open(godtab_lookup *lookup, const uint8_t *bytes, size_t len);

/**
 * Writes the moves of the least optimal solution (move indices) into
 * `moves` and their number into `*len`, as `godtab_solve` does.
 *
 * Returns as `godtab_solve`.
 *
 * # Safety
 *
 * `lookup` as for `godtab_lookup_distance`; `tiles` NULL or `count`
 * readable bytes; `moves` NULL or `capacity` writable bytes; `len` NULL or
 * writable.
 */
godtab_status godtab_lookup_solve(const godtab_lookup *lookup,
                                  const uint8_t *tiles,
                                  size_t count,
                                  uint8_t *moves,
                                  size_t capacity,
                                  size_t *len);

/**
 * Writes the name of move `index` (e.g. "V1") and a terminating NUL into
 * `out`, which holds `capacity` bytes; `GODTAB_MAX_MOVE_NAME` bytes are
 * always enough. Names have no whitespace or control characters.
 *
 * Returns `GODTAB_OK`, or `GODTAB_ERROR_MOVE_INDEX`,
 * `GODTAB_ERROR_BUFFER_TOO_SMALL` (and writes nothing),
 * `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
 * `GODTAB_ERROR_NOT_OPEN`.
 *
 * # Safety
 *
 * As `godtab_table_id`.
 */
godtab_status godtab_move_name(const godtab_table *table, size_t index, char *out, size_t capacity);

/**
 * An optimal solution of the state with these tile values, as move
 * indices (`godtab_move_name` names them): the lexicographically least
 * of the shortest move sequences, so the same answer every time.
 *
 * `tiles` and `count` as for `godtab_distance`. The moves go to `moves`,
 * which holds `capacity` bytes (NULL is allowed when `capacity` is 0);
 * `*len` gets their number. A buffer of `godtab_table_max_depth` bytes
 * (at most `GODTAB_MAX_SOLUTION`) is always enough. The goal's solution
 * is empty: `GODTAB_OK` and `*len` 0.
 *
 * Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set to
 * the moves needed (the buffer's contents are then unspecified);
 * `GODTAB_UNSOLVABLE` (nothing written); or a failure as for
 * `godtab_distance`. Time: a few nanoseconds per move for a full table.
 *
 * # Safety
 *
 * As `godtab_distance`, with `moves` NULL or pointing to `capacity`
 * writable bytes and `len` NULL or writable.
 */
godtab_status godtab_solve(const godtab_table *table,
                           const uint8_t *tiles,
                           size_t count,
                           uint8_t *moves,
                           size_t capacity,
                           size_t *len);

/**
 * `godtab_solve` for a state written as text (see
 * `godtab_distance_text`).
 *
 * Returns as `godtab_solve`, and `GODTAB_ERROR_BAD_CHARACTER`.
 *
 * # Safety
 *
 * As `godtab_distance_text` for `table` and `text`, as `godtab_solve`
 * for `moves` and `len`.
 */
godtab_status godtab_solve_text(const godtab_table *table,
                                const char *text,
                                size_t text_len,
                                uint8_t *moves,
                                size_t capacity,
                                size_t *len);

/**
 * `godtab_solve` with a node limit for a pattern set's search: IDA*
 * expands at most `max_nodes` nodes (0 means the default of
 * `godtab_solve`, 200,000,000: a few seconds) and then gives up with
 * `GODTAB_ERROR_NODE_LIMIT`. The search runs on the calling thread's
 * stack, in fixed arrays (`GODTAB_SEARCH_STACK` bytes at most), and
 * allocates nothing. A complete table ignores `max_nodes` and answers by
 * lookup.
 *
 * Returns as `godtab_solve`, and `GODTAB_ERROR_NODE_LIMIT` or
 * `GODTAB_ERROR_TOO_DEEP` (every solution is longer than
 * `GODTAB_MAX_SOLUTION` moves).
 *
 * # Safety
 *
 * As `godtab_solve`.
 */
godtab_status godtab_solve_within(const godtab_table *table,
                                  const uint8_t *tiles,
                                  size_t count,
                                  uint64_t max_nodes,
                                  uint8_t *moves,
                                  size_t capacity,
                                  size_t *len);

/**
 * Describes a status code: a static, NUL-terminated English sentence
 * (never NULL; never free it).
 *
 * `status` may be any number: a code this library does not know (from a
 * newer library, or no code at all) gets "unknown godtab status code".
 */
const char *godtab_status_message(int32_t status);

/**
 * The puzzle's number of cells (tiles in a state), or 0 if `table` is
 * NULL or holds no open table.
 *
 * # Safety
 *
 * As `godtab_table_verify`.
 */
size_t godtab_table_cells(const godtab_table *table);

/**
 * Closes a table: frees what `godtab_table_open_file` allocated (its
 * memory map or decompressed bytes) and marks `table` closed, so that any
 * later call on it gives `GODTAB_ERROR_NOT_OPEN` until it is opened again.
 * For a table over caller bytes it frees nothing: the bytes are the
 * caller's.
 *
 * Safe on NULL, on a zeroed, closed or failed table: it then does
 * nothing. No other call may use the table while it closes.
 *
 * # Safety
 *
 * `table` is NULL or points to a `godtab_table` that was zeroed or passed
 * to an open function.
 */
void godtab_table_close(godtab_table *table);

/**
 * Writes the puzzle's id (e.g. "nine-digits") and a terminating NUL into
 * `out`, which holds `capacity` bytes; `GODTAB_MAX_ID` bytes are always
 * enough.
 *
 * Returns `GODTAB_OK`, or `GODTAB_ERROR_BUFFER_TOO_SMALL` (and writes
 * nothing), `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
 * `GODTAB_ERROR_NOT_OPEN`.
 *
 * # Safety
 *
 * `table` as for `godtab_table_verify`; `out` is NULL or points to
 * `capacity` writable bytes.
 */
godtab_status godtab_table_id(const godtab_table *table, char *out, size_t capacity);

/**
 * What a `godtab_table` holds: `GODTAB_KIND_COMPLETE` (every state's
 * distance: answers by lookup), `GODTAB_KIND_PATTERNS` (a pattern set:
 * answers by IDA*, within a node limit), or `GODTAB_KIND_NONE` if `table`
 * is NULL or holds no open table.
 *
 * # Safety
 *
 * As `godtab_table_verify`.
 */
uint32_t godtab_table_kind(const godtab_table *table);

/**
 * God's number: the most moves any state needs, so the longest solution
 * (a solution buffer of this many bytes is always enough for this
 * table). For a pattern set, whose God's number is not known, the longest
 * solution a search returns: `GODTAB_MAX_SOLUTION`. 0 if `table` is NULL
 * or holds no open table.
 *
 * # Safety
 *
 * As `godtab_table_verify`.
 */
uint32_t godtab_table_max_depth(const godtab_table *table);

/**
 * The puzzle's number of moves (move indices are 0 to this minus 1), or
 * 0 if `table` is NULL or holds no open table.
 *
 * # Safety
 *
 * As `godtab_table_verify`.
 */
size_t godtab_table_moves(const godtab_table *table);

/**
 * Opens a table file over the caller's bytes, in place in `table`: a
 * complete table (answers by lookup) or a pattern set (answers by search,
 * `godtab_solve_within`); `godtab_table_kind` tells which. Checks the
 * preamble, the header and every offset and length (constant time: about
 * a microsecond), copying nothing and allocating nothing.
 *
 * `bytes` must stay valid and unchanged until `godtab_table_close` (or
 * until `table` is no longer used): the table reads them on every query.
 * A table in flash or a `static const` array is the usual case. Nothing
 * needs freeing afterwards; `godtab_table_close` only marks it closed.
 *
 * `table` is written whatever happens: on failure it holds no open table.
 * Opening over a table still open from `godtab_table_open_file` leaks its
 * file: close that first.
 *
 * Returns `GODTAB_OK`, `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED`,
 * `GODTAB_ERROR_NOT_A_TABLE`, `GODTAB_ERROR_VERSION` or
 * `GODTAB_ERROR_CORRUPT`. Checking every byte's checksum is a separate,
 * O(size) call: `godtab_table_verify`.
 *
 * # Safety
 *
 * `table` is NULL or points to writable storage for a `godtab_table`;
 * `bytes` is NULL or points to `len` readable bytes that outlive the open
 * table.
 */
godtab_status godtab_table_open(godtab_table *table, const uint8_t *bytes, size_t len);

/**
 * Opens a table file, in place in `table`: a `.gtab` file is
 * memory-mapped, a `.gtab.zst` file (zstd data, whatever the name)
 * decompressed into memory; then the checks of `godtab_table_open` run.
 * The table owns its bytes: call `godtab_table_close` to release them.
 *
 * `path` is a NUL-terminated path in the system's encoding. `table` is
 * written whatever happens: on failure it holds no open table and needs
 * no close. Opening over a table still open from this function leaks
 * its file: close that first.
 *
 * Only `libgodtab.a` and `libgodtab.so` open files; `libgodtab_nostd.a`
 * (no std, no allocator) answers `GODTAB_ERROR_UNSUPPORTED`.
 *
 * Returns `GODTAB_OK`, `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED`,
 * `GODTAB_ERROR_IO`, `GODTAB_ERROR_TOO_LARGE`, `GODTAB_ERROR_UNSUPPORTED`,
 * or any failure of `godtab_table_open` (a damaged `.zst` file is
 * `GODTAB_ERROR_CORRUPT`).
 *
 * # Safety
 *
 * `table` is NULL or points to writable storage for a `godtab_table`;
 * `path` is NULL or a NUL-terminated string.
 */
godtab_status godtab_table_open_file(godtab_table *table, const char *path);

/**
 * Checks the checksum over every byte of the table (xxh3: O(size), at
 * memory speed, tens of GB/s): `GODTAB_OK` if no byte changed since the
 * table was written, else `GODTAB_ERROR_CHECKSUM`. Opening checks only
 * the structure; call this once after opening when the bytes may be
 * damaged (a download, a flash write).
 *
 * Returns also `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
 * `GODTAB_ERROR_NOT_OPEN`.
 *
 * # Safety
 *
 * `table` is NULL or points to a `godtab_table` that was zeroed or passed
 * to an open function.
 */
godtab_status godtab_table_verify(const godtab_table *table);

/**
 * The library's version, e.g. "0.1.0": a static, NUL-terminated string
 * (never NULL; never free it).
 */
const char *godtab_version(void);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* GODTAB_H */
