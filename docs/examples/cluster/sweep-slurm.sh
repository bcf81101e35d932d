#!/bin/bash
# A sweep cut into shards on a Slurm cluster, one array task a shard (a shard plays every value;
# the merge decides on all the games):
#   sbatch --array=1-16 sweep-slurm.sh
#   als sweep --merge sweep-*.json --report s.html
# ALS, GAMES, SEED and DATA (the folder holding docs/examples) may be set in the environment.
#SBATCH --job-name=als-sweep
#SBATCH --cpus-per-task=2
#SBATCH --output=sweep-%a.log
set -euo pipefail
ALS=${ALS:-als}
k=${SLURM_ARRAY_TASK_ID:?run it with sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run it with sbatch --array=1-N}
"$ALS" sweep "${DATA:-.}/docs/examples/tuning" --param medic_strength=0..8 \
  --target cards.field_medic.faceup_win_rate=median \
  --games "${GAMES:-20000}" --seed "${SEED:-42}" --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$k/$n" --json > "sweep-$k.json"
