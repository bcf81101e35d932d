#!/bin/bash
# A comparison cut into shards on a Slurm cluster, one array task a shard:
#   sbatch --array=1-32 compare-slurm.sh
#   als compare --merge shard-*.json --report r.html      (once every task has finished)
# The merge gives exactly what one machine would (the run's games do not depend on the shards).
# ALS (the program), GAMES and SEED may be set in the environment; the variants and the agents are
# the lines below.
#SBATCH --job-name=als-compare
#SBATCH --cpus-per-task=2
#SBATCH --output=shard-%a.log
set -euo pipefail
ALS=${ALS:-als}
k=${SLURM_ARRAY_TASK_ID:?run it with sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run it with sbatch --array=1-N}
"$ALS" compare standard standard+beginner --agents greedy,mcts:100 \
  --games "${GAMES:-100000}" --seed "${SEED:-42}" --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$k/$n" --json > "shard-$k.json"
