-- Every outcome doubled: each battle's VP (played out or withdrawn from) and the VP to win. When
-- to withdraw does not change (tests/cli/cli_test.sh checks the search withdraws as often as in
-- the standard game).
return { vp_target = 24, battle_vp = function(g, winner, how, cards_left, vp) return 2 * vp end }
