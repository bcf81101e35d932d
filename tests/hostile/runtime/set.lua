-- Hostile card scripts that load but misbehave when their ability runs (tests/unit/test_sandbox.cpp).
return {
  name = "hostile", api = 1, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "loop", "memory_bomb", "uses_io", "uses_os", "uses_load", "uses_dump", "uses_require",
            "error_midway", "string_metatable", "swallow_limit", "error_after_choice",
            "big_choice", "table_move", "table_insert_len", "table_remove_len", "pattern_backtrack",
            "method_pattern", "rep_empty", "gc_finalizer", "weak_table", "global_counter", "library_rewrite",
            "kept_table", "rawset_frozen", "upvalue_counter", "self_flip", "len_bomb", "queue_flood", "token_overflow",
            "meta_churn", "error_escape" },
}
