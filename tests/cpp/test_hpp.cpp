// test_hpp.cpp: the C++ layer (include/metropolys.hpp): RAII ownership,
// copies and moves, exceptions and the non-throwing forms, the frontend
// queries, words for players. Exits 0 when every check passed.
#include "metropolys.hpp"

#include <cstdio>
#include <cstring>
#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

static int failures = 0;
#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

template <typename F> static MtpStatus status_of(F f) {
    try {
        f();
    } catch (const metropolys::Error &e) {
        CHECK(std::strlen(e.what()) > 0);
        return e.status();
    }
    return MTP_STATUS_OK;
}

int main() {
    const std::size_t live = mtp_live_games();
    {
        metropolys::Game game(4, MTP_VARIANT_EXPERT, 2008);
        CHECK(game.players() == 4 && !game.is_over() && game.call_number() == 1);
        metropolys::Game start = game; // a copy: its own handle
        CHECK(start.get() != game.get());
        CHECK(mtp_live_games() == live + 2);
        unsigned decisions = 0;
        while (!game.is_over()) {
            std::vector<uint16_t> ids = game.legal_action_ids();
            CHECK(!ids.empty());
            game = game.apply_id(ids[decisions % ids.size()]);
            decisions++;
            if (decisions == 40) {
                // The frontend queries agree with each other.
                std::vector<MtpNeighborhoodState> board = game.board();
                CHECK(board.size() == MTP_NEIGHBORHOOD_COUNT);
                std::size_t bids_on_board = 0;
                int built = 0;
                for (const MtpNeighborhoodState &n : board) {
                    bids_on_board += n.bidder != MTP_NO_SEAT;
                    built += n.owner != MTP_NO_SEAT;
                    CHECK(std::memcmp(&n, &board[n.id], sizeof n) == 0);
                }
                CHECK(bids_on_board == game.bids().size());
                int sheets = 0;
                for (uint8_t p = 0; p < 4; p++) {
                    sheets += game.score_sheet(p).constructed;
                    CHECK(game.supply(p).size() <= 13);
                }
                CHECK(sheets == built);
                MtpObjectives mine = game.view_objectives(1, 1);
                CHECK(mine.seat == 1 && mine.has_neighborhood_card);
                CHECK(status_of([&] { game.view_objectives(1, 2); }) ==
                      MTP_STATUS_INVALID_ARGUMENT);
            }
        }
        CHECK(mtp_live_games() == live + 2); // the old handles were freed
        CHECK(!game.winners().empty());
        CHECK(game.svg().compare(0, 4, "<svg") == 0);
        MtpSvgOptions defaults = {}; // value-initialized: the defaults, as NULL
        CHECK(game.svg(defaults) == game.svg());
        defaults.has_highlight = true;
        defaults.highlight = 99;
        CHECK(status_of([&] { game.svg(defaults); }) == MTP_STATUS_INVALID_ARGUMENT);
        CHECK(game.view_objectives(0, 3).seat == 3); // revealed at the end
        uint8_t holder = game.card_holder(MTP_CARD_SUBWAY);
        CHECK(holder == MTP_NO_SEAT || holder < 4);

        // Exceptions carry the status; the non-throwing forms return it.
        CHECK(game.to_act() == MTP_NO_SEAT);
        CHECK(status_of([&] { game.score_sheet(7); }) == MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([&] { metropolys::Game bad(5, MTP_VARIANT_FAMILY, 1); }) ==
              MTP_STATUS_INVALID_CONFIG);
        CHECK(status_of([&] { metropolys::Game::from_config_json("{not json"); }) ==
              MTP_STATUS_INVALID_JSON);
        MtpAction bid = {MTP_ACTION_KIND_BID, 40, 3};
        CHECK(game.check_action(bid) == MTP_STATUS_GAME_OVER);
        metropolys::Result r = game.try_apply(bid);
        CHECK(!r && r.status() == MTP_STATUS_GAME_OVER && !r.message().empty());
        CHECK(status_of([&] { r.value(); }) == MTP_STATUS_GAME_OVER);
        metropolys::Result ok = start.try_apply(start.legal_actions().front());
        CHECK(ok.ok() && ok.value().call_number() == 1);

        // Moves transfer the handle; release hands it to C.
        metropolys::Game moved = std::move(start);
        CHECK(moved.get() != nullptr);
        MtpGame *raw = moved.release();
        CHECK(moved.get() == nullptr);
        CHECK(mtp_game_free(raw) == MTP_STATUS_OK);

        // Records and saved states round-trip.
        metropolys::Game replayed = metropolys::Game::from_record_json(game.record_json());
        CHECK(replayed.to_json() == game.to_json());
        metropolys::Game loaded = metropolys::Game::from_json(game.to_json());
        CHECK(loaded.is_over());
        // A restored game undoes its moves; a bare position cannot.
        metropolys::Game before = replayed.undo();
        CHECK(!before.is_over() && before.record_json() != replayed.record_json());
        CHECK(before.apply(before.legal_actions().front()).is_over() ||
              before.legal_actions().size() > 1);
        CHECK(status_of([&] { loaded.undo(); }) == MTP_STATUS_INVALID_STATE);
        // The public view: every card once the game is over, none before.
        CHECK(game.public_view_json() == game.to_json());
        CHECK(before.public_view_json().find("\"objectives\":[null,null,null,null]") !=
              std::string::npos);
        CHECK(before.public_view_json().find("\"area\"") == std::string::npos);
        CHECK(status_of([&] { metropolys::Game(2, MTP_VARIANT_FAMILY, 1).undo(); }) ==
              MTP_STATUS_INVALID_STATE);
        // A seat's view and the public view load as games that know only
        // what they may see: the same legal actions, their viewer's
        // own sheet, and errors for the others' cards and the winners.
        metropolys::Game seen = metropolys::Game::from_json(before.view_json(2));
        metropolys::Game spectator = metropolys::Game::from_json(before.public_view_json());
        CHECK(seen.viewer() == 2 && spectator.viewer() == MTP_NO_SEAT &&
              loaded.viewer() == MTP_NO_SEAT);
        CHECK(seen.knows_secrets(2) && !seen.knows_secrets(0) && !spectator.knows_secrets(2));
        CHECK(loaded.knows_secrets(0));
        CHECK(seen.legal_action_ids() == before.legal_action_ids());
        CHECK(spectator.legal_action_ids() == before.legal_action_ids());
        MtpScoreSheet own = seen.score_sheet(2), whole = before.score_sheet(2);
        CHECK(own.player == 2 && own.total == whole.total && own.area == whole.area &&
              own.neighborhood == whole.neighborhood && own.constructed == whole.constructed);
        CHECK(seen.to_json() == before.view_json(2));
        CHECK(status_of([&] { seen.score_sheet(0); }) == MTP_STATUS_INVALID_STATE);
        CHECK(status_of([&] { seen.winners(); }) == MTP_STATUS_INVALID_STATE);
        CHECK(status_of([&] { seen.view_json(1); }) == MTP_STATUS_INVALID_STATE);
        // Running scores and where cards score: the viewer's own, the
        // others' public points only.
        CHECK(seen.running_scores_json().find("\"complete\":false") != std::string::npos);
        CHECK(before.running_scores_json().find("\"complete\":false") == std::string::npos);
        CHECK(seen.where_cards_score_json(2) == before.where_cards_score_json(2));
        CHECK(status_of([&] { seen.where_cards_score_json(0); }) == MTP_STATUS_INVALID_STATE);
        CHECK(status_of([&] { seen.scores_json(); }) == MTP_STATUS_INVALID_STATE);
        CHECK(before.scores_json().find("\"area_groups\"") != std::string::npos);
        CHECK(metropolys::scoring_rules_json(MTP_VARIANT_EXPERT).find("\"highest_building\"") !=
              std::string::npos);
        CHECK(status_of([&] { metropolys::scoring_rules_json(static_cast<MtpVariant>(5)); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([&] { spectator.view_objectives(2, 2); }) == MTP_STATUS_INVALID_STATE);
        CHECK(status_of([&] { seen.knows_secrets(4); }) == MTP_STATUS_INVALID_ARGUMENT);
        CHECK(seen.svg().compare(0, 4, "<svg") == 0);
        // A string with a NUL inside is refused, not cut short.
        CHECK(status_of([&] { metropolys::Game::from_json(std::string("{}\0{", 3)); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        // Words for players, in their language: a game told as its record,
        // English by default, the other languages in their own words.
        std::string told = game.narration_json();
        CHECK(told.compare(0, 10, "{\"calls\":[") == 0 && told == game.narration_json("en"));
        CHECK(told == metropolys::narrate_record_json(game.record_json()));
        std::string czech = game.narration_json("cs");
        CHECK(czech != told && czech == metropolys::narrate_record_json(game.record_json(), "cs"));
        CHECK(status_of([&] { game.narration_json("de"); }) == MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([&] { game.narration_json(std::string("cs\0de", 5)); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([&] { loaded.narration_json(); }) == MTP_STATUS_INVALID_STATE);
        CHECK(status_of([&] { metropolys::narrate_record_json("{", "fr"); }) ==
              MTP_STATUS_INVALID_JSON);
        CHECK(metropolys::languages_json().find("\"tag\":\"pl\"") != std::string::npos);
        MtpAction pass = {MTP_ACTION_KIND_PASS, 0, 0};
        CHECK(metropolys::action_text(pass, MTP_VARIANT_FAMILY) == "pass");
        CHECK(metropolys::action_id_text(MTP_PASS_ID, MTP_VARIANT_FAMILY, "fr") !=
              metropolys::action_text(pass, MTP_VARIANT_FAMILY));
        CHECK(status_of([&] { metropolys::action_id_text(MTP_ACTION_COUNT, MTP_VARIANT_FAMILY); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        std::string rules = metropolys::scoring_rules_text_json(MTP_VARIANT_EXPERT, true, "pl");
        CHECK(rules.find("\"metropolys\"") != std::string::npos &&
              rules.find("R-") == std::string::npos);
        CHECK(metropolys::how_to_play_json(MTP_VARIANT_EXPERT, "cs").compare(0, 2, "[\"") == 0);
        CHECK(status_of([&] { metropolys::how_to_play_json(MTP_VARIANT_EXPERT, "xx"); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
    }
    CHECK(mtp_live_games() == live); // every handle freed by its owner

    // Bots: RAII over mtp_bot_new / mtp_bot_choose / mtp_bot_free.
    const std::size_t live_bots = mtp_live_bots();
    {
        auto play = [](metropolys::Bot &bot) {
            std::vector<uint16_t> ids;
            metropolys::Game game(3, MTP_VARIANT_FAMILY, 8);
            while (!game.is_over()) {
                MtpAction a = bot.choose(game);
                CHECK(game.check_action(a) == MTP_STATUS_OK);
                uint16_t id = 0;
                CHECK(mtp_action_to_id(a, &id) == MTP_STATUS_OK);
                ids.push_back(id);
                game = game.apply(a);
            }
            CHECK(status_of([&] { bot.choose(game); }) == MTP_STATUS_GAME_OVER);
            return ids;
        };
        metropolys::Bot greedy("greedy", "{\"seed\": 4}");
        metropolys::Bot twin("greedy", "{\"seed\": 4}");
        CHECK(mtp_live_bots() == live_bots + 2);
        std::vector<uint16_t> first = play(greedy);
        CHECK(first.size() > 20 && first == play(twin)); // reproducible
        metropolys::Bot quick("random"); // every parameter at its default
        CHECK(play(quick).size() > 20);

        // Errors become exceptions with the C status.
        CHECK(status_of([] { metropolys::Bot b("chess"); }) == MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([] { metropolys::Bot b("random", "{\"depth\": 3}"); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([] { metropolys::Bot b("random", "{"); }) == MTP_STATUS_INVALID_JSON);
        CHECK(status_of([] { metropolys::Bot b(std::string("random\0ismcts", 13)); }) ==
              MTP_STATUS_INVALID_ARGUMENT);
        CHECK(status_of([] { metropolys::Bot::adopt(nullptr); }) == MTP_STATUS_NULL_POINTER);

        // Moves transfer the handle; a moved-from bot is reported, not used.
        metropolys::Bot moved = std::move(greedy);
        CHECK(moved.get() != nullptr && greedy.get() == nullptr);
        metropolys::Game game(2, MTP_VARIANT_EXPERT, 3);
        CHECK(status_of([&] { greedy.choose(game); }) == MTP_STATUS_NULL_POINTER);
        MtpAction a = moved.choose(game);
        CHECK(game.check_action(a) == MTP_STATUS_OK);
        MtpBot *raw = moved.release();
        metropolys::Bot back = metropolys::Bot::adopt(raw);
        CHECK(back.get() == raw);
        CHECK(mtp_live_bots() == live_bots + 3);
    }
    CHECK(mtp_live_bots() == live_bots); // every bot freed by its owner

    // A thinking bot stopped from another thread: Cancelled, the game as
    // it was; the handle, reset, serves the next decision.
    {
        std::size_t live_cancels = mtp_live_cancels();
        metropolys::Game game(2, MTP_VARIANT_EXPERT, 5);
        metropolys::Bot thinker("ismcts", "{\"seconds\": 3600}");
        metropolys::Cancel cancel;
        CHECK(!cancel.tripped());
        std::thread stopper([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            cancel.trip();
        });
        bool cancelled = false;
        try {
            thinker.choose(game, cancel);
        } catch (const metropolys::Cancelled &e) {
            cancelled = e.status() == MTP_STATUS_CANCELLED;
        }
        stopper.join();
        CHECK(cancelled && cancel.tripped());
        cancel.reset();
        metropolys::Bot quick("greedy");
        CHECK(game.check_action(quick.choose(game, cancel)) == MTP_STATUS_OK);
        CHECK(mtp_live_cancels() == live_cancels + 1);
        metropolys::Cancel moved = std::move(cancel);
        CHECK(moved.get() != nullptr && cancel.get() == nullptr);
    }
    CHECK(mtp_live_cancels() == 0);
    std::printf("%s\n", failures == 0 ? "C++ header: all checks passed" : "C++ header: FAILED");
    return failures == 0 ? 0 : 1;
}
