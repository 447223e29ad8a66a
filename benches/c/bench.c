/*
 * bench.c: what the C ABI costs per call, against the Rust work it wraps.
 *
 * Usage: bench_c [--quick] [--scaling] [--rust NAME=NS]...
 *   --quick        a few hundred iterations per row (figures only indicative)
 *   --scaling      only the rows on the handles' cost: a call with few and
 *                  with many live handles, and 1 against 2 threads
 *   --rust NAME=NS the same work measured in Rust (ns), printed as a ratio;
 *                  scripts/bench passes the rows of the Rust summary.
 *
 * Every row prints as "row<TAB>name<TAB>value<TAB>unit<TAB>note" (the format
 * scripts/bench collects into its table). Build (as scripts/bench does):
 *   cargo build --release -p metropolys-ffi
 *   cc -O2 -std=c11 -Iinclude benches/c/bench.c target/release/libmetropolys.a \
 *      -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o bench_c
 *
 * Moves are drawn with SplitMix64 and the same bounded draw as the Rust
 * summary's step loop, so both play the very same games.
 */
#define _POSIX_C_SOURCE 199309L
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metropolys.h"

static void check(MtpStatus status, const char *what) {
    if (status != MTP_STATUS_OK) {
        fprintf(stderr, "%s failed: %s: %s\n", what, mtp_status_name(status), mtp_last_error());
        exit(1);
    }
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* SplitMix64 and its unbiased bounded draw, as metropolys_core::rng. */
static uint64_t splitmix_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t *s, uint64_t n) {
    for (;;) {
        uint64_t x = splitmix_next(s);
        if (x < UINT64_MAX - (UINT64_MAX % n)) {
            return x % n;
        }
    }
}

/* Rust figures given on the command line, by row name. */
#define MAX_RUST 32
static struct {
    const char *name;
    double ns;
} rust[MAX_RUST];
static int rust_count = 0;

static void row(const char *name, double ns, const char *unit, const char *rust_name,
                const char *what) {
    char note[256];
    int written = snprintf(note, sizeof note, "%s", what);
    for (int i = 0; i < rust_count; i++) {
        if (strcmp(rust[i].name, rust_name) == 0 && rust[i].ns > 0 && written >= 0 &&
            (size_t)written < sizeof note) {
            snprintf(note + written, sizeof note - (size_t)written,
                     "; %.2fx the Rust '%s' row (%.1f ns)", ns / rust[i].ns, rust_name,
                     rust[i].ns);
        }
    }
    printf("row\tC: %s\t%.1f\t%s\t%s\n", name, ns, unit, note);
}

/* One whole game through the ABI: new, then legal ids -> draw -> apply_id
 * -> free the old handle, to the end; every seat's score sheet and the
 * winners. Returns the number of decisions. */
static unsigned whole_game(uint8_t players, uint32_t variant, uint64_t seed, int64_t *checksum) {
    MtpGame *game = NULL;
    check(mtp_game_new_simple(players, variant, seed, &game), "mtp_game_new_simple");
    uint16_t ids[MTP_ACTION_COUNT];
    uint64_t rng = seed;
    unsigned steps = 0;
    for (;;) {
        size_t count = 0;
        check(mtp_game_legal_action_ids(game, ids, MTP_ACTION_COUNT, &count),
              "mtp_game_legal_action_ids");
        if (count == 0) {
            break;
        }
        MtpGame *next = NULL;
        check(mtp_game_apply_id(game, ids[below(&rng, count)], &next), "mtp_game_apply_id");
        check(mtp_game_free(game), "mtp_game_free");
        game = next;
        steps++;
    }
    for (uint8_t p = 0; p < players; p++) {
        MtpScoreSheet sheet;
        check(mtp_game_score_sheet(game, p, &sheet), "mtp_game_score_sheet");
        *checksum += sheet.total;
    }
    uint8_t winners[MTP_MAX_PLAYERS];
    size_t n_winners = 0;
    check(mtp_game_winners(game, winners, MTP_MAX_PLAYERS, &n_winners), "mtp_game_winners");
    *checksum += (int64_t)n_winners;
    check(mtp_game_free(game), "mtp_game_free");
    return steps;
}

/* Thread scaling: each thread plays whole games (its own handles) or
 * hammers a cheap call on its own handle, so the threads share nothing but
 * the library. */
