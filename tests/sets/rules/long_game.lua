-- A game of about 10,000 actions (tests/cli/hostile6_test.sh: als review's bounds): battles of 1
-- VP, withdrawals of 1, first to 700.
return { vp_target = 700, battle_vp = 1, withdraw_chart = { {1}, {1} } }
