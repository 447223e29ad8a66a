/*
 * The reference engine behind the conformance protocol, in C through the
 * ABI (include/metropolys.h): one JSON request per line on stdin, one JSON
 * response per line on stdout (docs/conformance-protocol.md).
 *
 *   cc -std=c11 -Iinclude examples/conformance/reference_engine.c \
 *      target/release/libmetropolys.a -lpthread -ldl -lm -o reference_engine
 *   metropolys conform --engine ./reference_engine
 *
 * Replace the mtp_ calls with calls into your engine. The requests come
 * from the tester in a fixed, compact form ({"op":"apply","player":1,
 * "action":172}), so this adapter finds fields with a few string searches
 * instead of a JSON library; the config object is passed on as text.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metropolys.h"

static MtpGame *game = NULL;

/* The value of integer field `name` in `line`, or -1. */
static long field_int(const char *line, const char *name) {
    char key[32];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *at = strstr(line, key);
    return at ? strtol(at + strlen(key), NULL, 10) : -1;
}

/* The object value of field `name` (NUL-terminated in place), or NULL. */
static char *field_object(char *line, const char *name) {
    char key[32];
    snprintf(key, sizeof key, "\"%s\":", name);
    char *start = strstr(line, key);
    if (!start) return NULL;
    start += strlen(key);
    int depth = 0;
    bool in_string = false;
    for (char *p = start; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '"') in_string = false;
        } else if (*p == '"') {
            in_string = true;
        } else if (*p == '{') {
            depth++;
        } else if (*p == '}' && --depth == 0) {
            p[1] = '\0';
            return start;
        }
    }
    return NULL;
}

/* Prints a rejection naming the ruling that starts the last error ("R-9: ..."). */
static void rejected(void) {
    char message[512];
    mtp_last_error_copy(message, sizeof message);
    size_t n = strcspn(message, ":");
    printf("{\"ok\":false,\"error\":\"rejected\",\"rule\":\"%.*s\"}\n", (int)n, message);
}

static void answer(char *line) {
    const char *op = strstr(line, "\"op\":\"");
    op = op ? op + 6 : "";
    bool need_game = strncmp(op, "to_act\"", 7) == 0 || strncmp(op, "legal\"", 6) == 0 ||
                     strncmp(op, "apply\"", 6) == 0 || strncmp(op, "scores\"", 7) == 0 ||
                     strncmp(op, "is_over\"", 8) == 0 || strncmp(op, "winners\"", 8) == 0;
    if (need_game && !game) {
        puts("{\"ok\":false,\"error\":\"no_game\",\"message\":\"send new_game first\"}");
    } else if (strncmp(op, "hello\"", 6) == 0) {
        puts("{\"ok\":true,\"version\":1,\"name\":\"C reference adapter\",\"unsupported\":[]}");
    } else if (strncmp(op, "new_game\"", 9) == 0) {
        char *config = field_object(line, "config");
        MtpGame *next = NULL;
        if (config && mtp_game_new(config, &next) == MTP_STATUS_OK) {
            mtp_game_free(game);
            game = next;
            puts("{\"ok\":true}");
        } else {
            rejected();
        }
    } else if (strncmp(op, "to_act\"", 7) == 0) {
        bool over = false;
        uint8_t seat = 0;
        mtp_game_is_over(game, &over);
        mtp_game_to_act(game, &seat);
        if (over) puts("{\"ok\":true,\"to_act\":null}");
        else printf("{\"ok\":true,\"to_act\":%u}\n", seat);
    } else if (strncmp(op, "legal\"", 6) == 0) {
        uint16_t ids[716];
        size_t n = 0;
        mtp_game_legal_action_ids(game, ids, 716, &n);
        fputs("{\"ok\":true,\"legal\":[", stdout);
        for (size_t i = 0; i < n; i++) printf(i ? ",%u" : "%u", ids[i]);
        puts("]}");
    } else if (strncmp(op, "apply\"", 6) == 0) {
        long player = field_int(line, "player"), id = field_int(line, "action");
        MtpAction action;
        MtpGame *next = NULL;
        if (player < 0 || player > 255 || id < 0 || id > 65535) {
            puts("{\"ok\":false,\"error\":\"bad_request\",\"message\":\"player and action\"}");
        } else if (mtp_action_from_id((uint16_t)id, &action) != MTP_STATUS_OK ||
                   mtp_game_apply_for(game, (uint8_t)player, action, &next) != MTP_STATUS_OK) {
            rejected();
        } else {
            mtp_game_free(game);
            game = next;
            puts("{\"ok\":true}");
        }
    } else if (strncmp(op, "scores\"", 7) == 0) {
        uint8_t players = 0;
        mtp_game_players(game, &players);
        fputs("{\"ok\":true,\"scores\":[", stdout);
        for (uint8_t p = 0; p < players; p++) {
            MtpScoreSheet s;
            mtp_game_score_sheet(game, p, &s);
            printf("%s{\"trendy\":%d,\"subway\":%d,\"subway_card\":%d,\"archaeology\":%d,"
                   "\"archaeology_card\":%d,\"area\":%d,\"neighborhood\":%d,"
                   "\"highest_building\":%d,\"metropolys\":%d,\"total\":%d,\"constructed\":%u}",
                   p ? "," : "", s.trendy, s.subway, s.subway_card, s.archaeology,
                   s.archaeology_card, s.area, s.neighborhood, s.highest_building, s.metropolys,
                   s.total, s.constructed);
        }
        puts("]}");
    } else if (strncmp(op, "is_over\"", 8) == 0) {
        bool over = false;
        mtp_game_is_over(game, &over);
        printf("{\"ok\":true,\"over\":%s}\n", over ? "true" : "false");
    } else if (strncmp(op, "winners\"", 8) == 0) {
        uint8_t seats[4];
        size_t n = 0;
        mtp_game_winners(game, seats, 4, &n);
        fputs("{\"ok\":true,\"winners\":[", stdout);
        for (size_t i = 0; i < n; i++) printf(i ? ",%u" : "%u", seats[i]);
        puts("]}");
    } else if (strncmp(op, "quit\"", 5) == 0) {
        puts("{\"ok\":true}");
    } else {
        puts("{\"ok\":false,\"error\":\"unknown_request\",\"message\":\"unknown op\"}");
    }
    fflush(stdout);
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        answer(line);
        if (strstr(line, "\"op\":\"quit\"")) break;
    }
    free(line);
    mtp_game_free(game);
    return 0;
}