struct job {
    unsigned games, calls;
    uint64_t first_seed;
    int64_t checksum;
};

static void *games_job(void *arg) {
    struct job *j = arg;
    for (unsigned g = 0; g < j->games; g++) {
        whole_game(4, MTP_VARIANT_EXPERT, j->first_seed + g, &j->checksum);
    }
    return NULL;
}

static void *calls_job(void *arg) {
    struct job *j = arg;
    MtpGame *one = NULL;
    check(mtp_game_new_simple(4, MTP_VARIANT_EXPERT, j->first_seed, &one), "new");
    size_t count = 0;
    for (unsigned i = 0; i < j->calls; i++) {
        check(mtp_game_legal_action_count(one, &count), "count");
        j->checksum += (int64_t)count;
    }
    check(mtp_game_free(one), "free");
    return NULL;
}

/* Wall time of `threads` threads each running `fn` on its own job. */
static double run_threads(int threads, void *(*fn)(void *), unsigned games, unsigned calls,
                          int64_t *checksum) {
    pthread_t tid[8];
    struct job jobs[8];
    double t = now_ns();
    for (int i = 0; i < threads; i++) {
        jobs[i] = (struct job){games, calls, (uint64_t)i * 1000003u, 0};
        if (pthread_create(&tid[i], NULL, fn, &jobs[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            exit(1);
        }
    }
    for (int i = 0; i < threads; i++) {
        pthread_join(tid[i], NULL);
        *checksum += jobs[i].checksum;
    }
    return now_ns() - t;
}

static void scaling_rows(int quick, int64_t *checksum) {
    const unsigned games = quick ? 10 : 2000, calls = quick ? 1000 : 5000000;
    double one = run_threads(1, games_job, games, 0, checksum);
    double two = run_threads(2, games_job, games, 0, checksum);
    char what[128];
    snprintf(what, sizeof what, "%.0f games/s on 1 thread, %.0f on 2: %.2fx", 1e9 * games / one,
             2e9 * games / two, 2.0 * one / two);
    row("threads: whole games 4p expert, 2 threads vs 1", 2.0 * one / two, "x", "", what);
    one = run_threads(1, calls_job, 0, calls, checksum);
    two = run_threads(2, calls_job, 0, calls, checksum);
    snprintf(what, sizeof what, "%.1f ns/call on 1 thread, %.1f ns/call on each of 2: %.2fx",
             one / calls, two / calls, 2.0 * one / two);
    row("threads: legal_action_count on own handle, 2 threads vs 1", 2.0 * one / two, "x", "",
        what);
}

/* The cost of a call that does almost nothing, with `live` other handles. */
static void call_cost_row(unsigned live, int quick, int64_t *checksum) {
    MtpGame **others = calloc(live ? live : 1, sizeof *others);
    for (unsigned i = 0; i < live; i++) {
        check(mtp_game_new_simple(2, MTP_VARIANT_FAMILY, i, &others[i]), "new");
    }
    MtpGame *one = NULL;
    check(mtp_game_new_simple(4, MTP_VARIANT_EXPERT, 1, &one), "new");
    const unsigned n = quick ? 1000 : 5000000;
    size_t count = 0, total = 0;
    double t = now_ns();
    for (unsigned i = 0; i < n; i++) {
        check(mtp_game_legal_action_count(one, &count), "count");
        total += count;
    }
    double per = (now_ns() - t) / n;
    *checksum += (int64_t)total;
    char name[96];
    snprintf(name, sizeof name, "legal_action_count, same handle, %u other live handles", live);
    row(name, per, "ns/call", "legal_action_count", "the cost of crossing the ABI");
    check(mtp_game_free(one), "free");
    for (unsigned i = 0; i < live; i++) {
        check(mtp_game_free(others[i]), "free");
    }
    free(others);
}

int main(int argc, char **argv) {
    int quick = 0, scaling = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--scaling") == 0) {
            scaling = 1;
        } else if (strcmp(argv[i], "--rust") == 0 && i + 1 < argc && rust_count < MAX_RUST) {
            char *arg = argv[++i];
            char *eq = strrchr(arg, '=');
            if (eq != NULL) {
                *eq = '\0';
                rust[rust_count].name = arg;
                rust[rust_count].ns = strtod(eq + 1, NULL);
                rust_count++;
            }
        } else {
            fprintf(stderr, "usage: %s [--quick] [--scaling] [--rust NAME=NS]...\n", argv[0]);
            return 2;
        }
    }
    const unsigned games = quick ? 20 : 20000;
    int64_t checksum = 0;
    printf("metropolys C ABI benchmark (%s mode), library %s\n", quick ? "quick" : "full",
           mtp_version());

    /* What handles cost: few against many live handles, 1 against 2
     * threads. */
    call_cost_row(0, quick, &checksum);
    call_cost_row(quick ? 1000 : 100000, quick, &checksum);
    scaling_rows(quick, &checksum);
    if (scaling) {
        printf("checksum %" PRId64 ", live handles %zu\n", checksum, mtp_live_games());
        return mtp_live_games() == 0 ? 0 : 1;
    }

    /* Whole games per player count and variant. */
    static const struct {
        uint8_t players;
        uint32_t variant;
        const char *name;
    } cases[] = {
        {4, MTP_VARIANT_EXPERT, "4p expert"}, {3, MTP_VARIANT_EXPERT, "3p expert"},
        {2, MTP_VARIANT_EXPERT, "2p expert"}, {4, MTP_VARIANT_FAMILY, "4p family"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned steps = 0;
        double t = now_ns();
        for (unsigned g = 0; g < games; g++) {
            steps += whole_game(cases[c].players, cases[c].variant, g, &checksum);
        }
        double per = (now_ns() - t) / games;
        char name[64], rust_name[64], what[96];
        snprintf(name, sizeof name, "game/%s step loop", cases[c].name);
        snprintf(rust_name, sizeof rust_name, "game/%s step loop", cases[c].name);
        snprintf(what, sizeof what, "%.0f games/s, %.1f ns/decision", 1e9 / per,
                 per * games / steps);
        row(name, per, "ns/game", rust_name, what);
    }

    /* The cost of a call that does almost nothing, with one live handle. */
    {
        MtpGame *one = NULL;
        check(mtp_game_new_simple(4, MTP_VARIANT_EXPERT, 1, &one), "new");
        const unsigned n = quick ? 1000 : 5000000;
        size_t count = 0, total = 0;
        double t = now_ns();
        for (unsigned i = 0; i < n; i++) {
            check(mtp_game_legal_action_count(one, &count), "count");
            total += count;
        }
        double per = (now_ns() - t) / n;
        checksum += (int64_t)total;
        row("legal_action_count, 1 live handle", per, "ns/call", "legal_action_count",
            "almost no work: the cost of crossing the ABI");
        check(mtp_game_free(one), "free");
    }

    /* Per call, over every position of the 4-player Expert games of seeds
     * 0..49 (the positions the Rust summary's per-action rows use). */
    enum { POOL_GAMES = 50, MAX_POSITIONS = POOL_GAMES * 200 };
    static MtpGame *pos[MAX_POSITIONS];
    static uint16_t chosen[MAX_POSITIONS];
    static size_t decision[MAX_POSITIONS];
    static MtpGame *finals[POOL_GAMES];
    size_t n_pos = 0;
    for (uint64_t seed = 0; seed < POOL_GAMES; seed++) {
        MtpGame *game = NULL;
        check(mtp_game_new_simple(4, MTP_VARIANT_EXPERT, seed, &game), "new");
        uint16_t ids[MTP_ACTION_COUNT];
        uint64_t rng = seed;
        size_t first = n_pos;
        for (;;) {
            size_t count = 0;
            check(mtp_game_legal_action_ids(game, ids, MTP_ACTION_COUNT, &count), "ids");
            if (count == 0 || n_pos == MAX_POSITIONS) {
                break;
            }
            uint16_t id = ids[below(&rng, count)];
            MtpGame *next = NULL;
            check(mtp_game_apply_id(game, id, &next), "apply");
            pos[n_pos] = game;
            chosen[n_pos] = id;
            decision[n_pos] = (size_t)(n_pos - first);
            n_pos++;
            game = next;
        }
        finals[seed] = game;
    }
    const unsigned rounds = quick ? 1 : 100;
    {
        size_t count = 0, total = 0;
        double t = now_ns();
        for (unsigned r = 0; r < rounds * 4; r++) {
            for (size_t i = 0; i < n_pos; i++) {
                check(mtp_game_legal_action_count(pos[i], &count), "count");
                total += count;
            }
        }
        double per = (now_ns() - t) / ((double)rounds * 4 * n_pos);
        checksum += (int64_t)total;
        row("legal_action_count, 6300 live handles", per, "ns/call", "legal_action_count",
            "the same with every position of the pool live");
    }
    {
        uint16_t ids[MTP_ACTION_COUNT];
        size_t count = 0, total = 0;
        double t = now_ns();
        for (unsigned r = 0; r < rounds; r++) {
            for (size_t i = 0; i < n_pos; i++) {
                check(mtp_game_legal_action_ids(pos[i], ids, MTP_ACTION_COUNT, &count), "ids");
                total += count;
            }
        }
        double per = (now_ns() - t) / ((double)rounds * n_pos);
        checksum += (int64_t)total;
        row("legal_action_ids", per, "ns/call", "legal_action_ids",
            "ids into the caller's buffer");
    }
    {
        /* One untimed pass first: the allocator settles. */
        for (size_t i = 0; i < n_pos; i++) {
            MtpGame *next = NULL;
            check(mtp_game_apply_id(pos[i], chosen[i], &next), "apply");
            check(mtp_game_free(next), "free");
        }
        double t = now_ns();
        for (unsigned r = 0; r < rounds; r++) {
            for (size_t i = 0; i < n_pos; i++) {
                MtpGame *next = NULL;
                check(mtp_game_apply_id(pos[i], chosen[i], &next), "apply");
                check(mtp_game_free(next), "free");
            }
        }
        double per = (now_ns() - t) / ((double)rounds * n_pos);
        row("apply_id + free", per, "ns/call", "apply (events, new Vec)",
            "a new handle: state, events, the action history so far");
    }
    {
        /* apply_id by decision index: the new handle copies the action
         * history, so the cost grows with the game's length. */
        static const struct {
            size_t lo, hi;
            const char *name, *rust_name;
        } phases[] = {
            {0, 40, "apply_id + free, decisions 0-39", "apply, decisions 0-39"},
            {40, 80, "apply_id + free, decisions 40-79", "apply, decisions 40-79"},
            {80, SIZE_MAX, "apply_id + free, decisions 80+", "apply, decisions 80+"},
        };
        for (size_t ph = 0; ph < 3; ph++) {
            size_t count = 0;
            double t = now_ns();
            for (unsigned r = 0; r < rounds; r++) {
                for (size_t i = 0; i < n_pos; i++) {
                    if (decision[i] < phases[ph].lo || decision[i] >= phases[ph].hi) {
                        continue;
                    }
                    MtpGame *next = NULL;
                    check(mtp_game_apply_id(pos[i], chosen[i], &next), "apply");
                    check(mtp_game_free(next), "free");
                    count++;
                }
            }
            double per = (now_ns() - t) / (double)(count ? count : 1);
            row(phases[ph].name, per, "ns/call", phases[ph].rust_name,
                "by how many decisions came before");
        }
    }
    {
        const unsigned n = quick ? 200 : 200000;
        double t = now_ns();
        for (unsigned i = 0; i < n; i++) {
            MtpGame *g = NULL;
            check(mtp_game_new_simple(4, MTP_VARIANT_EXPERT, i, &g), "new");
            check(mtp_game_free(g), "free");
        }
        double per = (now_ns() - t) / n;
        row("game_new_simple + free 4p expert", per, "ns/call", "setup 4p expert",
            "setup, a handle, the opening event");
    }
    {
        MtpScoreSheet sheet;
        double t = now_ns();
        for (unsigned r = 0; r < rounds; r++) {
            for (size_t g = 0; g < POOL_GAMES; g++) {
                for (uint8_t p = 0; p < 4; p++) {
                    check(mtp_game_score_sheet(finals[g], p, &sheet), "score_sheet");
                    checksum += sheet.total;
                }
            }
        }
        double per = (now_ns() - t) / ((double)rounds * POOL_GAMES);
        row("score_sheet x 4 seats, 4p expert", per, "ns/game", "scores 4p expert",
            "one call per seat, each scores the whole game");
    }
    for (size_t i = 0; i < n_pos; i++) {
        mtp_game_free(pos[i]);
    }
    for (size_t g = 0; g < POOL_GAMES; g++) {
        mtp_game_free(finals[g]);
    }
    printf("checksum %" PRId64 ", live handles %zu\n", checksum, mtp_live_games());
    return mtp_live_games() == 0 ? 0 : 1;
}
