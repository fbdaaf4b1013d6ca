# Sourced by bench/selfplay.sh and bench/skill_ladder.sh: the one adjudication both use, so a
# refit of the shown unit moves it in one place. It saves time on decided games and is the same
# for both sides.
# Scores as the engines print them: since gen17's refit (2026-12-06) xqengine shows the search's
# units times 100/164 (frontend/shown_score.h), so 610 and 2 here are about the 1,000 and 5 of
# the search's units these thresholds stood for at first. Builds from 3ebc347 to c293445 show
# 100/214, builds from 9cf4867 to 24d7e65 100/245 and builds from 3c696d9 to 6c1baf8 100/331
# (all resign later here), builds before them the search's units (sooner); a match between
# such builds adjudicates the two sides differently.
# shellcheck disable=SC2034  # read by the scripts that source this file
ADJ="-resign movecount=3 score=610 twosided=true -draw movenumber=60 movecount=8 score=2"
