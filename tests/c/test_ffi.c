/*
 * test_ffi.c: tests of the Metropolys C API, every function and every error
 * path (NULL pointers, handles that are not live, illegal actions, buffers
 * that are too small, malformed JSON, finished games, records), and the
 * words for players in each language (narrations, actions, scoring rules).
 *
 * Usage: test_ffi [conformance-directory [board-json]]
 *   Every *.json file in the directory is a game record that must replay and
 *   verify (mtp_record_verify) and load (mtp_game_from_record) to the same
 *   game. A missing or empty directory adds no tests.
 *   Every neighborhood's kind must equal the board description (default
 *   metropolys-core/data/board.json, the repository's copy of the board
 *   data, which metropolys-core/tests/board.rs compares with its shared
 *   original); when that file is absent the test says
 *   it skipped.
 *
 * Prints one line per test and ends with "N passed, M failed"; the exit
 * status is 0 only when nothing failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metropolys.h"

/* ----- a minimal test runner ----------------------------------------------- */

static int tests_passed = 0;
static int tests_failed = 0;
static int current_failures = 0;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            current_failures++;                                                          \
            fprintf(stderr, "  %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                                \
    } while (0)

#define CHECK_STATUS(call, want)                                                          \
    do {                                                                                  \
        MtpStatus got_ = (call);                                                          \
        if (got_ != (want)) {                                                             \
            current_failures++;                                                           \
            fprintf(stderr, "  %s:%d: %s\n    gave %s, expected %s (last error: %s)\n",   \
                    __FILE__, __LINE__, #call, mtp_status_name(got_),                     \
                    mtp_status_name(want), mtp_last_error());                             \
        }                                                                                 \
    } while (0)

/* Checks that the last error message is not empty and mentions `needle`. */
#define CHECK_ERROR_MENTIONS(needle)                                                      \
    do {                                                                                  \
        const char *msg_ = mtp_last_error();                                              \
        if (msg_ == NULL || strstr(msg_, (needle)) == NULL) {                             \
            current_failures++;                                                           \
            fprintf(stderr, "  %s:%d: last error \"%s\" does not mention \"%s\"\n",       \
                    __FILE__, __LINE__, msg_ ? msg_ : "(null)", (needle));                \
        }                                                                                 \
    } while (0)

static void run(const char *name, void (*test)(void)) {
    current_failures = 0;
    test();
    if (current_failures == 0) {
        tests_passed++;
        printf("ok   %s\n", name);
    } else {
        tests_failed++;
        printf("FAIL %s (%d failed checks)\n", name, current_failures);
    }
}

#define RUN(test) run(#test, test)

/* ----- helpers -------------------------------------------------------------- */

static MtpGame *new_game(uint8_t players, uint32_t variant, uint64_t seed) {
    MtpGame *g = NULL;
    CHECK_STATUS(mtp_game_new_simple(players, variant, seed, &g), MTP_STATUS_OK);
    return g;
}

static MtpAction bid(uint8_t neighborhood, uint8_t building) {
    MtpAction a = {MTP_ACTION_KIND_BID, neighborhood, building};
    return a;
}

static MtpAction pass(void) {
    MtpAction a = {MTP_ACTION_KIND_PASS, 0, 0};
    return a;
}

/* The state of `g` as JSON (caller frees with mtp_string_free). */
static char *state_json(const MtpGame *g) {
    char *s = NULL;
    CHECK_STATUS(mtp_game_to_json(g, &s), MTP_STATUS_OK);
    return s;
}

static bool same_state(const MtpGame *a, const MtpGame *b) {
    char *x = state_json(a);
    char *y = state_json(b);
    bool same = x != NULL && y != NULL && strcmp(x, y) == 0;
    mtp_string_free(x);
    mtp_string_free(y);
    return same;
}

static bool is_over(const MtpGame *g) {
    bool over = false;
    CHECK_STATUS(mtp_game_is_over(g, &over), MTP_STATUS_OK);
    return over;
}

/* Plays `g` to the end with a seeded choice among the legal action ids;
 * frees `g` and returns the final game. */
static MtpGame *play_out(MtpGame *g, uint64_t seed) {
    uint16_t ids[MTP_ACTION_COUNT];
    uint64_t x = seed | 1;
    while (g != NULL && !is_over(g)) {
        size_t n = 0;
        CHECK_STATUS(mtp_game_legal_action_ids(g, ids, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
        CHECK(n > 0); /* R-11: a seat asked to act can always bid */
        if (n == 0) {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        MtpGame *next = NULL;
        CHECK_STATUS(mtp_game_apply_id(g, ids[x % n], &next), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
        g = next;
    }
    return g;
}

/* Returns a copy of `text` with the first `from` replaced by `to`, or NULL. */
static char *replace_once(const char *text, const char *from, const char *to) {
    const char *at = strstr(text, from);
    if (at == NULL) {
        return NULL;
    }
    size_t head = (size_t)(at - text), from_len = strlen(from), to_len = strlen(to);
    size_t total = strlen(text) - from_len + to_len;
    char *out = malloc(total + 1);
    if (out == NULL) {
        return NULL;
    }
    memcpy(out, text, head);
    memcpy(out + head, to, to_len);
    strcpy(out + head + to_len, at + from_len);
    return out;
}

static size_t live_at_start;

/* ----- tests ---------------------------------------------------------------- */

static void test_version_and_status_names(void) {
    CHECK(mtp_version() != NULL && strlen(mtp_version()) > 0);
    CHECK(mtp_abi_version() == MTP_ABI_VERSION);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_OK), "MTP_STATUS_OK") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_NULL_POINTER), "MTP_STATUS_NULL_POINTER") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_ARGUMENT), "MTP_STATUS_INVALID_ARGUMENT") ==
          0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_HANDLE), "MTP_STATUS_INVALID_HANDLE") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_ILLEGAL_ACTION), "MTP_STATUS_ILLEGAL_ACTION") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_GAME_OVER), "MTP_STATUS_GAME_OVER") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_CONFIG), "MTP_STATUS_INVALID_CONFIG") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_JSON), "MTP_STATUS_INVALID_JSON") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_STATE), "MTP_STATUS_INVALID_STATE") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_INVALID_RECORD), "MTP_STATUS_INVALID_RECORD") == 0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_RECORD_MISMATCH), "MTP_STATUS_RECORD_MISMATCH") ==
          0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_BUFFER_TOO_SMALL), "MTP_STATUS_BUFFER_TOO_SMALL") ==
          0);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_PANIC), "MTP_STATUS_PANIC") == 0);
    CHECK(strcmp(mtp_status_name(-1), "MTP_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(mtp_status_name(1000), "MTP_STATUS_UNKNOWN") == 0);
}

static void test_new_simple_and_queries(void) {
    MtpGame *g = new_game(3, MTP_VARIANT_EXPERT, 42);
    uint8_t players = 0, seat = 99;
    uint32_t variant = 99;
    uint16_t call = 0;
    size_t count = 0;
    bool over = true;
    CHECK_STATUS(mtp_game_players(g, &players), MTP_STATUS_OK);
    CHECK(players == 3);
    CHECK_STATUS(mtp_game_variant(g, &variant), MTP_STATUS_OK);
    CHECK(variant == MTP_VARIANT_EXPERT);
    CHECK_STATUS(mtp_game_to_act(g, &seat), MTP_STATUS_OK);
    CHECK(seat == 0);
    CHECK_STATUS(mtp_game_is_over(g, &over), MTP_STATUS_OK);
    CHECK(!over);
    CHECK_STATUS(mtp_game_call_number(g, &call), MTP_STATUS_OK);
    CHECK(call == 1);
    CHECK_STATUS(mtp_game_legal_action_count(g, &count), MTP_STATUS_OK);
    CHECK(count > 0);

    /* NULL output pointers. */
    CHECK_STATUS(mtp_game_players(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_ERROR_MENTIONS("NULL");
    CHECK_STATUS(mtp_game_variant(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_to_act(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_is_over(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_call_number(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_action_count(g, NULL), MTP_STATUS_NULL_POINTER);
    /* NULL game handles. */
    CHECK_STATUS(mtp_game_players(NULL, &players), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_variant(NULL, &variant), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_to_act(NULL, &seat), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_is_over(NULL, &over), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_call_number(NULL, &call), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_action_count(NULL, &count), MTP_STATUS_NULL_POINTER);

    /* Bad arguments give no handle. */
    MtpGame *bad = NULL;
    CHECK_STATUS(mtp_game_new_simple(5, MTP_VARIANT_FAMILY, 0, &bad), MTP_STATUS_INVALID_CONFIG);
    CHECK_ERROR_MENTIONS("R-1");
    CHECK_STATUS(mtp_game_new_simple(1, MTP_VARIANT_FAMILY, 0, &bad), MTP_STATUS_INVALID_CONFIG);
    CHECK_STATUS(mtp_game_new_simple(2, 7, 0, &bad), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("variant");
    CHECK_STATUS(mtp_game_new_simple(2, MTP_VARIANT_FAMILY, 0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK(bad == NULL);

    /* The same seed gives the same game; another seed another one. */
    MtpGame *same = new_game(3, MTP_VARIANT_EXPERT, 42);
    MtpGame *other = new_game(3, MTP_VARIANT_EXPERT, 43);
    CHECK(same_state(g, same));
    CHECK(!same_state(g, other));
    CHECK_STATUS(mtp_game_free(same), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(other), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_new_from_config_json(void) {
    MtpGame *g = NULL;
    CHECK_STATUS(mtp_game_new("{\"players\": 4, \"variant\": \"expert\", \"seed\": 9, "
                              "\"start_player\": 2}",
                              &g),
                 MTP_STATUS_OK);
    uint8_t seat = 0;
    CHECK_STATUS(mtp_game_to_act(g, &seat), MTP_STATUS_OK);
    CHECK(seat == 2);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    /* Metropolys cards dealt from a deck (R-22). */
    g = NULL;
    CHECK_STATUS(mtp_game_new("{\"players\": 2, \"variant\": \"expert\", \"seed\": 3, "
                              "\"metropolys_deck\": [[\"park\",\"mall\",\"housing\"],"
                              "[\"industry\",\"park\",\"administration\"],"
                              "[\"mall\",\"housing\",\"industry\"],"
                              "[\"administration\",\"mall\",\"park\"]]}",
                              &g),
                 MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    MtpGame *bad = NULL;
    CHECK_STATUS(mtp_game_new("{\"players\": 5}", &bad), MTP_STATUS_INVALID_CONFIG);
    CHECK_ERROR_MENTIONS("R-1");
    CHECK_STATUS(mtp_game_new("{\"players\": 3, \"start_player\": 3}", &bad),
                 MTP_STATUS_INVALID_CONFIG);
    CHECK_STATUS(mtp_game_new("{\"players\": 2, \"out_of_play\": [\"north\", \"south\"]}", &bad),
                 MTP_STATUS_INVALID_CONFIG);
    CHECK_ERROR_MENTIONS("R-2");
    CHECK_STATUS(mtp_game_new("{\"players\": 2, \"colour\": \"red\"}", &bad),
                 MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_new("{\"players\": ", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_new("", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_new("[]", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_new("\xff\xfe", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_ERROR_MENTIONS("UTF-8");
    CHECK_STATUS(mtp_game_new(NULL, &bad), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_new("{\"players\": 2}", NULL), MTP_STATUS_NULL_POINTER);
    CHECK(bad == NULL);
}

static void test_last_error(void) {
    MtpGame *bad = NULL;
    CHECK_STATUS(mtp_game_new("{", &bad), MTP_STATUS_INVALID_JSON);
    const char *msg = mtp_last_error();
    size_t len = strlen(msg);
    CHECK(len > 10);
    char small[8];
    memset(small, 'x', sizeof small);
    CHECK(mtp_last_error_copy(small, sizeof small) == len);
    CHECK(small[7] == '\0');
    CHECK(strncmp(small, mtp_last_error(), 7) == 0);
    char big[512];
    CHECK(mtp_last_error_copy(big, sizeof big) == len);
    CHECK(strcmp(big, mtp_last_error()) == 0);
    CHECK(mtp_last_error_copy(NULL, 0) == len);
    /* A zero capacity writes nothing. */
    char untouched = 'u';
    CHECK(mtp_last_error_copy(&untouched, 0) == len);
    CHECK(untouched == 'u');
    /* A success clears the message. */
    CHECK(mtp_abi_version() == MTP_ABI_VERSION); /* not a status call: keeps it */
    CHECK(strlen(mtp_last_error()) == len);
    MtpGame *g = new_game(2, MTP_VARIANT_FAMILY, 1);
    CHECK(strcmp(mtp_last_error(), "") == 0);
    CHECK(mtp_last_error_copy(big, sizeof big) == 0);
    CHECK(big[0] == '\0');
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_legal_actions_and_buffer_protocol(void) {
    MtpGame *g = new_game(4, MTP_VARIANT_EXPERT, 5);
    size_t count = 0, n = 0;
    CHECK_STATUS(mtp_game_legal_action_count(g, &count), MTP_STATUS_OK);
    CHECK(count > 3);

    /* Asking for the size: NULL buffer, capacity 0. */
    CHECK_STATUS(mtp_game_legal_actions(g, NULL, 0, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == count);
    /* Too small: the count is written, the buffer is not. */
    MtpAction few[3];
    memset(few, 0xAB, sizeof few);
    n = 0;
    CHECK_STATUS(mtp_game_legal_actions(g, few, 3, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == count);
    CHECK(few[0].kind == 0xAB && few[2].building == 0xAB);
    CHECK_ERROR_MENTIONS("buffer");
    /* NULL buffer with a capacity, NULL count. */
    CHECK_STATUS(mtp_game_legal_actions(g, NULL, 10, &n), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_actions(g, few, 3, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_actions(NULL, few, 3, &n), MTP_STATUS_NULL_POINTER);

    MtpAction *all = malloc(count * sizeof *all);
    uint16_t *ids = malloc(count * sizeof *ids);
    CHECK_STATUS(mtp_game_legal_actions(g, all, count, &n), MTP_STATUS_OK);
    CHECK(n == count);
    CHECK_STATUS(mtp_game_legal_action_ids(g, ids, count, &n), MTP_STATUS_OK);
    CHECK(n == count);
    for (size_t i = 0; i < count; i++) {
        uint16_t id = 0;
        MtpAction back;
        bool legal = false;
        CHECK(all[i].kind == MTP_ACTION_KIND_BID); /* the opener cannot pass (R-7) */
        CHECK_STATUS(mtp_action_to_id(all[i], &id), MTP_STATUS_OK);
        CHECK(id == ids[i]);
        CHECK_STATUS(mtp_action_from_id(ids[i], &back), MTP_STATUS_OK);
        CHECK(back.kind == all[i].kind && back.neighborhood == all[i].neighborhood &&
              back.building == all[i].building);
        CHECK_STATUS(mtp_game_is_legal(g, all[i], &legal), MTP_STATUS_OK);
        CHECK(legal);
        CHECK_STATUS(mtp_game_check(g, all[i]), MTP_STATUS_OK);
    }
    uint16_t one_id;
    CHECK_STATUS(mtp_game_legal_action_ids(g, &one_id, 1, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == count);
    CHECK_STATUS(mtp_game_legal_action_ids(g, NULL, 5, &n), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_action_ids(g, ids, count, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_legal_action_ids(NULL, ids, count, &n), MTP_STATUS_NULL_POINTER);
    free(all);
    free(ids);

    /* is_legal and check on illegal or malformed actions. */
    bool legal = true;
    CHECK_STATUS(mtp_game_is_legal(g, pass(), &legal), MTP_STATUS_OK);
    CHECK(!legal);
    CHECK_STATUS(mtp_game_check(g, pass()), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-7");
    CHECK_STATUS(mtp_game_check(g, bid(55, 1)), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_STATUS(mtp_game_check(g, bid(0, 14)), MTP_STATUS_ILLEGAL_ACTION);
    MtpAction weird = {7, 0, 1};
    CHECK_STATUS(mtp_game_is_legal(g, weird, &legal), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_check(g, weird), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_is_legal(g, pass(), NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_is_legal(NULL, pass(), &legal), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_check(NULL, pass()), MTP_STATUS_NULL_POINTER);

    /* The whole id space converts both ways. */
    int round_trips = 0;
    for (uint16_t id = 0; id < MTP_ACTION_COUNT; id++) {
        MtpAction a;
        uint16_t back = 0;
        if (mtp_action_from_id(id, &a) == MTP_STATUS_OK &&
            mtp_action_to_id(a, &back) == MTP_STATUS_OK && back == id) {
            round_trips++;
        }
    }
    CHECK(round_trips == MTP_ACTION_COUNT);
    MtpAction a;
    uint16_t id;
    CHECK_STATUS(mtp_action_from_id(MTP_PASS_ID, &a), MTP_STATUS_OK);
    CHECK(a.kind == MTP_ACTION_KIND_PASS);
    CHECK_STATUS(mtp_action_from_id(MTP_ACTION_COUNT, &a), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_from_id(0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_action_to_id(bid(55, 1), &id), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_to_id(bid(0, 0), &id), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_to_id(weird, &id), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_to_id(pass(), NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_apply_returns_a_new_handle(void) {
    MtpGame *g0 = new_game(4, MTP_VARIANT_FAMILY, 1);
    char *before = state_json(g0);
    MtpGame *g1 = NULL;
    CHECK_STATUS(mtp_game_apply(g0, bid(0, 5), &g1), MTP_STATUS_OK);
    CHECK(g1 != NULL && g1 != g0);
    char *after = state_json(g0);
    CHECK(strcmp(before, after) == 0); /* the old game is unchanged */
    mtp_string_free(before);
    mtp_string_free(after);
    CHECK(!same_state(g0, g1));

    MtpEvent ev[4];
    size_t n = 0;
    CHECK_STATUS(mtp_game_events(g1, ev, 4, &n), MTP_STATUS_OK);
    CHECK(n == 1);
    CHECK(ev[0].tag == MTP_EVENT_TYPE_BID_PLACED);
    CHECK(ev[0].player == 0 && ev[0].neighborhood == 0 && ev[0].building == 5);
    uint8_t seat = 0;
    CHECK_STATUS(mtp_game_to_act(g1, &seat), MTP_STATUS_OK);
    CHECK(seat == 1);

    /* Outbids must be adjacent and higher (R-9). */
    MtpGame *none = NULL;
    CHECK_STATUS(mtp_game_apply(g1, bid(19, 4), &none), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-9");
    CHECK_STATUS(mtp_game_apply(g1, bid(0, 6), &none), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-7/R-9");
    CHECK_STATUS(mtp_game_apply(g0, pass(), &none), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-7");
    MtpAction weird = {3, 0, 1};
    CHECK_STATUS(mtp_game_apply(g0, weird, &none), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_apply(g0, bid(0, 5), NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_apply(NULL, bid(0, 5), &none), MTP_STATUS_NULL_POINTER);
    CHECK(none == NULL);

    /* By id: the same game as by struct. */
    uint16_t id = 0;
    CHECK_STATUS(mtp_action_to_id(bid(0, 5), &id), MTP_STATUS_OK);
    MtpGame *by_id = NULL;
    CHECK_STATUS(mtp_game_apply_id(g0, id, &by_id), MTP_STATUS_OK);
    CHECK(same_state(by_id, g1));
    CHECK_STATUS(mtp_game_apply_id(g0, MTP_ACTION_COUNT, &none), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_apply_id(g0, MTP_PASS_ID, &none), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_STATUS(mtp_game_apply_id(g0, id, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_apply_id(NULL, id, &none), MTP_STATUS_NULL_POINTER);

    /* For a seat: only the seat to act (R-8). */
    MtpGame *for_seat = NULL;
    CHECK_STATUS(mtp_game_apply_for(g0, 1, bid(0, 5), &none), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-8");
    CHECK_STATUS(mtp_game_apply_for(g0, 0, bid(0, 5), &for_seat), MTP_STATUS_OK);
    CHECK(same_state(for_seat, g1));
    CHECK_STATUS(mtp_game_apply_for(g0, 0, weird, &none), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_apply_for(g0, 0, bid(0, 5), NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_apply_for(NULL, 0, bid(0, 5), &none), MTP_STATUS_NULL_POINTER);
    CHECK(none == NULL);

    /* Freeing the parent leaves the children valid. */
    CHECK_STATUS(mtp_game_free(g0), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_to_act(g1, &seat), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g1), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(by_id), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(for_seat), MTP_STATUS_OK);
}

static void test_events(void) {
    MtpGame *g = new_game(2, MTP_VARIANT_FAMILY, 3);
    MtpEvent ev[8];
    size_t n = 0;
    CHECK_STATUS(mtp_game_events(g, NULL, 0, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 1);
    CHECK_STATUS(mtp_game_events(g, ev, 8, &n), MTP_STATUS_OK);
    CHECK(n == 1 && ev[0].tag == MTP_EVENT_TYPE_CALL_STARTED && ev[0].call == 1 &&
          ev[0].player == 0);
    CHECK(ev[0].token == MTP_TOKEN_NONE && ev[0].card == MTP_CARD_NONE &&
          ev[0].from_player == MTP_NO_SEAT);
    CHECK_STATUS(mtp_game_events(g, NULL, 3, &n), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_events(g, ev, 8, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_events(NULL, ev, 8, &n), MTP_STATUS_NULL_POINTER);

    char *json = NULL;
    CHECK_STATUS(mtp_game_events_json(g, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"type\":\"call_started\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_events_json(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_events_json(NULL, &json), MTP_STATUS_NULL_POINTER);

    /* Through a whole game: a call ends with constructed, the returns of the
     * other bids, then the next call or the end. Every tag shows up. */
    int seen[8] = {0};
    MtpEvent buf[64];
    uint64_t x = 99;
    while (!is_over(g)) {
        MtpAction acts[MTP_ACTION_COUNT];
        CHECK_STATUS(mtp_game_legal_actions(g, acts, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        MtpGame *next = NULL;
        CHECK_STATUS(mtp_game_apply(g, acts[(x >> 33) % n], &next), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
        g = next;
        size_t m = 0;
        CHECK_STATUS(mtp_game_events(g, buf, 64, &m), MTP_STATUS_OK);
        CHECK(m >= 1);
        for (size_t i = 0; i < m; i++) {
            if (buf[i].tag <= MTP_EVENT_TYPE_GAME_ENDED) {
                seen[buf[i].tag]++;
            }
            if (buf[i].tag == MTP_EVENT_TYPE_CONSTRUCTED) {
                CHECK(buf[i].building >= 1 && buf[i].building <= 13 &&
                      buf[i].neighborhood < MTP_NEIGHBORHOOD_COUNT && buf[i].call >= 1);
            }
            if (buf[i].tag == MTP_EVENT_TYPE_TOKEN_TAKEN) {
                CHECK(buf[i].token != MTP_TOKEN_NONE);
            }
            if (buf[i].tag == MTP_EVENT_TYPE_CARD_TAKEN) {
                CHECK(buf[i].card != MTP_CARD_NONE);
                CHECK(buf[i].from_player != buf[i].player);
            }
        }
    }
    CHECK(seen[MTP_EVENT_TYPE_CALL_STARTED] > 0);
    CHECK(seen[MTP_EVENT_TYPE_BID_PLACED] > 0);
    CHECK(seen[MTP_EVENT_TYPE_PASSED] > 0);
    CHECK(seen[MTP_EVENT_TYPE_CONSTRUCTED] > 0);
    CHECK(seen[MTP_EVENT_TYPE_TOKEN_TAKEN] > 0);
    CHECK(seen[MTP_EVENT_TYPE_CARD_TAKEN] > 0);
    CHECK(seen[MTP_EVENT_TYPE_GAME_ENDED] == 1);
    /* The last events end with game_ended; its JSON carries the scores. */
    CHECK_STATUS(mtp_game_events(g, buf, 64, &n), MTP_STATUS_OK);
    CHECK(n >= 1 && buf[n - 1].tag == MTP_EVENT_TYPE_GAME_ENDED);
    CHECK_STATUS(mtp_game_events_json(g, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"type\":\"game_ended\"") != NULL &&
          strstr(json, "\"winners\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_finished_game(void) {
    MtpGame *g = play_out(new_game(3, MTP_VARIANT_EXPERT, 7), 12345);
    CHECK(g != NULL && is_over(g));
    uint8_t seat = 0;
    size_t n = 99;
    CHECK_STATUS(mtp_game_to_act(g, &seat), MTP_STATUS_OK);
    CHECK(seat == MTP_NO_SEAT);
    CHECK_STATUS(mtp_game_legal_action_count(g, &n), MTP_STATUS_OK);
    CHECK(n == 0);
    CHECK_STATUS(mtp_game_legal_actions(g, NULL, 0, &n), MTP_STATUS_OK);
    CHECK(n == 0);
    CHECK_STATUS(mtp_game_legal_action_ids(g, NULL, 0, &n), MTP_STATUS_OK);
    CHECK(n == 0);

    /* No action can be taken (R-17). */
    MtpGame *none = NULL;
    CHECK_STATUS(mtp_game_apply(g, bid(0, 1), &none), MTP_STATUS_GAME_OVER);
    CHECK_ERROR_MENTIONS("R-17");
    CHECK_STATUS(mtp_game_apply(g, pass(), &none), MTP_STATUS_GAME_OVER);
    CHECK_STATUS(mtp_game_apply_id(g, 0, &none), MTP_STATUS_GAME_OVER);
    CHECK_STATUS(mtp_game_apply_for(g, 0, bid(0, 1), &none), MTP_STATUS_GAME_OVER);
    CHECK_STATUS(mtp_game_check(g, bid(0, 1)), MTP_STATUS_GAME_OVER);
    bool legal = true;
    CHECK_STATUS(mtp_game_is_legal(g, bid(0, 1), &legal), MTP_STATUS_OK);
    CHECK(!legal);
    CHECK(none == NULL);

    /* Score sheets: categories add up to the total. */
    int best = -1000;
    for (uint8_t s = 0; s < 3; s++) {
        MtpScoreSheet sh;
        CHECK_STATUS(mtp_game_score_sheet(g, s, &sh), MTP_STATUS_OK);
        CHECK(sh.player == s);
        CHECK(sh.trendy + sh.subway + sh.subway_card + sh.archaeology + sh.archaeology_card +
                  sh.area + sh.neighborhood + sh.highest_building + sh.metropolys ==
              sh.total);
        CHECK(sh.trendy % 3 == 0 && sh.archaeology <= 0 && sh.constructed <= 13);
        CHECK(sh.metropolys == 0); /* no Metropolys cards in this game */
        if (sh.total > best) {
            best = sh.total;
        }
    }
    MtpScoreSheet sh;
    CHECK_STATUS(mtp_game_score_sheet(g, 3, &sh), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("seat 3");
    CHECK_STATUS(mtp_game_score_sheet(g, 0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_score_sheet(NULL, 0, &sh), MTP_STATUS_NULL_POINTER);

    /* Winners (R-20): they have the best total. */
    uint8_t winners[MTP_MAX_PLAYERS];
    CHECK_STATUS(mtp_game_winners(g, NULL, 0, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n >= 1 && n <= 3);
    CHECK_STATUS(mtp_game_winners(g, winners, MTP_MAX_PLAYERS, &n), MTP_STATUS_OK);
    for (size_t i = 0; i < n; i++) {
        CHECK_STATUS(mtp_game_score_sheet(g, winners[i], &sh), MTP_STATUS_OK);
        CHECK(sh.total == best);
    }
    CHECK_STATUS(mtp_game_winners(g, NULL, 2, &n), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_winners(g, winners, MTP_MAX_PLAYERS, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_winners(NULL, winners, MTP_MAX_PLAYERS, &n), MTP_STATUS_NULL_POINTER);

    char *json = NULL;
    CHECK_STATUS(mtp_game_scores_json(g, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"area_groups\"") != NULL &&
          strstr(json, "\"highest_building\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_scores_json(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_scores_json(NULL, &json), MTP_STATUS_NULL_POINTER);

    /* Running scores, where a seat's cards score, the scoring rules. */
    CHECK_STATUS(mtp_game_running_scores_json(g, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"known_total\"") != NULL &&
          strstr(json, "\"complete\":true") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_where_cards_score_json(g, 0, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"neighborhoods\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_where_cards_score_json(g, MTP_MAX_PLAYERS, &json),
                 MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_scoring_rules_json(MTP_VARIANT_EXPERT, false, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"highest_building\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_scoring_rules_json(9, false, &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_scoring_rules_json(MTP_VARIANT_FAMILY, false, NULL),
                 MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_state_json_and_views(void) {
    MtpGame *g0 = new_game(4, MTP_VARIANT_EXPERT, 11);
    MtpGame *g = NULL;
    CHECK_STATUS(mtp_game_apply(g0, bid(3, 7), &g), MTP_STATUS_OK);
    char *text = state_json(g);
    CHECK(text != NULL && strstr(text, "\"viewer\":null") != NULL);

    MtpGame *loaded = NULL;
    CHECK_STATUS(mtp_game_from_json(text, &loaded), MTP_STATUS_OK);
    CHECK(same_state(loaded, g));
    size_t n = 99;
    CHECK_STATUS(mtp_game_events(loaded, NULL, 0, &n), MTP_STATUS_OK);
    CHECK(n == 0);
    /* A game loaded from a bare state has no history to record. */
    char *record = NULL;
    CHECK_STATUS(mtp_game_record_json(loaded, &record), MTP_STATUS_INVALID_STATE);
    CHECK(record == NULL);
    /* The message says how to save a game with its history. */
    CHECK_ERROR_MENTIONS("mtp_game_from_record");
    /* ... but it plays on. */
    MtpGame *next = NULL;
    CHECK_STATUS(mtp_game_apply(loaded, pass(), &next), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(next), MTP_STATUS_OK);

    /* Views (R-21): the viewer's objective is shown, the others' hidden. */
    char *view = NULL;
    CHECK_STATUS(mtp_game_view_json(g, 2, &view), MTP_STATUS_OK);
    CHECK(view != NULL && strstr(view, "\"viewer\":2") != NULL &&
          strstr(view, "\"objectives\":[null,null,{") != NULL);
    /* It loads back as that view (test_loaded_views checks what it answers). */
    MtpGame *seen = NULL;
    CHECK_STATUS(mtp_game_from_json(view, &seen), MTP_STATUS_OK);
    uint8_t viewer = MTP_NO_SEAT;
    CHECK_STATUS(mtp_game_viewer(seen, &viewer), MTP_STATUS_OK);
    CHECK(viewer == 2);
    CHECK_STATUS(mtp_game_free(seen), MTP_STATUS_OK);
    mtp_string_free(view);
    MtpGame *bad = NULL;
    CHECK_STATUS(mtp_game_view_json(g, 4, &view), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_view_json(g, 0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_view_json(NULL, 0, &view), MTP_STATUS_NULL_POINTER);

    /* Broken states. */
    char *tampered = replace_once(text, "\"players\":4", "\"players\":7");
    CHECK(tampered != NULL);
    if (tampered != NULL) {
        MtpStatus st = mtp_game_from_json(tampered, &bad);
        CHECK(st == MTP_STATUS_INVALID_STATE || st == MTP_STATUS_INVALID_CONFIG);
        free(tampered);
    }
    tampered = replace_once(text, "\"call\":1", "\"call\":0,\"extra\":1");
    CHECK(tampered != NULL);
    if (tampered != NULL) {
        CHECK_STATUS(mtp_game_from_json(tampered, &bad), MTP_STATUS_INVALID_JSON);
        free(tampered);
    }
    CHECK_STATUS(mtp_game_from_json("{\"players\": 2", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_from_json("null", &bad), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_from_json(NULL, &bad), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_from_json(text, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_to_json(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_to_json(NULL, &view), MTP_STATUS_NULL_POINTER);
    CHECK(bad == NULL);
    mtp_string_free(text);
    CHECK_STATUS(mtp_game_free(loaded), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g0), MTP_STATUS_OK);
}

static MtpGame *played(uint8_t players, uint32_t variant, uint64_t seed, int decisions);

/* The public view (R-21): what a spectator may see, with no seat's
 * objectives or Metropolys card (in this game only the objectives and cards
 * name areas and kinds) until the end, then every card, as the whole state. */
static void test_public_view(void) {
    static const char *const secret_words[] = {"\"area\"",  "\"park\"",     "\"mall\"",
                                               "\"housing\"", "\"industry\"",
                                               "\"administration\""};
    MtpGame *g = NULL;
    CHECK_STATUS(mtp_game_new("{\"players\": 3, \"variant\": \"expert\", \"seed\": 4, "
                              "\"metropolys_cards\": [[\"park\", \"mall\", \"housing\"], "
                              "[\"industry\", \"park\", \"mall\"], "
                              "[\"administration\", \"housing\", \"industry\"]]}",
                              &g),
                 MTP_STATUS_OK);
    if (g == NULL) {
        return;
    }
    char *whole = state_json(g);
    char *pub = NULL;
    CHECK_STATUS(mtp_game_public_view_json(g, &pub), MTP_STATUS_OK);
    CHECK(pub != NULL && whole != NULL);
    if (pub != NULL && whole != NULL) {
        CHECK(strstr(pub, "\"viewer\":null") != NULL);
        CHECK(strstr(pub, "\"objectives\":[null,null,null]") != NULL);
        CHECK(strstr(pub, "\"metropolys_cards\":[null,null,null]") != NULL);
        for (size_t i = 0; i < sizeof secret_words / sizeof *secret_words; i++) {
            CHECK(strstr(whole, secret_words[i]) != NULL);
            CHECK(strstr(pub, secret_words[i]) == NULL);
        }
        /* Every seat's view shows its own cards; the public view none. */
        for (uint8_t seat = 0; seat < 3; seat++) {
            char *view = NULL;
            CHECK_STATUS(mtp_game_view_json(g, seat, &view), MTP_STATUS_OK);
            CHECK(view != NULL && strstr(view, "\"area\"") != NULL);
            mtp_string_free(view);
        }
        /* It loads back as the public view, which knows no seat's cards. */
        MtpGame *seen = NULL;
        CHECK_STATUS(mtp_game_from_json(pub, &seen), MTP_STATUS_OK);
        bool known = true;
        CHECK_STATUS(mtp_game_knows_secrets(seen, 0, &known), MTP_STATUS_OK);
        CHECK(!known);
        CHECK_STATUS(mtp_game_free(seen), MTP_STATUS_OK);
    }
    mtp_string_free(pub);
    mtp_string_free(whole);
    CHECK_STATUS(mtp_game_public_view_json(g, NULL), MTP_STATUS_NULL_POINTER);
    pub = NULL;
    CHECK_STATUS(mtp_game_public_view_json(NULL, &pub), MTP_STATUS_NULL_POINTER);
    CHECK(pub == NULL);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    /* At the end every card is revealed: the public view is the whole state,
     * and loads as one. */
    MtpGame *end = played(4, MTP_VARIANT_EXPERT, 8, 100000);
    CHECK(end != NULL && is_over(end));
    whole = state_json(end);
    pub = NULL;
    CHECK_STATUS(mtp_game_public_view_json(end, &pub), MTP_STATUS_OK);
    CHECK(pub != NULL && whole != NULL && strcmp(pub, whole) == 0);
    MtpGame *loaded = NULL;
    CHECK_STATUS(mtp_game_from_json(pub, &loaded), MTP_STATUS_OK);
    CHECK(loaded != NULL && same_state(loaded, end));
    CHECK_STATUS(mtp_game_free(loaded), MTP_STATUS_OK);
    mtp_string_free(pub);
    mtp_string_free(whole);
    CHECK_STATUS(mtp_game_free(end), MTP_STATUS_OK);
}

/* Saving a game as its record and restoring it (mtp_game_record_json,
 * mtp_game_from_record) keeps its whole history: the record, the events and
 * undo (mtp_game_undo) give what the handles of the original game give. */
static void test_save_and_restore_with_history(void) {
    enum { STEPS = 24 };
    MtpGame *games[STEPS + 1];
    games[0] = new_game(4, MTP_VARIANT_EXPERT, 2024);
    for (int i = 0; i < STEPS; i++) {
        uint16_t ids[MTP_ACTION_COUNT];
        size_t n = 0;
        CHECK_STATUS(mtp_game_legal_action_ids(games[i], ids, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
        games[i + 1] = NULL;
        CHECK_STATUS(mtp_game_apply_id(games[i], ids[(7 * i + 3) % n], &games[i + 1]),
                     MTP_STATUS_OK);
    }
    char *saved = NULL;
    CHECK_STATUS(mtp_game_record_json(games[STEPS], &saved), MTP_STATUS_OK);
    MtpGame *at = NULL;
    CHECK_STATUS(mtp_game_from_record(saved, &at), MTP_STATUS_OK);
    mtp_string_free(saved);
    for (int i = STEPS; at != NULL && i >= 0; i--) {
        CHECK(same_state(at, games[i]));
        MtpEvent a[64], b[64];
        size_t na = 0, nb = 0;
        CHECK_STATUS(mtp_game_events(at, a, 64, &na), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_events(games[i], b, 64, &nb), MTP_STATUS_OK);
        CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0);
        char *x = NULL, *y = NULL;
        CHECK_STATUS(mtp_game_record_json(at, &x), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_record_json(games[i], &y), MTP_STATUS_OK);
        CHECK(x != NULL && y != NULL && strcmp(x, y) == 0);
        mtp_string_free(x);
        mtp_string_free(y);
        MtpGame *before = NULL;
        if (i > 0) {
            CHECK_STATUS(mtp_game_undo(at, &before), MTP_STATUS_OK);
        } else {
            /* A new game has nothing to undo. */
            CHECK_STATUS(mtp_game_undo(at, &before), MTP_STATUS_INVALID_STATE);
            CHECK_ERROR_MENTIONS("no decision to undo");
            CHECK(before == NULL);
        }
        CHECK_STATUS(mtp_game_free(at), MTP_STATUS_OK);
        at = before;
    }
    /* A position loaded from its state has no history: the message names
     * the record functions. */
    char *text = state_json(games[STEPS]);
    MtpGame *bare = NULL, *none = NULL;
    CHECK_STATUS(mtp_game_from_json(text, &bare), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_undo(bare, &none), MTP_STATUS_INVALID_STATE);
    CHECK_ERROR_MENTIONS("mtp_game_record_json");
    CHECK(none == NULL);
    CHECK_STATUS(mtp_game_undo(bare, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_undo(NULL, &none), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_free(bare), MTP_STATUS_OK);
    mtp_string_free(text);
    for (int i = 0; i <= STEPS; i++) {
        CHECK_STATUS(mtp_game_free(games[i]), MTP_STATUS_OK);
    }
}

static void test_records(void) {
    MtpGame *g = play_out(new_game(2, MTP_VARIANT_EXPERT, 21), 777);
    char *record = NULL;
    CHECK_STATUS(mtp_game_record_json(g, &record), MTP_STATUS_OK);
    CHECK(record != NULL && strstr(record, "\"format\":\"metropolys-record\"") != NULL);
    CHECK_STATUS(mtp_game_record_json(g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_record_json(NULL, &record), MTP_STATUS_NULL_POINTER);
    if (record == NULL) {
        mtp_game_free(g);
        return;
    }

    /* The record replays to the same game and the same last events. */
    MtpGame *replayed = NULL;
    CHECK_STATUS(mtp_game_from_record(record, &replayed), MTP_STATUS_OK);
    CHECK(same_state(replayed, g));
    MtpEvent a[64], b[64];
    size_t na = 0, nb = 0;
    CHECK_STATUS(mtp_game_events(g, a, 64, &na), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_events(replayed, b, 64, &nb), MTP_STATUS_OK);
    CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0);
    /* ... and records itself identically. */
    char *again = NULL;
    CHECK_STATUS(mtp_game_record_json(replayed, &again), MTP_STATUS_OK);
    CHECK(again != NULL && strcmp(again, record) == 0);
    mtp_string_free(again);

    CHECK_STATUS(mtp_record_verify(record, NULL), MTP_STATUS_OK);
    MtpGame *verified = NULL;
    CHECK_STATUS(mtp_record_verify(record, &verified), MTP_STATUS_OK);
    CHECK(verified != NULL && same_state(verified, g));

    /* Expectations that differ are a mismatch. */
    char *wrong = replace_once(record, "\"game_over\":true", "\"game_over\":false");
    CHECK(wrong != NULL);
    MtpGame *none = NULL;
    if (wrong != NULL) {
        CHECK_STATUS(mtp_record_verify(wrong, &none), MTP_STATUS_RECORD_MISMATCH);
        CHECK_ERROR_MENTIONS("game_over");
        /* Loading does not check expectations. */
        MtpGame *loaded = NULL;
        CHECK_STATUS(mtp_game_from_record(wrong, &loaded), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_free(loaded), MTP_STATUS_OK);
        free(wrong);
    }
    wrong = replace_once(record, "\"version\":1", "\"version\":2");
    CHECK(wrong != NULL);
    if (wrong != NULL) {
        CHECK_STATUS(mtp_record_verify(wrong, NULL), MTP_STATUS_INVALID_RECORD);
        CHECK_STATUS(mtp_game_from_record(wrong, &none), MTP_STATUS_INVALID_RECORD);
        free(wrong);
    }
    mtp_string_free(record);

    static const char *illegal =
        "{\"format\":\"metropolys-record\",\"version\":1,\"config\":{\"players\":2},"
        "\"actions\":[{\"player\":0,\"action\":\"pass\"}]}";
    CHECK_STATUS(mtp_record_verify(illegal, NULL), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("action 0");
    CHECK_STATUS(mtp_game_from_record(illegal, &none), MTP_STATUS_ILLEGAL_ACTION);
    static const char *wrong_seat =
        "{\"format\":\"metropolys-record\",\"version\":1,\"config\":{\"players\":2},"
        "\"actions\":[{\"player\":1,\"action\":{\"bid\":{\"neighborhood\":0,\"building\":1}}}]}";
    CHECK_STATUS(mtp_record_verify(wrong_seat, NULL), MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-8");
    static const char *bad_config =
        "{\"format\":\"metropolys-record\",\"version\":1,\"config\":{\"players\":6},"
        "\"actions\":[]}";
    CHECK_STATUS(mtp_record_verify(bad_config, NULL), MTP_STATUS_INVALID_CONFIG);
    CHECK_STATUS(mtp_game_from_record(bad_config, &none), MTP_STATUS_INVALID_CONFIG);
    static const char *other_format =
        "{\"format\":\"chess-pgn\",\"version\":1,\"config\":{\"players\":2},\"actions\":[]}";
    CHECK_STATUS(mtp_record_verify(other_format, NULL), MTP_STATUS_INVALID_RECORD);
    CHECK_STATUS(mtp_record_verify("{\"format\":", NULL), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_game_from_record("[", &none), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_record_verify(NULL, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_from_record(NULL, &none), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_from_record(illegal, NULL), MTP_STATUS_NULL_POINTER);
    CHECK(none == NULL);

    /* An empty record reaches the setup, with its opening event. */
    static const char *empty =
        "{\"format\":\"metropolys-record\",\"version\":1,\"config\":{\"players\":3,\"seed\":5},"
        "\"actions\":[]}";
    MtpGame *start = NULL;
    CHECK_STATUS(mtp_game_from_record(empty, &start), MTP_STATUS_OK);
    MtpGame *fresh = new_game(3, MTP_VARIANT_FAMILY, 5);
    CHECK(same_state(start, fresh));
    CHECK_STATUS(mtp_game_events(start, a, 64, &na), MTP_STATUS_OK);
    CHECK(na == 1 && a[0].tag == MTP_EVENT_TYPE_CALL_STARTED);

    CHECK_STATUS(mtp_game_free(start), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(fresh), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(verified), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(replayed), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_handles_clone_and_double_free(void) {
    size_t live = mtp_live_games();
    MtpGame *g = new_game(2, MTP_VARIANT_FAMILY, 8);
    CHECK(mtp_live_games() == live + 1);
    MtpGame *c = NULL;
    CHECK_STATUS(mtp_game_clone(g, &c), MTP_STATUS_OK);
    CHECK(c != NULL && c != g && same_state(c, g));
    CHECK(mtp_live_games() == live + 2);
    CHECK_STATUS(mtp_game_clone(g, NULL), MTP_STATUS_NULL_POINTER);
    MtpGame *none = NULL;
    CHECK_STATUS(mtp_game_clone(NULL, &none), MTP_STATUS_NULL_POINTER);
    CHECK(none == NULL);

    CHECK_STATUS(mtp_game_free(NULL), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    /* Double free and use after free are detected, not undefined. */
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_INVALID_HANDLE);
    CHECK_ERROR_MENTIONS("not live");
    uint8_t seat;
    CHECK_STATUS(mtp_game_to_act(g, &seat), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_clone(g, &none), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_apply(g, bid(0, 1), &none), MTP_STATUS_INVALID_HANDLE);
    CHECK(none == NULL);
    /* A pointer that never was a handle is not touched. */
    uint64_t not_a_game[8] = {0};
    CHECK_STATUS(mtp_game_free((MtpGame *)(void *)not_a_game), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_to_act((const MtpGame *)(void *)not_a_game, &seat),
                 MTP_STATUS_INVALID_HANDLE);
    CHECK(not_a_game[0] == 0);
    /* The clone outlives its source. */
    CHECK_STATUS(mtp_game_to_act(c, &seat), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(c), MTP_STATUS_OK);
    CHECK(mtp_live_games() == live);
    mtp_string_free(NULL); /* accepted */
}

static void test_board(void) {
    MtpDistrict d = MTP_DISTRICT_WEST;
    MtpKind k = MTP_KIND_PARK;
    uint64_t mask = 0;
    bool adj = false;
    CHECK_STATUS(mtp_neighborhood_district(0, &d), MTP_STATUS_OK);
    CHECK(d == MTP_DISTRICT_CENTER);
    CHECK_STATUS(mtp_neighborhood_district(15, &d), MTP_STATUS_OK);
    CHECK(d == MTP_DISTRICT_NORTH);
    CHECK_STATUS(mtp_neighborhood_district(54, &d), MTP_STATUS_OK);
    CHECK(d == MTP_DISTRICT_WEST);
    CHECK_STATUS(mtp_neighborhood_district(55, &d), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("neighborhood 55");
    CHECK_STATUS(mtp_neighborhood_district(0, NULL), MTP_STATUS_NULL_POINTER);

    int per_kind[5] = {0};
    for (uint8_t id = 0; id < MTP_NEIGHBORHOOD_COUNT; id++) {
        CHECK_STATUS(mtp_neighborhood_kind(id, &k), MTP_STATUS_OK);
        if (k <= MTP_KIND_ADMINISTRATION) {
            per_kind[k]++;
        }
    }
    for (int i = 0; i < 5; i++) {
        CHECK(per_kind[i] == 11); /* 3 in the center + 2 in each of 4 districts */
    }
    CHECK_STATUS(mtp_neighborhood_kind(11, &k), MTP_STATUS_OK);
    CHECK(k == MTP_KIND_INDUSTRY);
    /* The printed board: red leisure neighborhoods are malls, blue domed
     * palaces administration centers. */
    CHECK_STATUS(mtp_neighborhood_kind(12, &k), MTP_STATUS_OK);
    CHECK(k == MTP_KIND_MALL);
    CHECK_STATUS(mtp_neighborhood_kind(13, &k), MTP_STATUS_OK);
    CHECK(k == MTP_KIND_ADMINISTRATION);
    CHECK_STATUS(mtp_neighborhood_kind(255, &k), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_neighborhood_kind(0, NULL), MTP_STATUS_NULL_POINTER);

    /* Adjacency is symmetric and matches the neighbor masks. */
    int asymmetric = 0;
    for (uint8_t a = 0; a < MTP_NEIGHBORHOOD_COUNT; a++) {
        CHECK_STATUS(mtp_neighborhood_neighbors(a, &mask), MTP_STATUS_OK);
        for (uint8_t b = 0; b < MTP_NEIGHBORHOOD_COUNT; b++) {
            bool ab = false, ba = false;
            mtp_neighborhoods_adjacent(a, b, &ab);
            mtp_neighborhoods_adjacent(b, a, &ba);
            if (ab != ba || ab != ((mask >> b) & 1u)) {
                asymmetric++;
            }
        }
    }
    CHECK(asymmetric == 0);
    CHECK_STATUS(mtp_neighborhood_neighbors(11, &mask), MTP_STATUS_OK);
    CHECK(mask == (1ull << 10)); /* a blind alley (R-4) */
    CHECK_STATUS(mtp_neighborhood_neighbors(55, &mask), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_neighborhood_neighbors(0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_neighborhoods_adjacent(0, 19, &adj), MTP_STATUS_OK);
    CHECK(adj); /* a bridge */
    CHECK_STATUS(mtp_neighborhoods_adjacent(0, 1, &adj), MTP_STATUS_OK);
    CHECK(!adj);
    CHECK_STATUS(mtp_neighborhoods_adjacent(60, 1, &adj), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_neighborhoods_adjacent(1, 60, &adj), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_neighborhoods_adjacent(0, 1, NULL), MTP_STATUS_NULL_POINTER);

    char *json = NULL;
    CHECK_STATUS(mtp_board_json(&json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"bridges\"") != NULL &&
          strstr(json, "\"lakes\"") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_board_json(NULL), MTP_STATUS_NULL_POINTER);
}

/* Plays `decisions` seeded decisions from a new game (fewer if it ends). */
static MtpGame *played(uint8_t players, uint32_t variant, uint64_t seed, int decisions) {
    MtpGame *g = new_game(players, variant, seed);
    uint16_t ids[MTP_ACTION_COUNT];
    uint64_t x = seed | 1;
    for (int i = 0; i < decisions && g != NULL && !is_over(g); i++) {
        size_t n = 0;
        CHECK_STATUS(mtp_game_legal_action_ids(g, ids, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        MtpGame *next = NULL;
        CHECK_STATUS(mtp_game_apply_id(g, ids[x % n], &next), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
        g = next;
    }
    return g;
}

/* `seat`'s view of `g` (or its public view), written as JSON and loaded
 * back with mtp_game_from_json as the game server's clients do; NULL on
 * failure. */
static MtpGame *load_view(const MtpGame *g, uint8_t seat, bool public_view) {
    char *json = NULL;
    if (public_view) {
        CHECK_STATUS(mtp_game_public_view_json(g, &json), MTP_STATUS_OK);
    } else {
        CHECK_STATUS(mtp_game_view_json(g, seat, &json), MTP_STATUS_OK);
    }
    MtpGame *view = NULL;
    if (json != NULL) {
        CHECK_STATUS(mtp_game_from_json(json, &view), MTP_STATUS_OK);
    }
    mtp_string_free(json);
    return view;
}

static bool same_legal_actions(const MtpGame *a, const MtpGame *b) {
    uint16_t x[MTP_ACTION_COUNT], y[MTP_ACTION_COUNT];
    size_t n = 0, m = 0;
    CHECK_STATUS(mtp_game_legal_action_ids(a, x, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_legal_action_ids(b, y, MTP_ACTION_COUNT, &m), MTP_STATUS_OK);
    return n == m && memcmp(x, y, n * sizeof *x) == 0;
}

/* Whether two score sheets agree (field by field: the padding is not
 * written). */
static bool same_sheet(const MtpScoreSheet *a, const MtpScoreSheet *b) {
    return a->player == b->player && a->constructed == b->constructed &&
           a->trendy == b->trendy && a->subway == b->subway &&
           a->subway_card == b->subway_card && a->archaeology == b->archaeology &&
           a->archaeology_card == b->archaeology_card && a->area == b->area &&
           a->neighborhood == b->neighborhood &&
           a->highest_building == b->highest_building && a->metropolys == b->metropolys &&
           a->total == b->total;
}

/* Checks that `g` does not know `seat`'s secrets: its score sheet, its
 * objectives and its view are MTP_STATUS_INVALID_STATE naming R-21. */
static void check_hidden(const MtpGame *g, uint8_t seat) {
    bool known = true;
    CHECK_STATUS(mtp_game_knows_secrets(g, seat, &known), MTP_STATUS_OK);
    CHECK(!known);
    MtpScoreSheet sheet;
    CHECK_STATUS(mtp_game_score_sheet(g, seat, &sheet), MTP_STATUS_INVALID_STATE);
    CHECK_ERROR_MENTIONS("R-21");
    MtpObjectives o;
    CHECK_STATUS(mtp_game_view_objectives(g, seat, seat, &o), MTP_STATUS_INVALID_STATE);
    char *json = NULL;
    CHECK_STATUS(mtp_game_view_json(g, seat, &json), MTP_STATUS_INVALID_STATE);
    CHECK(json == NULL);
}

/* R-21: a seat's view and the public view, as the game server sends them,
 * load as games that list the whole game's legal actions, draw, play on and
 * ask bots, and refuse (MTP_STATUS_INVALID_STATE) what needs the secrets
 * they do not know, even once played on to the end. */
static void test_loaded_views(void) {
    MtpGame *g = played(3, MTP_VARIANT_EXPERT, 17, 8);
    uint8_t to_act = MTP_NO_SEAT;
    CHECK_STATUS(mtp_game_to_act(g, &to_act), MTP_STATUS_OK);
    CHECK(to_act < 3);
    MtpGame *view = load_view(g, to_act, false);
    MtpGame *pub = load_view(g, 0, true);
    CHECK(view != NULL && pub != NULL);
    if (g == NULL || view == NULL || pub == NULL || to_act >= 3) {
        return;
    }
    uint8_t seat = 0;
    CHECK_STATUS(mtp_game_viewer(view, &seat), MTP_STATUS_OK);
    CHECK(seat == to_act);
    CHECK_STATUS(mtp_game_viewer(pub, &seat), MTP_STATUS_OK);
    CHECK(seat == MTP_NO_SEAT);
    CHECK_STATUS(mtp_game_viewer(g, &seat), MTP_STATUS_OK);
    CHECK(seat == MTP_NO_SEAT);
    CHECK(same_legal_actions(view, g));
    CHECK(same_legal_actions(pub, g));

    /* The viewer's own cards and sheet are the whole game's. */
    bool known = false;
    CHECK_STATUS(mtp_game_knows_secrets(view, to_act, &known), MTP_STATUS_OK);
    CHECK(known);
    MtpObjectives mine, theirs;
    CHECK_STATUS(mtp_game_view_objectives(view, to_act, to_act, &mine), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_view_objectives(g, to_act, to_act, &theirs), MTP_STATUS_OK);
    CHECK(memcmp(&mine, &theirs, sizeof mine) == 0);
    MtpScoreSheet a, b;
    CHECK_STATUS(mtp_game_score_sheet(view, to_act, &a), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_score_sheet(g, to_act, &b), MTP_STATUS_OK);
    CHECK(same_sheet(&a, &b));
    for (uint8_t p = 0; p < 3; p++) {
        if (p != to_act) {
            check_hidden(view, p);
        }
        check_hidden(pub, p);
    }
    uint8_t winners[MTP_MAX_PLAYERS];
    size_t n = 99;
    CHECK_STATUS(mtp_game_winners(view, winners, MTP_MAX_PLAYERS, &n), MTP_STATUS_INVALID_STATE);
    CHECK_ERROR_MENTIONS("R-21");
    CHECK_STATUS(mtp_game_winners(pub, winners, MTP_MAX_PLAYERS, &n), MTP_STATUS_INVALID_STATE);
    char *json = NULL;
    CHECK_STATUS(mtp_game_scores_json(view, &json), MTP_STATUS_INVALID_STATE);
    CHECK_STATUS(mtp_game_record_json(view, &json), MTP_STATUS_INVALID_STATE);
    CHECK(json == NULL);

    /* Both draw. */
    for (int i = 0; i < 2; i++) {
        char *svg = NULL;
        CHECK_STATUS(mtp_game_svg(i == 0 ? view : pub, NULL, &svg), MTP_STATUS_OK);
        CHECK(svg != NULL && strstr(svg, "<svg") != NULL);
        mtp_string_free(svg);
    }

    /* A bot decides from the view of the seat to act; not for a seat whose
     * cards the game does not know. */
    MtpBot *bot = NULL;
    CHECK_STATUS(mtp_bot_new("greedy", "{\"seed\": 5}", &bot), MTP_STATUS_OK);
    MtpAction choice;
    CHECK_STATUS(mtp_bot_choose(bot, view, &choice), MTP_STATUS_OK);
    bool legal = false;
    CHECK_STATUS(mtp_game_is_legal(g, choice, &legal), MTP_STATUS_OK);
    CHECK(legal);
    CHECK_STATUS(mtp_bot_choose(bot, pub, &choice), MTP_STATUS_INVALID_STATE);
    CHECK_ERROR_MENTIONS("R-21");
    CHECK_STATUS(mtp_bot_free(bot), MTP_STATUS_OK);

    /* Played on to the end beside the whole game, the view still does not
     * know the others' cards, and saves without them. */
    uint64_t x = 99;
    while (!is_over(g)) {
        uint16_t ids[MTP_ACTION_COUNT];
        CHECK_STATUS(mtp_game_legal_action_ids(g, ids, MTP_ACTION_COUNT, &n), MTP_STATUS_OK);
        CHECK(same_legal_actions(view, g));
        if (n == 0) {
            break;
        }
        x = x * 6364136223846793005u + 1442695040888963407u;
        uint16_t id = ids[(x >> 33) % n];
        MtpGame *next[3] = {NULL, NULL, NULL};
        MtpGame *from[3] = {g, view, pub};
        for (int i = 0; i < 3; i++) {
            CHECK_STATUS(mtp_game_apply_id(from[i], id, &next[i]), MTP_STATUS_OK);
            CHECK_STATUS(mtp_game_free(from[i]), MTP_STATUS_OK);
        }
        g = next[0];
        view = next[1];
        pub = next[2];
        if (g == NULL || view == NULL || pub == NULL) {
            return;
        }
    }
    CHECK(is_over(view) && is_over(pub));
    for (uint8_t p = 0; p < 3; p++) {
        if (p != to_act) {
            check_hidden(view, p);
        }
        check_hidden(pub, p);
    }
    CHECK_STATUS(mtp_game_winners(view, winners, MTP_MAX_PLAYERS, &n), MTP_STATUS_INVALID_STATE);
    CHECK_STATUS(mtp_game_score_sheet(view, to_act, &a), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_score_sheet(g, to_act, &b), MTP_STATUS_OK);
    CHECK(same_sheet(&a, &b));
    CHECK_STATUS(mtp_game_to_json(view, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"objectives\":[") != NULL);
    if (json != NULL) {
        /* Two of the three objectives are null. */
        const char *at = strstr(json, "\"objectives\":[");
        int nulls = 0;
        for (const char *c = at; c != NULL && *c != '\0' && *c != ']'; c++) {
            nulls += strncmp(c, "null", 4) == 0;
        }
        CHECK(nulls == 2);
    }
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_free(view), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(pub), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

/* R-21: a view that hides anything but exactly the other seats' cards is
 * MTP_STATUS_INVALID_STATE, naming the rule. */
static void test_tampered_views(void) {
    MtpGame *g = played(2, MTP_VARIANT_FAMILY, 23, 5);
    char *view = NULL;
    CHECK_STATUS(mtp_game_view_json(g, 1, &view), MTP_STATUS_OK);
    char *whole = state_json(g);
    CHECK(view != NULL && whole != NULL);
    if (view != NULL && whole != NULL) {
        /* The objectives are "objectives":[null,{...}] in seat 1's view and
         * "objectives":[{...},{...}] in the state (no list inside). */
        const char *own = strstr(view, "\"objectives\":[null,{");
        const char *all = strstr(whole, "\"objectives\":[{");
        CHECK(own != NULL && all != NULL);
        if (own != NULL && all != NULL) {
            const char *own_end = strchr(own, ']');
            const char *all_end = strchr(all, ']');
            /* The viewer's own objective nulled; an opponent's filled in. */
            const char *lists[2] = {"\"objectives\":[null,null", all};
            size_t lens[2] = {strlen(lists[0]), (size_t)(all_end - all)};
            size_t head = (size_t)(own - view);
            for (int i = 0; i < 2; i++) {
                char *tampered = malloc(strlen(view) + lens[i] + 1);
                CHECK(tampered != NULL);
                if (tampered == NULL) {
                    continue;
                }
                memcpy(tampered, view, head);
                memcpy(tampered + head, lists[i], lens[i]);
                strcpy(tampered + head + lens[i], own_end);
                MtpGame *bad = NULL;
                CHECK_STATUS(mtp_game_from_json(tampered, &bad), MTP_STATUS_INVALID_STATE);
                CHECK_ERROR_MENTIONS("R-21");
                CHECK(bad == NULL);
                free(tampered);
            }
        }
    }
    mtp_string_free(view);
    mtp_string_free(whole);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

/* The board, bids, supplies, tokens and cards, as structs, agree with each
 * other and with the score sheets, over positions of a whole game. */
static void test_struct_queries(void) {
    for (int decisions = 0; decisions < 400; decisions += 23) {
        MtpGame *g = played(4, MTP_VARIANT_EXPERT, 11, decisions);
        MtpNeighborhoodState board[MTP_NEIGHBORHOOD_COUNT];
        size_t n = 0;
        CHECK_STATUS(mtp_game_board(g, board, MTP_NEIGHBORHOOD_COUNT, &n), MTP_STATUS_OK);
        CHECK(n == MTP_NEIGHBORHOOD_COUNT);
        MtpBid bids[64];
        size_t n_bids = 0;
        CHECK_STATUS(mtp_game_bids(g, bids, 64, &n_bids), MTP_STATUS_OK);
        int built[MTP_MAX_PLAYERS] = {0}, bid_on_board = 0, latest = 0;
        for (uint8_t id = 0; id < MTP_NEIGHBORHOOD_COUNT; id++) {
            MtpNeighborhoodState one;
            CHECK_STATUS(mtp_game_neighborhood(g, id, &one), MTP_STATUS_OK);
            CHECK(memcmp(&one, &board[id], sizeof one) == 0);
            CHECK(one.id == id && one.in_play);
            if (one.owner != MTP_NO_SEAT) {
                CHECK(one.owner < 4 && one.building >= 1 && one.building <= 13);
                CHECK(one.token == MTP_TOKEN_NONE); /* taken by the builder */
                built[one.owner]++;
            } else {
                CHECK(one.building == 0);
            }
            if (one.bidder != MTP_NO_SEAT) {
                bid_on_board++;
                latest += one.latest_bid;
                CHECK(one.owner == MTP_NO_SEAT);
            }
        }
        CHECK((size_t)bid_on_board == n_bids);
        CHECK(latest == (n_bids > 0));
        if (n_bids > 0) {
            MtpBid last = bids[n_bids - 1];
            CHECK(board[last.neighborhood].latest_bid);
            CHECK(board[last.neighborhood].bidder == last.player);
            CHECK(board[last.neighborhood].bid == last.building);
        }
        int subway_holders = 0;
        for (uint8_t p = 0; p < 4; p++) {
            MtpScoreSheet sheet;
            CHECK_STATUS(mtp_game_score_sheet(g, p, &sheet), MTP_STATUS_OK);
            CHECK(sheet.constructed == built[p]);
            uint8_t supply[13];
            size_t n_supply = 0;
            CHECK_STATUS(mtp_game_supply(g, p, supply, 13, &n_supply), MTP_STATUS_OK);
            size_t bid_by_p = 0;
            for (size_t i = 0; i < n_bids; i++) {
                bid_by_p += bids[i].player == p;
            }
            CHECK(n_supply + (size_t)built[p] + bid_by_p == 13);
            MtpTokenCounts taken;
            CHECK_STATUS(mtp_game_tokens_taken(g, p, &taken), MTP_STATUS_OK);
            CHECK(sheet.trendy == 3 * taken.trendy);
            CHECK(sheet.subway == taken.subway);
            CHECK(sheet.archaeology == -(int)taken.archaeology);
            bool passed = true;
            CHECK_STATUS(mtp_game_has_passed(g, p, &passed), MTP_STATUS_OK);
            subway_holders += sheet.subway_card != 0;
        }
        uint8_t holder = 0;
        CHECK_STATUS(mtp_game_card_holder(g, MTP_CARD_SUBWAY, &holder), MTP_STATUS_OK);
        CHECK((holder == MTP_NO_SEAT) == (subway_holders == 0));
        if (holder != MTP_NO_SEAT) {
            MtpScoreSheet sheet;
            CHECK_STATUS(mtp_game_score_sheet(g, holder, &sheet), MTP_STATUS_OK);
            CHECK(sheet.subway_card == 3);
        }
        CHECK_STATUS(mtp_game_card_holder(g, MTP_CARD_ARCHAEOLOGY, &holder), MTP_STATUS_OK);
        CHECK(holder == MTP_NO_SEAT || holder < 4);
        CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    }
}

static void test_struct_query_errors(void) {
    MtpGame *g = new_game(2, MTP_VARIANT_FAMILY, 3);
    MtpNeighborhoodState one;
    MtpNeighborhoodState board[MTP_NEIGHBORHOOD_COUNT];
    size_t n = 99;
    CHECK_STATUS(mtp_game_neighborhood(g, 55, &one), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("neighborhood 55");
    CHECK_STATUS(mtp_game_neighborhood(g, 0, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_neighborhood(NULL, 0, &one), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_board(g, board, 10, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == MTP_NEIGHBORHOOD_COUNT);
    CHECK_STATUS(mtp_game_board(g, NULL, 0, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(mtp_game_board(g, board, MTP_NEIGHBORHOOD_COUNT, NULL), MTP_STATUS_NULL_POINTER);
    /* A Family 2-player game has two districts out of play (R-2). */
    CHECK_STATUS(mtp_game_board(g, board, MTP_NEIGHBORHOOD_COUNT, &n), MTP_STATUS_OK);
    int out_of_play = 0, tokens = 0;
    for (size_t i = 0; i < n; i++) {
        out_of_play += !board[i].in_play;
        tokens += board[i].token != MTP_TOKEN_NONE;
    }
    CHECK(out_of_play == 20);
    CHECK(tokens > 0);
    MtpBid bids[4];
    CHECK_STATUS(mtp_game_bids(g, bids, 4, &n), MTP_STATUS_OK);
    CHECK(n == 0);
    uint8_t supply[13];
    CHECK_STATUS(mtp_game_supply(g, 2, supply, 13, &n), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("seat 2");
    CHECK_STATUS(mtp_game_supply(g, 0, supply, 12, &n), MTP_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 13);
    CHECK_STATUS(mtp_game_supply(g, 0, supply, 13, &n), MTP_STATUS_OK);
    CHECK(n == 13 && supply[0] == 1 && supply[12] == 13);
    MtpTokenCounts taken;
    CHECK_STATUS(mtp_game_tokens_taken(g, 9, &taken), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_tokens_taken(g, 0, NULL), MTP_STATUS_NULL_POINTER);
    bool passed;
    CHECK_STATUS(mtp_game_has_passed(g, 2, &passed), MTP_STATUS_INVALID_ARGUMENT);
    uint8_t holder;
    CHECK_STATUS(mtp_game_card_holder(g, MTP_CARD_NONE, &holder), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_card_holder(g, 7, &holder), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("card 7");
    CHECK_STATUS(mtp_game_card_holder(g, MTP_CARD_SUBWAY, &holder), MTP_STATUS_OK);
    CHECK(holder == MTP_NO_SEAT);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    /* A freed handle is detected by every query. */
    CHECK_STATUS(mtp_game_board(g, board, MTP_NEIGHBORHOOD_COUNT, &n), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_neighborhood(g, 0, &one), MTP_STATUS_INVALID_HANDLE);
}

/* R-21: a seat's own objectives through its view; an opponent's only once
 * the game is over. */
static void test_objectives_through_a_seat_view(void) {
    MtpGame *g = new_game(3, MTP_VARIANT_EXPERT, 5);
    MtpObjectives o;
    for (uint8_t seat = 0; seat < 3; seat++) {
        CHECK_STATUS(mtp_game_view_objectives(g, seat, seat, &o), MTP_STATUS_OK);
        CHECK(o.seat == seat && o.has_neighborhood_card && !o.has_metropolys_card);
        CHECK(o.area_card >= MTP_AREA_BRIDGES && o.area_card <= MTP_AREA_CHAINS);
        CHECK(o.area_card != MTP_AREA_BORDER); /* Expert area cards */
        uint8_t other = (uint8_t)((seat + 1) % 3);
        CHECK_STATUS(mtp_game_view_objectives(g, seat, other, &o), MTP_STATUS_INVALID_ARGUMENT);
        CHECK_ERROR_MENTIONS("R-21");
    }
    CHECK_STATUS(mtp_game_view_objectives(g, 3, 0, &o), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_view_objectives(g, 0, 3, &o), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_game_view_objectives(g, 0, 0, NULL), MTP_STATUS_NULL_POINTER);
    g = play_out(g, 5);
    CHECK_STATUS(mtp_game_view_objectives(g, 0, 2, &o), MTP_STATUS_OK);
    CHECK(o.seat == 2);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    g = new_game(2, MTP_VARIANT_FAMILY, 5);
    CHECK_STATUS(mtp_game_view_objectives(g, 1, 1, &o), MTP_STATUS_OK);
    CHECK(!o.has_neighborhood_card && !o.has_metropolys_card);
    CHECK(o.area_card <= MTP_AREA_BORDER);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    MtpGame *m = NULL;
    CHECK_STATUS(mtp_game_new("{\"players\": 2, \"variant\": \"expert\", \"seed\": 1, "
                              "\"metropolys_cards\": [[\"park\", \"mall\", \"housing\"], "
                              "[\"industry\", \"park\", \"mall\"]]}",
                              &m),
                 MTP_STATUS_OK);
    if (m != NULL) {
        CHECK_STATUS(mtp_game_view_objectives(m, 0, 0, &o), MTP_STATUS_OK);
        CHECK(o.has_metropolys_card && !o.has_neighborhood_card);
        CHECK(o.metropolys_card[0] <= MTP_KIND_ADMINISTRATION);
        CHECK_STATUS(mtp_game_free(m), MTP_STATUS_OK);
    }
}

/* The x of the gold ring in `svg`, or -1 when there is none. */
static double highlight_x(const char *svg) {
    const char *at = svg != NULL ? strstr(svg, "class=\"highlight\" cx=\"") : NULL;
    return at != NULL ? strtod(at + strlen("class=\"highlight\" cx=\""), NULL) : -1.0;
}

/* The x of neighborhood `id`'s disc in `svg`. */
static double neighborhood_x(const char *svg, int id) {
    char key[32];
    snprintf(key, sizeof key, "id=\"n%d\"", id);
    const char *at = svg != NULL ? strstr(svg, key) : NULL;
    at = at != NULL ? strstr(at, "<circle cx=\"") : NULL;
    return at != NULL ? strtod(at + strlen("<circle cx=\""), NULL) : -2.0;
}

static void test_svg(void) {
    MtpGame *g = played(3, MTP_VARIANT_EXPERT, 2, 30);
    char *svg = NULL;
    MtpStatus st;
    CHECK_STATUS(mtp_game_svg(g, NULL, &svg), MTP_STATUS_OK);
    CHECK(svg != NULL && strncmp(svg, "<svg", 4) == 0 && strstr(svg, "id=\"n54\"") != NULL);
    CHECK(strstr(svg, "class=\"building ") != NULL && strstr(svg, "class=\"status\"") != NULL);
    CHECK(highlight_x(svg) < 0);

    /* Zeroed options are the defaults, byte for byte: no ring on
     * neighborhood 0. */
    MtpSvgOptions zero = {0};
    char *zeroed = NULL;
    st = mtp_game_svg(g, &zero, &zeroed);
    CHECK(st == MTP_STATUS_OK && zeroed != NULL && svg != NULL && strcmp(zeroed, svg) == 0);
    mtp_string_free(zeroed);
    MtpSvgOptions cleared;
    memset(&cleared, 0, sizeof cleared);
    zeroed = NULL;
    st = mtp_game_svg(g, &cleared, &zeroed);
    CHECK(st == MTP_STATUS_OK && zeroed != NULL && svg != NULL && strcmp(zeroed, svg) == 0);
    mtp_string_free(zeroed);

    /* has_highlight rings neighborhood 0 too; 1-54 ring without it (as in
     * ABI 1 before it existed); above 54 ring nothing without it and are
     * refused with it. */
    MtpSvgOptions ring0 = {.highlight = 0, .has_highlight = true};
    char *s = NULL;
    st = mtp_game_svg(g, &ring0, &s);
    CHECK(st == MTP_STATUS_OK && highlight_x(s) == neighborhood_x(s, 0));
    mtp_string_free(s);
    MtpSvgOptions ring4 = {.highlight = 4};
    s = NULL;
    st = mtp_game_svg(g, &ring4, &s);
    CHECK(st == MTP_STATUS_OK && highlight_x(s) == neighborhood_x(s, 4));
    mtp_string_free(s);
    ring4.has_highlight = true;
    s = NULL;
    st = mtp_game_svg(g, &ring4, &s);
    CHECK(st == MTP_STATUS_OK && highlight_x(s) == neighborhood_x(s, 4));
    mtp_string_free(s);
    MtpSvgOptions none = {.highlight = MTP_NO_SEAT};
    s = NULL;
    st = mtp_game_svg(g, &none, &s);
    CHECK(st == MTP_STATUS_OK && s != NULL && svg != NULL && strcmp(s, svg) == 0);
    mtp_string_free(s);
    none.has_highlight = true;
    s = NULL;
    st = mtp_game_svg(g, &none, &s);
    CHECK(st == MTP_STATUS_INVALID_ARGUMENT && s == NULL);
    CHECK_ERROR_MENTIONS("has_highlight");
    none.highlight = 55;
    s = NULL;
    st = mtp_game_svg(g, &none, &s);
    CHECK(st == MTP_STATUS_INVALID_ARGUMENT && s == NULL);
    /* A flag byte that is not 0 or 1 (padding written by an older program)
     * is read as true, never as an invalid value. */
    MtpSvgOptions odd = {0};
    ((unsigned char *)&odd)[offsetof(MtpSvgOptions, has_highlight)] = 0xA5;
    odd.highlight = 7;
    s = NULL;
    st = mtp_game_svg(g, &odd, &s);
    CHECK(st == MTP_STATUS_OK && highlight_x(s) == neighborhood_x(s, 7));
    mtp_string_free(s);
    mtp_string_free(svg);

    MtpSvgOptions opts = {.highlight = 4, .has_highlight = true, .hide_status = true,
                          .caption = "call <x>"};
    CHECK_STATUS(mtp_game_svg(g, &opts, &svg), MTP_STATUS_OK);
    CHECK(svg != NULL && strstr(svg, "class=\"highlight\"") != NULL);
    CHECK(strstr(svg, "class=\"status\"") == NULL);
    mtp_string_free(svg);
    opts.hide_status = false;
    opts.has_highlight = false;
    opts.highlight = 0;
    CHECK_STATUS(mtp_game_svg(g, &opts, &svg), MTP_STATUS_OK);
    CHECK(svg != NULL && strstr(svg, "call &lt;x&gt;") != NULL);
    CHECK(strstr(svg, "class=\"highlight\"") == NULL);
    mtp_string_free(svg);
    opts.caption = "\xff\xfe";
    svg = NULL;
    CHECK_STATUS(mtp_game_svg(g, &opts, &svg), MTP_STATUS_INVALID_ARGUMENT);
    CHECK(svg == NULL);
    CHECK_STATUS(mtp_game_svg(g, NULL, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

/* ----- words for players, in their language ------------------------------- */

/* The record of a seeded three-player Expert game played to the end
 * (caller frees with mtp_string_free). */
static char *seeded_record(void) {
    MtpGame *g = play_out(new_game(3, MTP_VARIANT_EXPERT, 1234), 99);
    char *record = NULL;
    CHECK_STATUS(mtp_game_record_json(g, &record), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    return record;
}

/* The narration of `record` in `lang` (caller frees), NULL on failure. */
static char *narration(const char *record, const char *lang) {
    char *json = NULL;
    CHECK_STATUS(mtp_narrate_record_json(record, lang, &json), MTP_STATUS_OK);
    CHECK(json != NULL);
    return json;
}

static void test_languages(void) {
    char *json = NULL;
    CHECK_STATUS(mtp_languages_json(&json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "{\"tag\":\"en\",\"name\":\"English\"}") != NULL);
    const char *tags[] = {"\"en\"", "\"cs\"", "\"pl\"", "\"fr\""};
    const char *last = json;
    for (size_t i = 0; json != NULL && i < sizeof tags / sizeof tags[0]; i++) {
        const char *at = strstr(json, tags[i]);
        CHECK(at != NULL && at >= last); /* in the menu's order */
        last = at != NULL ? at : last;
    }
    mtp_string_free(json);
    CHECK_STATUS(mtp_languages_json(NULL), MTP_STATUS_NULL_POINTER);
}

static void test_narration_in_every_language(void) {
    char *record = seeded_record();
    if (record == NULL) {
        return;
    }
    char *english = narration(record, "en");
    char *by_default = narration(record, NULL);
    /* NULL is English. */
    CHECK(english != NULL && by_default != NULL && strcmp(english, by_default) == 0);
    CHECK(english != NULL && strncmp(english, "{\"calls\":[{\"call\":1,\"title\":\"", 29) == 0);
    CHECK(english != NULL && strstr(english, "\"ending\":[\"") != NULL);
    const char *langs[] = {"cs", "pl", "fr", "cs_CZ.UTF-8", "pl-PL", "FR"};
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        char *told = narration(record, langs[i]);
        /* Every language tells the game in its own words, with the same
         * calls, and never a rule number. */
        CHECK(told != NULL && english != NULL && strcmp(told, english) != 0);
        CHECK(told != NULL && strstr(told, "\"calls\":[{\"call\":1,") != NULL);
        CHECK(told != NULL && strstr(told, "R-") == NULL);
        mtp_string_free(told);
    }
    CHECK(english != NULL && strstr(english, "R-") == NULL);

    /* Refused, with nothing written: unknown tags (the message names the
     * languages), text that is not UTF-8, NULL pointers, bad records. */
    const char *bad[] = {"de", "", "C", "klingon"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *json = NULL;
        CHECK_STATUS(mtp_narrate_record_json(record, bad[i], &json), MTP_STATUS_INVALID_ARGUMENT);
        CHECK_ERROR_MENTIONS("en, cs, pl and fr");
        CHECK(json == NULL);
    }
    char *json = NULL;
    CHECK_STATUS(mtp_narrate_record_json(record, "c\xff", &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("UTF-8");
    CHECK(json == NULL);
    CHECK_STATUS(mtp_narrate_record_json(record, "cs", NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_narrate_record_json(NULL, "cs", &json), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_narrate_record_json("{", NULL, &json), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_narrate_record_json("{\"format\":\"metropolys-record\",\"version\":1,"
                                         "\"config\":{\"players\":2,\"variant\":\"family\","
                                         "\"seed\":1},\"actions\":[{\"player\":0,"
                                         "\"action\":\"pass\"}]}",
                                         NULL, &json),
                 MTP_STATUS_ILLEGAL_ACTION);
    CHECK_ERROR_MENTIONS("R-7");
    CHECK(json == NULL);

    /* A game with its history is told as its record; a bare position has
     * none to tell. */
    MtpGame *g = NULL;
    CHECK_STATUS(mtp_game_from_record(record, &g), MTP_STATUS_OK);
    const char *game_langs[] = {NULL, "cs", "fr"};
    for (size_t i = 0; i < sizeof game_langs / sizeof game_langs[0]; i++) {
        char *from_game = NULL;
        CHECK_STATUS(mtp_game_narration_json(g, game_langs[i], &from_game), MTP_STATUS_OK);
        char *from_record = narration(record, game_langs[i]);
        CHECK(from_game != NULL && from_record != NULL && strcmp(from_game, from_record) == 0);
        mtp_string_free(from_game);
        mtp_string_free(from_record);
    }
    CHECK_STATUS(mtp_game_narration_json(g, "de", &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("en, cs, pl and fr");
    CHECK_STATUS(mtp_game_narration_json(g, NULL, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_narration_json(NULL, NULL, &json), MTP_STATUS_NULL_POINTER);
    char *state = state_json(g);
    MtpGame *bare = NULL;
    CHECK_STATUS(mtp_game_from_json(state, &bare), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_narration_json(bare, NULL, &json), MTP_STATUS_INVALID_STATE);
    CHECK_ERROR_MENTIONS("mtp_game_from_record");
    CHECK(json == NULL);
    CHECK_STATUS(mtp_game_free(bare), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_narration_json(bare, NULL, &json), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    mtp_string_free(state);

    /* A new game is told from its first call on. */
    MtpGame *fresh = new_game(2, MTP_VARIANT_FAMILY, 3);
    CHECK_STATUS(mtp_game_narration_json(fresh, "pl", &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"ending\":[]") != NULL);
    mtp_string_free(json);
    CHECK_STATUS(mtp_game_free(fresh), MTP_STATUS_OK);

    mtp_string_free(english);
    mtp_string_free(by_default);
    mtp_string_free(record);
}

static void test_actions_in_words(void) {
    char *en = NULL, *cs = NULL, *by_id = NULL, *family = NULL, *s = NULL;
    MtpAction b = bid(12, 7);
    CHECK_STATUS(mtp_action_text(b, MTP_VARIANT_EXPERT, NULL, &en), MTP_STATUS_OK);
    CHECK(en != NULL && strstr(en, "7") != NULL && strstr(en, "12") != NULL);
    CHECK_STATUS(mtp_action_text(b, MTP_VARIANT_EXPERT, "cs", &cs), MTP_STATUS_OK);
    CHECK(en != NULL && cs != NULL && strcmp(en, cs) != 0);
    uint16_t id = 0;
    CHECK_STATUS(mtp_action_to_id(b, &id), MTP_STATUS_OK);
    CHECK_STATUS(mtp_action_id_text(id, MTP_VARIANT_EXPERT, "cs", &by_id), MTP_STATUS_OK);
    CHECK(cs != NULL && by_id != NULL && strcmp(cs, by_id) == 0);
    /* The building's size is said in the Expert game only. */
    CHECK_STATUS(mtp_action_text(b, MTP_VARIANT_FAMILY, "en", &family), MTP_STATUS_OK);
    CHECK(en != NULL && family != NULL && strcmp(en, family) != 0);
    CHECK_STATUS(mtp_action_text(pass(), MTP_VARIANT_FAMILY, NULL, &s), MTP_STATUS_OK);
    CHECK(s != NULL && strcmp(s, "pass") == 0);
    mtp_string_free(s);
    s = NULL;
    CHECK_STATUS(mtp_action_id_text(MTP_PASS_ID, MTP_VARIANT_FAMILY, "en_GB.UTF-8", &s),
                 MTP_STATUS_OK);
    CHECK(s != NULL && strcmp(s, "pass") == 0);
    mtp_string_free(s);
    mtp_string_free(en);
    mtp_string_free(cs);
    mtp_string_free(by_id);
    mtp_string_free(family);

    s = NULL;
    CHECK_STATUS(mtp_action_text(b, MTP_VARIANT_EXPERT, "de", &s), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("en, cs, pl and fr");
    CHECK_STATUS(mtp_action_text(b, 5, NULL, &s), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("variant 5");
    CHECK_STATUS(mtp_action_text(bid(55, 7), MTP_VARIANT_EXPERT, NULL, &s),
                 MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_text(bid(12, 14), MTP_VARIANT_EXPERT, NULL, &s),
                 MTP_STATUS_INVALID_ARGUMENT);
    MtpAction odd = {9, 0, 0};
    CHECK_STATUS(mtp_action_text(odd, MTP_VARIANT_EXPERT, NULL, &s), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_action_id_text(MTP_ACTION_COUNT, MTP_VARIANT_EXPERT, NULL, &s),
                 MTP_STATUS_INVALID_ARGUMENT);
    CHECK(s == NULL);
    CHECK_STATUS(mtp_action_text(b, MTP_VARIANT_EXPERT, "cs", NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_action_id_text(id, MTP_VARIANT_EXPERT, "cs", NULL), MTP_STATUS_NULL_POINTER);
}

static void test_scoring_rules_and_how_to_play_in_words(void) {
    const char *langs[] = {NULL, "en", "cs", "pl", "fr"};
    const uint32_t variants[] = {MTP_VARIANT_FAMILY, MTP_VARIANT_EXPERT};
    for (size_t v = 0; v < 2; v++) {
        for (int cards = 0; cards < 2; cards++) {
            char *english = NULL;
            CHECK_STATUS(mtp_scoring_rules_text_json(variants[v], cards, NULL, &english),
                         MTP_STATUS_OK);
            for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
                char *json = NULL;
                CHECK_STATUS(mtp_scoring_rules_text_json(variants[v], cards, langs[i], &json),
                             MTP_STATUS_OK);
                /* The shape of mtp_scoring_rules_json, without rule numbers. */
                CHECK(json != NULL && strstr(json, "\"topic\":") != NULL &&
                      strstr(json, "\"category\":\"trendy\"") != NULL &&
                      strstr(json, "\"topic\":\"winner\"") != NULL);
                CHECK(json != NULL && strstr(json, "R-") == NULL && strstr(json, "\xc2\xa7") == NULL);
                bool is_english = langs[i] == NULL || strcmp(langs[i], "en") == 0;
                CHECK(json != NULL && english != NULL &&
                      (strcmp(json, english) == 0) == is_english);
                mtp_string_free(json);
            }
            mtp_string_free(english);
        }
    }
    /* The rules with their rulings are still those of mtp_scoring_rules_json. */
    char *ruled = NULL;
    CHECK_STATUS(mtp_scoring_rules_json(MTP_VARIANT_EXPERT, false, &ruled), MTP_STATUS_OK);
    CHECK(ruled != NULL && strstr(ruled, "R-") != NULL);
    mtp_string_free(ruled);
    char *json = NULL;
    CHECK_STATUS(mtp_scoring_rules_text_json(9, false, "cs", &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_scoring_rules_text_json(MTP_VARIANT_EXPERT, false, "xx", &json),
                 MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("en, cs, pl and fr");
    CHECK_STATUS(mtp_scoring_rules_text_json(MTP_VARIANT_EXPERT, false, "cs", NULL),
                 MTP_STATUS_NULL_POINTER);
    CHECK(json == NULL);

    char *family = NULL, *expert = NULL, *polish = NULL;
    CHECK_STATUS(mtp_how_to_play_json(MTP_VARIANT_FAMILY, NULL, &family), MTP_STATUS_OK);
    CHECK_STATUS(mtp_how_to_play_json(MTP_VARIANT_EXPERT, NULL, &expert), MTP_STATUS_OK);
    CHECK_STATUS(mtp_how_to_play_json(MTP_VARIANT_FAMILY, "pl", &polish), MTP_STATUS_OK);
    CHECK(family != NULL && family[0] == '[' && expert != NULL && polish != NULL);
    CHECK(family != NULL && expert != NULL && strlen(expert) > strlen(family));
    CHECK(family != NULL && polish != NULL && strcmp(family, polish) != 0);
    mtp_string_free(family);
    mtp_string_free(expert);
    mtp_string_free(polish);
    CHECK_STATUS(mtp_how_to_play_json(2, NULL, &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_how_to_play_json(MTP_VARIANT_FAMILY, "de", &json),
                 MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_how_to_play_json(MTP_VARIANT_FAMILY, NULL, NULL), MTP_STATUS_NULL_POINTER);
    CHECK(json == NULL);
}

/* ----- bots ----------------------------------------------------------------- */

static MtpBot *new_bot(const char *kind, const char *params) {
    MtpBot *b = NULL;
    CHECK_STATUS(mtp_bot_new(kind, params, &b), MTP_STATUS_OK);
    CHECK(b != NULL);
    return b;
}

static MtpAction bot_choice(MtpBot *b, const MtpGame *g) {
    MtpAction a = {0xFF, 0xFF, 0xFF};
    CHECK_STATUS(mtp_bot_choose(b, g, &a), MTP_STATUS_OK);
    return a;
}

static bool same_action(MtpAction a, MtpAction b) {
    return a.kind == b.kind && a.neighborhood == b.neighborhood && a.building == b.building;
}

static void test_bot_creation_errors(void) {
    MtpBot *b = NULL;
    CHECK_STATUS(mtp_bot_new("chess", "{}", &b), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("chess");
    CHECK_STATUS(mtp_bot_new("ismcts", "{\"iteration\": 5}", &b), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("iteration");
    CHECK_STATUS(mtp_bot_new("ismcts", "{\"iterations\": 0}", &b), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("iterations");
    CHECK_STATUS(mtp_bot_new("random", "{\"seed\": -1}", &b), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("seed");
    CHECK_STATUS(mtp_bot_new("greedy", "[1, 2]", &b), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mtp_bot_new("greedy", "{", &b), MTP_STATUS_INVALID_JSON);
    CHECK_ERROR_MENTIONS("not valid JSON");
    CHECK_STATUS(mtp_bot_new("greedy", "\xff", &b), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_bot_new(NULL, "{}", &b), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_bot_new("greedy", "{}", NULL), MTP_STATUS_NULL_POINTER);
    CHECK(b == NULL);
    /* NULL or empty parameters are the defaults. */
    b = new_bot("greedy", "");
    CHECK_STATUS(mtp_bot_free(b), MTP_STATUS_OK);
    b = new_bot("ismcts", " ");
    CHECK_STATUS(mtp_bot_free(b), MTP_STATUS_OK);
    b = new_bot("greedy", NULL);
    CHECK_STATUS(mtp_bot_free(b), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_free(b), MTP_STATUS_INVALID_HANDLE); /* double free is detected */
    CHECK_STATUS(mtp_bot_free(NULL), MTP_STATUS_OK);
}

/* A freed bot stays dead when a new bot is made in its place, and a game
   handle is not a bot handle (nor the other way round). */
static void test_bot_handles_are_checked(void) {
    MtpGame *g = new_game(3, MTP_VARIANT_FAMILY, 2);
    MtpAction a;
    for (int i = 0; i < 20; i++) {
        MtpBot *old = new_bot("random", NULL);
        CHECK_STATUS(mtp_bot_free(old), MTP_STATUS_OK);
        MtpBot *b = new_bot("random", NULL);
        CHECK_STATUS(mtp_bot_choose(old, g, &a), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_bot_free(old), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_bot_choose(b, g, &a), MTP_STATUS_OK);
        CHECK_STATUS(mtp_bot_choose((MtpBot *)(void *)g, g, &a), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_bot_choose(b, (const MtpGame *)(void *)b, &a), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_bot_free((MtpBot *)(void *)g), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_game_free((MtpGame *)(void *)b), MTP_STATUS_INVALID_HANDLE);
        CHECK_STATUS(mtp_bot_free(b), MTP_STATUS_OK);
    }
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
}

static void test_bots_play_legal_games(void) {
    MtpBot *bots[3] = {new_bot("ismcts", "{\"iterations\": 60, \"seed\": 1}"),
                       new_bot("greedy", "{\"seed\": 2}"), new_bot("random", "{\"seed\": 3}")};
    MtpGame *g = new_game(3, MTP_VARIANT_EXPERT, 21);
    int decisions = 0;
    while (g != NULL && !is_over(g)) {
        uint8_t seat = MTP_NO_SEAT;
        CHECK_STATUS(mtp_game_to_act(g, &seat), MTP_STATUS_OK);
        if (seat >= 3) {
            break;
        }
        MtpAction a = bot_choice(bots[seat], g);
        bool legal = false;
        CHECK_STATUS(mtp_game_is_legal(g, a, &legal), MTP_STATUS_OK);
        CHECK(legal);
        MtpGame *next = NULL;
        CHECK_STATUS(mtp_game_apply(g, a, &next), MTP_STATUS_OK);
        CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
        g = next;
        decisions++;
    }
    CHECK(decisions > 20);
    /* A finished game: no decision (R-17), nothing written. */
    MtpAction a = {7, 7, 7};
    CHECK_STATUS(mtp_bot_choose(bots[0], g, &a), MTP_STATUS_GAME_OVER);
    CHECK_ERROR_MENTIONS("R-17");
    CHECK(a.kind == 7 && a.neighborhood == 7 && a.building == 7);
    CHECK_STATUS(mtp_bot_choose(bots[1], NULL, &a), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_bot_choose(NULL, g, &a), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_bot_choose(bots[1], g, NULL), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(mtp_bot_free(bots[i]), MTP_STATUS_OK);
    }
    /* A freed bot or game is reported, never touched. */
    MtpGame *g2 = new_game(2, MTP_VARIANT_FAMILY, 1);
    CHECK_STATUS(mtp_bot_choose(bots[0], g2, &a), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_game_free(g2), MTP_STATUS_OK);
}

static void test_bots_are_reproducible_and_see_only_their_seat(void) {
    /* Same kind, parameters and seed: the same decisions. */
    MtpGame *g = new_game(4, MTP_VARIANT_EXPERT, 5);
    MtpBot *x = new_bot("ismcts", "{\"iterations\": 200, \"seed\": 9}");
    MtpBot *y = new_bot("ismcts", "{\"iterations\": 200, \"seed\": 9}");
    CHECK(same_action(bot_choice(x, g), bot_choice(y, g)));
    CHECK(same_action(bot_choice(x, g), bot_choice(y, g)));
    CHECK_STATUS(mtp_game_free(g), MTP_STATUS_OK);

    /* R-21: two games that differ only in the opponents' secret cards give
     * seat 0 the same decision. */
    const char *a_json =
        "{\"players\": 3, \"variant\": \"expert\", \"seed\": 77, \"objectives\": ["
        "{\"neighborhood\": \"park\", \"area\": \"chains\"},"
        "{\"neighborhood\": \"mall\", \"area\": \"lakes\"},"
        "{\"neighborhood\": \"housing\", \"area\": \"bridges\"}]}";
    const char *b_json =
        "{\"players\": 3, \"variant\": \"expert\", \"seed\": 77, \"objectives\": ["
        "{\"neighborhood\": \"park\", \"area\": \"chains\"},"
        "{\"neighborhood\": \"industry\", \"area\": \"statues\"},"
        "{\"neighborhood\": \"administration\", \"area\": \"districts\"}]}";
    MtpGame *ga = NULL;
    MtpGame *gb = NULL;
    CHECK_STATUS(mtp_game_new(a_json, &ga), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_new(b_json, &gb), MTP_STATUS_OK);
    CHECK(!same_state(ga, gb));
    for (uint64_t seed = 0; seed < 3; seed++) {
        char params[64];
        snprintf(params, sizeof params, "{\"iterations\": 300, \"seed\": %llu}",
                 (unsigned long long)seed);
        MtpBot *p = new_bot("ismcts", params);
        MtpBot *q = new_bot("ismcts", params);
        CHECK(same_action(bot_choice(p, ga), bot_choice(q, gb)));
        CHECK_STATUS(mtp_bot_free(p), MTP_STATUS_OK);
        CHECK_STATUS(mtp_bot_free(q), MTP_STATUS_OK);
    }
    CHECK_STATUS(mtp_game_free(ga), MTP_STATUS_OK);
    CHECK_STATUS(mtp_game_free(gb), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_free(x), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_free(y), MTP_STATUS_OK);
}

/* A GUI's "stop thinking": another thread trips the cancel handle while a
 * search with an hour's budget thinks, and mtp_bot_choose_cancellable
 * returns MTP_STATUS_CANCELLED, writing nothing. */
static void *trip_later(void *cancel) {
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL);
    mtp_cancel_trip((const MtpCancel *)cancel);
    return NULL;
}

static void test_a_decision_cancelled_from_another_thread(void) {
    MtpGame *game = NULL;
    MtpBot *bot = NULL;
    MtpCancel *cancel = NULL;
    CHECK_STATUS(mtp_game_new_simple(3, MTP_VARIANT_EXPERT, 4, &game), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_new("ismcts", "{\"seconds\": 3600, \"seed\": 2}", &bot), MTP_STATUS_OK);
    CHECK_STATUS(mtp_cancel_new(&cancel), MTP_STATUS_OK);
    bool tripped = true;
    CHECK_STATUS(mtp_cancel_is_tripped(cancel, &tripped), MTP_STATUS_OK);
    CHECK(!tripped);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, trip_later, cancel) == 0);
    MtpAction action = {.kind = 99, .neighborhood = 0, .building = 0};
    CHECK_STATUS(mtp_bot_choose_cancellable(bot, game, cancel, &action), MTP_STATUS_CANCELLED);
    CHECK_ERROR_MENTIONS("interrupted");
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(action.kind == 99);
    CHECK_STATUS(mtp_cancel_is_tripped(cancel, &tripped), MTP_STATUS_OK);
    CHECK(tripped);
    /* Tripped, it cancels the next decision at once, for any kind. */
    MtpBot *greedy = NULL;
    CHECK_STATUS(mtp_bot_new("greedy", NULL, &greedy), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_choose_cancellable(greedy, game, cancel, &action), MTP_STATUS_CANCELLED);
    /* Reset, the handle serves the next decision. */
    CHECK_STATUS(mtp_cancel_reset(cancel), MTP_STATUS_OK);
    CHECK_STATUS(mtp_bot_choose_cancellable(greedy, game, cancel, &action), MTP_STATUS_OK);
    CHECK(action.kind == MTP_ACTION_KIND_BID);
    /* Bad handles are reported. */
    CHECK_STATUS(mtp_bot_choose_cancellable(greedy, game, NULL, &action), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_bot_choose_cancellable(greedy, game, (const MtpCancel *)greedy, &action),
                 MTP_STATUS_INVALID_HANDLE);
    CHECK(mtp_live_cancels() == 1);
    CHECK_STATUS(mtp_cancel_free(cancel), MTP_STATUS_OK);
    CHECK_STATUS(mtp_cancel_free(cancel), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_cancel_trip(cancel), MTP_STATUS_INVALID_HANDLE);
    CHECK_STATUS(mtp_cancel_free(NULL), MTP_STATUS_OK);
    CHECK(strcmp(mtp_status_name(MTP_STATUS_CANCELLED), "MTP_STATUS_CANCELLED") == 0);
    mtp_bot_free(greedy);
    mtp_bot_free(bot);
    mtp_game_free(game);
}

/* The review of a finished game: one decision per action, graded, the
 * same JSON for the same seed whatever the threads; a game still played is
 * reviewed only with one seat's knowledge; bad options and a tripped cancel
 * handle write nothing. */
static void test_review(void) {
    char *record = seeded_record();
    if (record == NULL) {
        return;
    }
    char *json = NULL;
    const char *quick = "{\"preset\": \"beginner\", \"worlds\": 8, \"seed\": 3}";
    CHECK_STATUS(mtp_review_json(record, quick, NULL, &json), MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"reviewer\":\"beginner\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"known\":{\"played\":{\"win\":[") != NULL);
    CHECK(json != NULL && strstr(json, "\"revealed\":{\"played\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"grade\":\"") != NULL);
    char *threaded = NULL;
    CHECK_STATUS(mtp_review_json(record,
                                 "{\"preset\": \"beginner\", \"worlds\": 8, \"seed\": 3, "
                                 "\"threads\": 2}",
                                 NULL, &threaded),
                 MTP_STATUS_OK);
    CHECK(json != NULL && threaded != NULL && strcmp(json, threaded) == 0);
    mtp_string_free(threaded);
    mtp_string_free(json);

    /* A game being played: refused without a seat (R-21), one seat's own
     * decisions with one. */
    MtpGame *g = new_game(2, MTP_VARIANT_EXPERT, 5);
    char *live = NULL;
    CHECK_STATUS(mtp_game_record_json(g, &live), MTP_STATUS_OK);
    json = NULL;
    CHECK_STATUS(mtp_review_json(live, quick, NULL, &json), MTP_STATUS_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("not over");
    CHECK(json == NULL);
    CHECK_STATUS(mtp_review_json(live, "{\"preset\": \"beginner\", \"seat\": 1}", NULL, &json),
                 MTP_STATUS_OK);
    CHECK(json != NULL && strstr(json, "\"only\":1") != NULL);
    mtp_string_free(json);
    mtp_string_free(live);
    mtp_game_free(g);

    const char *bad[] = {"{\"preset\": \"ismcts\"}", "{\"worlds\": 0}", "{\"depth\": 1}",
                         "{\"seat\": 7, \"preset\": \"beginner\"}", "[]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json = NULL;
        CHECK_STATUS(mtp_review_json(record, bad[i], NULL, &json), MTP_STATUS_INVALID_ARGUMENT);
        CHECK(json == NULL);
    }
    CHECK_STATUS(mtp_review_json(record, "{", NULL, &json), MTP_STATUS_INVALID_JSON);
    CHECK_STATUS(mtp_review_json(NULL, NULL, NULL, &json), MTP_STATUS_NULL_POINTER);
    CHECK_STATUS(mtp_review_json(record, NULL, NULL, NULL), MTP_STATUS_NULL_POINTER);
    MtpCancel *cancel = NULL;
    CHECK_STATUS(mtp_cancel_new(&cancel), MTP_STATUS_OK);
    CHECK_STATUS(mtp_cancel_trip(cancel), MTP_STATUS_OK);
    CHECK_STATUS(mtp_review_json(record, quick, cancel, &json), MTP_STATUS_CANCELLED);
    CHECK(json == NULL);
    CHECK_STATUS(mtp_cancel_free(cancel), MTP_STATUS_OK);
    CHECK_STATUS(mtp_review_json(record, quick, cancel, &json), MTP_STATUS_INVALID_HANDLE);
    mtp_string_free(record);
}

static void test_no_handle_leaked(void) {
    CHECK(mtp_live_games() == live_at_start);
    CHECK(mtp_live_bots() == 0);
    CHECK(mtp_live_cancels() == 0);
}

/* ----- conformance vectors -------------------------------------------------- */

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    char *text = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size >= 0 && fseek(f, 0, SEEK_SET) == 0) {
            text = malloc((size_t)size + 1);
            if (text != NULL) {
                size_t got = fread(text, 1, (size_t)size, f);
                text[got] = '\0';
            }
        }
    }
    fclose(f);
    return text;
}

static const char *shared_board_path;

/* Every neighborhood's kind equals the board description
 * (metropolys-core/data/board.json), read here with a minimal scan:
 * each "kind" belongs to the "id" written before it in its object. */
static void test_kinds_match_the_shared_board(void) {
    char *text = read_file(shared_board_path);
    if (text == NULL) {
        printf("skipped: no board description at %s\n", shared_board_path);
        return;
    }
    static const char *names[5] = {"industry", "park", "housing", "mall", "administration"};
    int seen = 0;
    char *at = text;
    char *end = strstr(text, "\"bridges\""); /* the neighborhoods come first */
    while ((at = strstr(at, "\"kind\"")) != NULL && (end == NULL || at < end)) {
        /* The id of this object: the last "id" before the kind. */
        char *id_at = NULL;
        for (char *p = text; (p = strstr(p, "\"id\"")) != NULL && p < at; p++) {
            id_at = p;
        }
        CHECK(id_at != NULL);
        char *value = strchr(at + 6, '"');
        CHECK(value != NULL);
        if (id_at == NULL || value == NULL) {
            break;
        }
        long id = strtol(strchr(id_at + 4, ':') + 1, NULL, 10);
        value++;
        int want = -1;
        for (int i = 0; i < 5; i++) {
            size_t len = strlen(names[i]);
            if (strncmp(value, names[i], len) == 0 && value[len] == '"') {
                want = i;
            }
        }
        MtpKind k = MTP_KIND_PARK;
        CHECK(id >= 0 && id < MTP_NEIGHBORHOOD_COUNT && want >= 0);
        CHECK_STATUS(mtp_neighborhood_kind((uint8_t)id, &k), MTP_STATUS_OK);
        if ((int)k != want) {
            printf("neighborhood %ld: the engine says %d, %s says %s\n", id, (int)k,
                   shared_board_path, want >= 0 ? names[want] : "?");
        }
        CHECK((int)k == want);
        seen++;
        at = value;
    }
    CHECK(seen == MTP_NEIGHBORHOOD_COUNT);
    free(text);
}

static const char *vector_path;

static void test_conformance_vector(void) {
    char *text = read_file(vector_path);
    CHECK(text != NULL);
    if (text == NULL) {
        return;
    }
    MtpGame *verified = NULL;
    CHECK_STATUS(mtp_record_verify(text, &verified), MTP_STATUS_OK);
    MtpGame *loaded = NULL;
    MtpStatus load = mtp_game_from_record(text, &loaded);
    if (strstr(text, "\"error\"") != NULL) {
        /* A rejection vector: verify accepts it because its last action is
         * rejected as expected, so replaying the whole record must fail. */
        CHECK(load == MTP_STATUS_ILLEGAL_ACTION || load == MTP_STATUS_GAME_OVER);
        CHECK(loaded == NULL);
        CHECK(strstr(mtp_last_error(), "R-") != NULL);
    } else {
        CHECK_STATUS(load, MTP_STATUS_OK);
    }
    if (verified != NULL && loaded != NULL) {
        CHECK(same_state(verified, loaded));
        /* The reached game's own record verifies too. */
        char *again = NULL;
        CHECK_STATUS(mtp_game_record_json(loaded, &again), MTP_STATUS_OK);
        if (again != NULL) {
            CHECK_STATUS(mtp_record_verify(again, NULL), MTP_STATUS_OK);
        }
        mtp_string_free(again);
    }
    mtp_game_free(verified);
    mtp_game_free(loaded);
    free(text);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_conformance(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        printf("(no conformance directory %s)\n", dir);
        return;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) {
            if (count == cap) {
                cap = cap ? cap * 2 : 16;
                char **grown = realloc(names, cap * sizeof *names);
                if (grown == NULL) {
                    break;
                }
                names = grown;
            }
            names[count++] = strdup(e->d_name);
        }
    }
    closedir(d);
    if (count > 0) {
        qsort(names, count, sizeof *names, compare_names);
    }
    printf("(%zu conformance vectors in %s)\n", count, dir);
    for (size_t i = 0; i < count; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (path != NULL) {
            snprintf(path, len, "%s/%s", dir, names[i]);
            char label[512];
            snprintf(label, sizeof label, "conformance %s", names[i]);
            vector_path = path;
            run(label, test_conformance_vector);
            free(path);
        }
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv) {
    live_at_start = mtp_live_games();
    RUN(test_version_and_status_names);
    RUN(test_new_simple_and_queries);
    RUN(test_new_from_config_json);
    RUN(test_last_error);
    RUN(test_legal_actions_and_buffer_protocol);
    RUN(test_apply_returns_a_new_handle);
    RUN(test_events);
    RUN(test_finished_game);
    RUN(test_state_json_and_views);
    RUN(test_public_view);
    RUN(test_records);
    RUN(test_save_and_restore_with_history);
    RUN(test_handles_clone_and_double_free);
    RUN(test_board);
    RUN(test_struct_queries);
    RUN(test_struct_query_errors);
    RUN(test_objectives_through_a_seat_view);
    RUN(test_loaded_views);
    RUN(test_tampered_views);
    RUN(test_svg);
    RUN(test_languages);
    RUN(test_narration_in_every_language);
    RUN(test_actions_in_words);
    RUN(test_scoring_rules_and_how_to_play_in_words);
    RUN(test_bot_creation_errors);
    RUN(test_bot_handles_are_checked);
    RUN(test_bots_play_legal_games);
    RUN(test_bots_are_reproducible_and_see_only_their_seat);
    RUN(test_a_decision_cancelled_from_another_thread);
    RUN(test_review);
    if (argc > 1) {
        run_conformance(argv[1]);
    }
    shared_board_path = argc > 2 ? argv[2] : "metropolys-core/data/board.json";
    RUN(test_kinds_match_the_shared_board);
    RUN(test_no_handle_leaked);
    printf("%d passed, %d failed\n", tests_passed, tests_failed);
    return tests_failed == 0 ? 0 : 1;
}
